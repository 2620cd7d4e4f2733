#pragma once
// The experiments behind seed 003's claims about the non-standard impact scheme (seed 003
// §3 and §5, docs/mathematics.md §5): example 5.1's exact solution, the per-flight energy record of a
// run, the delay of the discrete flight after each impact, counts of active steps, and
// the closed forms of Störmer–Verlet's amplitude and energy oscillation. Tests assert on these; the runs of cases/nsfd/ report them.
//
// Vocabulary: step k computes y^{k+1}; it is free when the projection is inactive. A
// flight is a maximal run of free steps k0..k1: the nodes y^{k0−1}..y^{k1+1} satisfy the
// free recurrence, so they lie on one free-flight solution, and the energies E^j
// (of (y^j, y^{j+1})) with k0−1 ≤ j ≤ k1 are equal in exact arithmetic.

#include "vibro/model/conservative_oscillator.hpp"
#include "vibro/scalar/traits.hpp"
#include "vibro/scheme/nonstandard_impact.hpp"

#include <boost/math/constants/constants.hpp>

#include <cmath>
#include <cstdint>
#include <utility>
#include <vector>

namespace vibro {

/// Rounding bound, in units of ε |y|max, on |y^k − y(t_k)| after k free steps of the
/// nonstandard harmonic recurrence y^{k+1} = 2c y^k − y^{k−1} from exact-start nodes. With
/// c = fl(cos θ) the recurrence is, in exact arithmetic, the exact flow at an angle θ̂ with
/// |θ̂ − θ| ≤ ε/(2 sin θ) (the exact start uses the same c); each step rounds ≲ 4ε|y|max, and
/// a perturbation of one node reaches m steps later multiplied by |sin(mθ)/sin θ| ≤ 1/sin θ:
/// together 5(k + 2)/|sin θ|.
template <class Real>
double free_recurrence_rounding_bound(std::int64_t k, const Real& theta) {
  using std::abs;
  using std::sin;
  return 5.0 * static_cast<double>(k + 2) / static_cast<double>(abs(sin(theta)));
}

/// Rounding bound, in units of ε E, on the change of a conserved discrete energy over k
/// steps at θ = ωΔt (docs/mathematics.md §5): a rounding δ of y^{k+1} moves E^k by (|Δy|/φ² + ω²|y|)δ ≈
/// 2E(1/θ + 1)δ/|y|, and evaluating E costs ≈ 2ε/θ (the difference Δy ~ θ|y| loses that much):
/// 8(k + 1)(1 + 1/θ).
template <class Real>
double energy_rounding_bound(std::int64_t k, const Real& theta) {
  return 8.0 * static_cast<double>(k + 1) * (1 + 1 / static_cast<double>(theta));
}

/// Example 5.1 of seed 003 (docs/mathematics.md §5, derived): y'' + ω² y = 0, y ≥ 0, y0 = 1, v0 = 0.
/// Impacts at s_n = π/(2ω) + nπ/ω; on [s_n, s_{n+1}], y = e^{n+1} sin(ω(t − s_n)).
template <class Real>
class Example51Solution {
 public:
  Example51Solution(Real omega, Real e) : omega_(std::move(omega)), e_(std::move(e)) {}

  Real impact_time(std::int64_t n) const {
    const Real pi = boost::math::constants::pi<Real>();
    return (pi / 2 + pi * n) / omega_;
  }
  /// e^{n+1}, the amplitude of the flight after impact n.
  Real amplitude_after(std::int64_t n) const {
    using std::pow;
    return pow(e_, n + 1);
  }
  Real position(const Real& t) const {
    using std::cos;
    using std::floor;
    using std::sin;
    const Real first = impact_time(0);
    if (t < first) return cos(omega_ * t);
    const Real pi = boost::math::constants::pi<Real>();
    const auto n = static_cast<std::int64_t>(floor((t - first) * omega_ / pi));
    return amplitude_after(n) * sin(omega_ * (t - impact_time(n)));
  }

 private:
  Real omega_, e_;
};

/// A free flight A cos + B sin of y'' + ω² y = 0, given by (t_ref, y_ref, v_ref).
template <class Real>
struct HarmonicFlight {
  Real omega, t_ref, y_ref, v_ref;

