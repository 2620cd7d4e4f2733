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

/// Every metric, in the order of the enumeration: the one list outputs iterate. A metric
/// added above and left out here fails the check below; each function of a metric
/// (name() here, the study engine's value and rounding-floor scale in
/// analysis/convergence_study.hpp) is a switch without a default, so -Wswitch (an error in
/// this build) names every place a new metric has to be handled.
inline constexpr std::array error_metrics = {
    ErrorMetric::position_linf,  ErrorMetric::position_l1,    ErrorMetric::velocity_linf, ErrorMetric::velocity_l1,
    ErrorMetric::final_position, ErrorMetric::final_velocity, ErrorMetric::impact_time};

inline constexpr std::size_t error_metric_count = error_metrics.size();

static_assert(
    [] {
      for (std::size_t i = 0; i < error_metric_count; ++i)
        if (static_cast<std::size_t>(error_metrics[i]) != i) return false;
      return static_cast<std::size_t>(ErrorMetric::impact_time) + 1 == error_metric_count;
    }(),
    "error_metrics lists every ErrorMetric once, in the enumeration's order, and ends with the last enumerator");

/// The name in JSON, CSV and case files ("position_linf").
constexpr std::string_view name(ErrorMetric metric) {
  switch (metric) {
    case ErrorMetric::position_linf: return "position_linf";
    case ErrorMetric::position_l1: return "position_l1";
    case ErrorMetric::velocity_linf: return "velocity_linf";
    case ErrorMetric::velocity_l1: return "velocity_l1";
    case ErrorMetric::final_position: return "final_position";
    case ErrorMetric::final_velocity: return "final_velocity";
    case ErrorMetric::impact_time: return "impact_time";
  }
  return "";  // not reached: every enumerator has its case
}

/// The metric of a name, if it is one.
constexpr std::optional<ErrorMetric> error_metric_named(std::string_view text) {
  for (const ErrorMetric m : error_metrics)
    if (name(m) == text) return m;
  return std::nullopt;
}

/// Values indexed by metric: an array of one value per metric, a type of its own so that
/// every output writes it as an object keyed by the metrics' names (results/run_result_fields.hpp).
template <class T>
struct PerMetric : std::array<T, error_metric_count> {};

template <class T>
inline constexpr bool is_per_metric = false;
template <class T>
inline constexpr bool is_per_metric<PerMetric<T>> = true;

constexpr std::size_t index_of(ErrorMetric metric) { return static_cast<std::size_t>(metric); }

}  // namespace vibro
