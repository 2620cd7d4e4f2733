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
//
// The same for the N-DOF flights of seed 002's reference (SystemFlight::derivative_bound),
// whose bound is global: never exceeded on random forced flights, and attained where one
// mode or the forcing alone moves a coordinate.

#include "support/scalar_types.hpp"

#include "vibro/model/impact_oscillator.hpp"
#include "vibro/reference/oscillator_flight.hpp"
#include "vibro/reference/system_flight.hpp"
#include "vibro/scalar/format.hpp"

#include <boost/math/constants/constants.hpp>
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <memory>
#include <random>
#include <string>
#include <utility>
#include <vector>

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

enum class Regime { underdamped, critical, overdamped, resonant, just_underdamped, just_overdamped, near_resonant };

TYPED_TEST(FlightBounds, NeverBelowTheSampledDerivativesAndWithinTwiceOfThem) {
  using Real = TypeParam;
  using std::abs;
  std::mt19937_64 random(20261123);  // fixed seed: the same flights every run
  const auto uniform = [&](double lo, double hi) { return Real(std::uniform_real_distribution<double>(lo, hi)(random)); };
  for (const Regime regime : {Regime::underdamped, Regime::critical, Regime::overdamped, Regime::resonant,
                              Regime::just_underdamped, Regime::just_overdamped, Regime::near_resonant}) {
    std::array<double, 3> tightest{};  // per order, the largest sampled max / bound
    for (int flight_index = 0; flight_index < 40; ++flight_index) {
      // Near critical damping, α = 1 ± 2^−40 (each side a regime): the bounds that grow
      // like 1/ω_d or 1/β were 10^6 times the motion there. Near resonance, α ≤ 10^−3 and
      // ω = 1 ± 10^−3 at most: the flight's particular part is the response from rest.
      const Real near = Real(1) / Real(1LL << 40);
      const Real alpha = regime == Regime::underdamped     ? uniform(0, 0.9)
                         : regime == Regime::critical      ? Real(1)
                         : regime == Regime::overdamped    ? uniform(1.1, 3)
                         : regime == Regime::just_underdamped ? Real(1 - near)
                         : regime == Regime::just_overdamped  ? Real(1 + near)
                         : regime == Regime::near_resonant    ? uniform(0, 1e-3)
                                                              : Real(0);
      const Real omega = regime == Regime::resonant        ? Real(1)
                         : regime == Regime::near_resonant ? Real(1 + uniform(-1e-3, 1e-3))
                                                           : uniform(0.3, 5);
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

/// The N-DOF flights of seed 002's reference: SystemFlight::derivative_bound (orders 2–4),
/// whose order 2 is the curvature bound of the system reference's contact search
/// (gap_curvature_bound). Derivatives from the equation of motion M²q'' + A²q = c + f cos Ωt
/// (M² diagonal, the entries `mass`): q'' = (c + f cos Ωt − A²q)/m, q''' = (−fΩ sin Ωt −
/// A²q')/m, q'''' = (−fΩ² cos Ωt − A²q'')/m, with q and q' from the flight's closed form.
template <class Real>
struct ForcedSystem {
  Vector<Real> mass;
  Matrix<Real> stiffness;
  Vector<Real> constant, amplitude;
  Real omega;

  /// q^(order)(t) from the equation, order 2, 3 or 4, and the scale of its terms (the sum of
  /// their magnitudes: what its rounding is relative to).
  std::pair<Vector<Real>, Vector<Real>> derivative(const SystemFlight<Real>& flight, int order, const Real& t) const {
    using std::abs;
    using std::cos;
    using std::sin;
    const std::size_t n = mass.size();
    const Vector<Real> q = flight.position(t), v = flight.velocity(t);
    Vector<Real> second(n), third(n), scale2(n), scale3(n);
    for (std::size_t i = 0; i < n; ++i) {
      Real sum = constant[i] + amplitude[i] * cos(Real(omega * t)), sum_rate = -amplitude[i] * omega * sin(Real(omega * t));
      scale2[i] = abs(constant[i]) + abs(amplitude[i]);
      scale3[i] = abs(amplitude[i]) * omega;
      for (std::size_t j = 0; j < n; ++j) {
        sum -= stiffness(i, j) * q[j];
        sum_rate -= stiffness(i, j) * v[j];
        scale2[i] += abs(stiffness(i, j) * q[j]);
        scale3[i] += abs(stiffness(i, j) * v[j]);
      }
      second[i] = sum / mass[i];
      third[i] = sum_rate / mass[i];
      scale2[i] /= mass[i];
      scale3[i] /= mass[i];
    }
    if (order == 2) return {second, scale2};
    if (order == 3) return {third, scale3};
    Vector<Real> fourth(n), scale4(n);
    for (std::size_t i = 0; i < n; ++i) {
      Real sum = -amplitude[i] * omega * omega * cos(Real(omega * t));
      scale4[i] = abs(amplitude[i]) * omega * omega;
      for (std::size_t j = 0; j < n; ++j) {
        sum -= stiffness(i, j) * second[j];
        scale4[i] += abs(stiffness(i, j)) * (abs(second[j]) + scale2[j]);
      }
      fourth[i] = sum / mass[i];
      scale4[i] /= mass[i];
    }
    return {fourth, scale4};
  }

  SystemFlight<Real> flight(const Real& t_s, const Vector<Real>& q0, const Vector<Real>& v0) const {
    return SystemFlight<Real>(std::make_shared<const ModalBasis<Real>>(mass, stiffness), constant, amplitude, omega, t_s,
                              q0, v0);
  }
};

TYPED_TEST(FlightBounds, SystemFlightBoundsAreNeverBelowTheSampledDerivatives) {
  using Real = TypeParam;
  using std::abs;
  std::mt19937_64 random(20261124);  // fixed seed: the same flights every run
  const auto uniform = [&](double lo, double hi) { return Real(std::uniform_real_distribution<double>(lo, hi)(random)); };
  // The forced 3-DOF system of system_reference_test (coupled through A²).
  ForcedSystem<Real> system{{Real(1), Real(5) / 2, Real(1) / 2},
                            Matrix<Real>::from_rows({{Real(3), Real(-1), Real(0)}, {Real(-1), Real(4), Real(-2)},
                                                     {Real(0), Real(-2), Real(5)}}),
                            Vector<Real>(3, Real(0)), Vector<Real>(3, Real(0)), Real(1)};
  const ModalBasis<Real> basis(system.mass, system.stiffness);
  for (int flight_index = 0; flight_index < 40; ++flight_index) {
    for (std::size_t i = 0; i < 3; ++i) {
      system.constant[i] = flight_index % 2 == 0 ? Real(0) : uniform(-0.5, 0.5);
      system.amplitude[i] = uniform(-2, 2);
    }
    // Ω away from the natural frequencies (the flight refuses resonance).
    bool near_resonance = true;
    while (near_resonance) {
      system.omega = uniform(0.3, 4);
      near_resonance = false;
      for (const Real& w : basis.omega()) near_resonance = near_resonance || abs(system.omega - w) < w / 20;
    }
    const Real t_s = uniform(0, 10);
    const Vector<Real> q0{uniform(-1, 1), uniform(-1, 1), uniform(-1, 1)}, v0{uniform(-1, 1), uniform(-1, 1), uniform(-1, 1)};
    const SystemFlight<Real> flight = system.flight(t_s, q0, v0);
    for (int order = 2; order <= 4; ++order) {
      constexpr int samples = 400;
      for (int k = 0; k <= samples; ++k) {
        const Real t = t_s + Real(20) * k / samples;
        const auto [sampled, scale] = system.derivative(flight, order, t);
        for (std::size_t i = 0; i < 3; ++i) {
          const Real bound = flight.derivative_bound(i, order);
          ASSERT_LE(abs(sampled[i]), Real(bound * (1 + 64 * epsilon<Real>()) + 64 * epsilon<Real>() * scale[i]))
              << "q" << i + 1 << " order " << order << " at t = " << to_text(t) << ", flight " << flight_index;
        }
      }
    }
  }
}

/// Where the bound is attained: one mode alone (a diagonal system, one coordinate moving
/// freely) or the particular part alone (a forced coordinate started on its particular
/// solution). The bound is then the amplitude of the derivative, which 2000 samples over a
/// period reach to 1 − cos(π/2000) ≈ 1.2e−6: a bound scaled down by 2 fails here.
TYPED_TEST(FlightBounds, SystemFlightBoundsAreAttainedByOneModeAndByTheForcing) {
  using Real = TypeParam;
  using std::abs;
  using std::cos;
  using std::sin;
  // ω = 1, 2, 3 (A²_ii / m_i = 1, 4, 9).
  const Vector<Real> mass{Real(1), Real(2), Real(3)};
  const Matrix<Real> stiffness = Matrix<Real>::diagonal({Real(1), Real(8), Real(27)});
  const Vector<Real> zero(3, Real(0));
  const Real pi = boost::math::constants::pi<Real>();
  struct Attained {
    ForcedSystem<Real> system;
    Vector<Real> q0, v0;
    std::size_t coordinate;
    Real period;
  };
  const Real omega_f = Real(5) / 2, t_s = Real(3) / 10;
  // m q'' + k q = f cos Ωt on coordinate 1: P = f/(k − mΩ²).
  const Real f = Real(3) / 2, p = f / (1 - omega_f * omega_f);
  const std::vector<Attained> cases = {
      {{mass, stiffness, zero, zero, Real(1)}, {Real(0), Real(7) / 10, Real(0)}, {Real(0), Real(2) / 5, Real(0)}, 1, pi},
      {{mass, stiffness, zero, {f, Real(0), Real(0)}, omega_f},
       {Real(p * cos(Real(omega_f * t_s))), Real(0), Real(0)},
       {Real(-p * omega_f * sin(Real(omega_f * t_s))), Real(0), Real(0)},
       0,
       Real(2 * pi / omega_f)}};
  for (const Attained& c : cases) {
    const SystemFlight<Real> flight = c.system.flight(t_s, c.q0, c.v0);
    for (int order = 2; order <= 4; ++order) {
      const Real bound = flight.derivative_bound(c.coordinate, order);
      Real largest(0);
      constexpr int samples = 2000;
      for (int k = 0; k <= samples; ++k) {
        const Real value = abs(c.system.derivative(flight, order, Real(t_s + c.period * k / samples)).first[c.coordinate]);
        if (value > largest) largest = value;
      }
      EXPECT_GT(largest, Real(bound * (1 - Real(1) / 10000))) << "coordinate " << c.coordinate + 1 << ", order " << order;
      EXPECT_LE(largest, Real(bound * (1 + 64 * epsilon<Real>()))) << "coordinate " << c.coordinate + 1 << ", order " << order;
    }
  }
}

}  // namespace
}  // namespace vibro::testing