  Real position(const Real& t) const {
    using std::cos;
    using std::sin;
    return y_ref * cos(omega * (t - t_ref)) + v_ref / omega * sin(omega * (t - t_ref));
  }
  /// R with y = R sin(ω(t − σ)).
  Real amplitude() const {
    using std::sqrt;
    return sqrt(y_ref * y_ref + v_ref * v_ref / (omega * omega));
  }
  /// σ, the upward zero crossing within half a period of t_ref (ω(t_ref − σ) ∈ (−π, π]).
  Real upward_zero_time() const {
    using std::atan2;
    return t_ref - atan2(y_ref, v_ref / omega) / omega;
  }
};

/// The free flight through the state's two nodes: with the nonstandard scheme and β = 0
/// its velocity is exact (seed 003 eq. (3.14)), so every later node of the same flight of
/// the scheme lies on it.
template <class Scheme>
HarmonicFlight<typename Scheme::Real> flight_through(const Scheme& scheme, const typename Scheme::State& x) {
  return {scheme.model().omega(), scheme.time(x), scheme.position(x), scheme.velocity(x)};
}

/// One flight of a run (see the vocabulary above).
template <class Real>
struct Flight {
  std::int64_t first_node = 0;  ///< y^{k0−1}
  std::int64_t last_node = 0;   ///< y^{k1+1}
  Real first_y, second_y;       ///< y^{k0−1}, y^{k0}: enough to fit the free flight
  Real energy_min, energy_max;  ///< energy() over the flight
  Real own_energy_min, own_energy_max;
  bool ends_at_impact = false;  ///< false for the flight cut by the end of the run

  std::int64_t free_steps() const { return last_node - first_node - 1; }
  /// (max − min)/min of energy(): rounding for the nonstandard scheme.
  Real energy_variation() const { return (energy_max - energy_min) / energy_min; }
  Real own_energy_variation() const { return (own_energy_max - own_energy_min) / own_energy_min; }
};

template <class Real>
struct FlightLog {
  std::vector<Flight<Real>> flights;
  std::int64_t active_steps = 0;
};

/// Records every flight's energy range, one state at a time. An active step k separates
/// E^{k−1} from E^k; a run of energies with no free step between two active steps is
/// inside an impact (the two-step reversal, seed 000 §2) and is not a flight.
template <class Scheme>
class FlightRecorder {
 public:
  using Real = typename Scheme::Real;

  /// From the state x0 the run starts at.
  FlightRecorder(const Scheme& scheme, const typename Scheme::State& x0) : scheme_(scheme), current_(open(x0)) {}

  /// After a step that produced x; `active` when its projection was active.
  void observe(const typename Scheme::State& x, bool active) {
    if (active) {
      ++log_.active_steps;
      close(true);
      current_ = open(x);
      return;
    }
    using std::max;
    using std::min;
    current_.last_node = x.n + 1;
    const Real energy = scheme_.energy(x), own = scheme_.own_energy(x);
    current_.energy_min = min(current_.energy_min, energy);
    current_.energy_max = max(current_.energy_max, energy);
    current_.own_energy_min = min(current_.own_energy_min, own);
    current_.own_energy_max = max(current_.own_energy_max, own);
  }

  /// The log, the flight in progress closed by the end of the run.
  FlightLog<Real> finish() {
    close(false);
    return std::move(log_);
  }

 private:
  Flight<Real> open(const typename Scheme::State& x) const {
    const Real energy = scheme_.energy(x), own = scheme_.own_energy(x);
    return Flight<Real>{x.n, x.n + 1, x.u, x.u_next, energy, energy, own, own, false};
  }
  void close(bool by_impact) {
    current_.ends_at_impact = by_impact;
    if (current_.free_steps() > 0) log_.flights.push_back(current_);
  }

