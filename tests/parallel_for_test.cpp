// The order in which parallel_for_largest_first hands out tasks (analysis/parallel_for.hpp):
// decreasing cost, ties in index order, every task exactly once. On one thread the tasks run
// in the order they are handed out, so that order is observed directly; on two threads the
// first two handed out are the two heaviest, whichever thread takes which.

#include "vibro/analysis/parallel_for.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

namespace vibro::testing {
namespace {

/// The steps of a study whose step sizes halve: the finest has the most.
const std::vector<long> study_steps = {1000, 2000, 4000, 8000, 16000, 32000, 64000, 128000};

TEST(ParallelForLargestFirst, HandsOutTheHeaviestTaskFirstOnOneThread) {
  std::vector<std::size_t> started;
  parallel_for_largest_first(study_steps.size(), 1, [&](std::size_t i) { started.push_back(i); },
                             [](std::size_t i) { return study_steps[i]; });
  EXPECT_EQ(started, (std::vector<std::size_t>{7, 6, 5, 4, 3, 2, 1, 0}));
}

TEST(ParallelForLargestFirst, KeepsTheIndexOrderBetweenEqualCosts) {
  const std::vector<int> cost = {1, 3, 3, 2, 3};
  std::vector<std::size_t> started;
  parallel_for_largest_first(cost.size(), 1, [&](std::size_t i) { started.push_back(i); },
                             [&](std::size_t i) { return cost[i]; });
  EXPECT_EQ(started, (std::vector<std::size_t>{1, 2, 4, 3, 0}));
}

/// Each task waits (10 s at most) until two have started, so that neither thread can take
/// a third task before both of the first two are recorded.
TEST(ParallelForLargestFirst, StartsTheTwoHeaviestFirstOnTwoThreadsAndRunsEveryTaskOnce) {
  std::mutex mutex;
  std::vector<std::size_t> started;
  std::vector<std::atomic<int>> runs(study_steps.size());
  parallel_for_largest_first(study_steps.size(), 2,
                             [&](std::size_t i) {
                               {
                                 const std::lock_guard lock(mutex);
                                 started.push_back(i);
                               }
                               const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(10);
                               for (;;) {
                                 {
                                   const std::lock_guard lock(mutex);
                                   if (started.size() >= 2) break;
                                 }
                                 if (std::chrono::steady_clock::now() > give_up) break;
                                 std::this_thread::yield();
                               }
                               ++runs[i];
                             },
                             [](std::size_t i) { return study_steps[i]; });
  ASSERT_EQ(started.size(), study_steps.size());
  std::vector<std::size_t> first_two(started.begin(), started.begin() + 2);
  std::sort(first_two.begin(), first_two.end());
  EXPECT_EQ(first_two, (std::vector<std::size_t>{6, 7}));
  for (std::size_t i = 0; i < runs.size(); ++i) EXPECT_EQ(runs[i], 1) << "task " << i;
}

/// No task: nothing runs and no thread is started, on any thread count (the count of threads
/// beside the caller, min(threads, count) − 1, must not wrap around).
TEST(ParallelFor, WithNoTaskRunsNothingAndReturns) {
  for (const unsigned threads : {0u, 1u, 2u, 64u}) {
    std::atomic<int> calls{0};
    parallel_for(0, threads, [&](std::size_t) { ++calls; });
    parallel_for_largest_first(0, threads, [&](std::size_t) { ++calls; }, [](std::size_t) { return 1; });
    EXPECT_EQ(calls, 0) << threads << " threads";
  }
}

TEST(ParallelForLargestFirst, RethrowsAFailureAfterRunningTheOtherTasks) {
  std::atomic<int> ran{0};
  EXPECT_THROW(parallel_for_largest_first(
                   study_steps.size(), 2,
                   [&](std::size_t i) {
                     ++ran;
                     if (i == 3) throw std::runtime_error("task 3 fails");
                   },
                   [](std::size_t i) { return study_steps[i]; }),
               std::runtime_error);
  EXPECT_EQ(ran, static_cast<int>(study_steps.size()));
}

}  // namespace
}  // namespace vibro::testing
