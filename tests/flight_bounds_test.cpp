// The rigorous derivative bounds the reference's contact and lift-off searches use
// (OscillatorFlight::derivative_bound, orders 2, 3, 4; docs/mathematics.md §1.1), checked
// where they are used: on random flights of every damping regime (α < 1, α = 1, α > 1, and
// the resonant α = 0, ω = 1), over random windows, the bound is never below the sampled
// |u^(k)(t)|. The sampled derivatives come from the equation of motion, not from the bound's
// coefficients: u'' = a cos ωt − 2αu' − u, u''' = −aω sin ωt − 2αu'' − u',
// u'''' = −aω² cos ωt − 2αu''' − u'', with (u, u') from the flight's closed form.
//
// A bound that is never exceeded could be uselessly loose, or a halved bound could still
// pass: so the test also requires that in each regime some window's sampled maximum exceeds
// half the bound. Then a bound scaled down by 2 in any regime fails the first check.

#include "support/scalar_types.hpp"

#include "vibro/model/impact_oscillator.hpp"
#include "vibro/reference/oscillator_flight.hpp"
#include "vibro/scalar/format.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <random>
#include <string>

namespace vibro::testing {
namespace {

template <class Real>
using FlightBounds = ScalarTest<Real>;
TYPED_TEST_SUITE(FlightBounds, FloatingTypes, ScalarNames);

/// u'', u''', u'''' at t from the equation of motion and the flight's (u, u').
template <class Real>
std::array<Real, 3> derivatives_from_the_equation(const ImpactOscillator<Real>& m, const OscillatorFlight<Real>& f,
                                                  const Real& t) {
  using std::cos;
  using std::sin;
  const PositionVelocity<Real> x = f.state(t);
  const Real two_alpha = 2 * m.alpha(), phase = m.omega() * t;
  const Real second = m.amplitude() * cos(phase) - two_alpha * x.velocity - x.position;
  const Real third = -m.amplitude() * m.omega() * sin(phase) - two_alpha * second - x.velocity;
  const Real fourth = -m.amplitude() * m.omega() * m.omega() * cos(phase) - two_alpha * third - second;
  return {second, third, fourth};
}

enum class Regime { underdamped, critical, overdamped, resonant };

TYPED_TEST(FlightBounds, NeverBelowTheSampledDerivativesAndWithinTwiceOfThem) {
  using Real = TypeParam;
  using std::abs;
  std::mt19937_64 random(20261123);  // fixed seed: the same flights every run
  const auto uniform = [&](double lo, double hi) { return Real(std::uniform_real_distribution<double>(lo, hi)(random)); };
  for (const Regime regime : {Regime::underdamped, Regime::critical, Regime::overdamped, Regime::resonant}) {
    std::array<double, 3> tightest{};  // per order, the largest sampled max / bound
    for (int flight_index = 0; flight_index < 40; ++flight_index) {
      const Real alpha = regime == Regime::underdamped ? uniform(0, 0.9)
                         : regime == Regime::critical  ? Real(1)
                         : regime == Regime::overdamped ? uniform(1.1, 3)
                                                        : Real(0);
      const Real omega = regime == Regime::resonant ? Real(1) : uniform(0.3, 5);
      // Weak forcing in half the flights, so that the homogeneous part's bound is the one
      // that has to be tight; strong in the others.
      const Real amplitude = flight_index % 2 == 0 ? uniform(-0.05, 0.05) : uniform(-3, 3);
      const ImpactOscillator<Real> model(alpha, amplitude, omega, Real(0), Real(1) / 2);
      const Real t0 = uniform(0, 10);
      const OscillatorFlight<Real> flight(model, t0, uniform(-2, 2), uniform(-2, 2));
      // Half the windows start at the flight's start, where the bound's e^{−α s_a} is 1.
      const Real l = flight_index % 4 < 2 ? t0 : Real(t0 + uniform(0, 5));
      const Real r = l + uniform(0.05, 3);
      for (int order = 2; order <= 4; ++order) {
        const Real bound = flight.derivative_bound(order, l, r);
        // The bound carries the rounding of its own evaluation; so do the samples.
        const Real allowed = bound * (1 + 64 * epsilon<Real>());
        Real largest(0);
        constexpr int samples = 200;
        for (int i = 0; i <= samples; ++i) {
          const Real t = l + (r - l) * i / samples;
          const Real sampled = abs(derivatives_from_the_equation(model, flight, t)[order - 2]);
          ASSERT_LE(sampled, allowed) << "order " << order << " at t = " << to_text(t) << " on [" << to_text(l) << ", "
                                      << to_text(r) << "], α = " << to_text(alpha) << ", ω = " << to_text(omega);
          if (sampled > largest) largest = sampled;
        }
        tightest[order - 2] = std::max(tightest[order - 2], static_cast<double>(largest / bound));
      }
    }
    for (int order = 2; order <= 4; ++order)
      EXPECT_GT(tightest[order - 2], 0.5) << "regime " << static_cast<int>(regime) << ", order " << order
                                          << ": no window comes within 2× of the bound";
  }
}

}  // namespace
}  // namespace vibro::testing
