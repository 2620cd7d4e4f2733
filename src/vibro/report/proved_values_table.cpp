#include "vibro/report/proved_values_table.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace vibro {
namespace {

/// Why some of a problem's values are not proved: every cause that applies, joined.
std::string why_not(const TestsetEnclosureCheck& check) {
  if (!check.not_enclosed.empty()) return "not enclosed: " + check.not_enclosed;
  std::vector<std::string> causes;
  if (!check.contradicted.empty())
    causes.push_back(std::to_string(check.contradicted.size()) + " contradicted by the enclosure");
  if (!check.undecided.empty())
    causes.push_back(std::to_string(check.undecided.size()) + " enclosed more widely than the value claims");
  if (!check.unreached.empty())
    causes.push_back(std::to_string(check.unreached.size()) + " not reached: " + check.stopped_because);
  std::string text;
  for (const std::string& cause : causes) text += (text.empty() ? "" : "; ") + cause;
  return text;
}

}  // namespace

std::string proved_values_table(const std::vector<ProblemProof>& problems) {
  std::string table =
      "| problem | stored values | proved | not proved | why not |\n"
      "|---|---:|---:|---:|---|\n";
  std::size_t values = 0, proved = 0;
  for (const auto& [id, check] : problems) {
    table += "| " + id + " | " + std::to_string(check.values) + " | " + std::to_string(check.proved) + " | " +
             std::to_string(check.values - check.proved) + " | " + why_not(check) + " |\n";
    values += check.values;
    proved += check.proved;
  }
  table += "| all | " + std::to_string(values) + " | " + std::to_string(proved) + " | " +
           std::to_string(values - proved) + " |  |\n";
  return table;
}

}  // namespace vibro
