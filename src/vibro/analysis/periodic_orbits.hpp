#pragma once
// Closed-form (1, n) periodic orbits of the impact oscillator u'' + 2αu' + u = a cos ωt,
// u ≥ u_min, u'(t+) = −e u'(t−) (docs/periodic_orbits.md; Shaw & Holmes 1983, Budd & Dux
// 1994): one impact every n forcing periods T = 2π/ω, at phase θ = ωt0, with the incoming
// velocity v− < 0. With p(t) = A cos ωt + B sin ωt the T-periodic particular solution and
// Φ(τ) the fundamental matrix of x'' + 2αx' + x = 0, the flight from (u_min, −e v−) at t0
// must return to (u_min, v−) at t0 + nT, which gives (docs/periodic_orbits.md §2)
//
//   y0 = (1 − Φ11) x0 / Φ12,   x0 = u_min − p(t0),   y0 = −e v− − p'(t0),
//   G x0 + (1 + 1/e) p'(t0) = 0,   G = Φ21 + (Φ22 + 1/e)(1 − Φ11)/Φ12,
//
// the second a first-harmonic equation P cos θ + Q sin θ = −G u_min with exactly the roots
// θ = δ ± arccos(−G u_min/R), R = √(P² + Q²), δ = atan2(Q, P): none when |G u_min| > R, so
// no root can be missed. The orbit's monodromy matrix is M = S Φ(nT) with the reference's
// saltation matrix S = [[−e, 0], [(a+ + e a−)/v−, −e]] (a± the accelerations just after and
// before the impact; seed 001 Theorem 3.1), det M = e² exp(−2αnT); its eigenvalues are the
// Floquet multipliers.
//
// A root is an orbit only when it is admissible: v− < 0 and the flight stays above the
// obstacle in between, which the reference's certified contact search decides
// (reference/first_zero.hpp): a flight that reaches the obstacle earlier is rejected as
// penetrating, one that touches it as grazing.

#include "vibro/model/impact_oscillator.hpp"
#include "vibro/reference/first_zero.hpp"
#include "vibro/reference/impact_reference.hpp"
#include "vibro/reference/matrix2.hpp"
#include "vibro/reference/oscillator_flight.hpp"
#include "vibro/reference/reference_settings.hpp"
#include "vibro/scalar/format.hpp"
#include "vibro/scalar/traits.hpp"

#include <boost/math/constants/constants.hpp>
#include <boost/math/tools/toms748_solve.hpp>

#include <cmath>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace vibro {

/// The eigenvalues of a 2×2 real matrix: a real pair, or a complex-conjugate pair re ± i·im.
template <class Real>
struct FloquetMultipliers {
  bool real = true;
  Real first, second;  ///< real: μ1, μ2 with |μ1| ≥ |μ2|; complex: re and im > 0 of re ± i·im
  /// max |μ|.
  Real largest_modulus() const {
    using std::abs;
    using std::sqrt;
    return real ? Real(abs(first)) : Real(sqrt(first * first + second * second));
  }
};

/// The multipliers of M from its trace and determinant.
template <class Real>
FloquetMultipliers<Real> floquet_multipliers(const Matrix2<Real>& m) {
  using std::abs;
  using std::sqrt;
  const Real trace = m.a11 + m.a22, det = m.det();
  const Real discriminant = trace * trace - 4 * det;
  FloquetMultipliers<Real> mu;
  if (discriminant >= 0) {
    const Real root = sqrt(discriminant);
    // The larger root without cancellation; the other from the product (Vieta).
    const Real big = trace >= 0 ? Real((trace + root) / 2) : Real((trace - root) / 2);
    mu.first = big;
    mu.second = big != 0 ? Real(det / big) : Real(0);
    if (abs(mu.second) > abs(mu.first)) std::swap(mu.first, mu.second);
  } else {
    mu.real = false;
    mu.first = trace / 2;
    mu.second = sqrt(-discriminant) / 2;
  }
  return mu;
}

/// Φ(τ) of x'' + 2αx' + x = 0 as exp(−κτ) Ψ(τ) with Ψ of order one (docs/periodic_orbits.md
/// §2): x = exp(−ατ) y turns the system into y'' + (1 − α²) y = 0, whose fundamental matrix Y
/// gives Φ = exp(−ατ) L Y L⁻¹, L = [[1, 0], [−α, 1]]; for α > 1, Y grows as exp(βτ),
/// β = √(α² − 1), and is carried scaled by exp(−βτ), so that κ = α − β = 1/(α + β). Where
/// Φ(nT) underflows the type, Ψ and κ do not.
template <class Real>
struct ScaledFundamental {
  Real kappa;        ///< the decay rate κ
  Matrix2<Real> psi;  ///< Ψ(τ) = exp(κτ) Φ(τ)
};

