#include "vibro/proof/oscillator_flight.hpp"

#include <stdexcept>

namespace vibro::proof {

int damping_regime(const std::string& alpha_text, long digits) {
  // A ball of the exact α − 1 is exact for a dyadic α and otherwise excludes 0 unless α = 1
  // exactly, which is dyadic (a physical case's sqrt(P/Q) is irrational, or written as the
  // rational root).
  const Ball difference = Ball::of_text(alpha_text) - Ball(1);
  if (difference.certainly_negative()) return -1;
  if (difference.certainly_positive()) return 1;
  if (difference.radius() == 0) return 0;
  throw std::invalid_argument("alpha = " + alpha_text + " cannot be compared with 1 at " + std::to_string(digits) +
                              " digits");
}

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

ForcedOscillator::ForcedOscillator(const std::string& alpha_text, const std::string& a_text,
                                   const std::string& omega_text, const std::string& u_min_text,
                                   const std::string& e_text, long digits)
    : alpha(Ball::of_text(alpha_text)),
      a(Ball::of_text(a_text)),
      omega(Ball::of_text(omega_text)),
      u_min(Ball::of_text(u_min_text)),
      e(Ball::of_text(e_text)),
      regime(damping_regime(alpha_text, digits)) {
  // Unforced (a = 0 exactly, as the conservative oscillator u'' + u = 0): no particular
  // solution to find, and ω then only names the period that horizons count in.
  if (a.radius() == 0 && a.contains_zero()) {
    big_a = big_b = Ball(0);
    return;
  }
  const Ball one(1);
  const Ball detuning = (one - omega) * (one + omega), friction = Ball(2) * alpha * omega;
  const Ball d = detuning * detuning + friction * friction;
  if (!d.certainly_positive()) throw std::invalid_argument("α = 0, ω = 1: resonance, no periodic particular solution");
  big_a = a * detuning / d;
  big_b = a * friction / d;
}

std::pair<Ball, Ball> ForcedOscillator::particular(const Ball& t) const {
  const auto [s, c] = sin_cos(omega * t);
  return {big_a * c + big_b * s, omega * (big_b * c - big_a * s)};
}

}  // namespace vibro::proof
