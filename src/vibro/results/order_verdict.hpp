#pragma once
// The orders each scheme declares judged on the report's convergence studies, as data: per study
// and metric, whether the study shows the declared order (analysis/order_band.hpp's rule, applied
// in report_runs/order_verdicts.cpp), and the studies no verdict is given on with the reason.
// The report shows them; it judges nothing itself.

#include "vibro/analysis/observed_order.hpp"
#include "vibro/scheme/scheme.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace vibro {

struct RunResult;  // results/run_result.hpp

/// What a study shows of a declared order.
enum class OrderVerdictKind { agrees, differs, exact, no_asymptotic_range };

/// "agrees", "differs", "exact (zero error)", "no asymptotic range".
std::string_view to_string(OrderVerdictKind kind);

/// The names of every OrderVerdictKind, in its order.
const std::vector<std::string>& order_verdicts();

/// A declared order against one precision's study of one case.
struct OrderVerdict {
  std::string case_name, metric, precision;
  double declared = 0;
  bool at_least = false;  ///< a lower bound here (not sharp, or no impact in the study)
  std::string source;     ///< of the declared order
  std::optional<double> observed, standard_error, band;
  std::string verdict;    ///< to_string of its OrderVerdictKind, one of order_verdicts()
  std::string points;     ///< without a range: how many points have each status (point_statuses)
};

struct OrderVerdicts {
  std::vector<OrderVerdict> rows;
};

/// A convergence study the order verdicts leave out, and why: its case says the orders are
/// only measured (convergence.why_measured), or its scheme declares none for what it measures.
struct UncheckedStudy {
  std::string case_name, why;
};

/// Every order verdict of a report, and the studies left without one (each once, in the report's order).
struct OrderJudgement {
  OrderVerdicts orders;
  std::vector<UncheckedStudy> not_checked;
};

/// The reason a study of a case with convergence.orders = "measured" and no why_measured shows.
inline constexpr const char* no_reason_given = "measured only; the case gives no reason (convergence.why_measured)";
/// The reason a checked study whose scheme declares no order for any metric it measures shows.
inline constexpr const char* no_declared_order = "its scheme declares no order for the errors it measures";

/// How many points of an order analysis have each status: "rounding floor" when all have
/// the same, else "1 exact (zero error), 6 rounding floor" (why a metric has no range).
std::string point_statuses(const OrderAnalysis& analysis);

/// The orders the result's scheme declares (its registry entry).
const DeclaredOrders& declared_orders_of(const RunResult& result);

}  // namespace vibro
