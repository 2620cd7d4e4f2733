#include "vibro/io/sweep_results.hpp"

#include "vibro/analysis/parallel_for.hpp"
#include "vibro/io/atomic_file.hpp"
#include "vibro/io/result_json.hpp"
#include "vibro/io/sweep_result_lines.hpp"
#include "vibro/run/input_error.hpp"
#include "vibro/run/scheme_catalog.hpp"
#include "vibro/run/work_limit.hpp"

#include <fcntl.h>
#include <nlohmann/json.hpp>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <numeric>
#include <sstream>

namespace vibro {

namespace {

using json = nlohmann::json;
using Clock = std::chrono::steady_clock;

std::string system_error() { return std::strerror(errno); }

/// The run options of a point: no progress, no error bars, estimates or study; the
/// threads (for an order's study) as given.
RunOptions point_options(const RunOptions& given) {
  RunOptions options;
  options.precision = given.precision;
  options.max_steps = given.max_steps;
  options.error_estimate = false;
  options.study = false;
  options.threads = std::max(1u, given.threads);
  return options;
}

Precision point_precision(const CaseSpec& c, const RunOptions& options) {
  return options.precision.value_or(c.precision);
}

}  // namespace

SweepHeader sweep_header(const SweepSpec& s, const std::optional<Precision>& precision) {
  SweepHeader header{s.name,
                     s.file,
                     s.hash,
                     s.base_case.lexically_normal().generic_string(),
                     precision ? std::optional(precision->name()) : std::nullopt,
                     s.points(),
                     {},
                     computed_quantities(s.compute),
                     std::nullopt};
  for (const SweepParameter& p : s.parameters) {
    SweptParameter& swept = header.parameters.emplace_back(SweptParameter{p.key, p.spacing, {}});
    for (const CaseOverride& v : p.values) swept.values.push_back(v.text);
  }
  if (s.compute.strobe) header.strobe = StrobeSampling{s.compute.strobe_transient, s.compute.strobe_samples};
  return header;
}

SweepPointResult compute_sweep_point(const SweepSpec& s, std::size_t index, const RunOptions& given) {
  const Clock::time_point start = Clock::now();
  SweepPointResult point;
  point.index = index;
  try {
    compute_point_quantities(sweep_point_cases(s, index), s.compute, point_options(given), point);
  } catch (const std::bad_alloc&) {
    throw;
  } catch (const std::exception& error) {  // InputError, RunFailure, a library's error
    point.error = error.what();
  }
  point.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return point;
}

json sweep_point_line(const SweepSpec& s, const SweepPointResult& p) {
  json out = to_json(p);
  out["kind"] = "point";
  json parameters = json::object();
  for (const CaseOverride& o : s.overrides(p.index)) parameters[o.key] = o.text;
  out["parameters"] = parameters;
  return out;
}

double sweep_point_cost(const SweepSpec& s, std::size_t index, const RunOptions& given) {
  const SweepPointCases cases = sweep_point_cases(s, index);
  const auto cost = [&](const CaseSpec& c, std::int64_t periods, double trajectories) {
    const bool stepped = scheme_infos().at(c.scheme.entry).has_step;
    double steps = static_cast<double>(periods);
    if (stepped && c.step.steps_per_period) steps *= static_cast<double>(*c.step.steps_per_period);
    else if (stepped) steps *= 1000;  // an absolute step: the horizon's steps are not known here
    else steps *= 100;                // the reference: a few events per period
    return trajectories * steps * seconds_per_step(point_precision(c, given));
  };
  const CaseSpec& c = cases.base;
  const std::int64_t periods = c.horizon.periods.value_or(1);
  const double lyapunov_trajectories = c.lyapunov && c.lyapunov->has_epsilon() ? 3 : 1;
  double total = 0;
  if (s.compute.lyapunov || s.compute.impacts || s.compute.relations) total += cost(c, periods, lyapunov_trajectories);
  if (s.compute.strobe) total += cost(c, s.compute.strobe_transient + s.compute.strobe_samples, 1);
  for (const CaseSpec& r : cases.relation_cases)
    total += cost(r, r.horizon.periods.value_or(1), r.lyapunov && r.lyapunov->has_epsilon() ? 3 : 1);
  if (s.compute.order)  // every step size of the study, each steps_per_period × periods steps
    for (const StepSpec& step : c.convergence) {
      CaseSpec at = c;
      at.step = step;
      total += cost(at, periods, 1);
    }
  return total;
}

bool sweep_point_threadable(const SweepSpec& s, std::size_t index, const RunOptions& given) {
  // A study measures its scheme against a reference that may run in MPFR, and runs its step
  // sizes on threads of its own.
  if (s.compute.order) return false;
  const SweepPointCases cases = sweep_point_cases(s, index);
  const auto floating_builtin = [&](const CaseSpec& c) {
    const ScalarKind k = point_precision(c, given).kind;
    return k == ScalarKind::double_ || k == ScalarKind::long_double || k == ScalarKind::float128;
  };
  return floating_builtin(cases.base) && std::all_of(cases.relation_cases.begin(), cases.relation_cases.end(), floating_builtin);
}

std::vector<std::size_t> sweep_todo(const SweepSpec& s, const std::set<std::size_t>& finished, const RunOptions& options) {
  std::vector<std::size_t> todo;
  std::vector<double> cost;
  for (std::size_t i = 0; i < s.points(); ++i)
    if (!finished.contains(i)) todo.push_back(i);
  cost.reserve(todo.size());
  for (const std::size_t i : todo) cost.push_back(sweep_point_cost(s, i, options));
  std::vector<std::size_t> order(todo.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return cost[a] > cost[b]; });
  std::vector<std::size_t> sorted;
  sorted.reserve(todo.size());
  for (const std::size_t k : order) sorted.push_back(todo[k]);
  return sorted;
}

