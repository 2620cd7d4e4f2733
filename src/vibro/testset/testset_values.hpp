#pragma once
// The stored reference values of a test-set problem (docs/testset.md, "Reference values"):
// what reference/testset/ID.toml holds. Each value is the reference at the higher of two MPFR
// precisions rounded to a fixed number of digits in the mixed sense of the score (the last
// stored digit's unit is 10^(1 − digits) · max(1, |x|)), with an error bound: the difference
// between the two precisions, and never less than ten units of the higher precision's
// rounding. A value is stored only when its last digit is decided: the bound is at most a
// twentieth of that unit and the value ± the bound rounds to the same digits.

#include "vibro/case/case_spec.hpp"
#include "vibro/testset/testset_reference.hpp"
#include "vibro/scalar/rational.hpp"
#include "vibro/results/testset_result.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace vibro {

/// The name of the stored end value of coordinate i of `count` ('q') or of its velocity
/// ('v'): "u(T)" and "v(T)" for one coordinate, "q3(T)" and "v3(T)" for more.
std::string end_value_name(char letter, std::size_t i, std::size_t count);

/// The name of the stored value `quantity` ("t", "v-" or "v+") of impact j (from 0), "t_4",
/// or of accumulation point j with `quantity` "t_inf", "t_inf_1".
std::string impact_value_name(std::string_view quantity, std::size_t j);

/// Digits stored for a problem: 30 or more for the 1-DOF and linear N-DOF models, 20 or more
/// for the nonlinear ones (the Duffing oscillator, the double pendulum), whose references
/// integrate their flights and cost far more per digit.
int testset_digits(const CaseSpec& c);
/// The two MPFR precisions (decimal digits) the values are first computed in: digits + 16 and
/// digits + 32 (the nonlinear models' 22 digits: + 8 and + 16, their integrated flights
/// costing about 10^(d/8) steps for d digits), so that the lower one keeps digits for what
/// the horizon loses. Where they
/// disagree in a stored digit, `vibro testset reference` raises both by `digits` (at most three
/// times), and the file records the precisions used.
std::pair<long, long> testset_precisions(int digits);

/// The stored values from the reference at two precisions (`lower`, `higher`); throws
/// RunFailure naming the value when the two disagree in a stored digit or a last digit is
/// not decided.
TestsetReference stored_reference(const CaseSpec& c, const ReferenceValuesAt& lower, const ReferenceValuesAt& higher,
                                  int digits);

/// How far above the recomputed bound a stored bound may be: the bound is an estimate rounded
/// up to one digit, so the same computation gives it again to within a digit's rounding.
inline constexpr int stored_bound_factor = 10;

/// Every way `stored` differs from the values recomputed now (`fresh`, from
/// stored_reference at the problem's digits): one line each, naming the problem and the value;
/// empty when every stored value's text, digit count, precision pair and count is reproduced
/// and every bound holds without being inflated (at most stored_bound_factor times the
/// recomputed one). The provenance's command, version and commit say where the file came from
/// and are not recomputed.
std::vector<std::string> reference_differences(const TestsetReference& stored, const TestsetReference& fresh);

/// The exact value of a stored number and half the unit of its last digit plus its bound:
/// how far the true value can be from it (what the score caps its digits at).
struct StoredAccuracy {
  rational value, accuracy;
};
StoredAccuracy stored_accuracy(const StoredValue& v);

}  // namespace vibro
