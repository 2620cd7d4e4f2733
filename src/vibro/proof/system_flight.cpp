#include "vibro/proof/system_flight.hpp"

#include "vibro/proof/real_matrix.hpp"

#include <acb_mat.h>

#include <stdexcept>
#include <tuple>

namespace vibro::proof {

namespace {

/// An acb_mat_t that clears itself.
struct ComplexMatrix {
  explicit ComplexMatrix(slong n) { acb_mat_init(m, n, n); }
  ~ComplexMatrix() { acb_mat_clear(m); }
  ComplexMatrix(const ComplexMatrix&) = delete;
  ComplexMatrix& operator=(const ComplexMatrix&) = delete;
  acb_ptr at(std::size_t i, std::size_t j) { return acb_mat_entry(m, static_cast<slong>(i), static_cast<slong>(j)); }
  acb_mat_t m;
};

/// An acb vector of n entries that clears itself.
struct ComplexVector {
  explicit ComplexVector(slong n) : size(n), v(_acb_vec_init(n)) {}
  ~ComplexVector() { _acb_vec_clear(v, size); }
  ComplexVector(const ComplexVector&) = delete;
  ComplexVector& operator=(const ComplexVector&) = delete;
  slong size;
  acb_ptr v;
};

Ball real_part(acb_srcptr z) {
  Ball r;
  arb_set(r.get(), acb_realref(z));
  return r;
}

/// |z| at its midpoint, as a double: to choose a pivot, not to bound anything.
double approximate_magnitude(acb_srcptr z) {
  Ball m;
  acb_abs(m.get(), z, 53);
  return m.midpoint_double();
}

}  // namespace

SystemModes::SystemModes(const SystemTexts& texts) : omega_(Ball::of_text(texts.omega)) {
  const std::size_t n = texts.mass.size();
  if (n == 0) throw std::invalid_argument("the system has no coordinate");
  if (texts.stiffness.size() != n) throw std::invalid_argument("the stiffness matrix has not one row per mass");
  if (!texts.force.empty() && texts.force.size() != n) throw std::invalid_argument("the force has not one entry per mass");
  // The decomposition, done once, at 64 more bits than the flights: its radii enter every flight.
  const slong bits = BallPrecision::bits() + 64, size = static_cast<slong>(n);
  std::vector<Ball> mass;
  for (const std::string& m : texts.mass) {
    mass.push_back(Ball::of_text(m));
    if (!mass.back().certainly_positive()) throw std::invalid_argument("the mass " + m + " is not positive");
  }

  // C = M⁻²A², its approximate eigen-decomposition, then the proved one.
  ComplexMatrix c(size), r_approx(size), eigenvectors(size);
  for (std::size_t i = 0; i < n; ++i) {
    if (texts.stiffness[i].size() != n) throw std::invalid_argument("the stiffness matrix is not square");
    for (std::size_t j = 0; j < n; ++j) {
      const Ball entry = Ball::of_text(texts.stiffness[i][j]) / mass[i];
      acb_set_arb(c.at(i, j), entry.get());
    }
  }
  ComplexVector e_approx(size), e(size);
  acb_mat_approx_eig_qr(e_approx.v, nullptr, r_approx.m, c.m, nullptr, 0, bits);
  if (acb_mat_eig_simple(e.v, nullptr, eigenvectors.m, c.m, e_approx.v, r_approx.m, bits) == 0)
    throw std::invalid_argument(
        "the eigenvalues of M⁻²A² are not proved simple at this precision (a repeated mode frequency is not "
        "enclosed)");
  for (std::size_t k = 0; k < n; ++k) {
    // The exact λ_k is real (C is similar to a symmetric matrix): its ball's real part holds it.
    const Ball lambda = real_part(e.v + k);
    if (!lambda.certainly_positive())
      throw std::invalid_argument("an eigenvalue of M⁻²A² is not proved positive (the stiffness is not positive definite?)");
    frequencies_.push_back(sqrt(lambda));
  }
  // Each column over its largest entry: the exact quotient is real (see the header), so the
  // real parts of the balls hold it, and the largest entry's own quotient is 1 exactly.
  RealMatrix r(size, size), l(size, size);
  acb_t pivot;
  acb_init(pivot);
  for (std::size_t k = 0; k < n; ++k) {
    std::size_t largest = 0;
    for (std::size_t i = 1; i < n; ++i)
      if (approximate_magnitude(eigenvectors.at(i, k)) > approximate_magnitude(eigenvectors.at(largest, k))) largest = i;
    acb_set(pivot, eigenvectors.at(largest, k));
    if (acb_contains_zero(pivot)) {
      acb_clear(pivot);
      throw std::invalid_argument("an eigenvector of M⁻²A² is not enclosed away from 0");
    }
    for (std::size_t i = 0; i < n; ++i) {
      acb_div(eigenvectors.at(i, k), eigenvectors.at(i, k), pivot, bits);
      arb_set(r.at(i, k), acb_realref(eigenvectors.at(i, k)));
    }
    arb_one(r.at(largest, k));
  }
  acb_clear(pivot);
  if (arb_mat_inv(l.m, r.m, bits) == 0)
    throw std::invalid_argument("the eigenvectors of M⁻²A² are not proved independent at this precision");
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) {
      r_.emplace_back();
      arb_set(r_.back().get(), r.at(i, j));
      l_.emplace_back();
      arb_set(l_.back().get(), l.at(i, j));
    }

