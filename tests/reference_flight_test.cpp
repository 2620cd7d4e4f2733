// Closed-form free flights of the exact-detection reference (docs/mathematics.md §1.1, §1.2). Expected
// values come from an independent method (a Taylor-series integration of the ODE in MPFR at
// a precision well above the type under test; central differences of the flow), a closed
// form (the constant-force flight u0 + v0 s − g s²/2), or an invariant (det Φ = e^{−2αs},
// Φ(s1 + s2) = Φ(s1)Φ(s2), the flight passes through its initial state, |u''| ≤ the bound).

#include "support/near_eps.hpp"
#include "support/scalar_types.hpp"

#include "vibro/model/constant_force.hpp"
#include "vibro/model/impact_oscillator.hpp"
#include "vibro/reference/constant_force_flight.hpp"
#include "vibro/reference/matrix2.hpp"
#include "vibro/reference/oscillator_flight.hpp"
#include "vibro/scalar/parse.hpp"
#include "vibro/scalar/precision.hpp"
#include "vibro/scalar/sin_cos.hpp"
#include "vibro/scalar/with_scalar.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <ios>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace vibro::testing {
namespace {


/// One parameter set per regime of docs/mathematics.md §1.1, each with its own initial data.
struct Regime {
  const char* name;
  const char* alpha;
  const char* amplitude;
  const char* omega;
  const char* u0;
  const char* v0;

  template <class Real>
  ImpactOscillator<Real> model() const {
    // The obstacle and the restitution play no part in a free flight.
    return ImpactOscillator<Real>(num<Real>(alpha), num<Real>(amplitude), num<Real>(omega), num<Real>("-10"), Real(1));
  }
};

constexpr Regime regimes[] = {
    {"underdamped", "0.3", "1.5", "2.5", "0.6", "-1.3"},
    {"critical", "1", "1.5", "0.7", "0.6", "-1.3"},
    {"overdamped", "2.5", "1.5", "1.3", "0.6", "-1.3"},
    {"undamped", "0", "1.5", "1.7", "0.6", "-1.3"},
    {"resonant", "0", "1.5", "1", "0.6", "-1.3"},
    // The forcing frequency and initial data of seed 001's chaotic case (docs/mathematics.md §4); its
    // α and a are not published, these are ours.
    {"fast forcing", "0.1", "1", "50", "0", "0.1"},
};

constexpr const char* start_time = "3.7";
/// Times t0 + s at which flights are compared, far from t0 and backwards included.
constexpr const char* offsets[] = {"0", "0.01", "0.3", "1.7", "6.1", "13.9", "20", "-1.1", "-2.9"};

/// The size of the terms the closed form adds up, which bounds its rounding error. Each term
/// (A cos ωt, B sin ωt, c1 e^{−αs} cos ω_d s, …) is computed with a relative error of a few ε
/// times (1 + |argument|) of its exp/cos/sin, because the argument itself is rounded; the
/// terms may cancel, so the error is relative to their sum of magnitudes, not to the result.
/// This class bounds that sum from the parameters alone (not from the code under test):
/// - particular part: amplitude √(A² + B²) = |a|/√D (ω|a|/√D for the velocity), argument ωt
///   (t itself is exact: the reference gets the same binary t);
///   resonant: |(a/2) t sin t| ≤ (|a|/2)|t|, velocity (|a|/2)(1 + |t|), no rounded argument;
/// - homogeneous part: |h0| + |h1| ≤ H0 = |u0| + |v0| + the particular part at t0 (with its
///   own rounding); the coefficients divide by ω_d or r+ − r−, a gain G; the basis decays at
///   the slowest rate for s ≥ 0 and grows at the fastest for s < 0 (times 1 + |s| for the
///   s e^{−s} of α = 1); arguments up to ρ|s|, ρ the largest |root|.
template <class Real>
class TermSizes {
 public:
  TermSizes(const ImpactOscillator<Real>& model, const Real& t0, const Real& u0, const Real& v0)
      : alpha_(model.alpha()), omega_(model.omega()), t0_(t0), resonant_(alpha_ == 0 && omega_ == 1) {
    using std::abs;
    using std::sqrt;
    if (resonant_) {
      amplitude_ = abs(model.amplitude()) / 2;
    } else {
      const Real detuning = 1 - omega_ * omega_, friction = 2 * alpha_ * omega_;
      amplitude_ = abs(model.amplitude()) / sqrt(detuning * detuning + friction * friction);
    }
    const Real q = sqrt(abs(alpha_ * alpha_ - 1));
    slow_ = alpha_ <= 1 ? alpha_ : alpha_ - q;
    fast_ = alpha_ <= 1 ? alpha_ : alpha_ + q;
    speed_ = std::max(Real(1), fast_);
    gain_ = alpha_ < 1 ? 2 * (1 + 2 / q) : alpha_ == 1 ? Real(4) : 2 * (1 + speed_) * speed_ / (2 * q);
    start_ = abs(u0) + abs(v0) + particular_position(t0) + particular_velocity(t0);
    start_rounding_ = (particular_position(t0) + particular_velocity(t0)) * (1 + phase(t0));
  }