template <class Real>
ScaledFundamental<Real> scaled_fundamental(const Real& alpha, const Real& tau) {
  using std::cos;
  using std::exp;
  using std::sin;
  using std::sqrt;
  Matrix2<Real> y;  // Y(τ), scaled by exp(−βτ) when α > 1
  Real kappa = alpha;
  if (alpha < 1) {
    const Real beta = sqrt((1 - alpha) * (1 + alpha));
    const Real c = cos(beta * tau), s = sin(beta * tau);
    y = {c, Real(s / beta), Real(-beta * s), c};
  } else if (alpha == 1) {
    y = {Real(1), tau, Real(0), Real(1)};
  } else {
    const Real beta = sqrt((alpha - 1) * (alpha + 1));
    const Real q = exp(-2 * beta * tau);
    y = {Real((1 + q) / 2), Real((1 - q) / (2 * beta)), Real(beta * (1 - q) / 2), Real((1 + q) / 2)};
    kappa = 1 / (alpha + beta);
  }
  const Matrix2<Real> l{Real(1), Real(0), Real(-alpha), Real(1)}, l_inverse{Real(1), Real(0), alpha, Real(1)};
  return {kappa, l * (y * l_inverse)};
}

/// One root of the impact-phase equation: a (1, n) orbit when admissible.
template <class Real>
struct PeriodicOrbit {
  int n = 1;             ///< one impact every n forcing periods
  Real phase;            ///< θ = ω t0 in [0, 2π)
  Real impact_time;      ///< t0 = θ/ω, in [0, T)
  Real velocity_before;  ///< v− (< 0 when admissible)
  Real velocity_after;   ///< v+ = −e v−
  Matrix2<Real> monodromy;  ///< M = S Φ(nT), from just after one impact to just after the next
  FloquetMultipliers<Real> multipliers;
  /// ln|μ1|, ln|μ2| (equal for a complex pair), from the scaled monodromy: finite where the
  /// multipliers themselves underflow the type (strong damping, long flights).
  std::pair<Real, Real> log_moduli;
  bool admissible = false;
  std::string rejected_because;  ///< empty when admissible
  bool stable() const { return admissible && multipliers.largest_modulus() < 1; }
  /// The state (u, v) at t = nT ≡ 0 (mod T) on the orbit: where a run started at t = 0
  /// stays on it (the flight from the impact at t0 evaluated at nT).
  Real start_u, start_v;
};

/// Why the phase equation has no isolated roots, when it does not.
struct OrbitSearchFailure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// The multipliers of M = S Φ(nT) = exp(−κnT) S Ψ(nT) (scaled_fundamental) and their
/// ln|μi|, from the multipliers ν of S Ψ: μ = exp(−κnT) ν, and for a real pair ln|ν2| =
/// ln det SΨ − ln|ν1| with ln det SΨ = 2 ln e − 2(α − κ)nT in logarithms (det S = e²,
/// det Φ = exp(−2αnT)): det SΨ itself underflows when α > 1, and cancels in SΨ's entries.
template <class Real>
void set_multipliers(PeriodicOrbit<Real>& orbit, const Matrix2<Real>& saltation, const ScaledFundamental<Real>& scaled,
                     const Real& e, const Real& alpha, const Real& tau) {
  using std::abs;
  using std::exp;
  using std::log;
  const FloquetMultipliers<Real> nu = floquet_multipliers(Matrix2<Real>(saltation * scaled.psi));
  const Real log_det = 2 * log(e) - 2 * (alpha - scaled.kappa) * tau;
  const Real decay = -scaled.kappa * tau;
  const Real scale = exp(decay);
  orbit.multipliers.real = nu.real;
  if (!nu.real) {
    orbit.multipliers.first = nu.first * scale;
    orbit.multipliers.second = nu.second * scale;
    orbit.log_moduli = {Real(decay + log_det / 2), Real(decay + log_det / 2)};
    return;
  }
  const Real log_first = log(abs(nu.first)), log_second = log_det - log_first;
  orbit.multipliers.first = nu.first * scale;
  orbit.multipliers.second = (nu.first < 0 ? -1 : 1) * exp(decay + log_second);  // det SΨ > 0: one sign
  orbit.log_moduli = {Real(decay + log_first), Real(decay + log_second)};
}

