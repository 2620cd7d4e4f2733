#include "vibro/report/work_precision.hpp"

#include "vibro/report/convergence_plot.hpp"
#include "vibro/report/gnuplot_svg.hpp"
#include "vibro/report/markdown_table.hpp"
#include "vibro/report/model_formula.hpp"
#include "vibro/report/number_display.hpp"
#include "vibro/results/run_result.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <optional>

namespace vibro {
namespace {

/// What makes two studies solve the same problem: the model with its numbers, the initial
/// data and the horizon (not the scheme, its options or its steps). `shown` is applied to
/// each initial value and the horizon's end: identity to compare problems, a shortening to
/// describe one.
template <class Shown>
std::string problem_of(const CaseSpec& c, const RunResult& r, Shown shown) {
  std::string text = model_formula(c.model);
  for (const Parameter& p : r.initial) {
    std::string values;
    for (const std::string& v : p.texts) values += (values.empty() ? "" : ", ") + shown(v);
    text += ", " + p.key + " = " + (p.list ? "(" + values + ")" : values);
  }
  if (c.horizon.periods) text += fmt::format(", {} forcing periods", *c.horizon.periods);
  if (c.horizon.t_end) text += ", up to t = " + shown(c.horizon.t_end->text);
  return text;
}

/// The double run of a case and its timings, when its study was timed.
std::optional<WorkCurve> curve_of(const CaseRuns& runs) {
  for (std::size_t i = 0; i < runs.runs.size(); ++i) {
    const RunResult& r = runs.runs[i];
    if (r.provenance.precision.name != "double" || !r.convergence || i >= runs.scheme_seconds.size()) continue;
    const StudyResult& study = *r.convergence;
    const OrderAnalysis& order = study.orders[index_of(ErrorMetric::position_linf)];
    WorkCurve curve{runs.spec.name, r.scheme.display_name, {}};
    for (std::size_t k = 0; k < study.rows.size() && k < runs.scheme_seconds[i].size(); ++k) {
      const StudyRow& row = study.rows[k];
      const std::optional<NumberText>& error = row.errors[index_of(ErrorMetric::position_linf)];
      if (!runs.scheme_seconds[i][k] || !error) continue;
      const bool at_floor = k < order.status.size() && order.status[k] == PointStatus::rounding_floor;
      curve.points.push_back(
          {row.h, *runs.scheme_seconds[i][k], nearest_double(*error), at_floor, nearest_double(row.h_value)});
    }
    if (!curve.points.empty()) return curve;
  }
  return std::nullopt;
}

/// A time with its ratio to the fastest scheme's, or "—" when the curve does not reach the
/// target (the row's smallest error says how close it came).
std::string time_cell(const std::optional<double>& seconds, const std::optional<double>& fastest) {
  if (!seconds) return "—";
  if (*seconds == *fastest) return display_seconds(seconds) + " (fastest)";
  const double ratio = *seconds / *fastest;
  return display_seconds(seconds) + (ratio < 1000 ? fmt::format(" (×{:.3g})", ratio) : fmt::format(" (×{:.0f})", ratio));
}

/// A curve's errors against its work, `work(point)` (none or not positive: the point is not
/// drawn), as a plot series.
PlotSeries series_of(const WorkCurve& curve, const std::function<std::optional<double>(const WorkPoint&)>& work) {
  // A peer's stored study is of a case another scheme runs: its own name says what it is.
  PlotSeries s{curve.stored.empty() ? curve.case_name + " (" + curve.scheme + ")" : curve.scheme, {}};
  for (const WorkPoint& p : curve.points)
    if (const std::optional<double> w = work(p); p.error > 0 && w && *w > 0) s.points.emplace_back(*w, p.error);
  return s;
}

std::string problem_section(const WorkPrecisionProblem& problem, std::size_t number, const std::filesystem::path& out) {
  std::string md = fmt::format("## Problem {}\n\n{}.\n\n", number, problem.description);
  std::vector<PlotSeries> series;
  for (const WorkCurve& curve : problem.curves)
    series.push_back(series_of(curve, [](const WorkPoint& p) { return std::optional<double>(p.seconds); }));
  const std::string svg = fmt::format("work_precision_{}.svg", number);
  if (line_plot_svg(series,
                    {"Work–precision, problem " + std::to_string(number) + ": a marker per step size or tolerance",
                     "wall time of the scheme (s)", "position error, L∞ over the nodes", true, true},
                    out / svg))
    md += markdown_plot(fmt::format("problem {}: position error against wall time, every scheme", number), svg) +
          "\n\n";
  std::vector<std::string> header = {"case", "scheme"};
  for (const double target : work_precision_targets) header.push_back(fmt::format("time to {:.0e}", target));
  header.insert(header.end(), {"smallest error", "step sizes timed"});
  // The same errors against the work the programs reported (their right-hand-side
  // evaluations), for the curves that have it: a view free of the machine and of a program's start.
  std::vector<PlotSeries> counted;
  for (const WorkCurve& curve : problem.curves) {
    PlotSeries s = series_of(curve, [](const WorkPoint& p) {
      return p.evaluations ? std::optional<double>(static_cast<double>(*p.evaluations)) : std::nullopt;
    });
    if (!s.points.empty()) counted.push_back(std::move(s));
  }
  const std::string counted_svg = fmt::format("work_precision_{}_evaluations.svg", number);
  if (!counted.empty() &&
      line_plot_svg(counted,
                    {"Work–precision, problem " + std::to_string(number) + ": against the evaluations reported",
                     "right-hand-side evaluations (reported by the program)", "position error, L∞ over the nodes", true,
                     true},
                    out / counted_svg))
    md += "The programs that report their work (a line `evaluations,N`), against it:\n\n" +
          markdown_plot(fmt::format("problem {}: position error against the right-hand-side evaluations reported",
                                    number),
                        counted_svg) +
          "\n\n";
  md += markdown_header(header);
  std::vector<std::optional<double>> fastest(work_precision_targets.size());
  for (const WorkCurve& curve : problem.curves)
    for (std::size_t t = 0; t < work_precision_targets.size(); ++t)
      if (const auto s = time_to_reach(curve, work_precision_targets[t]); s && (!fastest[t] || *s < *fastest[t]))
        fastest[t] = s;
  for (const WorkCurve& curve : problem.curves) {
    // A link to the case's own anchor: ReportPages points it at the cases page that has it.
    std::vector<std::string> cells = {"[`" + curve.case_name + "`](#case-" + curve.case_name + ")",
                                      markdown_cell(curve.scheme)};
    for (std::size_t t = 0; t < work_precision_targets.size(); ++t)
      cells.push_back(time_cell(time_to_reach(curve, work_precision_targets[t]), fastest[t]));
    cells.push_back(smallest_error(curve));
    cells.push_back(shown_step(curve.points.front()) + " … " + shown_step(curve.points.back()));
    md += markdown_row(cells);
  }
  return md + "\n";
}

}  // namespace

std::optional<double> time_to_reach(const WorkCurve& curve, double target) {
  std::optional<double> least;
  for (const WorkPoint& p : curve.points)
    if (p.error <= target && (!least || p.seconds < *least)) least = p.seconds;
  return least;
}

std::string shown_step(const WorkPoint& point) {
  if (point.tolerance) return "tol " + *point.tolerance;
  if (point.h.starts_with("T/")) return point.h;
  return fmt::format("{:.4g}", point.h_value);
}

std::string smallest_error(const WorkCurve& curve) {
  const auto smallest = std::min_element(curve.points.begin(), curve.points.end(),
                                         [](const WorkPoint& a, const WorkPoint& b) { return a.error < b.error; });
  const bool floored = std::any_of(curve.points.begin(), curve.points.end(), [](const WorkPoint& p) { return p.at_floor; });
  return fmt::format("{:.1e} at {}{}", smallest->error, shown_step(*smallest), floored ? ", rounding floor" : "");
}

std::vector<WorkPrecisionProblem> work_precision_problems(const ReportRuns& report) {
  std::vector<WorkPrecisionProblem> problems;
  std::map<std::string, std::size_t> index;
  const auto as_given = [](const std::string& v) { return v; };
  const auto shortened = [](const std::string& v) { return display_number(v, 10); };
  std::map<std::string, std::size_t> problem_of_case;
  for (const CaseRuns& runs : report.cases) {
    std::optional<WorkCurve> curve = curve_of(runs);
    if (!curve) continue;
    const std::string problem = problem_of(runs.spec, runs.runs.front(), as_given);
    const auto [it, added] = index.emplace(problem, problems.size());
    if (added) problems.push_back({problem_of(runs.spec, runs.runs.front(), shortened), {}});
    problems[it->second].curves.push_back(std::move(*curve));
    problem_of_case[runs.spec.name] = it->second;
  }
  // A peer's stored study of one of the cases solves that case's problem.
  for (const WorkCurve& stored : report.stored_work_curves)
    if (const auto it = problem_of_case.find(stored.case_name); it != problem_of_case.end()) {
      problems[it->second].curves.push_back(stored);
      problems[it->second].curves.back().scheme += " (stored)";
    }
  std::erase_if(problems, [](const WorkPrecisionProblem& p) { return p.curves.size() < 2; });
  return problems;
}

std::string work_precision_page(const ReportRuns& report, const std::filesystem::path& out) {
  const std::vector<WorkPrecisionProblem> problems = work_precision_problems(report);
  if (problems.empty()) return "";
  std::string md =
      "Every problem below is solved by two or more of the report's convergence studies (the same model with the "
      "same numbers, initial data and horizon). For each scheme, at every step size of its study in double: the "
      "position's L∞ error over the nodes against the scheme's wall time — the least of " +
      std::to_string(report_timing_repeats) +
      " runs without error measurement, on one thread while the study's other step sizes may run on another. Each "
      "problem's plot has every scheme on it, a marker per step size. \"Time to X\" is the time of the cheapest "
      "measured step size whose error is ≤ X (no interpolation), with its ratio to the fastest scheme; \"—\" where "
      "the scheme's study does not get there. \"Smallest error\" is the least error of the study and the step size "
      "it was measured at, with \"rounding floor\" where the study labels a point as at its floor (the error stops "
      "falling because of double's rounding, not the step size). Step sizes are T/N with T the forcing period, or "
      "decimals to four digits (the exact values are in the study tables). Wall times depend on the machine and its "
      "load: this page is not deterministic, unlike index.md.\n\n";
  if (!report.stored_work_curves.empty())
    md += "A scheme marked *(stored)* is a peer (docs/peer.md: SciPy's event-driven `solve_ivp`, Boost.Odeint with "
          "event location, a Fortran Moreau–Jean) studied once through the external-program protocol on one of the "
          "cases by `scripts/write_peer_scores.sh`, its document kept in reference/peers/work_precision/ (its wall "
          "times are from that run and include the program's start). An event-driven peer's error is its "
          "tolerance's, not its step's: it is studied over a ladder of tolerances (its points named \"tol …\", each "
          "at the case's step as its output's spacing; docs/own_scheme.md \"Tolerance ladders\"), and its "
          "points are not labelled at a rounding floor, which is unmeasured for it.\n\n";
  for (std::size_t i = 0; i < problems.size(); ++i) md += problem_section(problems[i], i + 1, out);
  return md;
}

}  // namespace vibro
