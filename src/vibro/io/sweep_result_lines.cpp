#include "vibro/io/sweep_result_lines.hpp"

#include "vibro/support/input_error.hpp"
#include "vibro/results/sweep_result.hpp"

#include <nlohmann/json.hpp>

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

/// Why a point's line (with a valid `point`) is not one this sweep wrote, or none: its
/// parameters must be its grid point's, and it must hold what the sweep computes (or the
/// error that stopped it), impacts a count.
std::optional<std::string> point_line_problem(const json& line, const SweepSpec& s) {
  json parameters = json::object();
  for (const CaseOverride& o : s.overrides(line["point"].get<std::size_t>())) parameters[o.key] = o.text;
  if (line.value("parameters", json()) != parameters) return "has parameters other than its grid point's";
  if (line.value("kind", json()) != "point") return "is no point line (kind is not \"point\")";
  if (line.contains("error")) return line["error"].is_string() ? std::nullopt : std::optional<std::string>("has an error that is no text");
  for (const auto& [name, member] : sweep_quantities)
    if (s.compute.*member && !line.contains(std::string(name)))
      return "lacks " + std::string(name) + ", which the sweep computes";
  if (s.compute.impacts && !line["impacts"].is_number_unsigned()) return "has impacts that are not a count";
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
