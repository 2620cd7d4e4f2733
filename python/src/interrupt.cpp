#include "interrupt.hpp"

#include <csignal>
#include <thread>

namespace vibro::python {

namespace {

/// The watches alive (nested calls); only the outermost installs and restores the handler.
int depth = 0;
struct sigaction python_action;
const std::thread::id main_thread = std::this_thread::get_id();  // the module is imported there

extern "C" void on_sigint(int) { cancellation_requested.store(true, std::memory_order_relaxed); }

void install_own() {
  struct sigaction own {};
  own.sa_handler = on_sigint;
  sigemptyset(&own.sa_mask);
  sigaction(SIGINT, &own, &python_action);
}

void restore_python() { sigaction(SIGINT, &python_action, nullptr); }

}  // namespace

InterruptWatch::InterruptWatch() {
  if (std::this_thread::get_id() != main_thread) return;
  if (depth++ == 0) {
    cancellation_requested = false;
    install_own();
  }
  installed_ = true;
}

InterruptWatch::~InterruptWatch() {
  if (!installed_ || --depth > 0) return;
  restore_python();
  cancellation_requested = false;
}

InterruptWatch::PythonHandler::PythonHandler() {
  if (std::this_thread::get_id() != main_thread || depth == 0) return;
  restore_python();
  swapped_ = true;
}

InterruptWatch::PythonHandler::~PythonHandler() {
  if (swapped_) install_own();
}

}  // namespace vibro::python
