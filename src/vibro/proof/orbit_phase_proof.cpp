#include "vibro/proof/orbit_phase_proof.hpp"

#include "vibro/proof/gap_exclusion.hpp"
#include "vibro/proof/interval_newton.hpp"
#include "vibro/proof/oscillator_flight.hpp"

#include <cmath>
#include <optional>
#include <string>
#include <utility>
#include <vector>
#include <stdexcept>

namespace vibro::proof {

namespace {

/// The multipliers of M = S Φ from its trace and det M = e² exp(−2αnT) (det S = e²,
/// det Φ = exp(−2αnT): the closed form is a tighter ball than the entries' product); none
/// when their kind (real or complex, which is the larger) is not proved.
std::optional<ProvedMultipliers> multipliers_of(const Matrix& m, const Ball& det, std::string& not_proved) {
  const Ball trace = m.a11 + m.a22;
  const Ball discriminant = trace * trace - Ball(4) * det;
  ProvedMultipliers mu;
  Ball largest;
  if (discriminant.certainly_negative()) {
    mu.real = false;
    mu.first = trace / Ball(2);
    mu.second = sqrt(-discriminant) / Ball(2);
    mu.log_first = log(det) / Ball(2);  // |μ|² = det for a complex pair
    mu.log_second = mu.log_first;
    largest = sqrt(det);
  } else if (discriminant.certainly_positive()) {
    // The root of larger modulus without cancellation, the other from the product.
    const Ball root = sqrt(discriminant);
    if (trace.certainly_positive() || trace.certainly_negative()) {
      mu.first = trace.certainly_positive() ? (trace + root) / Ball(2) : (trace - root) / Ball(2);
      mu.second = det / mu.first;
    } else {
      not_proved = "tr M encloses 0: which multiplier is the larger is not proved";
      return std::nullopt;
    }
    mu.log_first = log(abs(mu.first));
    mu.log_second = log(det) - mu.log_first;  // det > 0: |μ1 μ2| = det
    largest = abs(mu.first);
  } else {
    not_proved = "tr² − 4 det M encloses 0: a double multiplier, real or complex not proved";
    return std::nullopt;
  }
  if (certainly_less(largest, Ball(1))) mu.stable = true;
  else if (certainly_less(Ball(1), largest)) mu.stable = false;
  else not_proved = "max |μ| encloses 1: stability not proved";
  return mu;
}


}  // namespace

PhaseProof prove_orbit_phases(const OscillatorTexts& p, int n, long digits) {
  if (n < 1) throw std::invalid_argument("n must be at least 1");
  const BallPrecision precision(proof_bits(digits));
  const ForcedOscillator oscillator(p.alpha, p.a, p.omega, p.u_min, p.e, digits);
  const Ball &alpha = oscillator.alpha, &a = oscillator.a, &omega = oscillator.omega, &u_min = oscillator.u_min,
             &e = oscillator.e, &big_a = oscillator.big_a, &big_b = oscillator.big_b;
  const int regime = oscillator.regime;
  if (!e.certainly_positive()) throw std::invalid_argument("e = " + p.e + ": a (1, n) orbit needs e > 0");
  const Ball one(1), two_pi = Ball(2) * pi();
  const Matrix phi = fundamental(alpha, regime, two_pi / omega * Ball(n));
  const Ball inverse_e = one / e;
  const Ball g = phi.a21 * phi.a12 + (phi.a22 + inverse_e) * (one - phi.a11);
  const Ball c = (one + inverse_e) * omega * phi.a12;
  const Ball p_cos = c * big_b - g * big_a, q_sin = -(c * big_a) - g * big_b;
  const Ball r = sqrt(p_cos * p_cos + q_sin * q_sin);
  const Ball right = -(g * u_min);
  PhaseProof proof;
  if (certainly_less(r, abs(right))) {
    proof.roots = 0;
    return proof;
  }
  if (!certainly_less(abs(right), r)) {
    proof.undecided = "|g u_min| and R = √(P² + Q²) overlap at this precision: a double root (a saddle-node) or "
                      "too few digits";
    return proof;
  }
  proof.roots = 2;
  const auto f = [&](const Ball& theta) {
    const auto [s, co] = sin_cos(theta);
    return p_cos * co + q_sin * s - right;
  };
  const auto f_prime = [&](const Ball& theta) {
    const auto [s, co] = sin_cos(theta);
    return q_sin * co - p_cos * s;
  };
  const Ball delta = atan2(q_sin, p_cos), spread = acos(right / r);
  for (const Ball& guess : {delta + spread, delta - spread}) {
    ProvedPhase phase;
    // The box: the closed form's ball, widened to 2^(−bits/2) so that Newton's image fits inside
    // (an exact power of two: as a double it underflowed to 0 above about 650 digits, and the
    // proofs that held at 40 digits failed at 3000).
    const Ball box = guess.widened_to_power_of_two(-static_cast<long>(BallPrecision::bits() / 2));
    Ball theta = box;
    phase.unique = newton_inclusion(f, f_prime, box, theta);
    // Into [0, 2π): the closed form gives δ ± arccos in (−2π, 2π].
    if (theta.midpoint().certainly_negative()) theta = theta + two_pi;
    if (!certainly_less(theta.midpoint(), two_pi)) theta = theta - two_pi;
    phase.theta = theta;
    // v− = −(y0 + p')/e with y0 = −(1 − Φ11)(1 + 1/e) p'(t0)/g (docs/periodic_orbits.md §2).
    const auto [s, co] = sin_cos(theta);
    const Ball dp = omega * (big_b * co - big_a * s);
    const Ball y0 = g.contains_zero() ? (one - phi.a11) * (u_min - (big_a * co + big_b * s)) / phi.a12
                                      : -((one - phi.a11) * (one + inverse_e) * dp / g);
    phase.velocity_before = -((y0 + dp) / e);
    phase.impact = phase.velocity_before.certainly_negative();
    if (phase.unique && phase.impact) {
      // S = [[−e, 0], [(a+ + e a−)/v−, −e]], a± = a cos θ − 2α v± − u_min the accelerations
      // after and before the impact (reference/impact_reference.hpp, saltation_matrix).
      const Ball& v_minus = phase.velocity_before;
      const Ball forcing = a * co - u_min;
      const Ball a_plus = forcing - Ball(2) * alpha * (-(e * v_minus)), a_minus = forcing - Ball(2) * alpha * v_minus;
      const Ball lower_left = (a_plus + e * a_minus) / v_minus;
      const Matrix monodromy{-(e * phi.a11), -(e * phi.a12), lower_left * phi.a11 - e * phi.a21,
                             lower_left * phi.a12 - e * phi.a22};
      const Ball det = e * e * exp(-(Ball(2) * alpha * two_pi / omega * Ball(n)));
      phase.multipliers = multipliers_of(monodromy, det, phase.multipliers_not_proved);
      const Ball x0 = u_min - (big_a * co + big_b * s);
      const OscillatorFlight flight{oscillator, theta / omega, x0, y0};
      const Ball length = two_pi / omega * Ball(n);
      const std::optional<GapNotExcluded> refused = gap_not_excluded(flight, length, theta / omega);
      phase.admissible = !refused;
      if (refused) {
        phase.admissibility_not_proved = refused->why;
        phase.penetrating = refused->penetrating;
      }
    }
    if (!phase.unique) phase.not_proved = "the Newton operator's image is not inside the box: uniqueness not proved";
    else if (!phase.impact)
      phase.not_proved = phase.velocity_before.certainly_positive()
                             ? "v− > 0: the mass would leave the obstacle (a virtual orbit)"
                             : "v− encloses 0: transversality not proved";
    proof.phases.push_back(std::move(phase));
  }
  // Two boxes that met could hold the same root and miss the other: they must be apart, also
  // across 2π.
  const Ball& first = proof.phases[0].theta;
  const Ball& second = proof.phases[1].theta;
  if (overlaps(first, second) || overlaps(first, second + two_pi) || overlaps(first, second - two_pi))
    for (ProvedPhase& phase : proof.phases) {
      phase.unique = false;
      phase.not_proved = "the two roots' boxes meet: which root each holds is not proved";
    }
  return proof;
}

}  // namespace vibro::proof
