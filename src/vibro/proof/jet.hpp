#pragma once
// A ball with its partial derivatives with respect to N variables: forward-mode automatic
// differentiation through a Taylor coefficient recurrence (docs/proofs.md "The double
// pendulum", 5.), which then gives each coefficient's Jacobian with respect to the step's start
// over a box of starts. Only the operations the recurrences use.

#include "vibro/proof/ball.hpp"

#include <array>
#include <cstddef>
#include <utility>

namespace vibro::proof {

template <std::size_t N>
struct Jet {
  Ball v;
  std::array<Ball, N> d;

  /// The variable `index` at `value`: derivative 1 with respect to itself, 0 to the others.
  static Jet variable(const Ball& value, std::size_t index) {
    Jet x{value, {}};
    x.d[index] = Ball(1);
    return x;
  }
};

template <std::size_t N>
Jet<N> operator+(const Jet<N>& a, const Jet<N>& b) {
  Jet<N> r{a.v + b.v, {}};
  for (std::size_t i = 0; i < N; ++i) r.d[i] = a.d[i] + b.d[i];
  return r;
}
template <std::size_t N>
Jet<N> operator-(const Jet<N>& a, const Jet<N>& b) {
  Jet<N> r{a.v - b.v, {}};
  for (std::size_t i = 0; i < N; ++i) r.d[i] = a.d[i] - b.d[i];
  return r;
}
template <std::size_t N>
Jet<N> operator-(const Ball& a, const Jet<N>& b) {
  Jet<N> r{a - b.v, {}};
  for (std::size_t i = 0; i < N; ++i) r.d[i] = -b.d[i];
  return r;
}
template <std::size_t N>
Jet<N> operator-(const Jet<N>& a) {
  Jet<N> r{-a.v, {}};
  for (std::size_t i = 0; i < N; ++i) r.d[i] = -a.d[i];
  return r;
}
template <std::size_t N>
Jet<N> operator*(const Jet<N>& a, const Jet<N>& b) {
  Jet<N> r{a.v * b.v, {}};
  for (std::size_t i = 0; i < N; ++i) r.d[i] = a.d[i] * b.v + a.v * b.d[i];
  return r;
}
template <std::size_t N>
Jet<N> operator*(const Ball& a, const Jet<N>& b) {
  Jet<N> r{a * b.v, {}};
  for (std::size_t i = 0; i < N; ++i) r.d[i] = a * b.d[i];
  return r;
}
template <std::size_t N>
Jet<N> operator/(const Jet<N>& a, const Ball& b) {
  Jet<N> r{a.v / b, {}};
  for (std::size_t i = 0; i < N; ++i) r.d[i] = a.d[i] / b;
  return r;
}
template <std::size_t N>
Jet<N> operator/(const Jet<N>& a, const Jet<N>& b) {
  const Ball q = a.v / b.v;
  Jet<N> r{q, {}};
  for (std::size_t i = 0; i < N; ++i) r.d[i] = (a.d[i] - q * b.d[i]) / b.v;
  return r;
}
template <std::size_t N>
std::pair<Jet<N>, Jet<N>> sin_cos(const Jet<N>& x) {
  const auto [s, c] = sin_cos(x.v);
  Jet<N> sine{s, {}}, cosine{c, {}};
  for (std::size_t i = 0; i < N; ++i) sine.d[i] = c * x.d[i], cosine.d[i] = -(s * x.d[i]);
  return {sine, cosine};
}

/// The value of a ball or a jet, for the tests a recurrence makes on it.
inline const Ball& value(const Ball& x) { return x; }
template <std::size_t N>
const Ball& value(const Jet<N>& x) {
  return x.v;
}

}  // namespace vibro::proof
