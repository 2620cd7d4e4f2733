#include "vibro/io/sweep_result_lines.hpp"

#include "vibro/results/sweep_result.hpp"
#include "vibro/scalar/parse_exact.hpp"
#include "vibro/scalar/shown_input.hpp"
#include "vibro/support/input_error.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <set>
#include <string>

namespace vibro {

namespace {

using json = nlohmann::json;

/// Refuses a result file's header (`written`) that is not this sweep's (`expected`): another
/// definition (its hash), another precision, or any other field changed by hand.
void check_header(const json& written, const json& expected, const SweepSpec& s, const std::optional<Precision>& precision,
                  const std::string& where) {
  if (const json& hash = written.at("sweep_hash"); hash != s.hash)
    throw InputError("", "--out",
                     where + " was written by a different sweep definition (sweep hash " +
                         shown_input(hash.is_string() ? hash.get<std::string>() : hash.dump()) + ", this sweep " +
                         s.hash + "): give another --out, or remove the file to start again");
  // A file written before the header had a precision was written at each case's own.
  json as_written = written;
  if (!as_written.contains("precision")) as_written["precision"] = nullptr;
  if (as_written["precision"] != expected.at("precision"))
    throw InputError("", "--precision",
                     where + " holds points computed at " +
                         (as_written["precision"].is_string() ? as_written["precision"].get<std::string>()
                                                              : std::string("each case's own precision")) +
                         ", this run is at " + (precision ? precision->name() : std::string("each case's own precision")) +
                         ": one file holds one precision (give the same --precision, or another --out)");
  for (const auto& [key, value] : expected.items())
    if (!as_written.contains(key) || as_written[key] != value)
      throw InputError("", "--out",
                       where + "'s header differs from this sweep's in '" + key +
                           "' (a file edited by hand or damaged): give another --out, or remove the file to start again");
  for (const auto& [key, value] : as_written.items())
    if (!expected.contains(key))
      throw InputError("", "--out", where + "'s header has a key '" + shown_input(key) + "' this sweep's has not");
}

/// The members a point's line may have (docs/schema/sweep.schema.json "point").
const std::set<std::string> point_line_keys = {"kind",   "point",      "parameters", "precision", "case_hash", "lyapunov", "impacts",
                                               "impacts_per_period", "strobe", "relations", "order", "error", "seconds"};

/// Why a line's stroboscopic samples are not what the sweep's strobe writes, or none: from
/// period transient + 1, `strobe_samples` values of u and v (numbers, or null for a value that
/// is no double), fewer only after an escape, their texts decimals.
std::optional<std::string> strobe_problem(const json& strobe, const SweepComputation& compute) {
  if (!strobe.is_object()) return "has a strobe that is no object";
  for (const auto& [key, value] : strobe.items())
    if (key != "first_period" && key != "u" && key != "v" && key != "u_text" && key != "v_text" && key != "escaped_at_step")
      return "has a strobe member '" + shown_input(key) + "' the sweep does not write";
  if (strobe.value("first_period", json()) != compute.strobe_transient + 1)
    return "has a strobe that does not start after the transient (first_period " +
           std::to_string(compute.strobe_transient + 1) + ")";
  const bool escaped = strobe.contains("escaped_at_step");
  if (escaped && !strobe["escaped_at_step"].is_number_unsigned()) return "has an escape step that is not a count";
  for (const char* name : {"u", "v"}) {
    const json& values = strobe.value(name, json());
    if (!values.is_array()) return std::string("has a strobe without its ") + name + " samples";
    const auto samples = static_cast<std::int64_t>(values.size());
    if (samples > compute.strobe_samples || (!escaped && samples != compute.strobe_samples))
      return "has " + std::to_string(samples) + " strobe samples of " + name + " where the sweep takes " +
             std::to_string(compute.strobe_samples);
    for (const json& v : values)
      if (!v.is_number() && !v.is_null()) return std::string("has a strobe sample of ") + name + " that is no number";
    const std::string text_name = std::string(name) + "_text";
    if (!strobe.contains(text_name)) continue;
    const json& texts = strobe[text_name];
    if (!texts.is_array() || texts.size() != values.size())
      return "has " + text_name + " that is not one text per sample";
    for (const json& t : texts)
      if (!t.is_string() || !parse_exact(t.get<std::string>())) return "has a " + text_name + " that is no decimal";
  }
  return std::nullopt;
}

/// Why a point's line (with a valid `point`) is not one this sweep wrote, or none: only the
/// members a point line has; its parameters its grid point's and its case hash that point's
/// case's; what the sweep computes (or the error that stopped it), impacts a count, the rate
/// and the wall time not negative, the samples as the strobe writes them.
std::optional<std::string> point_line_problem(const json& line, const SweepSpec& s) {
  for (const auto& [key, value] : line.items())
    if (!point_line_keys.contains(key)) return "has a member '" + shown_input(key) + "' no point line has";
  const std::size_t index = line["point"].get<std::size_t>();
  json parameters = json::object();
  for (const CaseOverride& o : s.overrides(index)) parameters[o.key] = o.text;
  if (line.value("parameters", json()) != parameters) return "has parameters other than its grid point's";
  if (line.value("kind", json()) != "point") return "is no point line (kind is not \"point\")";
  if (line.contains("case_hash") && line["case_hash"] != sweep_point_cases(s, index).base.hash)
    return "has a case hash that is not its point's case's";
  if (line.contains("seconds") && !(line["seconds"].is_number() && line["seconds"].get<double>() >= 0))
    return "has a wall time that is no number of seconds";
  if (line.contains("error")) return line["error"].is_string() ? std::nullopt : std::optional<std::string>("has an error that is no text");
  for (const auto& [name, member] : sweep_quantities)
    if (s.compute.*member && !line.contains(std::string(name)))
      return "lacks " + std::string(name) + ", which the sweep computes";
  if (s.compute.impacts && !line["impacts"].is_number_unsigned()) return "has impacts that are not a count";
  if (const json& rate = line.value("impacts_per_period", json()); !rate.is_null() && !(rate.is_number() && rate.get<double>() >= 0))
    return "has an impact rate that is no number of impacts per period";
  if (s.compute.strobe)
    if (auto why = strobe_problem(line["strobe"], s.compute)) return why;
  return std::nullopt;
}

}  // namespace

SweepResultLines read_sweep_result_lines(const std::string& text, const json& header, const SweepSpec& s,
                                         const std::optional<Precision>& precision, const std::string& where) {
  SweepResultLines out;
  std::size_t line_start = 0, line_number = 0;
  while (line_start < text.size()) {
    const std::size_t end = text.find('\n', line_start);
    const std::string line = text.substr(line_start, end - line_start);
    line_start = end == std::string::npos ? text.size() : end + 1;  // a last line without its newline
    ++line_number;
    const json parsed = json::parse(line, nullptr, false);
    const std::string at = where + ": line " + std::to_string(line_number);
    if (parsed.is_discarded() || !parsed.is_object())
      throw InputError("", "--out", at + " is not a JSON object: the file is not a sweep's result file, or damaged");
    if (line_number == 1) {
      if (parsed.value("kind", json()) != "sweep" || !parsed.contains("sweep_hash"))
        throw InputError("", "--out", where + " is not a sweep result file (its first line is no sweep header)");
      check_header(parsed, header, s, precision, where);
      out.kept += line + "\n";
      continue;
    }
    if (!parsed.contains("point") || !parsed["point"].is_number_unsigned() || parsed["point"].get<std::size_t>() >= s.points())
      throw InputError("", "--out", at + " names no point of this sweep");
    const std::size_t point = parsed["point"].get<std::size_t>();
    if (const auto why = point_line_problem(parsed, s))
      throw InputError("", "--out", at + " (point " + std::to_string(point) + ") " + *why +
                                        ": a file edited by hand or damaged; give another --out, or remove the file "
                                        "to start again");
    if (parsed.contains("error")) {
      out.failed_points = true;  // computed again
      continue;
    }
    if (!out.finished.insert(point).second)
      throw InputError("", "--out", at + " holds point " + std::to_string(point) +
                                        " a second time: a file edited by hand or damaged; give another --out, or "
                                        "remove the file to start again");
    out.kept += line + "\n";
  }
  return out;
}

}  // namespace vibro
