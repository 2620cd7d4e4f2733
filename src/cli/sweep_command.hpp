#pragma once
// `vibro sweep SWEEP.toml` (docs/sweeps.md): every point of a sweep file on threads, or,
// when launched by mpirun or srun in a build with MPI, on the ranks of the job (one
// coordinator, workers asking for points). Both write and resume the same result file.

#include "vibro/run/run_options.hpp"

#include <filesystem>
#include <iosfwd>

namespace vibro::cli {

struct SweepCommand {
  std::filesystem::path file;
  std::filesystem::path out;  ///< empty: vibro-out/NAME.jsonl
  bool force = false;         ///< a grid beyond max_sweep_points
  bool json = false;          ///< the summary as JSON on stdout
};

/// Runs the sweep; returns the exit status. Throws InputError and RunFailure as the other
/// verbs do (on the coordinator rank under MPI).
int run_sweep_command(const SweepCommand& command, const RunOptions& options, std::ostream& out);

/// Whether this process was started as a rank of an MPI job (mpirun, srun): the variables
/// OpenMPI, PMI or PMIx set for it. Always false in a build without MPI.
bool launched_by_mpi();

}  // namespace vibro::cli
