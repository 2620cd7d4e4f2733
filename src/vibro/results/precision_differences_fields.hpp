#pragma once
// The fields of the comparison of `vibro run --precision LIST` (results/precision_differences.hpp).

#include "vibro/results/declared_fields.hpp"
#include "vibro/results/precision_differences.hpp"

#include <array>
#include <string>
#include <tuple>
#include <type_traits>

namespace vibro {

// One run's entry in a number's `runs`, of `vibro run --precision LIST --json`'s
// `difference`: the difference is written as a double and as its exact text in every
// precision (null both when there is none), unlike a run's own numbers, twinned by the run's.
constexpr auto declared_fields(std::type_identity<PrecisionDifference>) {
  using D = PrecisionDifference;
  return std::tuple{Field{"precision", &D::precision}, Field{"difference", &D::difference, Absent::null},
                    Field{"difference_text", &D::difference_text, Absent::null},
                    Field{"agreeing_digits", &D::agreeing_digits, Absent::null}};
}

// One element of `numbers`.
constexpr auto declared_fields(std::type_identity<NumberDifferences>) {
  return std::tuple{Field{"pointer", &NumberDifferences::pointer}, Field{"runs", &NumberDifferences::runs}};
}

// `difference`; the verb writes it beside the runs and the layout's `schema_version`.
constexpr auto declared_fields(std::type_identity<PrecisionDifferences>) {
  return std::tuple{Field{"against", &PrecisionDifferences::against},
                    Field{"numbers", &PrecisionDifferences::numbers}};
}

}  // namespace vibro
