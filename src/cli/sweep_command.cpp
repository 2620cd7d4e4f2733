#include "sweep_command.hpp"

#include "vibro/io/sweep_file.hpp"
#include "vibro/run/sweep_run.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <iostream>


namespace vibro::cli {

namespace {

std::filesystem::path result_path(const SweepCommand& command, const SweepSpec& sweep) {
  return command.out.empty() ? std::filesystem::path("vibro-out") / (sweep.name + ".jsonl") : command.out;
}

int report(const SweepRunSummary& summary, const SweepSpec& sweep, const std::filesystem::path& file, bool json,
           unsigned workers, std::ostream& out) {
  if (summary.failed > 0)
    std::cerr << "vibro: warning: " << summary.failed << " of the points computed failed; their lines hold \"error\"\n";
  if (json) {
    out << nlohmann::json{{"schema_version", schema_version::sweep},
                          {"sweep", sweep.name},
                          {"file", file.string()},
                          {"points", summary.points},
                          {"skipped", summary.skipped},
                          {"computed", summary.computed},
                          {"failed", summary.failed},
                          {"workers", workers},
                          {"seconds", summary.seconds}}
                .dump(2)
        << "\n";
  } else {
    out << fmt::format("sweep {}: {} points, {} computed now on {} {}, {} finished before, {} failed; {:.3g} s\nwrote {}\n",
                       sweep.name, summary.points, summary.computed, workers, workers == 1 ? "worker" : "workers",
                       summary.skipped, summary.failed, summary.seconds, file.string());
  }
  return 0;
}


}  // namespace

bool launched_by_mpi() {
#ifdef VIBRO_WITH_MPI
  for (const char* variable : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK", "PMI_SIZE"})
    if (std::getenv(variable)) return true;
#endif
  return false;
}

int run_sweep_command(const SweepCommand& command, const RunOptions& options, std::ostream& out) {
  const SweepSpec sweep = load_sweep(command.file, command.force);
  const std::filesystem::path file = result_path(command, sweep);
  SweepResultFile results(file, sweep);
  const SweepRunSummary summary = run_sweep(sweep, results, options);
  return report(summary, sweep, file, command.json, options.threads, out);
}

}  // namespace vibro::cli
