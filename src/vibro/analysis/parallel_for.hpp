#pragma once
// Runs independent tasks on a few threads (the step sizes of a convergence study). A task
// that throws stops nothing else; the first exception is rethrown once all have finished.
//
// MPFR: Boost 1.74 keeps its default precision in a process-wide static, so the caller
// sets it (MpfrPrecisionGuard) before calling, and tasks must not change it.

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace vibro {

/// Calls task(i) for every i < count on at most `threads` threads (1: in this thread).
template <class Task>
void parallel_for(std::size_t count, unsigned threads, const Task& task) {
  std::atomic<std::size_t> next{0};
  std::exception_ptr failure;
  std::mutex failure_mutex;
  const auto worker = [&] {
    for (std::size_t i; (i = next++) < count;) {
      try {
        task(i);
      } catch (...) {
        const std::lock_guard lock(failure_mutex);
        if (!failure) failure = std::current_exception();
      }
    }
  };
  const unsigned extra = std::min<std::size_t>(std::max(threads, 1u), count) - 1;
  std::vector<std::jthread> pool;
  for (unsigned t = 0; t < extra; ++t) pool.emplace_back(worker);
  worker();
  pool.clear();  // joins
  if (failure) std::rethrow_exception(failure);
}

}  // namespace vibro
