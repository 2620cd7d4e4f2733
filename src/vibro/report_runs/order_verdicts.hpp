#pragma once
// The orders each scheme declares judged on the report's convergence studies, once, where the
// runs are made: per study at each precision and per metric the scheme declares, whether the
// study shows the order (the rule of analysis/order_band.hpp, which tests/scheme_orders_test.cpp
// applies too); a study whose case says its orders are only measured is listed with the reason
// its case file gives (convergence.why_measured).

#include "vibro/results/order_verdict.hpp"
#include "vibro/results/report_runs_result.hpp"

#include <filesystem>

namespace vibro {

/// The verdicts on every study of `report`. `case_files_root` is the directory the cases' file
/// names are relative to (the parent of the cases directory, as load_cases names them).
OrderJudgement judge_orders(const ReportRuns& report, const std::filesystem::path& case_files_root);

}  // namespace vibro
