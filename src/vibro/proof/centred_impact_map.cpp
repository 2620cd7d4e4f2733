#include "vibro/proof/centred_impact_map.hpp"

#include <utility>

namespace vibro::proof {

namespace {

Matrix product(const Matrix& a, const Matrix& b) {
  return {a.a11 * b.a11 + a.a12 * b.a21, a.a11 * b.a12 + a.a12 * b.a22, a.a21 * b.a11 + a.a22 * b.a21,
          a.a21 * b.a12 + a.a22 * b.a22};
}

/// The inverse of a 2 × 2 matrix in balls (holding the inverse of every matrix the balls hold).
Matrix inverse(const Matrix& m) {
  const Ball det = m.a11 * m.a22 - m.a12 * m.a21;
  return {m.a22 / det, -m.a12 / det, -m.a21 / det, m.a11 / det};
}

/// The columns of mid(m), orthonormalised (to rounding) and made exact: Q of a QR of mid(m),
/// its first column along m's first.
Matrix orthonormal_columns(const Matrix& m) {
  const Ball x = m.a11.midpoint(), y = m.a21.midpoint();
  const Ball norm = sqrt(x * x + y * y);
  const Ball c = (x / norm).midpoint(), s = (y / norm).midpoint();
  return {c, -s, s, c};
}

}  // namespace

Matrix impact_map_jacobian(const ForcedOscillator& o, const Ball& e, const Ball& t0, const Ball& v, const Ball& tau) {
  const Matrix phi = fundamental(o.alpha, o.regime, tau);
  const auto [p0, dp0] = o.particular(t0);
  const auto [p1, dp1] = o.particular(t0 + tau);
  const Ball omega_squared = o.omega * o.omega;
  const Ball ddp0 = -(omega_squared * p0), ddp1 = -(omega_squared * p1);
  // The flight at τ: u, u' and u'' (from the equation of motion).
  const Ball x0 = o.u_min - p0, y0 = v - dp0;
  const Ball u = p1 + phi.a11 * x0 + phi.a12 * y0, du = dp1 + phi.a21 * x0 + phi.a22 * y0;
  const Ball ddu = o.a * sin_cos(o.omega * (t0 + tau)).second - Ball(2) * o.alpha * du - u;
  const Ball g_t0 = dp1 - phi.a11 * dp0 - phi.a12 * ddp0, g_v = phi.a12;
  const Ball tau_t0 = -(g_t0 / du), tau_v = -(g_v / du);
  const Ball du_t0 = ddp1 - phi.a21 * dp0 - phi.a22 * ddp0;
  return {Ball(1) + tau_t0, tau_v, -(e * (du_t0 + ddu * tau_t0)), -(e * (phi.a22 + ddu * tau_v))};
}

CentredImpactState CentredImpactState::around(const Ball& t, const Ball& v) {
  CentredImpactState s;
  s.ct_ = t.midpoint();
  s.cv_ = v.midpoint();
  s.r1_ = t - s.ct_;
  s.r2_ = v - s.cv_;
  return s;
}

std::pair<Ball, Ball> CentredImpactState::box() const {
  return {ct_ + q_.a11 * r1_ + q_.a12 * r2_, cv_ + q_.a21 * r1_ + q_.a22 * r2_};
}

CentredImpactState CentredImpactState::next(const Ball& t_next, const Ball& v_next, const Matrix& jacobian) const {
  CentredImpactState s;
  s.ct_ = t_next.midpoint();
  s.cv_ = v_next.midpoint();
  const Matrix carried = product(jacobian, q_);
  s.q_ = orthonormal_columns(carried);
  const Matrix back = inverse(s.q_);
  const Matrix step = product(back, carried);
  const Ball d1 = t_next - s.ct_, d2 = v_next - s.cv_;
  s.r1_ = back.a11 * d1 + back.a12 * d2 + step.a11 * r1_ + step.a12 * r2_;
  s.r2_ = back.a21 * d1 + back.a22 * d2 + step.a21 * r1_ + step.a22 * r2_;
  return s;
}

}  // namespace vibro::proof
