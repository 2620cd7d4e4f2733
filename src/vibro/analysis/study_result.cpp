#include "vibro/analysis/study_result.hpp"

#include "vibro/analysis/log_as_double.hpp"
#include "vibro/scalar/with_scalar.hpp"

#include <stdexcept>

namespace vibro {

std::string rounding_floor_rule(const RoundingFloorBasis& basis) {
  if (basis.unmeasured) return "unmeasured: " + *basis.unmeasured;
  if (basis.measured_at)
    return "measured: a point is at the floor when its rounding part |error − error at " + *basis.measured_at +
           "| is at least " + std::to_string(100 / rounding_share_divisor) + " % of its error";
  return "the model's bound, not measured: a point is at the floor when its error is at most " +
         std::to_string(rounding_floor_eps_per_step) + " ε × steps × scale";
}

PerMetric<OrderAnalysis> analyse_orders(const std::vector<StudyRow>& rows, const PerMetric<std::vector<bool>>& at_floor) {
  // A logarithm rounded to double needs about 17 digits; 30 leave a margin.
  const MpfrPrecisionGuard digits(30);
  const auto log_of = [](const NumberText& x) { return log_as_double(x.exact()); };
  std::vector<double> log_h;
  PerMetric<std::vector<std::optional<double>>> log_errors;
  PerMetric<std::vector<std::optional<PointStatus>>> set_aside;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const StudyRow& row = rows[i];
    log_h.push_back(log_of(row.h_value));
    for (std::size_t m = 0; m < error_metric_count; ++m) {
      const std::optional<NumberText>& error = row.errors[m];
      const bool positive = error && error->exact() > 0;
      log_errors[m].push_back(positive ? std::optional<double>(log_of(*error)) : std::nullopt);
      if (!error) set_aside[m].push_back(PointStatus::no_value);
      else if (!positive) set_aside[m].push_back(PointStatus::exact);
      else if (row.rounding_units && error->exact() <= (*row.rounding_units)[m].exact())
        set_aside[m].push_back(PointStatus::below_floor);
      else if (at_floor[m][i]) set_aside[m].push_back(PointStatus::rounding_floor);
      else set_aside[m].push_back(std::nullopt);
    }
  }
  PerMetric<OrderAnalysis> orders;
  for (std::size_t m = 0; m < error_metric_count; ++m) orders[m] = analyse_order(log_h, log_errors[m], set_aside[m]);
  return orders;
}

std::vector<std::string> study_tolerances(const StudyResult& study) {
  std::vector<std::string> tolerances;
  for (const StudyRow& row : study.rows)
    if (row.tolerance) tolerances.push_back(*row.tolerance);
  return tolerances;
}

void make_tolerance_study(StudyResult& study) {
  const MpfrPrecisionGuard digits(30);  // as analyse_orders: logarithms rounded to double
  std::vector<double> log_tolerance;
  for (const StudyRow& row : study.rows) {
    if (!row.tolerance) throw std::logic_error("make_tolerance_study: a row without its tolerance");
    log_tolerance.push_back(log_as_double(NumberText{*row.tolerance}.exact()));
  }
  study.tolerance_response.emplace();
  for (std::size_t m = 0; m < error_metric_count; ++m) {
    std::vector<std::optional<double>> log_error;
    std::vector<std::string> texts;
    std::vector<bool> has_value;
    for (const StudyRow& row : study.rows) {
      const std::optional<NumberText>& error = row.errors[m];
      has_value.push_back(error.has_value());
      texts.push_back(error ? error->text : "");
      log_error.push_back(error && error->exact() > 0 ? std::optional<double>(log_as_double(error->exact()))
                                                      : std::nullopt);
    }
    ToleranceResponse& response = (*study.tolerance_response)[m];
    response = analyse_tolerance_response(log_tolerance, log_error, texts, has_value);
    response.verdict = tolerance_verdict(response, study_tolerances(study));
    study.orders[m] = OrderAnalysis{{}, {}, std::nullopt, OrderClass::over_tolerances};
  }
  study.rounding_floor = RoundingFloorBasis{
      std::nullopt, "a tolerance ladder's errors are bounded by the tolerance asked for, not by ε × steps, and the "
                    "program was not run again at a wider precision"};
}

}  // namespace vibro
