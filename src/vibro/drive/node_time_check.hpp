#pragma once
// The times of the nodes of a scheme vibro did not write — an external program's rows
// (external/external_trajectory.hpp) and a C++ scheme handed to converge_own_scheme
// (harness.hpp): node k must be later than node k − 1 and on the grid t0 + k·h within h/1000
// (docs/own_scheme.md "The answer"), or its errors would be measured at times it does not have.

#include "vibro/scalar/format.hpp"

#include <cmath>
#include <cstdint>
#include <optional>
#include <string>

namespace vibro {

template <class Real>
class NodeTimeCheck {
 public:
  /// `unit`: what a node is called in the messages ("row", "node").
  NodeTimeCheck(const Real& t0, const Real& h, std::string unit)
      : t0_(t0), h_(h), previous_(t0), unit_(std::move(unit)) {
    using std::abs;
    tolerance_ = Real(abs(h_)) / 1000;
    minus_tolerance_ = -tolerance_;
  }

  /// Nothing when node k's time t is right (and then remembered as the previous one); else
  /// what is wrong, as a sentence. No number is made when it is right (an MPFR number would
  /// allocate).
  std::optional<std::string> wrong(std::int64_t k, const Real& t) {
    if (k > 0 && !(t > previous_))
      return "t = " + to_text(t) + " is not later than the previous " + unit_ + "'s " + to_text(previous_) +
             " (the times must increase)";
    off_grid_ = h_;  // t0 + k·h − t, in place
    off_grid_ *= k;
    off_grid_ += t0_;
    off_grid_ -= t;
    if (!(off_grid_ <= tolerance_ && off_grid_ >= minus_tolerance_))
      return "t = " + to_text(t) + " is off the grid: " + unit_ + " k is at t0 + k·h = " + to_text(Real(t + off_grid_)) +
             " (within h/1000)";
    previous_ = t;
    return std::nullopt;
  }

  /// The first node's time, t0, and the last right node's (t0 before any).
  const Real& first() const { return t0_; }
  const Real& last() const { return previous_; }

 private:
  Real t0_, h_, tolerance_, minus_tolerance_, previous_, off_grid_{};
  std::string unit_;
};

}  // namespace vibro