  // P = (A² − Ω²M²)⁻¹ f, proved by the solve (it fails on a matrix it cannot prove invertible).
  particular_.assign(n, Ball(0));
  for (const std::string& f : texts.force) {
    const Ball fi = Ball::of_text(f);
    forced_ = forced_ || !(fi.radius() == 0 && fi.contains_zero());
  }
  if (!forced_) return;
  RealMatrix a(size, size), f(size, 1), p(size, 1);
  const Ball omega_squared = omega_ * omega_;
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < n; ++j) {
      const Ball entry = Ball::of_text(texts.stiffness[i][j]) - (i == j ? omega_squared * mass[i] : Ball(0));
      arb_set(a.at(i, j), entry.get());
    }
    arb_set(f.at(i, 0), Ball::of_text(texts.force[i]).get());
  }
  if (arb_mat_solve(p.m, a.m, f.m, bits) == 0)
    throw std::invalid_argument("A² − Ω²M² is not proved invertible: the forcing frequency is at a resonance");
  for (std::size_t i = 0; i < n; ++i) arb_set(particular_[i].get(), p.at(i, 0));
}

SystemFlight SystemModes::flight(const Ball& t0, const std::vector<Ball>& q, const std::vector<Ball>& v) const {
  const std::size_t n = dimension();
  SystemFlight out(*this, t0);
  // The homogeneous part's start, then its modal coordinates α = L x, β = L x'.
  const auto [s, c] = sin_cos(omega_ * t0);
  std::vector<Ball> x(n), dx(n);
  for (std::size_t i = 0; i < n; ++i) {
    x[i] = q[i] - particular_[i] * c;
    dx[i] = v[i] + omega_ * particular_[i] * s;
  }
  std::vector<Ball> alpha(n, Ball(0)), beta(n, Ball(0));
  for (std::size_t k = 0; k < n; ++k)
    for (std::size_t j = 0; j < n; ++j) {
      alpha[k] = alpha[k] + l_[k * n + j] * x[j];
      beta[k] = beta[k] + l_[k * n + j] * dx[j];
    }
  out.cos_part_.reserve(n * n);
  out.sin_part_.reserve(n * n);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t k = 0; k < n; ++k) {
      out.cos_part_.push_back(r_[i * n + k] * alpha[k]);
      out.sin_part_.push_back(r_[i * n + k] * beta[k] / frequencies_[k]);
    }
  return out;
}

std::pair<Ball, Ball> SystemFlight::coordinate(std::size_t i, const Ball& tau) const {
  const SystemModes& m = modes_;
  const std::size_t n = m.dimension();
  const auto [s, c] = sin_cos(m.omega_ * (t0_ + tau));
  Ball q = m.particular_[i] * c, v = -(m.omega_ * m.particular_[i] * s);
  for (std::size_t k = 0; k < n; ++k) {
    const auto [sk, ck] = sin_cos(m.frequencies_[k] * tau);
    const Ball &a = cos_part_[i * n + k], &b = sin_part_[i * n + k];
    q = q + a * ck + b * sk;
    v = v + m.frequencies_[k] * (b * ck - a * sk);
  }
  return {q, v};
}

void SystemFlight::state(const Ball& tau, std::vector<Ball>& q, std::vector<Ball>& v) const {
  // Each mode's sine and cosine once for all the coordinates (coordinate() would take them N times).
  const SystemModes& m = modes_;
  const std::size_t n = m.dimension();
  const auto [s, c] = sin_cos(m.omega_ * (t0_ + tau));
  std::vector<Ball> sines(n), cosines(n);
  for (std::size_t k = 0; k < n; ++k) std::tie(sines[k], cosines[k]) = sin_cos(m.frequencies_[k] * tau);
  q.resize(n);
  v.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    q[i] = m.particular_[i] * c;
    v[i] = -(m.omega_ * m.particular_[i] * s);
    for (std::size_t k = 0; k < n; ++k) {
      const Ball &a = cos_part_[i * n + k], &b = sin_part_[i * n + k];
      q[i] = q[i] + a * cosines[k] + b * sines[k];
      v[i] = v[i] + m.frequencies_[k] * (b * cosines[k] - a * sines[k]);
    }
  }
}

}  // namespace vibro::proof