/// Every root in [0, 2π) of the impact-phase equation of the (1, n) orbits, each with its
/// velocities, monodromy matrix, multipliers, admissibility and starting state. Throws
/// OrbitSearchFailure when the equation is degenerate: e = 0 (the mass stays on the
/// obstacle), α = 0 with ω = 1 (no periodic particular solution), Φ12(nT) = 0 (the free
/// oscillation returns after nT whatever the phase), or P = Q = 0.
/// The windows the admissibility search of a (1, n) orbit's flight may take: enough for any
/// well-posed flight (a few a period), a second or so at 50 digits.
inline constexpr std::int64_t orbit_search_min_windows = 20'000;
inline constexpr std::int64_t orbit_search_windows_per_period = 200;

template <class Real>
std::vector<PeriodicOrbit<Real>> periodic_orbits(const ImpactOscillator<Real>& model, int n) {
  using std::abs;
  using std::acos;
  using std::atan2;
  using std::cos;
  using std::fmod;
  using std::sin;
  using std::sqrt;
  if (n < 1) throw OrbitSearchFailure("n must be at least 1");
  const Real& alpha = model.alpha();
  const Real& omega = model.omega();
  const Real& e = model.restitution();
  const Real& u_min = model.obstacle();
  if (!(e > 0)) throw OrbitSearchFailure("e = 0: the mass stays on the obstacle after an impact, no (1, n) orbit");
  if (alpha == 0 && omega == 1) throw OrbitSearchFailure("α = 0, ω = 1: resonance, no periodic particular solution");
  const Real two_pi = boost::math::constants::two_pi<Real>();
  const Real period = model.period();
  const Real flight_time = period * n;
  // p(t) = A cos ωt + B sin ωt solves p'' + 2αp' + p = a cos ωt.
  const Real detuning = (1 - omega) * (1 + omega), friction = 2 * alpha * omega;
  const Real d = detuning * detuning + friction * friction;
  const Real big_a = model.amplitude() * detuning / d, big_b = model.amplitude() * friction / d;
  // Φ(nT) of the homogeneous flow: any flight's fundamental matrix over nT. Its entries may
  // underflow the type (strong damping, long flights): below, only in forms where that is
  // harmless.
  const Matrix2<Real> phi = OscillatorFlight<Real>(model, Real(0), Real(0), Real(0)).fundamental(flight_time);
  const ScaledFundamental<Real> scaled = scaled_fundamental(alpha, flight_time);
  if (alpha == 0 && phi.a12 == 0)
    throw OrbitSearchFailure("Φ12(nT) = 0: every phase returns after nT, the orbits are not isolated");
  // The phase equation multiplied by Φ12: g = GΦ12 and c = (1 + 1/e)ωΦ12 stay of order one
  // where Φ12 is tiny and G = Φ21 + (Φ22 + 1/e)(1 − Φ11)/Φ12 overflows or loses ε/|Φ12|.
  const Real g = phi.a21 * phi.a12 + (phi.a22 + 1 / e) * (1 - phi.a11);
  const Real c = (1 + 1 / e) * omega * phi.a12;
  // G(u_min − A cos θ − B sin θ) + (1 + 1/e)ω(B cos θ − A sin θ) = 0, times Φ12:
  // P cos θ + Q sin θ = −g u_min.
  const Real p_cos = c * big_b - g * big_a, q_sin = -c * big_a - g * big_b;
  const Real r = sqrt(p_cos * p_cos + q_sin * q_sin);
  if (r == 0) throw OrbitSearchFailure("the phase equation has no θ-dependent part");
  const Real right = -g * u_min;
  std::vector<PeriodicOrbit<Real>> orbits;
  if (abs(right) > r) return orbits;
  const Real delta = atan2(q_sin, p_cos), spread = acos(right / r);
  std::vector<Real> phases = {Real(delta + spread)};
  if (spread != 0) phases.push_back(Real(delta - spread));
  for (Real theta : phases) {
    theta = fmod(theta, two_pi);
    if (theta < 0) theta += two_pi;
    PeriodicOrbit<Real> orbit;
    orbit.n = n;
    orbit.phase = theta;
    orbit.impact_time = theta / omega;
    const Real p = big_a * cos(theta) + big_b * sin(theta);
    const Real dp = omega * (big_b * cos(theta) - big_a * sin(theta));
    // y0 = (1 − Φ11) x0 / Φ12 with x0 = −(1 + 1/e) p'(t0) Φ12 / g from the phase equation:
    // x0 = u_min − p(θ) itself cancels at the root to ε/|Φ12| (docs/periodic_orbits.md §2).
    const Real y0 = g != 0 ? Real(-(1 - phi.a11) * (1 + 1 / e) * dp / g) : Real((1 - phi.a11) * (u_min - p) / phi.a12);
    orbit.velocity_before = -(y0 + dp) / e;
    orbit.velocity_after = -e * orbit.velocity_before;
    const Matrix2<Real> saltation = saltation_matrix(model, orbit.impact_time, orbit.velocity_before);
    orbit.monodromy = saltation * phi;
    set_multipliers(orbit, saltation, scaled, e, alpha, flight_time);
    const OscillatorFlight<Real> flight(model, orbit.impact_time, u_min, orbit.velocity_after);
    const PositionVelocity<Real> start = flight.state(flight_time);
    orbit.start_u = start.position;
    orbit.start_v = start.velocity;
    if (!(orbit.velocity_before < 0)) {
      orbit.rejected_because = "v− = " + to_text(orbit.velocity_before) +
                               " ≥ 0: the mass would leave the obstacle, not hit it (a virtual orbit)";
    } else {
      // The flight from the impact must stay above u_min until t0 + nT: the certified search
      // for its first contact, run a little past the return so that the return itself is
      // found as a crossing (the gap there is zero up to rounding).
      const ReferenceSettings<Real> settings = default_reference_settings(model, u_min, orbit.velocity_after);
      const auto gap = [&](const Real& t) { return Real(flight.position(t) - u_min); };
      const auto rate = [&](const Real& t) { return flight.velocity(t); };
      const auto curvature = [&](const Real& l, const Real& rr) { return flight.derivative_bound(2, l, rr); };
      const Real end = orbit.impact_time + flight_time;
      // A well-posed flight of n periods is decided in a few windows a period. Near critical
      // damping (α ≈ 1) or resonance (α ≈ 0, ω ≈ 1) the closed form is a difference of terms
      // many orders larger than the motion, its curvature bound as large, and the search would
      // take hours (round 4: mpfr:50 at α = 1 ± 1e−44 ran for 400 s): it is cut short, and the
      // orbit is said to be undecided rather than rejected.
      const std::int64_t windows = std::max<std::int64_t>(orbit_search_min_windows, orbit_search_windows_per_period * n);
      ZeroSearch<Real> found;
      std::string undecided;
      try {
        found = first_zero(gap, rate, curvature, orbit.impact_time, Real(end + period / 64),
                           ZeroSearchSettings<Real>{settings.max_window, settings.contact_tolerance, windows});
      } catch (const std::logic_error&) {  // the gap at the impact itself is below −tolerance
        undecided = "at this precision the flight's start evaluates below the obstacle (its closed form loses digits "
                    "to cancellation near critical damping α ≈ 1; more digits may decide it)";
      } catch (const std::runtime_error&) {  // the windows ran out
        undecided = "the search for an earlier contact of the flight found no answer in " + std::to_string(windows) +
                    " windows at this precision (its bounds are many orders above the motion: near critical damping "
                    "α ≈ 1 or resonance α ≈ 0, ω ≈ 1 the closed form cancels; more digits may decide it)";
      }
      // The return is transverse (v− < 0), so the search finds it to its bracketing
      // precision; anything earlier than the time scale's square-root tolerance is another
      // contact.
      const Real slack = sqrt(epsilon<Real>()) * period;
      if (!undecided.empty()) {
        orbit.rejected_because = "not proved admissible: " + undecided;
      } else if (found.kind == ZeroKind::none) {
        orbit.rejected_because = "the flight does not return to the obstacle (rounding of a near-degenerate root)";
      } else if (found.t < end - slack) {
        orbit.rejected_because =
            std::string(found.kind == ZeroKind::touch ? "the flight grazes the obstacle" : "the flight reaches the obstacle") +
            " at t = " + to_text(found.t) + ", before the impact at t0 + nT = " + to_text(end) +
            (found.kind == ZeroKind::touch ? " (grazing)" : " (penetrating)");
      } else {
        orbit.admissible = true;
      }
    }
    orbits.push_back(std::move(orbit));
  }
  return orbits;
}

