#include "vibro/report_runs/report_runs.hpp"

#include "vibro/published/computed_exponents.hpp"
#include "vibro/published/published_reproduction.hpp"
#include "vibro/report_runs/result_archive.hpp"
#include "vibro/run/run_case.hpp"
#include "vibro/lyapunov/run_lyapunov.hpp"
#include "vibro/case/scheme_catalog.hpp"
#include "vibro/case/work_limit.hpp"
#include "vibro/report_runs/worker_processes.hpp"
#include "vibro/orbits/exact_orbit_exponents.hpp"
#include "vibro/report_runs/order_verdicts.hpp"

#include <algorithm>
#include <chrono>
#include <numeric>
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

namespace {

/// One run of the report: a case at one report precision, or a Lyapunov case at its own.
struct ReportJob {
  std::size_t case_index = 0;
  std::optional<Precision> precision;  ///< none for a Lyapunov case
};

struct JobResult {
  std::optional<RunResult> run;
  double wall_seconds = 0;
  std::optional<LyapunovResult> lyapunov;
};

std::string job_name(const CaseSpec& c, const ReportJob& job) {
  return job.precision ? c.name + " at " + job.precision->name() : c.name + " (Lyapunov exponents)";
}

JobResult run_job(const CaseSpec& c, const ReportJob& job, const RunOptions& base) {
  RunOptions options = base;
  if (!job.precision) {
    options.precision.reset();
    return {std::nullopt, 0, run_lyapunov_case(c, options)};
  }
  const Precision& p = *job.precision;
  options.precision = p;
  // A scheme whose studies' reference is too slow in some precisions (case/scheme_catalog.hpp
  // SchemeInfo::study_scalars: the sweeping process, whose reference integrates the
  // pendulum) is run there without its study.
  if (!scheme_infos().at(c.scheme.entry).study_scalars.contains(p.kind)) options.study = false;
  if (c.convergence_scalars && !c.convergence_scalars->contains(p.kind)) options.study = false;  // the case's choice
  options.timing_repeats = p.kind == ScalarKind::double_ ? report_timing_repeats : 0;
  const auto start = std::chrono::steady_clock::now();
  RunResult run = run_case(c, options);
  return {std::move(run), std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), std::nullopt};
}

/// About how long a job takes, to hand out the costliest first: the case's estimated_seconds
/// in the job's precision, its study's step sizes timed again in double.
double job_seconds(const CaseSpec& c, const ReportJob& job) {
  const Precision p = job.precision.value_or(c.precision);
  double seconds = estimated_seconds(c, scheme_infos().at(c.scheme.entry).has_step, p);
  if (p.kind == ScalarKind::double_ && job.precision) seconds *= 1 + report_timing_repeats;
  return seconds;
}

/// The jobs' results in the order of `jobs`, each run with `per_run`: here one after
/// another, or in `workers` processes at once. `progress` hears the jobs done when they run
/// in processes (the workers' own lines would cross).
std::vector<JobResult> run_jobs(const std::vector<CaseSpec>& cases, const std::vector<ReportJob>& jobs,
                                const RunOptions& per_run, unsigned workers, Progress* progress,
                                const std::function<void(const std::string&)>& status) {
  std::vector<JobResult> results;
  if (workers <= 1) {
    for (const ReportJob& job : jobs) {
      if (status) status(job_name(cases[job.case_index], job));
      results.push_back(run_job(cases[job.case_index], job, per_run));
    }
    return results;
  }
  std::vector<double> cost;
  for (const ReportJob& job : jobs) cost.push_back(job_seconds(cases[job.case_index], job));
  WorkerJobs work;
  work.order.resize(jobs.size());
  std::iota(work.order.begin(), work.order.end(), std::size_t{0});
  std::stable_sort(work.order.begin(), work.order.end(), [&](std::size_t a, std::size_t b) { return cost[a] > cost[b]; });
  work.run = [&](std::size_t i) {
    const JobResult r = run_job(cases[jobs[i].case_index], jobs[i], per_run);
    ResultArchiveWriter out;
    if (r.lyapunov) out << *r.lyapunov;
    else out << *r.run << r.wall_seconds;
    return out.bytes();
  };
  work.name = [&](std::size_t i) { return job_name(cases[jobs[i].case_index], jobs[i]); };
  work.started = [&](std::size_t i) {
    if (status) status(work.name(i));
  };
  std::int64_t done = 0;
  if (progress)
    progress->begin("the report's runs on " + std::to_string(workers) + " processes",
                    static_cast<std::int64_t>(jobs.size()), "runs");
  work.finished = [&](std::size_t) {
    if (progress) progress->advance(++done);
  };
  const std::vector<std::string> bytes = run_in_worker_processes(work, workers);
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    JobResult r;
    ResultArchiveReader in(bytes[i]);
    if (jobs[i].precision) in >> r.run.emplace() >> r.wall_seconds;
    else in >> r.lyapunov.emplace();
    in.finish();
    results.push_back(std::move(r));
  }
  return results;
}

}  // namespace

LyapunovCaseRun lyapunov_case_run(CaseSpec c, LyapunovResult result) {
  std::optional<ExactOnOrbit> on_orbit = exact_on_orbit(c, result.lyapunov);
  return {std::move(c), std::move(result), std::move(on_orbit), std::nullopt};
}

ReportRuns run_for_report(const std::vector<CaseSpec>& cases, const RunOptions& base,
                          const std::filesystem::path& case_files_root,
                          const std::function<void(const std::string&)>& status,
                          const std::vector<PublishedTable>& tables) {
  std::vector<ReportJob> jobs;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    if (cases[i].lyapunov) jobs.push_back({i, std::nullopt});
    else
      for (const Precision& p : report_precisions(cases[i])) jobs.push_back({i, p});
  }
  // Several cores: the runs go to worker processes, each on one thread (studies included),
  // without the progress, which only the parent tells.
  const unsigned workers = jobs.size() > 1 ? base.threads : 1;
  RunOptions per_run = base;
  if (workers > 1) {
    per_run.threads = 1;
    per_run.progress = nullptr;
  }
  std::vector<JobResult> results = run_jobs(cases, jobs, per_run, workers, base.progress, status);
  ReportRuns report;
  report.worker_processes = workers;
  ComputedExponents computed;  // handed to the relations, which would otherwise run the cases again
  for (std::size_t k = 0; k < jobs.size(); ++k) {
    const CaseSpec& c = cases[jobs[k].case_index];
    JobResult& r = results[k];
    if (r.lyapunov) {
      LyapunovCaseRun run = lyapunov_case_run(c, std::move(*r.lyapunov));
      if (c.lyapunov->family) computed.by_experiment[{*c.lyapunov->family, *c.lyapunov->published}] = run.result.lyapunov;
      report.lyapunov.push_back(std::move(run));
      continue;
    }
    // A case's runs are consecutive jobs, its own precision first.
    if (k == 0 || jobs[k - 1].case_index != jobs[k].case_index)
      report.cases.emplace_back(c, per_run.threads);
    CaseRuns& runs = report.cases.back();
    runs.runs.push_back(std::move(*r.run));
    runs.wall_seconds.push_back(r.wall_seconds);
    std::vector<std::optional<double>> seconds;
    if (runs.runs.back().convergence)
      for (StudyRow& row : runs.runs.back().convergence->rows) seconds.push_back(std::exchange(row.seconds, std::nullopt));
    runs.scheme_seconds.push_back(std::move(seconds));
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
  report.published_tables = tables;
  report.check = check_published(tables, report.relations, report.reproductions);
  report.order_judgement = judge_orders(report, case_files_root);
  return report;
}

}  // namespace vibro
