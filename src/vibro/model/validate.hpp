#pragma once
// Argument checks shared by the model constructors: a model never holds a value it cannot
// use, and the message names the parameter and its allowed range.

#include "vibro/scalar/format.hpp"
#include "vibro/scalar/traits.hpp"

#include <stdexcept>
#include <string>

namespace vibro::detail {

template <class Real>
void require_finite(const Real& x, const char* name) {
  if (!is_finite(x)) throw std::invalid_argument(std::string(name) + " must be finite");
}

template <class Real>
void require_in_closed_range(const Real& x, const Real& lo, const Real& hi, const char* name) {
  require_finite(x, name);
  if (!(x >= lo && x <= hi))
    throw std::invalid_argument(std::string(name) + " = " + to_text(x) + " is outside the allowed range [" +
                                to_text(lo) + ", " + to_text(hi) + "]");
}

template <class Real>
void require_at_least(const Real& x, const Real& lo, const char* name) {
  require_finite(x, name);
  if (!(x >= lo))
    throw std::invalid_argument(std::string(name) + " = " + to_text(x) + " must be ≥ " + to_text(lo));
}

template <class Real>
void require_positive(const Real& x, const char* name) {
  require_finite(x, name);
  if (!(x > 0)) throw std::invalid_argument(std::string(name) + " = " + to_text(x) + " must be > 0");
}

}  // namespace vibro::detail
