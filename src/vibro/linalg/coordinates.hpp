#pragma once
// What the generic run and study code asks of a state's coordinates, for one coordinate
// (a scalar: the 1-DOF models) and for N of them (a Vector: seed 002's systems): its size
// (the largest |q_i|: escape bounds, rounding-floor scales), the distance between two
// (max_i |a_i − b_i|: every error metric of an N-DOF study is the largest over the
// coordinates), whether it is finite, and its text for messages.

#include "vibro/linalg/dense_matrix.hpp"
#include "vibro/scalar/format.hpp"
#include "vibro/scalar/traits.hpp"

#include <cmath>
#include <string>
#include <vector>

namespace vibro {

template <class Real>
Real magnitude(const Real& x) {
  using std::abs;
  return abs(x);
}

template <class Real>
Real magnitude(const Vector<Real>& x) {
  return max_abs(x);
}

template <class Real>
Real distance(const Real& a, const Real& b) {
  using std::abs;
  return abs(a - b);
}

template <class Real>
Real distance(const Vector<Real>& a, const Vector<Real>& b) {
  return max_abs_difference(a, b);
}

template <class Real>
bool is_finite(const Vector<Real>& x) {
  for (const Real& xi : x)
    if (!is_finite(xi)) return false;
  return true;
}

/// Copies the coordinates into `out` (one element, or N), reusing its storage: a loop that
/// keeps the last node allocates only at the first.
template <class Real>
void assign_coordinates(std::vector<Real>& out, const Real& x) {
  out.resize(1);
  out[0] = x;
}

template <class Real>
void assign_coordinates(std::vector<Real>& out, const Vector<Real>& x) {
  out.resize(x.size());
  for (std::size_t i = 0; i < x.size(); ++i) out[i] = x[i];
}

/// "(q_1, …, q_N)" to `digits` significant digits.
template <class Real>
std::string to_text_significant(const Vector<Real>& x, int digits) {
  std::string text = "(";
  for (std::size_t i = 0; i < x.size(); ++i) text += (i ? ", " : "") + to_text_significant(x[i], digits);
  return text + ")";
}

}  // namespace vibro
