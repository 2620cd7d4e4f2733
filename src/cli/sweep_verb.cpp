// `vibro sweep SWEEP.toml` (docs/sweeps.md): every point of a sweep file on threads, or,
// when launched by mpirun or srun in a build with MPI, on the ranks of the job (one
// coordinator, workers asking for points). Both write and resume the same result file.

#include "verb.hpp"

#include "vibro/io/result_json.hpp"
#include "vibro/io/sweep_file.hpp"
#include "vibro/sweep/sweep_results.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <memory>
#include <ostream>

#ifdef VIBRO_WITH_MPI
#include <mpi.h>

#include <chrono>
#include <cstdint>
#include <deque>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>
#endif

namespace vibro::cli {

namespace {

struct SweepCommand {
  std::filesystem::path file;
  std::filesystem::path out;  ///< empty: vibro-out/NAME.jsonl
  bool force = false;         ///< a grid beyond max_sweep_points
  bool json = false;          ///< the summary as JSON on stdout
};

#ifdef VIBRO_WITH_MPI
/// Whether this process was started as a rank of an MPI job (mpirun, srun): the variables
/// OpenMPI, PMI or PMIx set for it.
bool launched_by_mpi() {
  for (const char* variable : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK", "PMI_SIZE"})
    if (std::getenv(variable)) return true;
  return false;
}
#endif

/// The result file: --out, or vibro-out/NAME.jsonl; never one of the sweep's own inputs.
std::filesystem::path result_path(const SweepCommand& command, const SweepSpec& sweep) {
  const std::filesystem::path file =
      command.out.empty() ? std::filesystem::path("vibro-out") / (sweep.name + ".jsonl") : command.out;
  std::vector<std::filesystem::path> inputs = {command.file, sweep.base_case};
  inputs.insert(inputs.end(), sweep.relation_cases.begin(), sweep.relation_cases.end());
  require_output_apart_from_inputs(file, "--out", inputs);
  return file;
}

int report(const SweepRunSummary& summary, const SweepSpec& sweep, const std::filesystem::path& file, bool json,
           unsigned workers, std::ostream& out) {
  if (summary.failed > 0)
    std::cerr << "vibro: warning: " << summary.failed << " of the points computed failed; their lines hold \"error\"\n";
  if (json) {
    out << to_json(SweepSummary{sweep.name, file.string(), summary, workers}).dump(2) << "\n";
  } else {
    out << fmt::format("sweep {}: {} points, {} computed now on {} {}, {} finished before, {} failed; {:.3g} s\nwrote {}\n",
                       sweep.name, summary.points, summary.computed, workers, workers == 1 ? "worker" : "workers",
                       summary.skipped, summary.failed, summary.seconds, file.string());
  }
  return 0;
}

#ifdef VIBRO_WITH_MPI

// Under MPI, rank 0 coordinates: it opens the result file, orders the points (dearest
// first) and hands them out one at a time to whichever rank asks; each worker sends back
// the point's line and asks again; the coordinator appends the lines as they come. Rank 0
// also computes points on one thread of its own while its main thread serves the others
// (only the main thread calls MPI: MPI_THREAD_FUNNELED). Every rank reads the sweep file
// itself, so they must see the same files (a shared file system, as on a cluster).

constexpr int tag_request = 1, tag_result = 2, tag_work = 3, tag_stop = 4;

class MpiSession {
 public:
  MpiSession() {
    int provided = 0;
    MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &size_);
  }
  ~MpiSession() { MPI_Finalize(); }
  MpiSession(const MpiSession&) = delete;
  MpiSession& operator=(const MpiSession&) = delete;
  int rank() const { return rank_; }
  int size() const { return size_; }

 private:
  int rank_ = 0, size_ = 1;
};

void send_text(const std::string& text, int tag) {
  MPI_Send(text.data(), static_cast<int>(text.size()), MPI_CHAR, 0, tag, MPI_COMM_WORLD);
}

void worker(const SweepSpec& sweep, const RunOptions& options) {
  send_text("", tag_request);
  for (;;) {
    std::uint64_t index = 0;
    MPI_Status status;
    MPI_Recv(&index, 1, MPI_UINT64_T, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
    if (status.MPI_TAG == tag_stop) return;
    send_text(sweep_point_line(sweep, compute_sweep_point(sweep, static_cast<std::size_t>(index), options)).dump(),
              tag_result);
  }
}

SweepRunSummary coordinate(const SweepSpec& sweep, SweepResultFile& results, const RunOptions& options, int ranks) {
  const auto start = std::chrono::steady_clock::now();
  SweepRunSummary summary;
  summary.points = sweep.points();
  summary.skipped = results.finished().size();
  const std::vector<std::size_t> order = sweep_todo(sweep, results.finished(), options);
  std::deque<std::size_t> todo(order.begin(), order.end());
  std::mutex mutex;  // todo and the counts
  const auto take = [&]() -> std::optional<std::size_t> {
    const std::lock_guard lock(mutex);
    if (todo.empty()) return std::nullopt;
    const std::size_t i = todo.front();
    todo.pop_front();
    return i;
  };
  const auto finished = [&](const nlohmann::json& line) {
    results.append(line);
    const std::lock_guard lock(mutex);
    ++summary.computed;
    if (line.contains("error")) ++summary.failed;
    if (options.progress) options.progress->advance(static_cast<std::int64_t>(summary.computed));
  };
  if (options.progress)
    options.progress->begin("sweep " + sweep.name + " on " + std::to_string(ranks) + " ranks",
                            static_cast<std::int64_t>(order.size()), "points", 0);
  RunOptions local = options;
  local.progress = nullptr;
  local.threads = 1;  // one rank per core: a point's study runs its step sizes on this thread
  std::exception_ptr failure;
  std::jthread own([&] {
    try {
      while (const std::optional<std::size_t> i = take()) finished(sweep_point_line(sweep, compute_sweep_point(sweep, *i, local)));
    } catch (...) {
      failure = std::current_exception();
    }
  });
  int active = ranks - 1;
  while (active > 0) {
    int arrived = 0;
    MPI_Status status;
    // Polled, not a blocking probe: OpenMPI spins in a blocking call, which would take a
    // core from the computing thread beside it.
    MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &arrived, &status);
    if (!arrived) {
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
      continue;
    }
    int count = 0;
    MPI_Get_count(&status, MPI_CHAR, &count);
    std::string text(static_cast<std::size_t>(count), '\0');
    MPI_Recv(text.data(), count, MPI_CHAR, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (status.MPI_TAG == tag_result) finished(nlohmann::json::parse(text));
    if (const std::optional<std::size_t> next = take()) {
      const std::uint64_t index = *next;
      MPI_Send(&index, 1, MPI_UINT64_T, status.MPI_SOURCE, tag_work, MPI_COMM_WORLD);
    } else {
      const std::uint64_t none = 0;
      MPI_Send(&none, 1, MPI_UINT64_T, status.MPI_SOURCE, tag_stop, MPI_COMM_WORLD);
      --active;
    }
  }
  own.join();
  if (failure) std::rethrow_exception(failure);
  results.sync();
  summary.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return summary;
}

int run_sweep_mpi(const SweepCommand& command, const RunOptions& options, std::ostream& out) {
  const MpiSession mpi;
  if (mpi.rank() != 0) {
    // Every rank reads the sweep; a bad file is reported once, by the coordinator.
    std::optional<SweepSpec> sweep;
    try {
      sweep.emplace(load_sweep(command.file, command.force));
    } catch (const std::exception&) {
    }
    int ready = 0;
    MPI_Bcast(&ready, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (!ready || !sweep) return 2;
    RunOptions quiet = options;
    quiet.progress = nullptr;
    quiet.threads = 1;
    worker(*sweep, quiet);
    return 0;
  }
  int ready = 0;
  try {
    const SweepSpec sweep = load_sweep(command.file, command.force);
    const std::filesystem::path file = result_path(command, sweep);
    SweepResultFile results(file, sweep, options.precision);
    ready = 1;
    MPI_Bcast(&ready, 1, MPI_INT, 0, MPI_COMM_WORLD);
    const SweepRunSummary summary =
        mpi.size() == 1 ? run_sweep(sweep, results, options) : coordinate(sweep, results, options, mpi.size());
    return report(summary, sweep, file, command.json, static_cast<unsigned>(mpi.size() == 1 ? options.threads : mpi.size()), out);
  } catch (const std::exception& error) {
    if (!ready) {
      MPI_Bcast(&ready, 1, MPI_INT, 0, MPI_COMM_WORLD);
      throw;
    }
    // The workers are waiting for points: end the job rather than leave them waiting.
    std::cerr << "vibro: error: " << error.what() << "\n";
    MPI_Abort(MPI_COMM_WORLD, 1);
    return 1;
  }
}

#endif

/// Runs the sweep; returns the exit status. Throws InputError and RunFailure as the other
/// verbs do (on the coordinator rank under MPI).
int run_sweep_command(const SweepCommand& command, const RunOptions& options, std::ostream& out) {
#ifdef VIBRO_WITH_MPI
  if (launched_by_mpi()) return run_sweep_mpi(command, options, out);
#endif
  const SweepSpec sweep = load_sweep(command.file, command.force);
  const std::filesystem::path file = result_path(command, sweep);
  SweepResultFile results(file, sweep, options.precision);
  const SweepRunSummary summary = run_sweep(sweep, results, options);
  return report(summary, sweep, file, command.json, options.threads, out);
}

class SweepVerb : public Verb {
 public:
  explicit SweepVerb(CLI::App& app)
      : Verb(app.add_subcommand("sweep", "Compute Lyapunov exponents, impacts, stroboscopic samples or relation "
                                         "outcomes over a grid of case parameters (docs/sweeps.md); resumable, on "
                                         "--threads threads, or on the ranks of an mpirun/srun job")) {
    command()
        .add_option("SWEEP", sweep_.file, "Sweep file (TOML): a base case, [[parameter]] ranges, what to compute")
        ->required();
    command().add_option("--out", sweep_.out,
                         "Result file, one JSON line per finished point (default: vibro-out/NAME.jsonl); an existing "
                         "one of the same sweep is resumed, one of another sweep refused")
        ->check(path_to_write());
    command().add_flag("--force", sweep_.force, "Allow a grid of more than 100000 points");
  }

  int execute(const CommonOptions& common) override {
    sweep_.json = common.json;
    return run_sweep_command(sweep_, common.run_options(), std::cout);
  }

 private:
  SweepCommand sweep_;
};

}  // namespace

std::unique_ptr<Verb> sweep_verb(CLI::App& app, CommonOptions&) { return std::make_unique<SweepVerb>(app); }

}  // namespace vibro::cli
