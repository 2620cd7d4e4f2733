#pragma once
// Runs independent tasks on a few threads (the step sizes of a convergence study), in order
// or the most expensive first. The first task that throws stops the others: no task starts
// after it, and those running are asked to stop (support/cancellation.hpp: they find the
// request at their next test, and a user's program is stopped within 0.1 s); its exception is
// rethrown once all have returned.
//
// MPFR: Boost 1.74 keeps its default precision in a process-wide static, so the caller
// sets it (MpfrPrecisionGuard) before calling, and tasks must not change it.

#include "vibro/support/cancellation.hpp"

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <mutex>
#include <numeric>
#include <thread>
#include <utility>
#include <vector>

namespace vibro {

/// Calls task(i) for every i < count on at most `threads` threads (1: in this thread).
template <class Task>
void parallel_for(std::size_t count, unsigned threads, const Task& task) {
  std::atomic<std::size_t> next{0};
  std::atomic<bool> failed{false};
  std::exception_ptr failure;
  std::mutex failure_mutex;
  const auto worker = [&] {
    const std::atomic<bool>* const outer = std::exchange(task_beside_failed, &failed);
    for (std::size_t i; !failed.load(std::memory_order_relaxed) && (i = next++) < count;) {
      try {
        task(i);
      } catch (...) {
        const std::lock_guard lock(failure_mutex);
        if (!failure) failure = std::current_exception();
        failed.store(true, std::memory_order_relaxed);
      }
    }
    task_beside_failed = outer;
  };
  // No task, no thread: with count = 0 the "threads beside this one" would be 0 − 1.
  if (count == 0) return;
  const std::size_t extra = std::min<std::size_t>(std::max(threads, 1u), count) - 1;
  std::vector<std::jthread> pool;
  for (std::size_t t = 0; t < extra; ++t) pool.emplace_back(worker);
  worker();
  pool.clear();  // joins
  if (failure) std::rethrow_exception(failure);
}

/// parallel_for handing out the tasks in decreasing order of cost(i), ties in order of i:
/// handed out in order of i, a study's finest step size (about half its work) would start
/// last and run alone while the other threads are idle. Each task still writes its own
/// result, so where the results go does not depend on the order.
template <class Task, class Cost>
void parallel_for_largest_first(std::size_t count, unsigned threads, const Task& task, const Cost& cost) {
  std::vector<std::size_t> order(count);
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return cost(a) > cost(b); });
  parallel_for(count, threads, [&](std::size_t k) { task(order[k]); });
}

}  // namespace vibro