/// The admissible (1, n) orbit, n ≤ n_max, whose state at t = 0 is (u0, v0) to within
/// √ε (1 + |u0| + |v0|): the orbit a run from (u0, v0) at t = 0 starts on.
template <class Real>
std::optional<PeriodicOrbit<Real>> orbit_through(const ImpactOscillator<Real>& model, const Real& u0, const Real& v0,
                                                 int n_max) {
  using std::abs;
  using std::sqrt;
  const Real tolerance = sqrt(epsilon<Real>()) * (1 + abs(u0) + abs(v0));
  for (int n = 1; n <= n_max; ++n) {
    try {
      for (auto& orbit : periodic_orbits(model, n))
        if (orbit.admissible && abs(orbit.start_u - u0) <= tolerance && abs(orbit.start_v - v0) <= tolerance)
          return orbit;
    } catch (const OrbitSearchFailure&) {
      continue;  // no isolated orbits for this n
    }
  }
  return std::nullopt;
}

/// What the Gram–Schmidt recurrence of the Lyapunov engine (analysis/lyapunov.hpp) gives
/// after K periods from e1 on the orbit, computed from the orbit's exact period Jacobians
/// (docs/periodic_orbits.md §5): Φ(T − t0) S Φ(t0) in the period of the impact and Φ(T)
/// in the n − 1 others, so λ1 = (1/K) ln ‖J_K ⋯ J_1 e1‖ and λ1 + λ2 = (1/K) Σ ln |det J_k|.
template <class Real>
std::pair<Real, Real> finite_k_exponents(const ImpactOscillator<Real>& model, const PeriodicOrbit<Real>& orbit,
                                         std::int64_t periods) {
  using std::abs;
  using std::log;
  using std::sqrt;
  const Real period = model.period();
  const OscillatorFlight<Real> free(model, Real(0), Real(0), Real(0));
  const Matrix2<Real> impact_period = free.fundamental(Real(period - orbit.impact_time)) *
                                      saltation_matrix(model, orbit.impact_time, orbit.velocity_before) *
                                      free.fundamental(orbit.impact_time);
  const Matrix2<Real> plain_period = free.fundamental(period);
  Real v1(1), v2(0), log_norms(0), log_dets(0);
  for (std::int64_t k = 0; k < periods; ++k) {
    const Matrix2<Real>& j = k % orbit.n == 0 ? impact_period : plain_period;
    const Real w1 = j.a11 * v1 + j.a12 * v2, w2 = j.a21 * v1 + j.a22 * v2;
    const Real norm = sqrt(w1 * w1 + w2 * w2);
    v1 = w1 / norm;
    v2 = w2 / norm;
    log_norms += log(norm);
    log_dets += log(abs(j.det()));
  }
  return {Real(log_norms / periods), Real((log_dets - log_norms) / periods)};
}

