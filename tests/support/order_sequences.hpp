#pragma once
// Studies made from error sequences whose order is known by construction, for the tests of
// the order classes (tests/order_classes_test.cpp) and of their words
// (tests/order_labels_test.cpp): eight halvings from h = 1/100, the errors in position_linf,
// every other metric without a value, and each rounding unit ε × 1 of the type.

#include "vibro/analysis/study_result.hpp"
#include "vibro/scalar/number_text_of.hpp"
#include "vibro/scalar/traits.hpp"

#include <optional>
#include <string>
#include <vector>

namespace vibro::testing {

inline constexpr std::size_t sequence_points = 8;
inline constexpr ErrorMetric sequence_metric = ErrorMetric::position_linf;

/// Step sizes h_i = 1/(100·2^i), i = 0 … 7, written "1/100", "1/200", ….
template <class Real>
Real h_at(std::size_t i) {
  return Real(1) / Real(static_cast<double>(100 << i));
}

/// A study of `errors` in sequence_metric (none: no value), every other metric without a
/// value, each rounding unit ε × 1 (a quantity of scale 1) in the type `Real`, and the points
/// of `at_floor` at the floor; its orders analysed from the texts, as a study's are.
template <class Real>
StudyResult study_of(const std::vector<std::optional<Real>>& errors, const std::vector<bool>& at_floor) {
  StudyResult study;
  PerMetric<std::vector<bool>> floors;
  for (std::size_t i = 0; i < errors.size(); ++i) {
    StudyRow row;
    row.h = "1/" + std::to_string(100 << i);
    row.h_value = number_text_of(h_at<Real>(i));
    if (errors[i]) row.errors[index_of(sequence_metric)] = number_text_of(*errors[i]);
    row.rounding_units.emplace();
    for (NumberText& unit : *row.rounding_units) unit = number_text_of(epsilon<Real>());
    study.rows.push_back(row);
    for (auto& f : floors) f.push_back(false);
    floors[index_of(sequence_metric)].back() = at_floor[i];
  }
  study.orders = analyse_orders(study.rows, floors);
  return study;
}

}  // namespace vibro::testing
