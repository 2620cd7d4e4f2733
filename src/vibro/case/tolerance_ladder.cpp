#include "vibro/case/tolerance_ladder.hpp"

#include "vibro/scalar/parse_exact.hpp"
#include "vibro/scalar/shown_input.hpp"
#include "vibro/support/input_error.hpp"

namespace vibro {

void check_tolerance_ladder(const std::vector<std::string>& tolerances, const std::string& file,
                            const std::string& key) {
  if (tolerances.size() < 2)
    throw InputError(file, key, "a tolerance ladder needs at least 2 tolerances (given: " +
                                    std::to_string(tolerances.size()) + ")");
  std::optional<rational> previous;
  for (std::size_t i = 0; i < tolerances.size(); ++i) {
    const std::string item = key + "[" + std::to_string(i) + "]";
    const std::optional<rational> value = parse_exact(tolerances[i]);
    if (!value || *value <= 0)
      throw InputError(file, item, "'" + shown_input(tolerances[i]) + "' is not a tolerance (allowed: a positive decimal "
                                                                      "such as 1e-8, or a fraction)");
    if (previous && *value >= *previous)
      throw InputError(file, item, tolerances[i] + " is not smaller than the tolerance before it, " + tolerances[i - 1] +
                                       " (a ladder goes from loose to tight)");
    previous = value;
  }
}

std::vector<std::string> tolerance_ladder_of(const CaseSpec& c, const std::vector<std::string>& given, bool by_tolerance) {
  if (!given.empty()) return given;
  if (!by_tolerance) return {};
  if (!c.convergence_tolerances.empty()) return texts_of(c.convergence_tolerances);
  return default_tolerance_ladder();
}

}  // namespace vibro
