#pragma once
// A computed number as a result's round-trip text (to_text, scalar/format.hpp): what the code
// that computes a result writes into it.

#include "vibro/scalar/format.hpp"
#include "vibro/scalar/number_text.hpp"

#include <vector>

namespace vibro {

template <class Real>
NumberText number_text_of(const Real& x) {
  return NumberText{to_text(x)};
}

/// One text per element of `values`.
template <class Real>
std::vector<NumberText> number_texts_of(const std::vector<Real>& values) {
  std::vector<NumberText> texts;
  texts.reserve(values.size());
  for (const Real& x : values) texts.push_back(number_text_of(x));
  return texts;
}

}  // namespace vibro
