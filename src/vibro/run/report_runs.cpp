#include "vibro/run/report_runs.hpp"

#include "vibro/run/published_reproduction.hpp"
#include "vibro/run/registry.hpp"
#include "vibro/run/run_case.hpp"
#include "vibro/run/run_lyapunov.hpp"

#include <algorithm>
#include <chrono>
#include <utility>

namespace vibro {

std::vector<Precision> report_precisions(const CaseSpec& c) {
  std::vector<Precision> precisions = {c.precision};
  // Only the types the case runs in: the Siconos peer's schemes run in double alone.
  for (const Precision& p : {Precision{ScalarKind::double_, 0}, report_mpfr})
    if (std::find(precisions.begin(), precisions.end(), p) == precisions.end() && runnable_scalars(c).contains(p.kind))
      precisions.push_back(p);
  return precisions;
}

const RunResult* run_at(const CaseRuns& runs, const std::string& precision) {
  for (const RunResult& r : runs.runs)
    if (r.provenance.precision.name == precision) return &r;
  return nullptr;
}

const RunResult* double_run(const std::map<std::string, const CaseRuns*>& runs, const std::string& name) {
  const auto it = runs.find(name);
  return it == runs.end() ? nullptr : run_at(*it->second, "double");
}

ReportRuns run_for_report(const std::vector<CaseSpec>& cases, const RunOptions& base,
                          const std::function<void(const std::string&)>& status,
                          const std::vector<PublishedTable>& tables) {
  ReportRuns report;
  ComputedExponents computed;  // handed to the relations, which would otherwise run the cases again
  for (const CaseSpec& c : cases) {
    if (c.lyapunov) {
      if (status) status(c.name + " (Lyapunov exponents)");
      RunOptions options = base;
      options.precision.reset();
      LyapunovCaseRun run{c, run_lyapunov_case(c, options)};
      if (c.lyapunov->family) computed[{*c.lyapunov->family, *c.lyapunov->published}] = run.result.lyapunov;
      report.lyapunov.push_back(std::move(run));
      continue;
    }
    CaseRuns runs{c, {}, {}, base.threads, {}};
    for (const Precision& p : report_precisions(c)) {
      if (status) status(c.name + " at " + p.name());
      RunOptions options = base;
      options.precision = p;
      // A scheme whose studies' reference is too slow in some precisions (run/registry.hpp
      // SchemeInfo::study_scalars: the sweeping process, whose reference integrates the
      // pendulum) is run there without its study.
      if (!scheme_infos().at(c.scheme.entry).study_scalars.contains(p.kind)) options.study = false;
      if (c.convergence_scalars && !c.convergence_scalars->contains(p.kind)) options.study = false;  // the case's choice
      options.timing_repeats = p.kind == ScalarKind::double_ ? report_timing_repeats : 0;
      const auto start = std::chrono::steady_clock::now();
      runs.runs.push_back(run_case(c, options));
      runs.wall_seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
      std::vector<std::optional<double>> seconds;
      if (runs.runs.back().convergence)
        for (StudyRow& row : runs.runs.back().convergence->rows) seconds.push_back(std::exchange(row.seconds, std::nullopt));
      runs.scheme_seconds.push_back(std::move(seconds));
    }
    report.cases.push_back(std::move(runs));
  }
  if (!report.lyapunov.empty()) {
    if (status) status("the relations of the published tables");
    RelationSettings settings;
    settings.run = base;
    settings.run.precision.reset();
    report.relations = evaluate_relations(cases, settings, computed);
  }
  // The reproduced values come from the runs above, at each case's own precision.
  std::map<std::string, const RunResult*> own_runs;
  for (const CaseRuns& runs : report.cases) own_runs[runs.spec.name] = &runs.runs.front();
  RelationSettings settings;
  settings.run = base;
  settings.run.precision.reset();
  report.reproductions = evaluate_reproductions(tables, cases, settings, own_runs);
  report.relations["order-of-magnitude"] = order_of_magnitude(report.reproductions);
  return report;
}

}  // namespace vibro