SweepRunSummary run_sweep_points(const SweepSpec& s, const std::set<std::size_t>& finished, const SweepSink& sink,
                                 const RunOptions& options) {
  const Clock::time_point start = Clock::now();
  SweepRunSummary summary;
  summary.points = s.points();
  summary.skipped = finished.size();
  const std::vector<std::size_t> todo = sweep_todo(s, finished, options);
  std::vector<std::size_t> threaded, alone;
  for (const std::size_t i : todo) (sweep_point_threadable(s, i, options) ? threaded : alone).push_back(i);
  std::atomic<std::size_t> done{0}, failed{0};
  if (options.progress) {
    double estimate = 0;
    for (const std::size_t i : todo) estimate += sweep_point_cost(s, i, options);
    options.progress->begin("sweep " + s.name, static_cast<std::int64_t>(todo.size()), "points",
                            estimate / std::max(1u, options.threads));
  }
  const auto run_one = [&](std::size_t i, const RunOptions& point) {
    SweepPointResult computed = compute_sweep_point(s, i, point);
    if (computed.error) ++failed;
    sink(std::move(computed));
    const std::size_t now = ++done;
    if (options.progress) options.progress->advance(static_cast<std::int64_t>(now));
  };
  // The threaded points run one thread each; the others one at a time, with the threads
  // for their own study's step sizes.
  RunOptions one_thread = options;
  one_thread.threads = 1;
  parallel_for(threaded.size(), options.threads, [&](std::size_t k) { run_one(threaded[k], one_thread); });
  for (const std::size_t i : alone) run_one(i, options);
  summary.computed = done;
  summary.failed = failed;
  summary.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return summary;
}

SweepRunSummary run_sweep(const SweepSpec& s, SweepResultFile& out, const RunOptions& options) {
  const SweepRunSummary summary =
      run_sweep_points(s, out.finished(), [&](SweepPointResult&& point) { out.append(sweep_point_line(s, point)); }, options);
  out.sync();
  return summary;
}

SweepOutcome compute_sweep(const SweepSpec& s, const RunOptions& options) {
  SweepOutcome outcome{s, std::vector<SweepPointResult>(s.points()), {}, std::max(1u, options.threads), {},
                       options.precision};
  // Each point writes its own slot: no two threads touch one element.
  outcome.summary = run_sweep_points(
      s, {},
      [&outcome](SweepPointResult&& point) {
        point.seconds.reset();
        const std::size_t index = point.index;
        outcome.points[index] = std::move(point);
      },
      options);
  // The bifurcation diagram of a one-parameter sweep marks the closed form's period doublings.
  if (const std::vector<std::size_t> axes = s.swept(); s.compute.strobe && axes.size() == 1) {
    const SweepParameter& swept = s.parameters[axes.front()];
    std::vector<double> values;
    for (const CaseOverride& v : swept.values)
      if (const std::optional<double> x = nearest_double(v.text)) values.push_back(*x);
    if (values.size() == swept.values.size())  // a model parameter: every value a number
      outcome.doublings = predicted_doublings(sweep_point_cases(s, 0).base, swept.key, std::move(values));
  }
  return outcome;
}

