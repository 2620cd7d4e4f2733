#include "vibro/io/testset_reference_file.hpp"

#include "vibro/io/toml_reader.hpp"
#include "vibro/scalar/decimal_text.hpp"
#include "vibro/scalar/parse_exact.hpp"
#include "vibro/scalar/shown_input.hpp"

#include <fmt/format.h>

#include <set>
#include <sstream>

namespace vibro {

namespace {

/// The most values a file may hold: 2N end values for N ≤ 100 coordinates, and three per
/// stored impact.
constexpr std::size_t max_values = 400;

/// `text` as a TOML basic string: its quotes, backslashes and control characters escaped, so
/// that any text given on the command line (`--commit`) reads back as itself.
std::string quoted(const std::string& text) {
  std::string out = "\"";
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') out += std::string("\\") + c;
    else if (byte < 0x20 || byte == 0x7f) out += fmt::format("\\u{:04X}", static_cast<unsigned>(byte));
    else out += c;
  }
  return out + "\"";
}

std::string quoted_list(const std::vector<std::string>& texts) {
  std::string out = "[";
  for (std::size_t i = 0; i < texts.size(); ++i) out += (i ? ", " : "") + quoted(texts[i]);
  return out + "]";
}


/// A string at `path.key` holding a decimal number (never through a double).
std::string decimal_text(const TomlReader& r, const toml::table& t, const std::string& path, const std::string& key) {
  std::string text = r.text(t, path, key);
  if (text.find('/') != std::string::npos || !parse_exact(text))
    r.fail(TomlReader::dotted(path, key), "'" + shown_input(text) + "' is not a decimal number");
  return text;
}

}  // namespace

std::string testset_reference_toml(const TestsetReference& reference) {
  std::ostringstream out;
  out << "# Reference values of vibro's test-set problem " << reference.id << " (docs/testset.md).\n"
      << "# Each value is the reference at the higher of the two precisions rounded to `digits` digits\n"
      << "# (the unit of the last one is 10^(1 - digits) * max(1, |x|)); `bound` bounds its error: the\n"
      << "# difference between the two precisions, never less than ten units of the higher one's\n"
      << "# rounding. `vibro testset verify` recomputes every value. Do not edit by hand.\n\n"
      << "[provenance]\n"
      << "problem = " << quoted(reference.id) << "\n"
      << "command = " << quoted(reference.command) << "\n"
      << "version = " << quoted(reference.version) << "\n"
      << "commit = " << quoted(reference.commit) << "\n"
      << "precisions = " << quoted_list(reference.precisions) << "\n"
      << "digits = " << reference.digits << "\n\n"
      << "[horizon]\n"
      << "t_end = " << quoted(reference.t_end) << "\n"
      << "impacts = " << (reference.impacts ? std::to_string(*reference.impacts) : quoted("infinite")) << "\n"
      << "impact_coordinate = [";
  for (std::size_t j = 0; j < reference.impact_coordinates.size(); ++j)
    out << (j ? ", " : "") << reference.impact_coordinates[j];
  out << "]\n";
  for (const StoredValue& v : reference.values)
    out << "\n[[value]]\nname = " << quoted(v.name) << "\nvalue = " << quoted(v.value) << "\nbound = " << quoted(v.bound)
        << "\n";
  return out.str();
}

TestsetReference parse_testset_reference(std::string_view text, const std::string& file_label) {
  const TomlReader r(file_label, text);
  const toml::table root = r.parse();
  r.require_only(root, "", {"provenance", "horizon", "value"});
  TestsetReference out;
  const toml::table& provenance = r.table(root, "provenance", true);
  r.require_only(provenance, "provenance", {"problem", "command", "version", "commit", "precisions", "digits"});
  out.id = r.text(provenance, "provenance", "problem");
  out.command = r.text(provenance, "provenance", "command");
  out.version = r.text(provenance, "provenance", "version");
  out.commit = r.text(provenance, "provenance", "commit");
  const toml::node* precisions = provenance.get("precisions");
  if (!precisions || !precisions->is_array() || precisions->as_array()->size() != 2)
    r.fail("provenance.precisions", "expected a list of the two precisions, as [\"mpfr:48\", \"mpfr:64\"]");
  for (const toml::node& p : *precisions->as_array()) {
    if (!p.is_string()) r.fail("provenance.precisions", "expected strings, as \"mpfr:48\"");
    out.precisions.push_back(p.as_string()->get());
  }
  const std::optional<std::int64_t> digits = r.integer(provenance, "provenance", "digits", 1, 1000);
  if (!digits) r.fail("provenance.digits", "missing (the digits of every stored value)");
  out.digits = static_cast<int>(*digits);
  const toml::table& horizon = r.table(root, "horizon", true);
  r.require_only(horizon, "horizon", {"t_end", "impacts", "impact_coordinate"});
  out.t_end = decimal_text(r, horizon, "horizon", "t_end");
  if (const toml::node* impacts = horizon.get("impacts"); impacts && impacts->is_string()) {
    if (impacts->as_string()->get() != "infinite")
      r.fail("horizon.impacts", "expected a count or \"infinite\" (impacts that accumulate)");
  } else if (impacts) {
    out.impacts = r.integer_value(*impacts, "horizon.impacts", 0, 1'000'000'000);
  } else {
    r.fail("horizon.impacts", "missing (a count, or \"infinite\")");
  }
  if (const toml::node* coordinates = horizon.get("impact_coordinate")) {
    if (!coordinates->is_array()) r.fail("horizon.impact_coordinate", "expected a list of 1-based coordinates");
    for (const toml::node& c : *coordinates->as_array())
      out.impact_coordinates.push_back(r.integer_value(c, "horizon.impact_coordinate", 1, 1000));
  }
  const toml::node* values = root.get("value");
  if (!values || !values->is_array_of_tables() || values->as_array()->empty())
    r.fail("value", "expected a non-empty array of tables [[value]]");
  if (values->as_array()->size() > max_values)
    r.fail("value", "more than " + std::to_string(max_values) + " values");
  std::set<std::string> names;
  for (std::size_t i = 0; i < values->as_array()->size(); ++i) {
    const std::string path = "value[" + std::to_string(i) + "]";
    const toml::table& t = *values->as_array()->get(i)->as_table();
    r.require_only(t, path, {"name", "value", "bound"});
    StoredValue v{r.text(t, path, "name"), decimal_text(r, t, path, "value"), decimal_text(r, t, path, "bound")};
    if (v.value.find('e') == std::string::npos)
      r.fail(path + ".value", "expected the stored form d.ddde±E (its last digit says its unit)");
    if (!names.insert(v.name).second) r.fail(path + ".name", "'" + shown_input(v.name) + "' is stored twice");
    out.values.push_back(std::move(v));
  }
  return out;
}

TestsetReference load_testset_reference(const std::filesystem::path& file) {
  return parse_testset_reference(read_input_file(file, "test-set reference values"), file.string());
}

std::filesystem::path testset_reference_path(const std::filesystem::path& directory, const std::string& id) {
  return directory / (id + ".toml");
}

}  // namespace vibro
