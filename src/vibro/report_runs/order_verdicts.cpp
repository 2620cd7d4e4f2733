#include "vibro/report_runs/order_verdicts.hpp"

#include "vibro/analysis/order_band.hpp"
#include "vibro/io/why_measured.hpp"
#include "vibro/results/run_result.hpp"

#include <algorithm>
#include <string>

namespace vibro {
namespace {

/// The declared order of `metric` against the study of `r` (docs/convergence.md): sharp only
/// where the scheme says so and the study has impacts (scheme_orders_test applies the same).
OrderVerdict order_verdict(const RunResult& r, ErrorMetric metric, const DeclaredOrder& declared) {
  const StudyResult& study = *r.convergence;
  const bool with_impacts = std::any_of(study.rows.begin(), study.rows.end(),
                                        [](const StudyRow& row) { return row.impacts.reference > 0; });
  OrderVerdict v{r.case_info.name, std::string(name(metric)), r.provenance.precision.name, declared.order,
                 !(declared.sharp && with_impacts), std::string(declared.source), {}, {}, {}, {}, {}};
  const OrderAnalysis& o = study.orders[index_of(metric)];
  const bool exact =
      !o.status.empty() && std::all_of(o.status.begin(), o.status.end(), [](PointStatus s) { return s == PointStatus::exact; });
  if (exact) {
    v.verdict = std::string(to_string(OrderVerdictKind::exact));
    return v;
  }
  const OrderCheck check = check_order(study, metric, declared.order, v.at_least);
  if (!check.has_range) {
    v.verdict = std::string(to_string(OrderVerdictKind::no_asymptotic_range));
    v.points = point_statuses(o);
    return v;
  }
  v.observed = check.observed;
  v.standard_error = o.fit->standard_error;
  v.band = check.band;
  v.verdict = std::string(to_string(check.shown ? OrderVerdictKind::agrees : OrderVerdictKind::differs));
  return v;
}

}  // namespace

OrderJudgement judge_orders(const ReportRuns& report, const std::filesystem::path& case_files_root) {
  OrderJudgement judgement;
  for (const CaseRuns& runs : report.cases)
    for (const RunResult& r : runs.runs) {
      if (!r.convergence) continue;
      // A study whose orders are only measured (convergence.orders = "measured") has no verdict:
      // it is listed once with the reason its case gives.
      if (!runs.spec.convergence_orders_checked) {
        if (&r == &runs.runs.front()) {
          const std::string why = why_measured(case_files_root / runs.spec.file);
          judgement.not_checked.push_back({r.case_info.name, why.empty() ? no_reason_given : why});
        }
        continue;
      }
      const DeclaredOrders& declared = declared_orders_of(r);
      bool judged = false;
      for (const ErrorMetric m : error_metrics)
        if (const auto& order = declared[index_of(m)]) {
          judgement.orders.rows.push_back(order_verdict(r, m, *order));
          judged = true;
        }
      if (!judged && &r == &runs.runs.front()) judgement.not_checked.push_back({r.case_info.name, no_declared_order});
    }
  return judgement;
}

}  // namespace vibro
