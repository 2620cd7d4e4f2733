#pragma once
// Ctrl-C during a long call (docs/python.md "Interrupting, threads, speed"): while the library
// runs, the GIL is released and Python's own SIGINT handler cannot run, so a handler of ours
// takes its place for the call (on the main thread, where Python handles signals). It only
// sets the library's cancellation request (vibro/support/cancellation.hpp), which the long
// loops test every 2^16 steps and each reference segment, as does the Progress given to the
// runs at each step size, section and period; they throw vibro::Cancelled, which unwinds the
// run, and the call raises KeyboardInterrupt.

#include "vibro/support/cancellation.hpp"
#include "vibro/support/progress.hpp"

#include <pybind11/pybind11.h>

#include <string>
#include <type_traits>
#include <utility>

namespace vibro::python {

/// While alive: SIGINT requests cancellation instead of running Python's handler (on the
/// main thread; elsewhere it changes nothing). Nested calls (a step function that calls
/// vibro) share the outermost one, which clears the request when it ends.
class InterruptWatch {
 public:
  InterruptWatch();
  ~InterruptWatch();
  InterruptWatch(const InterruptWatch&) = delete;
  InterruptWatch& operator=(const InterruptWatch&) = delete;

  /// While alive: Python's handler is back (a step function, Python code, gets its
  /// KeyboardInterrupt as usual); ours again afterwards.
  class PythonHandler {
   public:
    PythonHandler();
    ~PythonHandler();
    PythonHandler(const PythonHandler&) = delete;
    PythonHandler& operator=(const PythonHandler&) = delete;

   private:
    bool swapped_ = false;
  };

 private:
  bool installed_ = false;
};

/// The Progress a call gives the library: it tests the request at each of its calls.
class CancellingProgress : public Progress {
 public:
  void begin(const std::string&, std::int64_t, const std::string&, double) override { throw_if_cancelled(); }
  void advance(std::int64_t) override { throw_if_cancelled(); }
};

/// f(progress) with the GIL released and Ctrl-C watched; KeyboardInterrupt when it was
/// pressed. `f` must not touch Python objects.
template <class F>
auto interruptible(F&& f) -> decltype(f(std::declval<Progress&>())) {
  const InterruptWatch watch;
  CancellingProgress progress;
  try {
    const pybind11::gil_scoped_release release;
    if constexpr (std::is_void_v<decltype(f(progress))>) {
      f(progress);
      if (!cancellation_requested) return;
    } else {
      auto result = f(progress);
      if (!cancellation_requested) return result;
    }
  } catch (const Cancelled&) {  // the GIL is back: the release ended with its scope
  }
  PyErr_SetNone(PyExc_KeyboardInterrupt);
  throw pybind11::error_already_set();
}

}  // namespace vibro::python
