#include "vibro/io/sweep_file.hpp"

#include "vibro/io/toml_reader.hpp"
#include "vibro/support/input_error.hpp"
#include "vibro/scalar/decimal_text.hpp"
#include "vibro/scalar/parse_exact.hpp"
#include "vibro/scalar/shown_input.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

namespace vibro {

namespace {

const std::vector<std::string> top_keys = {"sweep", "parameter", "strobe"};
const std::vector<std::string> sweep_keys = {"name", "description", "case", "relation_cases", "compute"};
const std::vector<std::string> parameter_keys = {"key", "from", "to", "count", "spacing", "values"};
const std::vector<std::string> strobe_keys = {"transient", "samples"};
const std::vector<std::string> integer_keys = {"step.steps_per_period", "horizon.periods", "horizon.steps"};

/// What `compute` may name (case/sweep_spec.hpp sweep_quantities), for messages.
std::vector<std::string> quantity_names() {
  std::vector<std::string> names;
  for (const auto& [name, member] : sweep_quantities) names.emplace_back(name);
  return names;
}

/// x as a plain decimal ("0.25", "-3", "1e-40" beyond 30 decimals) when it has one, else P/Q.
std::string value_text(const rational& x) {
  bmp::mpz_int rest = bmp::denominator(x);
  unsigned twos = 0, fives = 0;
  for (; rest % 2 == 0; rest /= 2) ++twos;
  for (; rest % 5 == 0; rest /= 5) ++fives;
  if (rest != 1) return x.str();
  const unsigned k = std::max(twos, fives);
  if (k == 0) return bmp::numerator(x).str();
  if (k > 30) return decimal_text(x);
  const bmp::mpz_int m = bmp::abs(bmp::numerator(x)) * bmp::pow(bmp::mpz_int(10), k) / bmp::denominator(x);
  std::string digits = m.str();
  if (digits.size() <= k) digits.insert(0, k + 1 - digits.size(), '0');
  std::string text = digits.substr(0, digits.size() - k) + "." + digits.substr(digits.size() - k);
  text.erase(text.find_last_not_of('0') + 1);
  if (text.back() == '.') text.pop_back();
  return (x < 0 ? "-" : "") + text;
}

bool is_integer(const rational& x) { return bmp::denominator(x) == 1; }

/// A value of `values = [...]`: a TOML integer, a number (float or numeric string), or a
/// string the case reader reads as it is (`case.precision = "mpfr:30"`).
CaseOverride list_value(const TomlReader& r, const toml::node& node, const std::string& key, const std::string& item) {
  if (node.is_integer()) return {key, std::to_string(node.as_integer()->get()), CaseOverride::Kind::integer};
  if (node.is_floating_point()) return {key, r.number_value(node, item).text, CaseOverride::Kind::number};
  if (node.is_string()) {
    const std::string text = node.as_string()->get();
    if (text.empty()) r.fail(item, "an empty string is no value");
    return {key, text, parse_exact(text) ? CaseOverride::Kind::number : CaseOverride::Kind::string};
  }
  r.fail(item, "expected a number or a string, found " + TomlReader::type_name(node));
}

SweepParameter read_parameter(const TomlReader& r, const toml::table& t, const std::string& path) {
  r.require_only(t, path, parameter_keys);
  SweepParameter p;
  p.key = *r.string(t, path, "key", true);
  const auto dot = p.key.find('.');
  if (dot == std::string::npos || dot == 0 || dot + 1 == p.key.size() || p.key.find('.', dot + 1) != std::string::npos)
    r.fail(path + ".key", "'" + shown_input(p.key) + "' is not a case key (allowed: TABLE.KEY, e.g. model.alpha)");

  const toml::node* values = t.get("values");
  const bool range = t.get("from") || t.get("to") || t.get("count");
  if (values && (range || t.get("spacing")))
    r.fail(path, "give either values = [...] or from, to and count (with spacing), not both");
  if (values) {
    p.spacing = "list";
    if (!values->is_array()) r.fail(path + ".values", "expected a list, found " + TomlReader::type_name(*values));
    const toml::array& items = *values->as_array();
    if (items.empty()) r.fail(path + ".values", "the list is empty: give at least one value");
    if (static_cast<std::int64_t>(items.size()) > max_parameter_values)
      r.fail(path + ".values", "more than " + std::to_string(max_parameter_values) + " values");
    std::set<std::string> seen;
    for (std::size_t i = 0; i < items.size(); ++i) {
      const std::string item = path + ".values[" + std::to_string(i) + "]";
      CaseOverride v = list_value(r, items[i], p.key, item);
      const std::optional<rational> exact = parse_exact(v.text);
      if (!seen.insert(exact ? exact->str() : v.text).second) r.fail(item, "'" + shown_input(v.text) + "' is listed twice");
      p.values.push_back(std::move(v));
    }
    return p;
  }
  if (!range) r.fail(path, "give values = [...], or from, to and count");
  const NumberInput from = r.required_number(t, path, "from");
  const NumberInput to = r.required_number(t, path, "to");
  const toml::node* count_node = t.get("count");
  if (!count_node) r.fail(path + ".count", "missing (expected an integer ≥ 1)");
  const std::int64_t count = r.integer_value(*count_node, path + ".count", 1, max_parameter_values);
  p.spacing = r.string(t, path, "spacing", false).value_or("linear");
  if (p.spacing != "linear" && p.spacing != "log")
    r.fail(path + ".spacing", "unknown spacing '" + shown_input(p.spacing) + "' (allowed: linear, log)");
  if (count == 1 && from.exact != to.exact)
    r.fail(path + ".count", "one value cannot run from " + from.text + " to " + to.text + " (allowed: count ≥ 2, or from = to)");
  if (count > 1 && from.exact == to.exact)
    r.fail(path + ".to", "the range from " + from.text + " to " + to.text + " is empty (allowed: from ≠ to, or count = 1)");
  // The case keys that are integers (docs/case_files.md) take integers: a linear range must
  // give only integers, a log range is rounded to them.
  const bool integers = std::find(integer_keys.begin(), integer_keys.end(), p.key) != integer_keys.end();
  const auto kind = integers ? CaseOverride::Kind::integer : CaseOverride::Kind::number;
  if (p.spacing == "linear") {
    for (std::int64_t i = 0; i < count; ++i) {
      const rational x = count == 1 ? from.exact : from.exact + (to.exact - from.exact) * rational(i, count - 1);
      if (integers && !is_integer(x))
        r.fail(path + ".count", fmt::format("{} values from {} to {} are not all integers (value {} is {}); the key "
                                            "is an integer: choose count so that count − 1 divides to − from",
                                            count, from.text, to.text, i + 1, x.str()));
      p.values.push_back({p.key, value_text(x), kind});
    }
    return p;
  }
  // Log spacing: from · (to/from)^(i/(count − 1)); the inner points are rounded to 17
  // significant digits (to the nearest integer for an integer key), and that text is the
  // point's exact value.
  if (!(from.exact > 0) || !(to.exact > 0))
    r.fail(path + ".spacing", "log spacing needs from > 0 and to > 0, found " + from.text + " and " + to.text);
  const long double a = std::log(static_cast<long double>(static_cast<double>(from.exact)));
  const long double b = std::log(static_cast<long double>(static_cast<double>(to.exact)));
  std::set<std::string> seen;
  for (std::int64_t i = 0; i < count; ++i) {
    std::string text;
    if (i == 0) text = value_text(from.exact);
    else if (i == count - 1) text = value_text(to.exact);
    else {
      const long double x = std::exp(a + (b - a) * static_cast<long double>(i) / static_cast<long double>(count - 1));
      text = integers ? fmt::format("{:.0f}", std::round(x)) : fmt::format("{:.17g}", static_cast<double>(x));
    }
    if (!seen.insert(text).second)
      r.fail(path + ".count", fmt::format("{} log-spaced integers from {} to {} repeat the value {} (allowed: fewer "
                                          "values, or a list)",
                                          count, from.text, to.text, text));
    p.values.push_back({p.key, text, kind});
  }
  return p;
}

std::vector<std::filesystem::path> read_case_list(const TomlReader& r, const toml::table& t,
                                                  const std::filesystem::path& directory) {
  std::vector<std::filesystem::path> files;
  const toml::node* node = t.get("relation_cases");
  if (!node) return files;
  if (!node->is_array()) r.fail("sweep.relation_cases", "expected a list of case files, found " + TomlReader::type_name(*node));
  const toml::array& items = *node->as_array();
  for (std::size_t i = 0; i < items.size(); ++i) {
    const std::string item = "sweep.relation_cases[" + std::to_string(i) + "]";
    if (!items[i].is_string()) r.fail(item, "expected a string (a case file), found " + TomlReader::type_name(items[i]));
    const std::string name = items[i].as_string()->get();
    if (name.empty()) r.fail(item, "an empty string is no case file");
    files.push_back(directory / name);
  }
  return files;
}

std::string fnv1a64_hex(const std::vector<std::string_view>& parts) {
  std::uint64_t hash = 14695981039346656037ull;
  for (const std::string_view part : parts) {
    for (unsigned char c : part) {
      hash ^= c;
      hash *= 1099511628211ull;
    }
    hash ^= 0xff;  // a separator no text byte of a UTF-8 file can be
    hash *= 1099511628211ull;
  }
  return fmt::format("{:016x}", hash);
}

}  // namespace

std::string overrides_text(const std::vector<CaseOverride>& overrides) {
  std::string text;
  for (const CaseOverride& o : overrides) text += (text.empty() ? "" : ", ") + o.key + " = " + o.text;
  return text;
}

SweepSpec parse_sweep(std::string_view text, const std::string& file_label, const std::filesystem::path& directory,
                      bool force, std::size_t max_points) {
  TomlReader r(file_label, text);
  const toml::table root = r.parse();
  r.require_only(root, "", top_keys);
  SweepSpec s;
  s.file = file_label;
  const toml::table& info = r.table(root, "sweep", true);
  r.require_only(info, "sweep", sweep_keys);
  s.name = *r.string(info, "sweep", "name", true);
  if (!is_safe_name(s.name))
    r.fail("sweep.name", "'" + shown_input(s.name) +
                             "' is not a sweep name (allowed: 1 to 64 letters, digits, '.', '_' or '-', starting with a "
                             "letter or digit: the name becomes the result file's name)");
  s.description = r.string(info, "sweep", "description", false).value_or("");
  const std::string base = *r.string(info, "sweep", "case", true);
  if (base.empty()) r.fail("sweep.case", "an empty string is no case file");
  s.base_case = directory / base;
  s.relation_cases = read_case_list(r, info, directory);

  const std::vector<std::string> quantities = quantity_names();
  const toml::node* compute = info.get("compute");
  if (!compute) r.fail("sweep.compute", "missing (expected a list of: " + comma_list(quantities) + ")");
  if (!compute->is_array()) r.fail("sweep.compute", "expected a list of: " + comma_list(quantities) + ", found " + TomlReader::type_name(*compute));
  if (compute->as_array()->empty()) r.fail("sweep.compute", "the list is empty: name what to compute (" + comma_list(quantities) + ")");
  for (std::size_t i = 0; i < compute->as_array()->size(); ++i) {
    const toml::node& item = *compute->as_array()->get(i);
    const std::string key = "sweep.compute[" + std::to_string(i) + "]";
    if (!item.is_string()) r.fail(key, "expected a string, found " + TomlReader::type_name(item));
    const std::string q = item.as_string()->get();
    bool* flag = nullptr;
    for (const auto& [name, member] : sweep_quantities)
      if (q == name) flag = &(s.compute.*member);
    if (!flag) r.fail(key, "unknown quantity '" + shown_input(q) + "' (allowed: " + comma_list(quantities) + ")");
    if (*flag) r.fail(key, "'" + q + "' is listed twice");
    *flag = true;
  }
  if (s.compute.relations && s.relation_cases.empty())
    r.fail("sweep.relation_cases", "relations compare methods: list the other cases of the base case's family here");
  if (!s.compute.relations && !s.relation_cases.empty())
    r.fail("sweep.relation_cases", "only with \"relations\" in sweep.compute");

  const toml::table& strobe = r.table(root, "strobe", false);
  if (s.compute.strobe != root.contains("strobe"))
    r.fail("strobe", s.compute.strobe ? "\"strobe\" in sweep.compute needs a [strobe] table (transient, samples)"
                              : "a [strobe] table needs \"strobe\" in sweep.compute");
  if (s.compute.strobe) {
    r.require_only(strobe, "strobe", strobe_keys);
    const auto transient = r.integer(strobe, "strobe", "transient", 0, 1'000'000'000);
    const auto samples = r.integer(strobe, "strobe", "samples", 1, 100'000);
    if (!transient) r.fail("strobe.transient", "missing (expected the periods left out before sampling, an integer ≥ 0)");
    if (!samples) r.fail("strobe.samples", "missing (expected the periods sampled, an integer in [1, 100000])");
    s.compute.strobe_transient = *transient;
    s.compute.strobe_samples = *samples;
  }

  const toml::node* parameters = root.get("parameter");
  if (!parameters) r.fail("parameter", "missing: give at least one [[parameter]] (key and values)");
  if (!parameters->is_array_of_tables()) r.fail("parameter", "expected an array of tables [[parameter]]");
  // The grid's size from the lists' lengths and the counts alone, before any list of values
  // is built: a typo in a count (10000000) is refused at once, not after gigabytes.
  long double grid = 1;
  for (const toml::node& node : *parameters->as_array()) {
    const toml::table& t = *node.as_table();
    if (const toml::node* values = t.get("values"); values && values->is_array())
      grid *= static_cast<long double>(std::max<std::size_t>(values->as_array()->size(), 1));
    else if (const toml::node* count = t.get("count"); count && count->is_integer())
      grid *= static_cast<long double>(std::max<std::int64_t>(count->as_integer()->get(), 1));
  }
  if (grid > static_cast<long double>(max_points) && !force)
    r.fail("parameter", fmt::format("the grid has {:.0Lf} points (allowed: at most {} without --force)", grid,
                                    max_points));
  if (grid > static_cast<long double>(std::numeric_limits<std::int64_t>::max() / 2))
    r.fail("parameter", fmt::format("the grid has {:.3Lg} points, too many to number", grid));
  std::set<std::string> keys;
  for (std::size_t i = 0; i < parameters->as_array()->size(); ++i) {
    const std::string path = "parameter[" + std::to_string(i) + "]";
    s.parameters.push_back(read_parameter(r, *parameters->as_array()->get(i)->as_table(), path));
    if (!keys.insert(s.parameters.back().key).second)
      r.fail(path + ".key", "'" + s.parameters.back().key + "' is swept twice");
  }

  s.base_text = read_input_file(s.base_case, "base case file");
  for (const auto& file : s.relation_cases) s.relation_texts.push_back(read_input_file(file, "relation case file"));
  std::vector<std::string_view> parts = {text, s.base_text};
  for (const std::string& t : s.relation_texts) parts.push_back(t);
  s.hash = fnv1a64_hex(parts);

  // Every point is a case the case reader accepts, and what it computes is defined there.
  for (std::size_t i = 0; i < s.points(); ++i) {
    const SweepPointCases cases = sweep_point_cases(s, i);
    const CaseSpec& c = cases.base;
    const auto refuse = [&](const std::string& key, const std::string& why) {
      throw InputError(s.file, key, "point " + std::to_string(i) + " (" + overrides_text(s.overrides(i)) + "): " + why);
    };
    if ((s.compute.lyapunov || s.compute.relations) && !c.lyapunov)
      refuse("sweep.compute", "the base case " + s.base_case.string() + " has no [lyapunov] table");
    if (s.compute.relations && !c.lyapunov->family)
      refuse("sweep.compute", "relations need a base case with [lyapunov] family and published");
    if (s.compute.order && c.convergence.empty())
      refuse("sweep.compute", "\"order\" runs the base case's convergence study: " + s.base_case.string() +
                                  " has no [convergence] table");
    if ((s.compute.strobe || s.compute.impacts) && (!c.model.forced() || !c.horizon.periods))
      refuse("sweep.compute", "stroboscopic samples and impacts per period need a forced model and horizon.periods");
    // A point's strobe holds u and v; an N-DOF system's state is its coordinates.
    if (s.compute.strobe && c.model.system())
      refuse("sweep.compute",
             "\"strobe\" samples u and v of a one-degree-of-freedom model; " + s.base_case.string() +
                 " is an N-DOF system (its stroboscopic samples: vibro run with horizon.periods)");
  }
  return s;
}

SweepSpec load_sweep(const std::filesystem::path& file, bool force) {
  return parse_sweep(read_input_file(file, "sweep file"), file.string(), file.parent_path(), force);
}

SweepPointCases sweep_point_cases(const SweepSpec& s, std::size_t index) {
  const std::vector<CaseOverride> overrides = s.overrides(index);
  const auto read = [&](const std::string& text, const std::filesystem::path& file) {
    try {
      return parse_case_with_overrides(text, file.string(), overrides);
    } catch (const InputError& error) {
      throw InputError(s.file, "parameter",
                       "point " + std::to_string(index) + " (" + overrides_text(s.overrides(index)) + "): " + error.what());
    }
  };
  SweepPointCases cases{read(s.base_text, s.base_case), {}};
  for (std::size_t i = 0; i < s.relation_cases.size(); ++i)
    cases.relation_cases.push_back(read(s.relation_texts[i], s.relation_cases[i]));
  return cases;
}

}  // namespace vibro
