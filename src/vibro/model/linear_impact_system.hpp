#pragma once
// The N-degree-of-freedom vibro-impact system of seed 002 eq. (1)–(3) (docs/mathematics.md §6):
//   M² q'' + A² q = h(t),  q ∈ K = Π [q_i^min, q_i^max],
//   q_i'(t+0) = −e_i q_i'(t−0) when q_i reaches a bound,
// with M² diagonal positive (the masses), A² symmetric positive definite (the stiffness),
// the forcing h(t) = f cos(Ωt) (f = 0: free motion), and bounds that may be infinite (a
// coordinate with neither bound is unconstrained). Seed 002 §3's 2-DOF mass–spring system is
// two_mass_spring() below.

#include "vibro/linalg/dense_matrix.hpp"
#include "vibro/model/validate.hpp"
#include "vibro/scalar/format.hpp"
#include "vibro/scalar/scalar_list.hpp"

#include <boost/math/constants/constants.hpp>

#include <cmath>
#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace vibro {

/// The bounds of one coordinate and its restitution (seed 002 eq. (3)).
template <class Real>
struct CoordinateBounds {
  std::optional<Real> lower, upper;  ///< none: −∞ / +∞
  Real restitution = Real(0);        ///< e_i ∈ [0, 1]; unused for an unconstrained coordinate

  bool constrained() const { return lower.has_value() || upper.has_value(); }
};

template <class Real>
class LinearImpactSystem {
 public:
  using real_type = Real;
  using coordinates_type = Vector<Real>;  ///< a position or a velocity: N numbers

  /// Throws std::invalid_argument, with a one-line message, for sizes that disagree,
  /// a mass ≤ 0, a stiffness that is not symmetric or not positive definite (a Cholesky
  /// pivot ≤ 0 in this precision), an empty box, e_i outside [0, 1], Ω ≤ 0 with f ≠ 0.
  LinearImpactSystem(Vector<Real> mass_squared, Matrix<Real> stiffness, std::vector<CoordinateBounds<Real>> bounds,
                     Vector<Real> force_amplitude = {}, Real forcing_frequency = Real(0))
      : mass_squared_(std::move(mass_squared)), stiffness_(std::move(stiffness)), bounds_(std::move(bounds)),
        force_(std::move(force_amplitude)), forcing_frequency_(std::move(forcing_frequency)) {
    const std::size_t n = mass_squared_.size();
    if (n == 0) throw std::invalid_argument("the system has no coordinate");
    if (stiffness_.rows() != n || stiffness_.cols() != n)
      throw std::invalid_argument("the stiffness matrix is " + std::to_string(stiffness_.rows()) + "×" +
                                  std::to_string(stiffness_.cols()) + ", the system has " + std::to_string(n) +
                                  " masses");
    if (bounds_.empty()) bounds_.resize(n);
    if (bounds_.size() != n) throw std::invalid_argument("bounds for " + std::to_string(bounds_.size()) +
                                                         " coordinates, the system has " + std::to_string(n));
    if (force_.empty()) force_.assign(n, Real(0));
    if (force_.size() != n) throw std::invalid_argument("a forcing amplitude of " + std::to_string(force_.size()) +
                                                        " entries, the system has " + std::to_string(n) + " coordinates");
    for (std::size_t i = 0; i < n; ++i) {
      const std::string at = "[" + std::to_string(i + 1) + "]";
      detail::require_positive(mass_squared_[i], ("mass" + at).c_str());
      detail::require_finite(force_[i], ("forcing amplitude" + at).c_str());
      for (std::size_t j = 0; j < n; ++j) detail::require_finite(stiffness_(i, j), "stiffness");
      for (std::size_t j = 0; j < i; ++j)
        if (stiffness_(i, j) != stiffness_(j, i))
          throw std::invalid_argument("the stiffness matrix is not symmetric: entry (" + std::to_string(i + 1) + ", " +
                                      std::to_string(j + 1) + ") = " + to_text(stiffness_(i, j)) + " but (" +
                                      std::to_string(j + 1) + ", " + std::to_string(i + 1) +
                                      ") = " + to_text(stiffness_(j, i)));
      const CoordinateBounds<Real>& b = bounds_[i];
      if (b.lower) detail::require_finite(*b.lower, ("lower bound" + at).c_str());
      if (b.upper) detail::require_finite(*b.upper, ("upper bound" + at).c_str());
      if (b.lower && b.upper && !(*b.lower < *b.upper))
        throw std::invalid_argument("the box is empty or flat in coordinate " + std::to_string(i + 1) + ": lower " +
                                    to_text(*b.lower) + " ≥ upper " + to_text(*b.upper));
      detail::require_in_closed_range(b.restitution, Real(0), Real(1), ("e" + at).c_str());
    }
    require_positive_definite();
    if (forced()) detail::require_positive(forcing_frequency_, "forcing frequency");
  }