  /// Sum of magnitudes (times argument factors) of the terms of u(t) and of u'(t).
  Real position(const Real& t) const { return particular_position(t) * (1 + phase(t)) + homogeneous(t - t0_); }
  Real velocity(const Real& t) const { return particular_velocity(t) * (1 + phase(t)) + homogeneous(t - t0_); }

  /// Largest term of the entries of the fundamental matrix at s.
  Real fundamental(const Real& s) const { return gain_ * envelope(s); }
  /// Largest |root| of the characteristic polynomial: arguments of exp/cos/sin are ≤ ρ|s|.
  const Real& speed() const { return speed_; }

 private:
  /// Rounding of the argument ωt of cos and sin, in units of ε (none at resonance: cos t).
  Real phase(const Real& t) const {
    using std::abs;
    return resonant_ ? Real(0) : Real(abs(omega_ * t));
  }
  Real particular_position(const Real& t) const {
    using std::abs;
    return resonant_ ? amplitude_ * abs(t) : amplitude_;
  }
  Real particular_velocity(const Real& t) const {
    using std::abs;
    return resonant_ ? amplitude_ * (1 + abs(t)) : omega_ * amplitude_;
  }
  Real envelope(const Real& s) const {
    using std::abs;
    using std::exp;
    const Real decay = s >= 0 ? exp(-slow_ * s) : exp(fast_ * abs(s));
    return alpha_ == 1 ? decay * (1 + abs(s)) : decay;
  }
  Real homogeneous(const Real& s) const {
    using std::abs;
    return gain_ * envelope(s) * (start_ * (1 + speed_ * abs(s)) + start_rounding_);
  }

