#pragma once
// A request from outside to stop the computation in progress — the Python module's Ctrl-C
// (docs/python.md "Interrupting"), or, for a task run beside others (analysis/parallel_for.hpp:
// the step sizes of a study, the points of a sweep), the failure of one of them, which makes
// the others' work useless — tested now and then by the long loops: every 2^16 steps of a
// scheme's run or study in double, every step in MPFR; each section of a landing scheme's run,
// each flight or integrator segment of an exact-detection reference, every 0.1 s of a user's
// program (external/external_program.hpp). A test costs one or two relaxed loads.
// `vibro` itself stops on Ctrl-C by the signal's default action.

#include <atomic>
#include <cstdint>
#include <type_traits>

namespace vibro {

/// Set (from a signal handler too: the atomic is lock-free) to stop the computations running;
/// cleared by whoever set it, once they have stopped.
inline std::atomic<bool> cancellation_requested{false};
static_assert(std::atomic<bool>::is_always_lock_free, "a signal handler sets it");

/// The steps a scheme in scalar type Real takes between two tests of the request: 2^16 in a
/// hardware float, whose step costs 10 ns to a microsecond (a millisecond to a tenth of a second
/// between tests); every step in a software type (float128, MPFR, an exact rational), whose step
/// costs a microsecond at least and a millisecond at mpfr:5000, where 2^16 steps were a minute
/// between tests: one relaxed load is nothing beside such a step.
template <class Real>
inline constexpr std::int64_t steps_between_cancellation_tests = std::is_floating_point_v<Real> ? std::int64_t{1} << 16 : 1;

/// In a loop over the steps of a scheme in Real, at its n-th step: tests the request every
/// steps_between_cancellation_tests<Real> steps.
template <class Real>
inline void throw_if_cancelled_at_step(std::int64_t n);

/// What a loop that finds the request throws: it unwinds the computation. Not a
/// std::exception, so that no handler that turns a failure into a message (a reference's
/// "cannot go on", a test-set pair's failure) takes it for one: only the caller that asked for
/// the stop catches it.
struct Cancelled {};

/// Set by parallel_for in each thread that runs its tasks: the flag it raises when one task
/// has failed (null outside parallel_for).
inline thread_local const std::atomic<bool>* task_beside_failed = nullptr;

/// Whether the computation running in this thread is asked to stop.
inline bool stop_requested() {
  return cancellation_requested.load(std::memory_order_relaxed) ||
         (task_beside_failed != nullptr && task_beside_failed->load(std::memory_order_relaxed));
}

inline void throw_if_cancelled() {
  if (stop_requested()) [[unlikely]]
    throw Cancelled();
}

template <class Real>
inline void throw_if_cancelled_at_step(std::int64_t n) {
  if (n % steps_between_cancellation_tests<Real> == 0) throw_if_cancelled();
}

}  // namespace vibro