  std::size_t dimension() const { return mass_squared_.size(); }
  /// The diagonal of M².
  const Vector<Real>& mass_squared() const { return mass_squared_; }
  /// A².
  const Matrix<Real>& stiffness() const { return stiffness_; }
  const CoordinateBounds<Real>& bounds(std::size_t i) const { return bounds_[i]; }
  const std::vector<CoordinateBounds<Real>>& all_bounds() const { return bounds_; }
  /// Some coordinate has a bound.
  bool constrained() const {
    for (const auto& b : bounds_)
      if (b.constrained()) return true;
    return false;
  }

  /// h(t) = f cos(Ωt) has f ≠ 0.
  bool forced() const {
    for (const Real& fi : force_)
      if (fi != 0) return true;
    return false;
  }
  const Vector<Real>& force_amplitude() const { return force_; }
  const Real& forcing_frequency() const { return forcing_frequency_; }
  /// h(t) into out (sized N).
  void forcing_into(const Real& t, Vector<Real>& out) const {
    using std::cos;
    out.resize(dimension());
    if (!forced()) {
      for (Real& x : out) x = Real(0);
      return;
    }
    const Real c = cos(forcing_frequency_ * t);
    for (std::size_t i = 0; i < dimension(); ++i) out[i] = force_[i] * c;
  }
  /// The forcing period 2π/Ω (a forced system only: the case reader refuses periods otherwise).
  Real period() const {
    if (!forced()) throw std::logic_error("period() of an unforced system");
    return boost::math::constants::two_pi<Real>() / forcing_frequency_;
  }

  /// q ∈ K.
  bool contains(const Vector<Real>& q) const {
    for (std::size_t i = 0; i < dimension(); ++i) {
      if (bounds_[i].lower && q[i] < *bounds_[i].lower) return false;
      if (bounds_[i].upper && q[i] > *bounds_[i].upper) return false;
    }
    return true;
  }

  /// E = ½(vᵀM²v + qᵀA²q) (seed 002 eq. (11), (20)).
  Real energy(const Vector<Real>& q, const Vector<Real>& v) const {
    Real kinetic(0);
    for (std::size_t i = 0; i < dimension(); ++i) kinetic += mass_squared_[i] * v[i] * v[i];
    return (kinetic + bilinear(q, stiffness_, q)) / 2;
  }

 private:
  /// Cholesky A² = LLᵀ in this precision: a pivot ≤ 0 means A² is not positive definite
  /// (or so close to singular that this precision cannot tell).
  void require_positive_definite() const {
    using std::sqrt;
    const std::size_t n = dimension();
    Matrix<Real> l(n, n);
    for (std::size_t j = 0; j < n; ++j) {
      Real pivot = stiffness_(j, j);
      for (std::size_t k = 0; k < j; ++k) pivot -= l(j, k) * l(j, k);
      if (!(pivot > 0))
        throw std::invalid_argument("the stiffness matrix is not positive definite (Cholesky pivot " +
                                    std::to_string(j + 1) + " is " + to_text(pivot) + ")");
      l(j, j) = sqrt(pivot);
      for (std::size_t i = j + 1; i < n; ++i) {
        Real x = stiffness_(i, j);
        for (std::size_t k = 0; k < j; ++k) x -= l(i, k) * l(j, k);
        l(i, j) = x / l(j, j);
      }
    }
  }

  Vector<Real> mass_squared_;
  Matrix<Real> stiffness_;
  std::vector<CoordinateBounds<Real>> bounds_;
  Vector<Real> force_;
  Real forcing_frequency_;
};

/// Seed 002 §3, eq. (24): M² = diag(1, μ_m), A² = [[1, −1], [−1, 1 + μ_k]] in the time
/// t = √(k1/m1) τ, with q1 ∈ [q_min, q_max] (either may be infinite), q2 free, and the
/// forcing f cos(Ωt) (f = 0 in the seed's experiments).
template <class Real>
LinearImpactSystem<Real> two_mass_spring(const Real& mu_k, const Real& mu_m, std::optional<Real> q_min,
                                         std::optional<Real> q_max, const Real& e, Vector<Real> force = {},
                                         Real forcing_frequency = Real(0)) {
  detail::require_positive(mu_k, "mu_k");
  detail::require_positive(mu_m, "mu_m");
  Matrix<Real> a(2, 2);
  a(0, 0) = Real(1);
  a(0, 1) = a(1, 0) = Real(-1);
  a(1, 1) = Real(1 + mu_k);
  std::vector<CoordinateBounds<Real>> bounds(2);
  bounds[0] = {std::move(q_min), std::move(q_max), e};
  return LinearImpactSystem<Real>({Real(1), mu_m}, std::move(a), std::move(bounds), std::move(force),
                                  std::move(forcing_frequency));
}

VIBRO_COMPILED_ONCE_PER_FLOATING_TYPE(LinearImpactSystem)

}  // namespace vibro
