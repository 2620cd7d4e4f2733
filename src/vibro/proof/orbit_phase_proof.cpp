#include "vibro/proof/orbit_phase_proof.hpp"

#include "vibro/proof/gap_exclusion.hpp"
#include "vibro/proof/interval_newton.hpp"

#include <cmath>
#include <optional>
#include <string>
#include <utility>
#include <vector>
#include <stdexcept>

namespace vibro::proof {

namespace {

struct Matrix {
  Ball a11, a12, a21, a22;
};

/// Φ(τ) of x'' + 2αx' + x = 0 (docs/mathematics.md §1.1): exp(−ατ) L Y(τ) L⁻¹ with
/// L = [[1, 0], [−α, 1]] and Y the fundamental matrix of y'' + (1 − α²) y = 0, in the regime
/// the exact α gives (Arb's exponents do not underflow: no scaling is needed).
Matrix fundamental(const Ball& alpha, int regime, const Ball& tau) {
  Ball y11, y12, y21, y22;
  if (regime < 0) {  // α < 1
    const Ball beta = sqrt((Ball(1) - alpha) * (Ball(1) + alpha));
    const auto [s, c] = sin_cos(beta * tau);
    y11 = c, y12 = s / beta, y21 = -(beta * s), y22 = c;
  } else if (regime == 0) {  // α = 1
    y11 = Ball(1), y12 = tau, y21 = Ball(0), y22 = Ball(1);
  } else {  // α > 1: cosh and sinh of βτ
    const Ball beta = sqrt((alpha - Ball(1)) * (alpha + Ball(1)));
    const Ball up = exp(beta * tau), down = exp(-(beta * tau));
    y11 = (up + down) / Ball(2), y12 = (up - down) / (Ball(2) * beta), y21 = beta * (up - down) / Ball(2),
    y22 = y11;
  }
  const Ball decay = exp(-(alpha * tau));
  const Ball first = y11 + alpha * y12;  // (Y L⁻¹)11
  return {decay * first, decay * y12, decay * (y21 + alpha * y22 - alpha * first), decay * (y22 - alpha * y12)};
}

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

/// The flight from the impact at phase θ with x(0) = x0, x'(0) = y0 (x = u − p, p the
/// particular solution): at flight time τ (a ball: every τ in it), the gap u − u_min and u'.
struct Flight {
  const Ball &alpha, &omega, &big_a, &big_b, &u_min, &theta, &x0, &y0;
  int regime;

  std::pair<Ball, Ball> operator()(const Ball& tau) const {
    const Matrix f = fundamental(alpha, regime, tau);
    const auto [s, c] = sin_cos(theta + omega * tau);
    return {big_a * c + big_b * s + f.a11 * x0 + f.a12 * y0 - u_min,
            omega * (big_b * c - big_a * s) + f.a21 * x0 + f.a22 * y0};
  }
};

bool overlap(const Ball& x, const Ball& y) { return arb_overlaps(x.get(), y.get()) != 0; }

int compare(const std::string& text, long digits, const std::string& what) {
  // The regime of α from its exact value: a ball of the exact α − 1 at this precision is
  // exact for a dyadic α and otherwise excludes 0 unless α = 1 exactly, which is dyadic.
  const Ball difference = Ball::of_text(text) - Ball(1);
  if (difference.certainly_negative()) return -1;
  if (difference.certainly_positive()) return 1;
  if (difference.radius() == 0) return 0;
  throw std::invalid_argument(what + " = " + text + " cannot be compared with 1 at " + std::to_string(digits) +
                              " digits");
}

}  // namespace

PhaseProof prove_orbit_phases(const OscillatorTexts& p, int n, long digits) {
  if (n < 1) throw std::invalid_argument("n must be at least 1");
  const BallPrecision precision(proof_bits(digits));
  const Ball alpha = Ball::of_text(p.alpha), a = Ball::of_text(p.a), omega = Ball::of_text(p.omega),
             u_min = Ball::of_text(p.u_min), e = Ball::of_text(p.e);
  if (!e.certainly_positive()) throw std::invalid_argument("e = " + p.e + ": a (1, n) orbit needs e > 0");
  const int regime = compare(p.alpha, digits, "alpha");
  const Ball one(1), two_pi = Ball(2) * pi();
  // p(t) = A cos ωt + B sin ωt, the T-periodic particular solution.
  const Ball detuning = (one - omega) * (one + omega), friction = Ball(2) * alpha * omega;
  const Ball d = detuning * detuning + friction * friction;
  if (!d.certainly_positive()) throw std::invalid_argument("α = 0, ω = 1: resonance, no periodic particular solution");
  const Ball big_a = a * detuning / d, big_b = a * friction / d;
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
    // The box: the closed form's ball, widened to 2^(−bits/2) so that Newton's image fits inside.
    const Ball box = guess.widened_to(std::ldexp(1.0, -static_cast<int>(BallPrecision::bits() / 2)));
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
      const Flight flight{alpha, omega, big_a, big_b, u_min, theta, x0, y0, regime};
      const Ball length = two_pi / omega * Ball(n);
      const std::optional<std::string> why = gap_not_excluded(flight, length, theta / omega);
      phase.admissible = !why;
      if (why) phase.admissibility_not_proved = *why;
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
  if (overlap(first, second) || overlap(first, second + two_pi) || overlap(first, second - two_pi))
    for (ProvedPhase& phase : proof.phases) {
      phase.unique = false;
      phase.not_proved = "the two roots' boxes meet: which root each holds is not proved";
    }
  return proof;
}

}  // namespace vibro::proof
