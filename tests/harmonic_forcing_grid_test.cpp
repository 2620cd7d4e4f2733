// The forcing a cos(ω t_n) on the grid t_n = t0 + n h (model/harmonic_forcing_grid.hpp): the
// rotation recurrence against the direct evaluation over a whole run, in every floating type,
// with the bound derived at the top of that file; and the rule that a value depends on n only.

#include "support/scalar_types.hpp"

#include "vibro/model/harmonic_forcing_grid.hpp"
#include "vibro/model/impact_oscillator.hpp"
#include "vibro/scalar/format.hpp"

#include <boost/math/constants/constants.hpp>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>

namespace vibro::testing {
namespace {

template <class Real>
using HarmonicForcingGridTest = ScalarTest<Real>;
TYPED_TEST_SUITE(HarmonicForcingGridTest, FloatingTypes, ScalarNames);

/// The periodic case of the convergence studies (ω = 2, a = 1) over 10 periods at 10⁴ steps per
/// period, t0 = 0.3: at every n the grid value against a cos(ω(t0 + n h)) evaluated directly in
/// the same type. Bound (top of model/harmonic_forcing_grid.hpp): (4K + 6ω max|t_n| + 2) ε |a|
/// with K = anchor_interval; 0 (the same bits) in a type that evaluates directly.
TYPED_TEST(HarmonicForcingGridTest, StaysWithinTheDerivedBoundOfTheDirectValueOverARun) {
  using Real = TypeParam;
  using Grid = HarmonicForcingGrid<Real>;
  using std::abs;
  using std::cos;
  const Real amplitude(1), omega(2), t0 = num<Real>("0.3");
  constexpr std::int64_t steps_per_period = 10'000, periods = 10, steps = steps_per_period * periods;
  const Real h = boost::math::constants::pi<Real>() / steps_per_period;  // T = 2π/ω = π
  const Grid grid(amplitude, omega, t0, h);
  typename Grid::Cursor cursor;
  Real value(0), largest(0);
  for (std::int64_t n = 0; n <= steps; ++n) {
    grid.evaluate(n, cursor, value);
    const Real direct = amplitude * cos(omega * (t0 + h * n));
    if (!Grid::rotates) {
      ASSERT_EQ(value, direct) << "n = " << n;
    }
    if (abs(value - direct) > largest) largest = abs(value - direct);
  }
  const Real t_max = t0 + h * steps;
  const Real bound = (4 * Grid::anchor_interval + 6 * omega * t_max + 2) * epsilon<Real>() * amplitude;
  EXPECT_LE(largest, bound) << "largest distance " << to_text_significant(Real(largest / epsilon<Real>()), 4)
                            << " eps";
}

/// The value at n is the same whether the cursor came from n − 1, from far away or from
/// nothing: a trajectory's forcing does not depend on which states were stepped before.
TYPED_TEST(HarmonicForcingGridTest, ValueDependsOnTheIndexOnly) {
  using Real = TypeParam;
  using Grid = HarmonicForcingGrid<Real>;
  const Grid grid(num<Real>("1.5"), num<Real>("1.2"), Real(0), num<Real>("0.001"));
  typename Grid::Cursor sequential;
  Real in_sequence(0), fresh_value(0), jumped_value(0);
  for (std::int64_t n = 0; n <= 300; ++n) {
    grid.evaluate(n, sequential, in_sequence);
    typename Grid::Cursor fresh;
    grid.evaluate(n, fresh, fresh_value);
    ASSERT_EQ(in_sequence, fresh_value) << "n = " << n;
    typename Grid::Cursor jumped;
    grid.evaluate(1000 - n, jumped, jumped_value);
    grid.evaluate(n, jumped, jumped_value);
    ASSERT_EQ(in_sequence, jumped_value) << "n = " << n;
  }
}

}  // namespace
}  // namespace vibro::testing
