#include "vibro/io/published_table.hpp"

#include "vibro/support/input_error.hpp"
#include "vibro/io/toml_reader.hpp"

#include <algorithm>
#include <set>

namespace vibro {

namespace {

constexpr std::int64_t max_digits = 1000;
constexpr std::int64_t max_line = 1'000'000;

bool contains(const std::vector<std::string>& words, const std::string& word) {
  return std::find(words.begin(), words.end(), word) != words.end();
}



/// A string at `path.key` that is one of `allowed`.
std::string choice_field(const TomlReader& r, const toml::table& t, const std::string& path, const std::string& key,
                         const std::vector<std::string>& allowed) {
  std::string word = *r.string(t, path, key, true);
  if (!contains(allowed, word))
    r.fail(TomlReader::dotted(path, key), "unknown " + key + " '" + word + "' (allowed: " + comma_list(allowed) + ")");
  return word;
}

/// The table at `path.key` (inline or not).
const toml::table& sub_table(const TomlReader& r, const toml::table& t, const std::string& path,
                             const std::string& key) {
  const std::string where = TomlReader::dotted(path, key);
  const toml::node* node = t.get(key);
  if (!node) r.fail(where, "missing (expected a table)");
  if (!node->is_table()) r.fail(where, "expected a table, found " + TomlReader::type_name(*node));
  return *node->as_table();
}

/// The printed value: a string holding a plain decimal whose significant digits are
/// `digits_printed`.
NumberInput printed_value(const TomlReader& r, const toml::table& t, const std::string& path) {
  const std::string key = TomlReader::dotted(path, "value");
  const toml::node* node = t.get("value");
  if (!node) r.fail(key, "missing (expected the number as printed, as a string such as \"3.05695\")");
  if (!node->is_string())
    r.fail(key, "expected the number as printed, as a string such as \"3.05695\" or \"4.18e-11\", found " +
                    TomlReader::type_name(*node));
  NumberInput value = r.number_value(*node, key);
  if (!significant_digits(value.text))
    r.fail(key, "'" + value.text + "' is not a decimal as printed (allowed: [-]digits[.digits][e[-]digits])");
  return value;
}

std::map<std::string, std::string> read_settings(const TomlReader& r, const toml::table& t, const std::string& path) {
  const std::string where = TomlReader::dotted(path, "settings");
  const toml::table& settings = sub_table(r, t, path, "settings");
  r.require_only(settings, where, published_settings());
  std::map<std::string, std::string> result;
  for (const auto& [key, node] : settings)
    result[std::string(key.str())] = r.text(settings, where, std::string(key.str()));
  return result;
}

PublishedSource read_source(const TomlReader& r, const toml::table& t, const std::string& path,
                            const PublishedTable& table) {
  const std::string where = TomlReader::dotted(path, "source");
  const toml::table& s = sub_table(r, t, path, "source");
  r.require_only(s, where, {"seed", "file", "section", "table_or_equation", "line"});
  PublishedSource source;
  source.seed = r.text(s, where, "seed");
  if (source.seed != table.seed)
    r.fail(where + ".seed", "'" + source.seed + "' is not this table's seed (allowed: " + table.seed + ")");
  source.file = r.text(s, where, "file");
  if (source.file != table.seed_file)
    r.fail(where + ".file", "'" + source.file + "' is not this table's seed file (allowed: " + table.seed_file + ")");
  source.section = r.text(s, where, "section");
  source.table_or_equation = r.text(s, where, "table_or_equation");
  const auto line = r.integer(s, where, "line", 1, max_line);
  if (!line) r.fail(where + ".line", "missing (expected an integer in [1, " + std::to_string(max_line) + "])");
  source.line = *line;
  return source;
}

std::vector<std::string> read_relations(const TomlReader& r, const toml::table& t, const std::string& path) {
  const std::string where = TomlReader::dotted(path, "relations");
  const toml::node* node = t.get("relations");
  if (!node) return {};
  if (!node->is_array()) r.fail(where, "expected a list of relation names, found " + TomlReader::type_name(*node));
  std::vector<std::string> relations;
  const toml::array& items = *node->as_array();
  for (std::size_t i = 0; i < items.size(); ++i) {
    const std::string item = where + "[" + std::to_string(i) + "]";
    if (!items[i].is_string()) r.fail(item, "expected a relation name, found " + TomlReader::type_name(items[i]));
    const std::string name = items[i].as_string()->get();
    if (!contains(published_relations(), name))
      r.fail(item, "unknown relation '" + name + "' (allowed: " + comma_list(published_relations()) + ")");
    if (contains(relations, name)) r.fail(item, "relation '" + name + "' is listed twice");
    relations.push_back(name);
  }
  return relations;
}

PublishedStatus status_of(const std::string& name) {
  if (name == "reproduced") return PublishedStatus::reproduced;
  if (name == "relation-only") return PublishedStatus::relation_only;
  return PublishedStatus::not_reproducible;
}

PublishedValue read_value(const TomlReader& r, const toml::table& t, const std::string& path,
                          const PublishedTable& table) {
  r.require_only(t, path,
                 {"id", "quantity", "method", "label_as_printed", "value", "digits_printed", "units", "settings",
                  "source", "status", "relations", "reason"});
  PublishedValue v;
  v.id = r.text(t, path, "id");
  if (!v.id.starts_with(table.seed + ".") || v.id.size() == table.seed.size() + 1 ||
      v.id.find_first_of(" \t\n") != std::string::npos)
    r.fail(path + ".id", "'" + v.id + "' must be '" + table.seed + ".' followed by a name without spaces");
  v.quantity = choice_field(r, t, path, "quantity", published_quantities());
  v.method = choice_field(r, t, path, "method", published_methods());
  v.label_as_printed = r.text(t, path, "label_as_printed");
  v.value = printed_value(r, t, path);
  const auto digits = r.integer(t, path, "digits_printed", 1, max_digits);
  if (!digits) r.fail(path + ".digits_printed", "missing (expected the number of significant digits printed)");
  v.digits_printed = static_cast<int>(*digits);
  if (v.digits_printed != *significant_digits(v.value.text))
    r.fail(path + ".digits_printed", std::to_string(v.digits_printed) + " does not match the value as printed, '" +
                                         v.value.text + "', which has " +
                                         std::to_string(*significant_digits(v.value.text)) + " significant digits");
  v.units = r.text(t, path, "units");
  v.settings = read_settings(r, t, path);
  v.source = read_source(r, t, path, table);
  v.status = status_of(choice_field(r, t, path, "status", published_status_names()));
  v.relations = read_relations(r, t, path);
  if (v.status == PublishedStatus::relation_only && v.relations.empty())
    r.fail(path + ".relations", "a relation-only value must list the relations it takes part in (allowed: " +
                                    comma_list(published_relations()) + ")");
  v.reason = r.text(t, path, "reason");
  return v;
}

/// One [[outcome]]: the recorded outcome of a relation that a value of this table lists, on
/// one family member, with its reason, evidence and the command that measured it.
RecordedOutcome read_outcome(const TomlReader& r, const toml::table& t, const std::string& path,
                             const PublishedTable& table) {
  r.require_only(t, path, {"relation", "family", "outcome", "reason", "evidence", "measured_by"});
  RecordedOutcome o;
  o.relation = choice_field(r, t, path, "relation", published_relations());
  const bool listed = std::any_of(table.values.begin(), table.values.end(),
                                  [&](const PublishedValue& v) { return contains(v.relations, o.relation); });
  if (!listed)
    r.fail(path + ".relation", "no value of this table lists the relation '" + o.relation +
                                   "' (an outcome is recorded in the table whose values the relation covers)");
  o.family = r.text(t, path, "family");
  o.holds = choice_field(r, t, path, "outcome", {"holds", "contradicted"}) == "holds";
  o.reason = r.text(t, path, "reason");
  o.evidence = r.text(t, path, "evidence");
  o.measured_by = r.text(t, path, "measured_by");
  return o;
}

}  // namespace

std::optional<int> significant_digits(std::string_view text) {
  const auto is_digit = [](char c) { return c >= '0' && c <= '9'; };
  const auto drop_sign = [](std::string_view& s) {
    if (!s.empty() && (s.front() == '-' || s.front() == '+')) s.remove_prefix(1);
  };
  drop_sign(text);
  if (const std::size_t e = text.find_first_of("eE"); e != std::string_view::npos) {
    std::string_view exponent = text.substr(e + 1);
    drop_sign(exponent);
    if (exponent.empty() || !std::all_of(exponent.begin(), exponent.end(), is_digit)) return std::nullopt;
    text = text.substr(0, e);
  }
  std::string digits;
  std::size_t fraction_digits = 0;
  bool point = false;
  for (const char c : text) {
    if (c == '.' && !point) {
      point = true;
    } else if (is_digit(c)) {
      digits += c;
      fraction_digits += point ? 1 : 0;
    } else {
      return std::nullopt;
    }
  }
  if (digits.empty()) return std::nullopt;
  const std::size_t first = digits.find_first_not_of('0');
  if (first == std::string::npos) return static_cast<int>(std::max<std::size_t>(fraction_digits, 1));
  return static_cast<int>(digits.size() - first);
}

PublishedTable parse_published_table(std::string_view toml_text, const std::string& file_label) {
  const TomlReader r(file_label, toml_text);
  const toml::table root = r.parse();
  r.require_only(root, "", {"seed", "seed_file", "paper", "value", "outcome"});
  PublishedTable table;
  table.file = file_label;
  table.seed = r.text(root, "", "seed");
  table.seed_file = r.text(root, "", "seed_file");
  if (!table.seed_file.starts_with(table.seed + "_"))
    r.fail("seed_file",
           "'" + table.seed_file + "' is not a file of seed " + table.seed + " (allowed: " + table.seed + "_*.txt)");
  table.paper = r.text(root, "", "paper");
  const toml::node* values = root.get("value");
  if (!values) r.fail("value", "missing: a published table lists its numbers as [[value]] tables");
  if (!values->is_array_of_tables() || values->as_array()->empty())
    r.fail("value", "expected a non-empty array of tables [[value]]");
  std::set<std::string> ids;
  const toml::array& items = *values->as_array();
  for (std::size_t i = 0; i < items.size(); ++i) {
    const std::string path = "value[" + std::to_string(i) + "]";
    table.values.push_back(read_value(r, *items[i].as_table(), path, table));
    if (!ids.insert(table.values.back().id).second)
      r.fail(path + ".id", "'" + table.values.back().id + "' is used twice in this table");
  }
  if (const toml::node* outcomes = root.get("outcome")) {
    if (!outcomes->is_array_of_tables()) r.fail("outcome", "expected an array of tables [[outcome]]");
    std::set<std::pair<std::string, std::string>> recorded;
    const toml::array& list = *outcomes->as_array();
    for (std::size_t i = 0; i < list.size(); ++i) {
      const std::string path = "outcome[" + std::to_string(i) + "]";
      table.outcomes.push_back(read_outcome(r, *list[i].as_table(), path, table));
      if (!recorded.emplace(table.outcomes.back().relation, table.outcomes.back().family).second)
        r.fail(path + ".family", "the outcome of '" + table.outcomes.back().relation + "' on '" +
                                     table.outcomes.back().family + "' is recorded twice in this table");
    }
  }
  return table;
}

PublishedTable load_published_table(const std::filesystem::path& file) {
  return parse_published_table(read_input_file(file, "published table"), file.string());
}

std::vector<PublishedTable> load_published_tables(const std::filesystem::path& directory) {
  std::error_code error;
  std::vector<std::filesystem::path> files;
  for (std::filesystem::directory_iterator it(directory, error), end; !error && it != end; it.increment(error))
    if (it->path().extension() == ".toml") files.push_back(it->path());
  if (error)
    throw InputError(directory.string(), "", "cannot read the directory of published tables: " + error.message());
  std::sort(files.begin(), files.end());
  std::vector<PublishedTable> tables;
  std::map<std::string, std::string> first_file_of_id;
  for (const auto& file : files) {
    tables.push_back(load_published_table(file));
    const PublishedTable& table = tables.back();
    for (std::size_t i = 0; i < table.values.size(); ++i) {
      const auto [it, fresh] = first_file_of_id.emplace(table.values[i].id, table.file);
      if (!fresh)
        throw InputError(table.file, "value[" + std::to_string(i) + "].id",
                         "'" + table.values[i].id + "' is already the id of a value in " + it->second);
    }
  }
  return tables;
}

}  // namespace vibro
