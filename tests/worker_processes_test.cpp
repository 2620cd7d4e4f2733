// The worker processes of `vibro report` (report_runs/worker_processes.hpp): every job's bytes come
// back to its index whatever the order of finishing, several jobs run at once each with its
// own MPFR default precision (the reason for processes rather than threads), and a job's
// failure comes back as the exception it threw, or names the job when the worker died.

#include "vibro/support/input_error.hpp"
#include "vibro/report_runs/worker_processes.hpp"
#include "vibro/scalar/precision.hpp"
#include "vibro/scalar/with_scalar.hpp"

#include <gtest/gtest.h>

#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace {

namespace fs = std::filesystem;

vibro::WorkerJobs jobs_of(std::vector<std::size_t> order, std::function<std::string(std::size_t)> run) {
  vibro::WorkerJobs jobs;
  jobs.order = std::move(order);
  jobs.run = std::move(run);
  jobs.name = [](std::size_t i) { return "job " + std::to_string(i); };
  return jobs;
}

TEST(WorkerProcesses, EveryJobsBytesComeBackToItsIndex) {
  // One result far beyond a pipe's buffer (64 KiB): the parent reads while the worker writes.
  const auto bytes_of = [](std::size_t i) {
    if (i == 2) return std::string(3'000'000, 'x').append("end");
    std::string bytes = "job " + std::to_string(i);
    bytes.push_back('\0');
    return bytes.append("!");
  };
  vibro::WorkerJobs jobs = jobs_of({4, 2, 0, 1, 3}, bytes_of);
  std::vector<std::size_t> started, finished;
  jobs.started = [&](std::size_t i) { started.push_back(i); };
  jobs.finished = [&](std::size_t i) { finished.push_back(i); };
  for (const unsigned workers : {1u, 2u, 3u}) {
    started.clear();
    finished.clear();
    const std::vector<std::string> results = vibro::run_in_worker_processes(jobs, workers);
    ASSERT_EQ(results.size(), 5u);
    for (std::size_t i = 0; i < 5; ++i) EXPECT_EQ(results[i], bytes_of(i)) << i;
    EXPECT_EQ(started, jobs.order);  // handed out in the given order
    EXPECT_EQ(finished.size(), 5u);
  }
}

TEST(WorkerProcesses, TwoJobsRunAtOnceEachAtItsOwnMpfrPrecision) {
  // Each job sets the process's default MPFR precision, then waits until the other job has
  // set its own: only two jobs running at the same time can both get past the wait, and
  // each must still read its own precision after the other set a different one (in one
  // process, as threads, the second setting would be read by both).
  const fs::path dir = fs::temp_directory_path() / ("vibro_workers_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const auto run = [&](std::size_t i) {
    const vibro::MpfrPrecisionGuard digits(30 + 20 * static_cast<long>(i));
    std::ofstream(dir / std::to_string(i)) << "set";
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (!fs::exists(dir / std::to_string(1 - i))) {
      if (std::chrono::steady_clock::now() > deadline) return std::string("the other job never ran at the same time");
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return std::to_string(vibro::mpfr_real::default_precision());
  };
  const std::vector<std::string> results = vibro::run_in_worker_processes(jobs_of({0, 1}, run), 2);
  fs::remove_all(dir);
  EXPECT_EQ(results, (std::vector<std::string>{"30", "50"}));
}

TEST(WorkerProcesses, AnInputErrorComesBackWithItsFileKeyAndMessage) {
  const auto run = [](std::size_t i) -> std::string {
    if (i == 1) throw vibro::InputError("cases/a.toml", "step", "must be positive");
    return "fine";
  };
  try {
    vibro::run_in_worker_processes(jobs_of({0, 1, 2}, run), 2);
    FAIL() << "no exception";
  } catch (const vibro::InputError& e) {
    EXPECT_EQ(e.file(), "cases/a.toml");
    EXPECT_EQ(e.key(), "step");
    EXPECT_EQ(e.message(), "must be positive");
    EXPECT_EQ(std::string(e.what()), vibro::InputError("cases/a.toml", "step", "must be positive").what());
  }
}

TEST(WorkerProcesses, AnyOtherExceptionComesBackWithItsMessage) {
  const auto run = [](std::size_t) -> std::string { throw std::logic_error("the scheme diverged"); };
  try {
    vibro::run_in_worker_processes(jobs_of({0}, run), 2);
    FAIL() << "no exception";
  } catch (const vibro::InputError&) {
    FAIL() << "not an input error";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()), "the scheme diverged");
  }
}

TEST(WorkerProcesses, AWorkerThatDiesIsNamed) {
  const auto killed = [](std::size_t i) -> std::string {
    if (i == 1) ::raise(SIGKILL);
    return "fine";
  };
  const auto exited = [](std::size_t i) -> std::string {
    if (i == 0) ::_exit(3);
    return "fine";
  };
  try {
    vibro::run_in_worker_processes(jobs_of({0, 1}, killed), 2);
    FAIL() << "no exception";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()), "the worker process running job 1 was killed by signal 9");
  }
  try {
    vibro::run_in_worker_processes(jobs_of({0, 1}, exited), 1);
    FAIL() << "no exception";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()), "the worker process running job 0 ended without a result");
  }
}

TEST(WorkerProcesses, AFailureStartsNoFurtherJob) {
  vibro::WorkerJobs jobs = jobs_of({3, 0, 1, 2}, [](std::size_t i) -> std::string {
    if (i == 3) throw std::runtime_error("first job fails");
    return "fine";
  });
  std::vector<std::size_t> started;
  jobs.started = [&](std::size_t i) { started.push_back(i); };
  EXPECT_THROW(vibro::run_in_worker_processes(jobs, 1), std::runtime_error);
  EXPECT_EQ(started, std::vector<std::size_t>{3});
}

}  // namespace