SweepResultFile::SweepResultFile(const std::filesystem::path& path, const SweepSpec& s,
                                 const std::optional<Precision>& precision)
    : path_(path) {
  const std::string where = path.string();
  std::error_code error;
  if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path(), error);
  if (error) throw InputError("", "--out", "cannot make the directory of " + where + ": " + error.message());
  const auto status = std::filesystem::symlink_status(path, error);
  if (status.type() != std::filesystem::file_type::not_found && status.type() != std::filesystem::file_type::regular)
    throw InputError("", "--out", where + " exists and is not a regular file");
  fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0666);
  if (fd_ < 0) throw InputError("", "--out", "cannot open " + where + ": " + system_error());
  if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    ::close(fd_);
    throw InputError("", "--out", where + " is being written by another sweep (it holds the file's lock)");
  }
  try {
    std::string text;
    {
      std::ifstream in(path, std::ios::binary);
      std::ostringstream all;
      all << in.rdbuf();
      text = all.str();
    }
    // A last line without its newline is a write a kill cut short: cut it off.
    const std::size_t complete = text.empty() ? 0 : text.rfind('\n') == std::string::npos ? 0 : text.rfind('\n') + 1;
    if (complete < text.size()) {
      if (::ftruncate(fd_, static_cast<off_t>(complete)) != 0 || ::fdatasync(fd_) != 0)
        throw RunFailure("cannot cut the unfinished last line of " + where + ": " + system_error());
      text.resize(complete);
    }
    const json header = to_json(sweep_header(s, precision));
    if (text.empty()) {
      write_line(header.dump() + "\n");
      sync();
      return;
    }
    SweepResultLines lines = read_sweep_result_lines(text, header, s, precision, where);
    finished_ = std::move(lines.finished);
    if (lines.failed_points) replace_with(lines.kept);
  } catch (...) {
    ::close(fd_);
    throw;
  }
}

SweepResultFile::~SweepResultFile() {
  if (fd_ < 0) return;
  ::fdatasync(fd_);  // the lines since the last sync; a failure here has nobody left to tell
  ::close(fd_);
}

void SweepResultFile::append(const json& point) {
  const std::string line = point.dump() + "\n";
  bool sync_now = false;
  {
    const std::lock_guard lock(mutex_);
    write_line(line);
    finished_.insert(point.at("point").get<std::size_t>());
    const Clock::time_point now = Clock::now();
    if (now - synced_ >= sync_interval) {
      synced_ = now;
      sync_now = true;
    }
  }
  // Outside the lock: the other threads go on appending while this one waits for the disk.
  if (sync_now) sync();
}

void SweepResultFile::replace_with(const std::string& text) {
  write_file_atomically(path_, text);
  const int fd = ::open(path_.c_str(), O_RDWR | O_APPEND | O_CLOEXEC);
  if (fd < 0) throw RunFailure("cannot open " + path_.string() + ": " + system_error());
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    ::close(fd);
    throw InputError("", "--out", path_.string() + " is being written by another sweep (it holds the file's lock)");
  }
  ::close(fd_);
  fd_ = fd;
}

void SweepResultFile::sync() {
  if (::fdatasync(fd_) != 0) throw RunFailure("cannot sync " + path_.string() + ": " + system_error());
}

void SweepResultFile::write_line(const std::string& line) {
  // One write(2) of the whole line on an O_APPEND descriptor; a short write (a full disk,
  // a file-size limit) is completed or reported.
  std::size_t written = 0;
  while (written < line.size()) {
    const ssize_t n = ::write(fd_, line.data() + written, line.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw RunFailure("cannot write to " + path_.string() + ": " + system_error());
    written += static_cast<std::size_t>(n);
  }
}

}  // namespace vibro
