#pragma once
// Which tolerances a program's study runs over (docs/own_scheme.md "Tolerance ladders"): the
// ladder given on the command line (`--tolerances`), else with `--by-tolerance` the case's
// [convergence] tolerances, else the default ladder; each a positive decimal, loose to tight.

#include "vibro/case/case_spec.hpp"

#include <string>
#include <vector>

namespace vibro {

/// The ladder of `--by-tolerance` for a case without [convergence] tolerances: two decades a
/// rung, from a loose engineering tolerance to within a few hundred ε of double.
inline const std::vector<std::string>& default_tolerance_ladder() {
  static const std::vector<std::string> ladder{"1e-4", "1e-6", "1e-8", "1e-10", "1e-12"};
  return ladder;
}

/// Throws InputError (of `file`, naming `key`) unless `tolerances` is a ladder: at least two
/// positive finite decimals (or fractions), each smaller than the one before.
void check_tolerance_ladder(const std::vector<std::string>& tolerances, const std::string& file,
                            const std::string& key);

/// The ladder a program's study of case `c` runs over: `given` (`--tolerances`), else with
/// `by_tolerance` the case's, else the default; empty when neither is asked (a step ladder).
std::vector<std::string> tolerance_ladder_of(const CaseSpec& c, const std::vector<std::string>& given, bool by_tolerance);

}  // namespace vibro
