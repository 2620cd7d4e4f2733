#pragma once
// A computation run beside the caller's in the same thread, on a stack of its own, each
// handing over to the other at points they choose: the reference's error estimate runs the
// case at 20 more digits this way, in step with the run it checks, so that neither run's
// events need be held to the end (run/run_case.cpp).
//
// Why not a thread: Boost 1.74 keeps MPFR's default precision in a process-wide static
// (analysis/parallel_for.hpp), and the two runs need different ones. A fiber owns the default
// precision while it runs: resume() gives it the precision it last had and gives the caller
// its own back when the fiber hands over.
//
// Exceptions: one thrown inside the body is caught at the fiber's bottom and kept
// (failure()); none crosses from one stack to the other. A hand-over happens only between
// exceptions, never inside a handler, so the thread's exception bookkeeping stays consistent.

#include <cstddef>
#include <exception>
#include <functional>
#include <memory>

namespace vibro {

class Fiber {
 public:
  /// The body runs from the first resume(). `stack_bytes`: reserved, committed as used.
  explicit Fiber(std::function<void()> body, std::size_t stack_bytes = std::size_t{8} << 20);
  /// The body must have returned (or never started): a fiber stopped half-way would leave
  /// its objects undestroyed, so its owner asks it to stop and resumes it to the end.
  ~Fiber();
  Fiber(const Fiber&) = delete;
  Fiber& operator=(const Fiber&) = delete;

  /// Runs the body until it calls hand_over() or returns. Not from inside the body.
  void resume();
  /// From inside the body only: back to the caller of resume().
  void hand_over();
  bool started() const;
  bool finished() const;
  /// What the body threw, if it did.
  std::exception_ptr failure() const;

 private:
  struct Context;
  std::unique_ptr<Context> context_;
};

}  // namespace vibro