  const Scheme& scheme_;
  FlightLog<Real> log_;
  Flight<Real> current_;
};

/// Runs `steps` steps from x and records every flight's energy range (FlightRecorder).
template <class Scheme>
FlightLog<typename Scheme::Real> log_flights(const Scheme& scheme, typename Scheme::State x, std::int64_t steps) {
  FlightRecorder<Scheme> recorder(scheme, x);
  for (std::int64_t k = 0; k < steps; ++k) {
    const bool active = scheme.step(x);
    recorder.observe(x, active);
  }
  return recorder.finish();
}

/// E after / E before across each impact between complete flights (flights i and i+1 of
/// the log, both measured by energy_max).
template <class Real>
std::vector<Real> impact_energy_ratios(const FlightLog<Real>& log) {
  std::vector<Real> ratios;
  for (std::size_t i = 0; i + 1 < log.flights.size(); ++i)
    ratios.push_back(log.flights[i + 1].energy_max / log.flights[i].energy_max);
  return ratios;
}

/// How the flight after impact n sits against example 5.1's exact flight after impact n.
template <class Real>
struct FlightShift {
  std::int64_t impact = 0;
  Real delay;            ///< σ − s_n: upward zero of the discrete flight minus the exact impact time
  Real amplitude_ratio;  ///< R / e^{n+1}
};

/// Example 5.1 with the nonstandard scheme: flight i ≥ 1 of the log follows impact i − 1.
template <class Scheme>
std::vector<FlightShift<typename Scheme::Real>> example51_shifts(
    const Scheme& scheme, const FlightLog<typename Scheme::Real>& log,
    const Example51Solution<typename Scheme::Real>& exact) {
  using Real = typename Scheme::Real;
  std::vector<FlightShift<Real>> shifts;
  for (std::size_t i = 1; i < log.flights.size(); ++i) {
    const Flight<Real>& f = log.flights[i];
    const auto flight = flight_through(scheme, typename Scheme::State{f.first_y, f.second_y, f.first_node});
    const auto n = static_cast<std::int64_t>(i) - 1;
    shifts.push_back(
        {n, flight.upward_zero_time() - exact.impact_time(n), flight.amplitude() / exact.amplitude_after(n)});
  }
  return shifts;
}

/// For β = 0 and the obstacle K = [z0, ∞) of the scheme's model, per impact between
/// flights i and i+1 of the log: R_{i+1}²/(z0² + e²(R_i² − z0²)) − 1, with R the amplitude of
/// each flight about y = 0 (flight_through). The exact dynamics conserves ½v² + ½ω²y² in
/// flight and multiplies ½v² at y = z0 by e², so the exact value is 0; for z0 = 0 it is
/// (E_{i+1}/E_i)/e² − 1.
template <class Scheme>
std::vector<typename Scheme::Real> harmonic_restitution_defects(const Scheme& scheme,
                                                                const FlightLog<typename Scheme::Real>& log) {
  using Real = typename Scheme::Real;
  const Real& z0 = *scheme.model().lower();
  const Real& e = scheme.model().restitution();
  auto amplitude_squared = [&](const Flight<Real>& f) {
    const Real r = flight_through(scheme, typename Scheme::State{f.first_y, f.second_y, f.first_node}).amplitude();
    return r * r;
  };
  std::vector<Real> defects;
  for (std::size_t i = 0; i + 1 < log.flights.size(); ++i) {
    const Real before = amplitude_squared(log.flights[i]), after = amplitude_squared(log.flights[i + 1]);
    defects.push_back(after / (z0 * z0 + e * e * (before - z0 * z0)) - 1);
  }
  return defects;
}

/// What a run did, without recording it: active steps, nodes outside K, the largest |y^n|.
template <class Real>
struct RunSummary {
  std::int64_t steps = 0;  ///< steps taken (fewer than asked when the run escaped)
  std::int64_t active_steps = 0;
  std::int64_t first_active_step = -1;  ///< k of the first active step (computing y^{k+1}), −1 if none
  /// Nodes y^n ∉ K: the projection constrains only (y^{n+1} + e y^{n−1})/(1+e), so a node
  /// may leave K without any active step.
  std::int64_t nodes_outside = 0;
  Real max_abs_position;
  bool escaped = false;  ///< some |y^n| exceeded the escape bound: the run was stopped there
};

/// Runs up to `steps` steps from x; stops after the first node with |y^n| > escape_bound
/// (a blow-up, where going on would only overflow; or, with a bound of 1 + ϵ, the first
/// node beyond it, which is then y^{steps+1}).
template <class Scheme>
RunSummary<typename Scheme::Real> summarize_run(const Scheme& scheme, typename Scheme::State x, std::int64_t steps,
                                                const typename Scheme::Real& escape_bound) {
  using std::abs;
  RunSummary<typename Scheme::Real> summary{0, 0, -1, 0, abs(x.u), false};
  auto observe = [&](const typename Scheme::Real& y) {
    if (!scheme.model().contains(y)) ++summary.nodes_outside;
    if (abs(y) > summary.max_abs_position) summary.max_abs_position = abs(y);
    summary.escaped = summary.max_abs_position > escape_bound;
  };
  observe(x.u_next);
  while (summary.steps < steps && !summary.escaped) {
    const std::int64_t k = x.n + 1;
    if (scheme.step(x) && summary.active_steps++ == 0) summary.first_active_step = k;
    ++summary.steps;
    observe(x.u_next);
  }
  return summary;
}

/// Amplitude of the solution of y_{k+1} = 2c y_k − y_{k−1} (|c| < 1) through (y0, y1):
/// y_k = A cos(kα + ψ) with cos α = c, and y_k² − 2c y_k y_{k+1} + y_{k+1}² = A² sin² α is
/// invariant, so A² = (y0² − 2c y0 y1 + y1²)/(1 − c²).
template <class Real>
Real two_step_amplitude(const Real& c, const Real& y0, const Real& y1) {
  using std::sqrt;
  return sqrt((y0 * y0 - 2 * c * y0 * y1 + y1 * y1) / (1 - c * c));
}

/// Amplitude of the weighted position (y_{k+1} + e y_{k−1})/(1+e) that the projection
/// constrains, for y_k = A cos(kα + ψ), cos α = c: A |e^{iα} + e e^{−iα}|/(1+e) =
/// A √(1 + 2e cos 2α + e²)/(1+e), below A by ≈ 2eα²A/(1+e)² for small α.
template <class Real>
Real weighted_position_amplitude(const Real& c, const Real& e, const Real& amplitude) {
  using std::sqrt;
  return amplitude * sqrt(1 + 2 * e * (2 * c * c - 1) + e * e) / (1 + e);
}

/// (max − min)/min of energy() (nonstandard φ) along a Störmer–Verlet solution of
/// y'' + ω² y = 0, θ = ωΔt < 2, over phases covering half a period:
/// ρ(θ) = (θ²/(4 sin²(θ/2)) − 1)/(1 − θ²/4) ≈ θ²/12. Derivation: E_φ − E_Δt =
/// ½(Δy)²(1/φ² − 1/Δt²) ≥ 0 with E_Δt conserved (= ½ω²A² cos²(θ'/2), 4 sin²(θ'/2) = θ²)
/// and (Δy)² ranging over [0, A²θ²].
template <class Real>
Real stormer_verlet_energy_oscillation(const Real& theta) {
  using std::sin;
  const Real half_sin = sin(theta / 2);
  return (theta * theta / (4 * half_sin * half_sin) - 1) / (1 - theta * theta / 4);
}

/// A floor for the sampled value of stormer_verlet_energy_oscillation over a stretch whose
/// nodes come within `reach` steps of the phase of largest (Δy)² and pass the phase of
/// smallest: (Δy)² ∝ s = sin²(phase), sampled every θ' (cos θ' = 1 − θ²/2), so
/// s_max ≥ cos²(reach θ'), s_min ≤ sin²(θ'/2), and (max − min)/min = ρ(s_max − s_min)/(1 + ρ s_min).
template <class Real>
Real sampled_energy_oscillation_floor(const Real& rho, const Real& theta_prime, const Real& reach) {
  using std::cos;
  using std::sin;
  const Real high = cos(reach * theta_prime), low = sin(theta_prime / 2);
  return rho * (high * high - low * low) / (1 + rho * low * low);
}

}  // namespace vibro
