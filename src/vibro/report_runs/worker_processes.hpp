#pragma once
// Independent jobs on several cores, each in a process of its own: `vibro report` runs its
// cases this way. Threads will not do: Boost.Multiprecision (1.74) keeps the default MPFR
// precision in one variable for the whole process, and every run sets it to its own
// (scalar/precision.hpp MpfrPrecisionGuard), so two runs at once in one process would
// compute at each other's precision. A forked worker has its own copy of that variable.
//
// POSIX only (fork, pipe, poll). The parent must have no other thread running when it is
// called: a forked child has only the calling thread. On Linux a worker is killed when its
// parent dies, so that a report stopped by a signal leaves no run computing.

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace vibro {

struct WorkerJobs {
  /// The jobs to run, in the order they are handed out (the costliest first keeps the
  /// cores busy to the end).
  std::vector<std::size_t> order;
  /// Runs job i in a worker process and returns its result as bytes (report_runs/result_archive.hpp).
  std::function<std::string(std::size_t)> run;
  /// What job i is, for a failure's message ("case X at double").
  std::function<std::string(std::size_t)> name;
  /// Called in the parent when job i is handed to a worker; may be empty.
  std::function<void(std::size_t)> started;
  /// Called in the parent when job i has finished, in the order the jobs finish; may be
  /// empty.
  std::function<void(std::size_t)> finished;
};

/// Runs `jobs` in up to `workers` processes at a time and returns each job's bytes, indexed
/// by job (jobs outside `order` get none). A job that throws fails the whole: no further job
/// starts, the running ones are stopped, and its exception is thrown again here — an
/// InputError with its file, key and message, anything else as std::runtime_error with
/// its message; a worker that dies (a signal, an exit without a result) is a
/// std::runtime_error naming its job.
std::vector<std::string> run_in_worker_processes(const WorkerJobs& jobs, unsigned workers);

}  // namespace vibro
