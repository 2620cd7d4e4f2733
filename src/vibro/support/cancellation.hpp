#pragma once
// A request from outside to stop the computation in progress — the Python module's Ctrl-C
// (docs/python.md "Interrupting") — tested now and then by the long loops: every 2^16 steps of
// a scheme's run or study, each section of a landing scheme's run, each flight or integrator
// segment of an exact-detection reference. A test costs one relaxed load, never one per step.
// Nothing else sets it: `vibro` itself stops on Ctrl-C by the signal's default action.

#include <atomic>
#include <cstdint>

namespace vibro {

/// Set (from a signal handler too: the atomic is lock-free) to stop the computations running;
/// cleared by whoever set it, once they have stopped.
inline std::atomic<bool> cancellation_requested{false};
static_assert(std::atomic<bool>::is_always_lock_free, "a signal handler sets it");

/// The steps a scheme takes between two tests of the request.
inline constexpr std::int64_t steps_between_cancellation_tests = std::int64_t{1} << 16;

/// What a loop that finds the request throws: it unwinds the computation. Not a
/// std::exception, so that no handler that turns a failure into a message (a reference's
/// "cannot go on", a test-set pair's failure) takes it for one: only the caller that asked for
/// the stop catches it.
struct Cancelled {};

inline void throw_if_cancelled() {
  if (cancellation_requested.load(std::memory_order_relaxed)) [[unlikely]]
    throw Cancelled();
}

}  // namespace vibro