  Real alpha_, omega_, t0_;
  bool resonant_;
  Real amplitude_, slow_, fast_, speed_, gain_, start_, start_rounding_;
};

// ---- the independent evaluation: Taylor series of the ODE in MPFR ----

/// Enough decimal digits that the text is the value to within 10^−digits relative (the
/// exact binary value is what the type under test computes with, so the reference must use
/// it, not the decimal it was parsed from).
template <class Real>
std::string text_of(const Real& x, long digits) {
  std::ostringstream out;
  out << std::scientific << std::setprecision(static_cast<int>(digits)) << x;
  return out.str();
}

/// A problem u'' + 2αu' + u = a cos ωt, u(t0) = u0, u'(t0) = v0, as decimal texts.
struct ProblemText {
  std::string alpha, amplitude, omega, t0, u0, v0;
};

/// One Taylor step of length h from (τ, u, v) to τ + h, with U_k = u^{(k)}(τ) h^k/k!:
/// the ODE gives (k+1)(k+2) U_{k+2} = h²(G_k − U_k) − 2αh(k+1) U_{k+1}, G_k = g^{(k)}(τ) h^k/k!,
/// g^{(k)}(τ) = a ω^k cos(ωτ + kπ/2). The series is summed until three terms in a row fall
/// below `tolerance` relative to the state; with ρ|h| ≤ 1 (ρ the largest |root| or ω) the
/// terms decrease like 1/k!, so the remainder is below the tolerance as well.
void taylor_step(const mpfr_real& alpha, const mpfr_real& amplitude, const mpfr_real& omega, const mpfr_real& tau,
                 const mpfr_real& h, const mpfr_real& tolerance, mpfr_real& u, mpfr_real& v) {
  using std::abs;
  const mpfr_real c = cos(omega * tau), s = sin(omega * tau);
  const mpfr_real derivative_phase[4] = {c, -s, -c, s};
  mpfr_real previous = u, current = v * h;  // U_k, U_{k+1}
  mpfr_real u_sum = previous + current, hv_sum = current;
  mpfr_real forcing = amplitude;  // a (ωh)^k / k!
  int small_terms = 0;
  for (int k = 0; small_terms < 3; ++k) {
    if (k > 5000) throw std::runtime_error("taylor_step: series does not converge");
    const mpfr_real g = forcing * derivative_phase[k % 4];
    const mpfr_real next = (h * h * (g - previous) - 2 * alpha * h * (k + 1) * current) / ((k + 1) * (k + 2));
    u_sum += next;
    hv_sum += (k + 2) * next;
    forcing *= omega * h / (k + 1);
    small_terms = abs(next) * (k + 2) <= tolerance * (1 + abs(u_sum) + abs(hv_sum)) ? small_terms + 1 : 0;
    previous = current;
    current = next;
  }
  u = u_sum;
  v = hv_sum / h;
}

/// (u(t), u'(t)) for each t, integrating from t0 in MPFR at `digits` decimal digits with
/// per-step tolerance 10^−tolerance_digits, returned as texts at that precision.
std::vector<std::pair<std::string, std::string>> taylor_reference(const ProblemText& p,
                                                                  const std::vector<std::string>& times, long digits,
                                                                  long tolerance_digits) {
  MpfrPrecisionGuard guard(digits);
  using std::abs;
  using std::ceil;
  using std::sqrt;
  const mpfr_real alpha(p.alpha), amplitude(p.amplitude), omega(p.omega), t0(p.t0);
  const mpfr_real tolerance = pow(mpfr_real(10), -tolerance_digits);
  const mpfr_real rate = std::max({mpfr_real(1), omega, alpha + sqrt(abs(alpha * alpha - 1))});
  std::vector<std::pair<std::string, std::string>> states;
  for (const std::string& text : times) {
    const mpfr_real t(text);
    const long steps = static_cast<long>(ceil(abs(t - t0) * rate));  // ρ|h| ≤ 1; none when t = t0
    mpfr_real u(p.u0), v(p.v0);
    for (long j = 0; j < steps; ++j) {
      const mpfr_real h = (t - t0) / steps;
      taylor_step(alpha, amplitude, omega, t0 + j * h, h, tolerance, u, v);
    }
    states.emplace_back(u.str(digits, std::ios_base::scientific), v.str(digits, std::ios_base::scientific));
  }
  return states;
}

/// Reference precision: 60 digits for the fixed-width types (≥ 27 beyond float128), 40 more
/// than MPFR's own; the tolerance is 10 digits beyond the type. Over ≤ ~10³ steps the
/// reference error stays below 10^−(digits10 + 6), far below the type's ε.
template <class Real>
std::vector<std::pair<Real, Real>> reference_states(const ImpactOscillator<Real>& model, const Real& t0, const Real& u0,
                                                    const Real& v0, const std::vector<Real>& times) {
  const long digits = std::max(60L, decimal_digits<Real>() + 40);
  const ProblemText problem{text_of(model.alpha(), digits), text_of(model.amplitude(), digits),
                            text_of(model.omega(), digits),  text_of(t0, digits),
                            text_of(u0, digits),             text_of(v0, digits)};
  std::vector<std::string> time_texts;
  for (const Real& t : times) time_texts.push_back(text_of(t, digits));
  std::vector<std::pair<Real, Real>> states;
  for (const auto& [u, v] : taylor_reference(problem, time_texts, digits, decimal_digits<Real>() + 10))
    states.emplace_back(parse_real<Real>(u), parse_real<Real>(v));  // correctly rounded to Real
  return states;
}

template <class Real>
std::vector<Real> sample_times(const Real& t0) {
  std::vector<Real> times;
  for (const char* s : offsets) times.push_back(t0 + num<Real>(s));
  return times;
}

template <class Real>
using OscillatorFlightFloating = ScalarTest<Real>;
TYPED_TEST_SUITE(OscillatorFlightFloating, FloatingTypes, ScalarNames);

TYPED_TEST(OscillatorFlightFloating, AgreesWithTaylorIntegrationInEveryRegime) {
  using Real = TypeParam;
  for (const Regime& regime : regimes) {
    const auto model = regime.template model<Real>();
    const Real t0 = num<Real>(start_time), u0 = num<Real>(regime.u0), v0 = num<Real>(regime.v0);
    const OscillatorFlight<Real> flight(model, t0, u0, v0);
    const TermSizes<Real> sizes(model, t0, u0, v0);
    const auto times = sample_times(t0);
    const auto expected = reference_states(model, t0, u0, v0, times);
    for (std::size_t i = 0; i < times.size(); ++i) {
      // TermSizes counts one unit per term and per argument rounding; each term takes a few
      // roundings (coefficient, exp, cos/sin, products, sum): k = 8. The reference is good to
      // 10^−(digits10 + 6) and its rounding to Real adds ½ ε of the value, inside the same k.
      EXPECT_NEAR_EPS(flight.position(times[i]), expected[i].first, 8, sizes.position(times[i]))
          << regime.name << ", t = " << to_text(times[i]);
      EXPECT_NEAR_EPS(flight.velocity(times[i]), expected[i].second, 8, sizes.velocity(times[i]))
          << regime.name << ", t = " << to_text(times[i]);
    }
  }
}

/// Near critical damping (α = 1 ± 2^−40) and near resonance (α = 0 or 2^−20, ω = 1 ± 2^−40) the
/// flight keeps the accuracy of a flight far from both: the Taylor integration agrees to a few
/// ε relative to the size of the data and the forcing (times (1 + |s|)², the growth of the
/// response near resonance), not to 1/ω_d, 1/β or 1/√D of it. The old closed forms lost
/// 12 digits here (1/ω_d ≈ 1/β ≈ 10^6, 1/√D ≈ 10^12): double kept three or four.
TYPED_TEST(OscillatorFlightFloating, NearCriticalDampingAndNearResonanceKeepTheirDigits) {
  using Real = TypeParam;
  using std::abs;
  const Real near = Real(1) / Real(1LL << 40);
  const Real t0 = num<Real>(start_time), u0 = num<Real>("0.6"), v0 = num<Real>("-1.3"), amplitude = num<Real>("1.5");
  const std::vector<std::pair<Real, Real>> models = {
      {1 + near, Real(1) / 2}, {1 - near, Real(1) / 2},                       // (α, ω) near critical
      {Real(0), 1 + near},     {Real(0), 1 - near},     {Real(1) / Real(1 << 20), 1 + near}};  // near resonance
  for (const auto& [alpha, omega] : models) {
    const ImpactOscillator<Real> model(alpha, amplitude, omega, num<Real>("-10"), Real(1));
    const OscillatorFlight<Real> flight(model, t0, u0, v0);
    const auto times = sample_times(t0);
    const auto expected = reference_states(model, t0, u0, v0, times);
    for (std::size_t i = 0; i < times.size(); ++i) {
      const Real s = abs(times[i] - t0);
      const Real scale = (abs(u0) + abs(v0) + abs(amplitude)) * (1 + s) * (1 + s) * (1 + omega * abs(times[i]));
      EXPECT_NEAR_EPS(flight.position(times[i]), expected[i].first, 16, scale)
          << "α = " << to_text(alpha) << ", ω = " << to_text(omega) << ", t = " << to_text(times[i]);
      EXPECT_NEAR_EPS(flight.velocity(times[i]), expected[i].second, 16, scale)
          << "α = " << to_text(alpha) << ", ω = " << to_text(omega) << ", t = " << to_text(times[i]);
    }
  }
}

/// The flight reproduces its initial data (invariant): at s = 0 every basis function is 0
/// or 1 exactly, so u(t0) = u_p(t0) + (u0 − u_p(t0)) up to the rounding of the coefficients.
TYPED_TEST(OscillatorFlightFloating, PassesThroughItsInitialState) {
  using Real = TypeParam;
  for (const Regime& regime : regimes) {
    const auto model = regime.template model<Real>();
    for (const char* t0_text : {"3.7", "-12.3", "0"}) {
      const Real t0 = num<Real>(t0_text), u0 = num<Real>(regime.u0), v0 = num<Real>(regime.v0);
      const OscillatorFlight<Real> flight(model, t0, u0, v0);
      const TermSizes<Real> sizes(model, t0, u0, v0);
      // Two roundings: forming the coefficients and adding u_p(t0) back, each ≤ 1 unit of the terms.
      EXPECT_NEAR_EPS(flight.position(t0), u0, 2, sizes.position(t0)) << regime.name << ", t0 = " << t0_text;
      EXPECT_NEAR_EPS(flight.velocity(t0), v0, 2, sizes.velocity(t0)) << regime.name << ", t0 = " << t0_text;
    }
  }
}

TYPED_TEST(OscillatorFlightFloating, ClassifiesTheRegimesOfMath11) {
  using Real = TypeParam;
  const Real t0(0), u0(1), v0(0);
  const auto flight = [&](const char* alpha, const char* omega) {
    const ImpactOscillator<Real> model(num<Real>(alpha), Real(1), num<Real>(omega), Real(-10), Real(1));
    return OscillatorFlight<Real>(model, t0, u0, v0);
  };
  EXPECT_EQ(flight("0.3", "2.5").damping(), Damping::underdamped);
  EXPECT_EQ(flight("1", "2.5").damping(), Damping::critical);
  EXPECT_EQ(flight("2.5", "2.5").damping(), Damping::overdamped);
  EXPECT_TRUE(flight("0", "1").resonant());
  EXPECT_EQ(flight("0", "1").damping(), Damping::underdamped);
  EXPECT_FALSE(flight("0", "1.7").resonant());
  EXPECT_FALSE(flight("0.3", "1").resonant());
}

/// Liouville (docs/mathematics.md §1.2): det Φ(s) = e^{−2αs}; and Φ(s1 + s2) = Φ(s1)Φ(s2), the group
/// property of the flow of an autonomous linear system (invariants).
TYPED_TEST(OscillatorFlightFloating, FundamentalMatrixDeterminantAndGroupProperty) {
  using Real = TypeParam;
  using std::abs;
  using std::exp;
  for (const Regime& regime : regimes) {
    const auto model = regime.template model<Real>();
    const Real t0 = num<Real>(start_time);
    const OscillatorFlight<Real> flight(model, t0, num<Real>(regime.u0), num<Real>(regime.v0));
    const TermSizes<Real> sizes(model, t0, num<Real>(regime.u0), num<Real>(regime.v0));
    for (const char* s_text : offsets) {
      const Real s = num<Real>(s_text);
      const Matrix2<Real> phi = flight.fundamental(t0 + s);
      // Entries carry a few ε of their largest term F (argument factor 1 + ρ|s|), and the
      // determinant adds two products of such entries: 8 ε F² (1 + ρ|s|).
      const Real entry = sizes.fundamental(s);
      EXPECT_NEAR_EPS(phi.det(), exp(-2 * model.alpha() * s), 8, Real(entry * entry * (1 + sizes.speed() * abs(s))))
          << regime.name << ", s = " << s_text;
      const Real half = s / 2;
      const Matrix2<Real> product = flight.fundamental(t0 + half) * flight.fundamental(t0 + half);
      const Real half_entry = sizes.fundamental(half);
      // Two products of entries with errors as above: 8 ε F(s/2)² (1 + ρ|s|).
      const Real scale = half_entry * half_entry * (1 + sizes.speed() * abs(s));
      EXPECT_NEAR_EPS(product.a11, phi.a11, 8, scale) << regime.name << ", s = " << s_text;
      EXPECT_NEAR_EPS(product.a12, phi.a12, 8, scale) << regime.name << ", s = " << s_text;
      EXPECT_NEAR_EPS(product.a21, phi.a21, 8, scale) << regime.name << ", s = " << s_text;
      EXPECT_NEAR_EPS(product.a22, phi.a22, 8, scale) << regime.name << ", s = " << s_text;
    }
  }
}

/// The fundamental matrix against central differences of position() and velocity() in the
/// initial data (independent: fundamental() is written out entry by entry). The flow is
/// affine in (u0, v0), so the differences have no truncation error at all; what remains is
/// the rounding of the two evaluations, each ≤ 8 ε60 × (term size) as in the Taylor test,
/// divided by 2ε_fd: 8 ε60 × term size / ε_fd, about 1e−34 × term size at 60 digits and
/// ε_fd = 1e−25 — far inside the 1e−20 a nonlinear flow would allow (ε_fd² truncation plus
/// ε60/ε_fd rounding). Φ's own rounding (8 ε60) is negligible beside it.
TEST(OscillatorFlightMpfr, FundamentalMatrixIsTheDerivativeOfTheFlow) {
  const MpfrPrecisionGuard guard(60);
  using Real = mpfr_real;
  const Real step = num<Real>("1e-25");
  for (const Regime& regime : regimes) {
    const auto model = regime.model<Real>();
    const Real t0 = num<Real>(start_time), u0 = num<Real>(regime.u0), v0 = num<Real>(regime.v0);
    const OscillatorFlight<Real> flight(model, t0, u0, v0);
    const OscillatorFlight<Real> u_up(model, t0, u0 + step, v0), u_down(model, t0, u0 - step, v0);
    const OscillatorFlight<Real> v_up(model, t0, u0, v0 + step), v_down(model, t0, u0, v0 - step);
    const TermSizes<Real> sizes(model, t0, u0, v0);
    for (const Real& t : sample_times(t0)) {
      const Matrix2<Real> phi = flight.fundamental(t);
      const Real position_scale = sizes.position(t) / step, velocity_scale = sizes.velocity(t) / step;
      EXPECT_NEAR_EPS(Real((u_up.position(t) - u_down.position(t)) / (2 * step)), phi.a11, 8, position_scale)
          << regime.name << ", t = " << to_text(t);
      EXPECT_NEAR_EPS(Real((v_up.position(t) - v_down.position(t)) / (2 * step)), phi.a12, 8, position_scale)
          << regime.name << ", t = " << to_text(t);
      EXPECT_NEAR_EPS(Real((u_up.velocity(t) - u_down.velocity(t)) / (2 * step)), phi.a21, 8, velocity_scale)
          << regime.name << ", t = " << to_text(t);
      EXPECT_NEAR_EPS(Real((v_up.velocity(t) - v_down.velocity(t)) / (2 * step)), phi.a22, 8, velocity_scale)
          << regime.name << ", t = " << to_text(t);
    }
  }
}

/// |u''(t)| ≤ derivative_bound(2) on the interval (invariant, sampled at 401 points), and
/// the bound is not absurdly loose: M ≤ 10 max|u''| + the particular part of M, recomputed
/// from its closed form (ω²|a|/√D, or (|a|/2)(2 + max|t|) at resonance) — so the
/// homogeneous part of the bound is within a factor 10 of what is observed.
TYPED_TEST(OscillatorFlightFloating, CurvatureBoundHoldsAndIsReasonablyTight) {
  using Real = TypeParam;
  using std::abs;
  using std::sqrt;
  constexpr int samples = 400;
  for (const Regime& regime : regimes) {
    const auto model = regime.template model<Real>();
    const Real t0 = num<Real>(start_time);
    const OscillatorFlight<Real> flight(model, t0, num<Real>(regime.u0), num<Real>(regime.v0));
    for (const auto& [from_offset, to_offset] : {std::pair{"0", "20"}, {"5", "5.5"}, {"-1", "1"}, {"-2.9", "-2.8"}}) {
      const Real from = t0 + num<Real>(from_offset), to = t0 + num<Real>(to_offset);
      const Real bound = flight.derivative_bound(2, from, to);
      Real observed(0);
      for (int i = 0; i <= samples; ++i)
        observed = std::max(observed, Real(abs(flight.acceleration(from + (to - from) * i / samples))));
      // Both sides carry a few ε of M in rounding, and the bound can be nearly attained: at
      // the left end of an overdamped interval the fast exponential dominates both
      // (bound/observed − 1 ≈ 1e−7 on [−2.9, −2.8]). Hence a margin of 16 ε, not of a percent.
      const std::string where = std::string(regime.name) + " on s ∈ [" + from_offset + ", " + to_offset + "]";
      EXPECT_LE(observed, bound * (1 + 16 * epsilon<Real>())) << where;
      const Real& alpha = model.alpha();
      const Real& omega = model.omega();
      const Real particular =
          alpha == 0 && omega == 1
              ? abs(model.amplitude()) / 2 * (2 + std::max(abs(from), abs(to)))
              : omega * omega * abs(model.amplitude()) /
                    sqrt((1 - omega * omega) * (1 - omega * omega) + 4 * alpha * alpha * omega * omega);
      EXPECT_LE(bound, 10 * observed + particular) << where;
    }
  }
}

/// Higher derivatives (used to certify lift-off from rest) against the ODE differentiated
/// (an invariant of the exact solution, independent of the coefficient rotations):
///   u^(k) = d^{k−2}/dt^{k−2}(a cos ωt) − 2α u^(k−1) − u^(k−2),  k = 2, 3, 4,
/// and |u^(k)| ≤ derivative_bound(k) at 401 points of [t0, t0 + 5]. Tolerance: a few
/// roundings of terms no larger than the bounds of the orders involved, times the rounded
/// phase ωt of the forcing (its error is ε|ωt| in the argument): 32 (1 + |ωt|) ε · scale.
TYPED_TEST(OscillatorFlightFloating, HigherDerivativesFollowTheOdeAndTheirBounds) {
  using Real = TypeParam;
  using std::abs;
  using std::cos;
  using std::pow;
  using std::sin;
  for (const Regime& regime : regimes) {
    const auto model = regime.template model<Real>();
    const Real t0 = num<Real>(start_time);
    const OscillatorFlight<Real> flight(model, t0, num<Real>(regime.u0), num<Real>(regime.v0));
    const Real& a = model.amplitude();
    const Real& omega = model.omega();
    const Real& alpha = model.alpha();
    for (const char* offset : {"0", "0.3", "1.7", "4.9"}) {
      const Real t = t0 + num<Real>(offset);
      const Real phase = omega * t;
      const Real forcing[] = {a * cos(phase), -a * omega * sin(phase), -a * omega * omega * cos(phase)};
      // Orders 0 and 1 through the coefficient rotations against position() and velocity(),
      // which use the coefficients computed in the constructor instead.
      for (int k = 0; k <= 1; ++k) {
        const Real direct = k == 0 ? flight.position(t) : flight.velocity(t);
        const Real scale = (abs(a) * pow(omega, k) + flight.derivative_bound(k, t, t)) * (1 + abs(phase));
        EXPECT_NEAR_EPS(flight.derivative(k, t), direct, 32, scale) << regime.name << ", k = " << k << ", t = " << offset;
      }
      for (int k = 2; k <= 4; ++k) {
        const Real expected = forcing[k - 2] - 2 * alpha * flight.derivative(k - 1, t) - flight.derivative(k - 2, t);
        const Real scale = (abs(a) * pow(omega, k - 2) + flight.derivative_bound(k, t, t) +
                            2 * alpha * flight.derivative_bound(k - 1, t, t) + flight.derivative_bound(k - 2, t, t)) *
                           (1 + abs(phase));
        EXPECT_NEAR_EPS(flight.derivative(k, t), expected, 32, scale) << regime.name << ", k = " << k << ", t = " << offset;
      }
    }
    constexpr int samples = 400;
    const Real to = t0 + 5;
    for (int k = 3; k <= 4; ++k) {
      const Real bound = flight.derivative_bound(k, t0, to);
      for (int i = 0; i <= samples; ++i)
        EXPECT_LE(abs(flight.derivative(k, Real(t0 + (to - t0) * i / samples))), bound * (1 + 16 * epsilon<Real>()))
            << regime.name << ", k = " << k << ", sample " << i;
    }
  }
}

/// The bounds of the three homogeneous cases are attained (closed forms, a = 0, t0 = 3.7):
/// - α = 1, (u0, v0) = (1, −1/2): c1 = 2c2 = 1, u'' = (s/2) e^{−s}, whose maximum e^{−1}/2 at
///   s = 1 is exactly the |c2|/e term of the bound;
/// - α = 2.5, (u0, v0) = (1, −1): c1, c2 > 0, both terms of u'' are positive and largest at s = 0;
/// - α = 0, (u0, v0) = (1, 0): u = cos s, |u''| ≤ R = 1, attained at s = 0.
/// A few roundings in the bound and in f(t, u, v): k = 8 of the bound.
TYPED_TEST(OscillatorFlightFloating, CurvatureBoundIsAttainedInEachHomogeneousCase) {
  using Real = TypeParam;
  using std::abs;
  using std::exp;
  const Real t0 = num<Real>(start_time);
  const struct {
    const char *name, *alpha, *v0;
    Real peak;  // s where |u''| is largest
  } cases[] = {{"critical", "1", "-0.5", Real(1)}, {"overdamped", "2.5", "-1", Real(0)}, {"undamped", "0", "0", Real(0)}};
  for (const auto& c : cases) {
    const ImpactOscillator<Real> model(num<Real>(c.alpha), Real(0), num<Real>("1.7"), Real(-10), Real(1));
    const OscillatorFlight<Real> flight(model, t0, Real(1), num<Real>(c.v0));
    const Real bound = flight.derivative_bound(2, t0, t0 + 5);
    EXPECT_NEAR_EPS(Real(abs(flight.acceleration(t0 + c.peak))), bound, 8, bound) << c.name;
  }
  const ImpactOscillator<Real> critical(Real(1), Real(0), Real(1), Real(-10), Real(1));
  EXPECT_NEAR_EPS(OscillatorFlight<Real>(critical, t0, Real(1), num<Real>("-0.5")).derivative_bound(2, t0, t0 + 5),
                  Real(exp(Real(-1)) / 2), 8, Real(1));
}

/// state(t) evaluates position and velocity together from two sin_cos and one exp;
/// derivative(0, t) and derivative(1, t) evaluate each apart, from their own cos, sin and
/// exp and from coefficients rotated by differentiate_homogeneous (an independent path).
/// Each is within 8 units of TermSizes of the exact value (the bound of
/// AgreesWithTaylorIntegrationInEveryRegime), so the two are within 16 of each other.
TYPED_TEST(OscillatorFlightFloating, JointStateEqualsTheSeparateEvaluation) {
  using Real = TypeParam;
  for (const Regime& regime : regimes) {
    const auto model = regime.template model<Real>();
    const Real t0 = num<Real>(start_time), u0 = num<Real>(regime.u0), v0 = num<Real>(regime.v0);
    const OscillatorFlight<Real> flight(model, t0, u0, v0);
    const TermSizes<Real> sizes(model, t0, u0, v0);
    for (const Real& t : sample_times(t0)) {
      const PositionVelocity<Real> joint = flight.state(t);
      EXPECT_NEAR_EPS(joint.position, flight.derivative(0, t), 16, sizes.position(t))
          << regime.name << ", t = " << to_text(t);
      EXPECT_NEAR_EPS(joint.velocity, flight.derivative(1, t), 16, sizes.velocity(t))
          << regime.name << ", t = " << to_text(t);
    }
  }
}

/// sin_cos(x) against sin(x) and cos(x): equal, not near. MPFR rounds every one of them
/// correctly (mpfr_sin_cos included), and the built-in types call the same functions.
/// The arguments include a large one (reduction modulo 2π) and one just below π/2.
TYPED_TEST(OscillatorFlightFloating, SinCosEqualsSinAndCosApart) {
  using Real = TypeParam;
  using std::cos;
  using std::sin;
  for (const char* text : {"0", "0.3", "-2.9", "1.5707963", "123456.789", "1e-30"}) {
    const Real x = num<Real>(text);
    const SinCos<Real> joint = sin_cos(x);
    EXPECT_EQ(joint.sin, Real(sin(x))) << text;
    EXPECT_EQ(joint.cos, Real(cos(x))) << text;
  }
}

TYPED_TEST(OscillatorFlightFloating, CurvatureBoundRejectsAReversedInterval) {
  using Real = TypeParam;
  const OscillatorFlight<Real> flight(regimes[0].template model<Real>(), Real(0), Real(1), Real(0));
  EXPECT_THROW(flight.derivative_bound(2, Real(2), Real(1)), std::invalid_argument);
}

// ---- constant force, u'' = −g: every type, exact with rationals ----

template <class Real>
using ConstantForceFlightAll = ScalarTest<Real>;
TYPED_TEST_SUITE(ConstantForceFlightAll, AllTypes, ScalarNames);

/// Closed form u0 + v0 s − g s²/2 (seed 000 §2), and the invariants of a quadratic: its
/// central first and second differences are its derivatives exactly. With rationals every
/// check is an equality (ε = 0).
TYPED_TEST(ConstantForceFlightAll, MatchesTheClosedFormAndItsDerivatives) {
  using Real = TypeParam;
  using std::abs;
  const ConstantForce<Real> ball(num<Real>("9.81"), Real(0), num<Real>("0.5"));
  const Real g = ball.gravity(), t0 = num<Real>("3.7"), u0 = num<Real>("2"), v0 = num<Real>("-3");
  const ConstantForceFlight<Real> flight(ball, t0, u0, v0);
  const Real h = num<Real>("0.25");
  for (const char* s_text : {"0", "0.3", "1/3", "2.5", "-1.7", "20"}) {
    const Real s = num<Real>(s_text), t = t0 + s;
    const Real size = abs(u0) + abs(v0 * s) + abs(g * s * s) / 2;  // terms of the closed form
    // t − t0 may differ from s by 1 ε|t|, which moves u by |u'| ε|t|; four roundings of the terms.
    const Real time_error = (abs(v0) + abs(g * s)) * abs(t);
    EXPECT_NEAR_EPS(flight.position(t), Real(u0 + v0 * s - g * s * s / 2), 4, Real(size + time_error))
        << "s = " << s_text;
    EXPECT_NEAR_EPS(flight.velocity(t), Real(v0 - g * s), 4, Real(abs(v0) + abs(g) * (abs(s) + abs(t))))
        << "s = " << s_text;
    EXPECT_EQ(flight.acceleration(t), -g);
    // Differences of values of size ≤ U cancel: 4 ε U/h and 8 ε U/h² (h = 1/4 exact).
    const Real u_size = abs(u0) + abs(v0) * (abs(s) + 1) + abs(g) * (abs(s) + 1) * (abs(s) + 1);
    const Real up = flight.position(t + h), here = flight.position(t), down = flight.position(t - h);
    EXPECT_NEAR_EPS(Real((up - down) / (2 * h)), flight.velocity(t), 4, Real(u_size / h)) << "s = " << s_text;
    EXPECT_NEAR_EPS(Real((up - 2 * here + down) / (h * h)), -g, 8, Real(u_size / (h * h))) << "s = " << s_text;
  }
}

/// Φ(s) = [[1, s], [0, 1]] (closed form), det Φ = 1 and Φ(s1)Φ(s2) = Φ(s1 + s2) (invariants);
/// the curvature bound is |g| and is attained.
TYPED_TEST(ConstantForceFlightAll, FundamentalMatrixAndCurvatureBound) {
  using Real = TypeParam;
  using std::abs;
  const ConstantForce<Real> ball(num<Real>("-9.81"), Real(0), num<Real>("0.5"));
  const Real t0 = num<Real>("1/3");
  const ConstantForceFlight<Real> flight(ball, t0, num<Real>("2"), num<Real>("-3"));
  const Real s1 = num<Real>("0.75"), s2 = num<Real>("-2.5");
  const Matrix2<Real> phi = flight.fundamental(t0 + s1);
  EXPECT_EQ(phi.a11, Real(1));
  EXPECT_EQ(phi.a21, Real(0));
  EXPECT_EQ(phi.a22, Real(1));
  EXPECT_NEAR_EPS(phi.a12, s1, 1, Real(abs(t0) + abs(s1)));  // t0 + s1 − t0: two roundings of size |t|
  EXPECT_NEAR_EPS(phi.det(), Real(1), 1, Real(1));            // 1·1 − s·0, exact in every type
  const Matrix2<Real> product = flight.fundamental(t0 + s1) * flight.fundamental(t0 + s2);
  EXPECT_NEAR_EPS(product.a12, flight.fundamental(t0 + s1 + s2).a12, 4, Real(abs(t0) + abs(s1) + abs(s2)));
  EXPECT_EQ(flight.derivative_bound(2, t0, t0 + s1), abs(ball.gravity()));
  EXPECT_EQ(abs(flight.acceleration(t0)), flight.derivative_bound(2, t0 - 1, t0 + 1));
  EXPECT_THROW(flight.derivative_bound(2, t0 + 1, t0), std::invalid_argument);
}

}  // namespace
}  // namespace vibro::testing
