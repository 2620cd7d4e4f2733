#pragma once
// The error metrics of a convergence study (docs/mathematics.md §8), declared once: a scheme declares
// its order per metric (scheme.hpp), the study engine measures every metric
// (analysis/convergence_study.hpp), case files name them in `[[expected]]` quantities, and
// every output (JSON, CSV, text, report) uses the names and labels below.

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

namespace vibro {

enum class ErrorMetric {
  position_linf,   ///< max_n |U^n − u(t_n)|
  position_l1,     ///< Σ (t_{n+1} − t_n) |U^n − u(t_n)|
  velocity_linf,   ///< max_n |V^n − u'(t_n)|
  velocity_l1,     ///< Σ (t_{n+1} − t_n) |V^n − u'(t_n)|
  final_position,  ///< |U^N − u(t_N)|
  final_velocity,  ///< |V^N − u'(t_N)|
  impact_time,     ///< largest distance from a reference impact to the nearest impact of the scheme
};

inline constexpr std::size_t error_metric_count = 7;

inline constexpr std::array<ErrorMetric, error_metric_count> error_metrics = {
    ErrorMetric::position_linf,  ErrorMetric::position_l1,    ErrorMetric::velocity_linf, ErrorMetric::velocity_l1,
    ErrorMetric::final_position, ErrorMetric::final_velocity, ErrorMetric::impact_time};

/// The name in JSON, CSV and case files ("position_linf").
constexpr std::string_view name(ErrorMetric metric) {
  constexpr std::array<std::string_view, error_metric_count> names = {
      "position_linf", "position_l1", "velocity_linf", "velocity_l1", "final_position", "final_velocity", "impact_time"};
  return names[static_cast<std::size_t>(metric)];
}

/// The metric of a name, if it is one.
constexpr std::optional<ErrorMetric> error_metric_named(std::string_view text) {
  for (const ErrorMetric m : error_metrics)
    if (name(m) == text) return m;
  return std::nullopt;
}

/// Values indexed by metric.
template <class T>
using PerMetric = std::array<T, error_metric_count>;

constexpr std::size_t index_of(ErrorMetric metric) { return static_cast<std::size_t>(metric); }

}  // namespace vibro
