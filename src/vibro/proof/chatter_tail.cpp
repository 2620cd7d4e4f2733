#include "vibro/proof/chatter_tail.hpp"

namespace vibro::proof {

ChatterTail chatter_tail(const ForcedOscillator& o, const Ball& t, const Ball& w) {
  if (!w.certainly_positive()) return {std::nullopt, "the velocity after the impact is not proved positive"};
  // The deceleration over the region [t, t + T] × [0, H] × [−V, V].
  const auto deceleration = [&](const Ball& T, const Ball& H, const Ball& V) {
    const Ball times = t + Ball::hull(Ball(0), T);
    return o.u_min + Ball::hull(Ball(0), H) + Ball(2) * o.alpha * Ball::hull(-V, V) - o.a * sin_cos(o.omega * times).second;
  };
  const Ball at_rest = deceleration(Ball(0), Ball(0), Ball(0));
  if (!at_rest.certainly_positive())
    return {std::nullopt, "the force does not hold the mass on the obstacle at t ≈ " + t.midpoint_text(10)};
  // A first region from the deceleration at the impact, then each one twice what the last
  // one's bounds ask for, until they fit strictly inside.
  const Ball e = o.e;
  Ball T = Ball(4) * w / (at_rest * (Ball(1) - e)), H = w * w / at_rest, V = Ball(2) * w;
  for (int attempt = 0; attempt < 12; ++attempt) {
    const Ball G = deceleration(T, H, V);
    if (!G.certainly_positive()) return {std::nullopt, "the deceleration is not proved positive near t ≈ " + t.midpoint_text(10)};
    const Ball low = G.lower_point(), high = G.upper_point();
    const Ball rho = sqrt(high / low);
    if (!certainly_less(e * rho, Ball(1)))
      return {std::nullopt, "the chattering's flights are not proved to shrink geometrically (eρ ≥ 1)"};
    const Ball needed_T = Ball(2) * w / (low * (Ball(1) - e * rho)), needed_H = w * w / (Ball(2) * low),
               needed_V = rho * w;
    if (certainly_less(needed_T, T) && certainly_less(needed_H, H) && certainly_less(needed_V, V)) {
      const Ball earliest = t + Ball(2) * w / (high * (Ball(1) - e / rho));
      const Ball latest = t + needed_T;
      return {Ball::hull(earliest, latest), ""};
    }
    T = Ball(2) * needed_T.upper_point(), H = Ball(2) * needed_H.upper_point(), V = Ball(2) * needed_V.upper_point();
  }
  return {std::nullopt, "no region near the obstacle was proved to hold the chattering"};
}

std::pair<Ball, Ball> HeldAtRest::operator()(const Ball& tau) const {
  const auto [s, c] = sin_cos(oscillator.omega * (t0 + tau));
  return {oscillator.u_min - oscillator.a * c, oscillator.a * oscillator.omega * s};
}

std::optional<Ball> leaving_from_rest(const ForcedOscillator& o, const Ball& t, const Ball& longest) {
  const auto [p, dp] = o.particular(t);
  const OscillatorFlight flight{o, t, o.u_min - p, -dp};
  Ball epsilon = longest.midpoint();
  for (int k = 0; k < 60; ++k, epsilon = (epsilon / Ball(2)).midpoint()) {
    const Ball span = Ball::hull(Ball(0), epsilon);
    const auto [gap, v] = flight(span);
    const auto [s, c] = sin_cos(o.omega * (t + span));
    const Ball acceleration = o.a * c - Ball(2) * o.alpha * v - (o.u_min + gap);
    const Ball jerk = -(o.a * o.omega * s) - Ball(2) * o.alpha * acceleration - v;
    if (jerk.certainly_positive() && flight(epsilon).first.certainly_positive()) return epsilon;
  }
  return std::nullopt;
}

}  // namespace vibro::proof
