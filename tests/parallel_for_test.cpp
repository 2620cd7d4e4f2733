// The order in which parallel_for_largest_first hands out tasks (analysis/parallel_for.hpp):
// decreasing cost, ties in index order, every task exactly once. On one thread the tasks run
// in the order they are handed out, so that order is observed directly; on two threads the
// first two handed out are the two heaviest, whichever thread takes which. The first failure
// starts no further task and asks those running to stop (support/cancellation.hpp).

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

/// On one thread the tasks run in the order handed out (7, 6, …, 0): task 3 fails, so 2, 1
/// and 0 never start, and its exception is the one rethrown.
TEST(ParallelForLargestFirst, AFailureStartsNoFurtherTaskAndIsRethrown) {
  std::vector<std::size_t> ran;
  try {
    parallel_for_largest_first(
        study_steps.size(), 1,
        [&](std::size_t i) {
          ran.push_back(i);
          if (i == 3) throw std::runtime_error("task 3 fails");
        },
        [](std::size_t i) { return study_steps[i]; });
    ADD_FAILURE() << "the failure was not rethrown";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "task 3 fails");
  }
  EXPECT_EQ(ran, (std::vector<std::size_t>{7, 6, 5, 4, 3}));
}

/// On two threads the heaviest task (7) runs until it is asked to stop, as a scheme's loop or
/// a user's program tests the request; task 6, beside it, fails. Task 7 then stops (its
/// Cancelled is not what is rethrown), and no other task starts. Outside parallel_for no stop
/// is requested.
TEST(ParallelFor, AFailureAsksTheTasksRunningBesideItToStop) {
  std::atomic<bool> seven_stopped{false};
  std::atomic<int> started{0};
  const auto begin = std::chrono::steady_clock::now();
  try {
    parallel_for_largest_first(
        study_steps.size(), 2,
        [&](std::size_t i) {
          ++started;
          if (i == 6) throw std::runtime_error("task 6 fails");
          if (i != 7) return;
          const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(20);
          while (std::chrono::steady_clock::now() < give_up) {
            if (stop_requested()) {
              seven_stopped = true;
              throw_if_cancelled();
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
          }
        },
        [](std::size_t i) { return study_steps[i]; });
    ADD_FAILURE() << "the failure was not rethrown";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "task 6 fails");
  }
  EXPECT_TRUE(seven_stopped);
  EXPECT_LT(std::chrono::steady_clock::now() - begin, std::chrono::seconds(10));
  EXPECT_EQ(started, 2) << "a task started after the failure";
  EXPECT_FALSE(stop_requested());
}

}  // namespace
}  // namespace vibro::testing