/// The only admissible (1, n) orbit of `model`, or none when there is not exactly one.
template <class Real>
std::optional<PeriodicOrbit<Real>> single_admissible_orbit(const ImpactOscillator<Real>& model, int n) {
  std::optional<PeriodicOrbit<Real>> found;
  for (auto& orbit : periodic_orbits(model, n)) {
    if (!orbit.admissible) continue;
    if (found) return std::nullopt;
    found = std::move(orbit);
  }
  return found;
}

/// χ(−1) = 1 + tr M + det M = (1 + μ1)(1 + μ2), the characteristic polynomial of the only
/// admissible (1, n) orbit's monodromy at −1 (docs/periodic_orbits.md §4); none when `model`
/// does not have exactly one admissible (1, n) orbit. A sign change of it between two
/// parameter values is a real multiplier crossing −1 (a complex pair gives |1 + μ|² > 0).
template <class Real>
std::optional<Real> characteristic_at_minus_one(const ImpactOscillator<Real>& model, int n) {
  const auto orbit = single_admissible_orbit(model, n);
  if (!orbit) return std::nullopt;
  const Matrix2<Real>& m = orbit->monodromy;
  return Real(1 + m.a11 + m.a22 + m.det());
}

/// Where a multiplier of the (1, n) orbit crosses −1: the root of characteristic_at_minus_one
/// over a parameter x in [lo, hi], `make_model(x)` giving the oscillator at x, by
/// Boost.Math's TOMS 748 on a bracket where it changes sign, to the type's precision. None
/// when the ends do not each have exactly one admissible orbit, or it does not change sign
/// between them.
template <class Real, class MakeModel>
std::optional<Real> period_doubling_point(const MakeModel& make_model, int n, const Real& lo, const Real& hi) {
  const auto f_lo = characteristic_at_minus_one<Real>(make_model(lo), n);
  const auto f_hi = characteristic_at_minus_one<Real>(make_model(hi), n);
  if (!f_lo || !f_hi || (*f_lo > 0) == (*f_hi > 0)) return std::nullopt;
  const auto f = [&](const Real& x) {
    const auto value = characteristic_at_minus_one<Real>(make_model(x), n);
    if (!value) throw OrbitSearchFailure("the (1, n) orbit stops being admissible inside the bracket at " + to_text(x));
    return *value;
  };
  std::uintmax_t iterations = 200;
  const auto bracket = boost::math::tools::toms748_solve(
      f, lo, hi, *f_lo, *f_hi, boost::math::tools::eps_tolerance<Real>(), iterations);
  return Real((bracket.first + bracket.second) / 2);
}

}  // namespace vibro
