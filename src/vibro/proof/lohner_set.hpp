#pragma once
// A set of states carried through a map in Lohner's form (docs/proofs.md "The double
// pendulum"): c + B r, c an exact point, B an exact matrix with near-orthonormal columns, r a
// vector of balls. Balls evaluated afresh at each step lose the correlations between the state's
// components (the wrapping effect: a box's image is not a box); this form keeps them.
//
// Through a map f whose value at the centre lies in the balls f(c) and whose Jacobian over the
// set lies in the ball matrix J (so J holds Df on every segment from c into the set), the mean
// value theorem gives f(c + B r) ∈ f(c) + (J B) r. The next centre is c' = mid f(c), B' the
// orthonormalised columns (Gram–Schmidt: a QR step) of mid(J B), and
//   r' = B'⁻¹ (f(c) − c') + (B'⁻¹ J B) r,
// B'⁻¹ Arb's ball inverse of the exact B'. B'⁻¹ J B is near triangular, so r grows by what the map
// does to the set and the rounding, not by the wrapping of boxes.

#include "vibro/proof/ball.hpp"

#include <cstddef>
#include <vector>

namespace vibro::proof {

class LohnerSet {
 public:
  /// The box itself: c its midpoint, B = I, r the rest.
  static LohnerSet around(const std::vector<Ball>& box);

  std::size_t dimension() const { return c_.size(); }
  /// The centre, exact.
  const std::vector<Ball>& centre() const { return c_; }
  /// The box c + B r.
  std::vector<Ball> box() const;
  /// M B r for a ball matrix M (n×n, row-major) applied to the set's spread around its centre,
  /// with M B formed first (the correlations kept).
  std::vector<Ball> times_spread(const std::vector<Ball>& m) const;

  /// The set through a map: f(c) in `image_of_centre`, Df over the set in `jacobian` (n×n,
  /// row-major).
  LohnerSet next(const std::vector<Ball>& image_of_centre, const std::vector<Ball>& jacobian) const;

 private:
  std::vector<Ball> c_, b_, r_;  ///< b_: n×n row-major
};

}  // namespace vibro::proof
