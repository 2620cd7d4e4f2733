#include "step_function.hpp"

#include "interrupt.hpp"

#include "vibro/external/external_program.hpp"

#include <pybind11/numpy.h>

#include <cstdint>
#include <memory>
#include <mutex>

namespace vibro::python {

namespace py = pybind11;

namespace {

template <class T>
std::vector<T> copied(const py::handle& array) {
  const auto a = py::cast<py::array_t<T, py::array::c_style | py::array::forcecast>>(array);
  return std::vector<T>(a.data(), a.data() + a.size());
}

}  // namespace

ExternalScheme step_function_scheme(py::object call, const std::string& name) {
  ExternalScheme scheme;
  scheme.name = name;
  scheme.command = "Python step function " + name;
  // The object is released with the GIL held: the scheme may outlive the call that made it.
  const auto held = std::shared_ptr<py::object>(new py::object(std::move(call)), [](py::object* o) {
    const py::gil_scoped_acquire gil;
    delete o;
  });
  // One call at a time (docs/python.md "Your own scheme in Python"): the study's step sizes run
  // on threads, and with the GIL alone two calls would interleave at Python's switch points, so
  // a step function that keeps state between its lines would see another call's. The lock is
  // taken before the GIL and released after it: no thread holds the GIL while waiting for it.
  const auto one_at_a_time = std::make_shared<std::mutex>();
  scheme.compute = [held, one_at_a_time](const std::string& problem) {
    const std::lock_guard<std::mutex> serialised(*one_at_a_time);
    const py::gil_scoped_acquire gil;
    const InterruptWatch::PythonHandler python_handles_ctrl_c;
    try {
      const py::object answer = (*held)(problem);
      if (py::isinstance<py::str>(answer))  // the package's check of the answer's shapes failed
        throw ProgramFailure("the step function " + py::cast<std::string>(answer));
      const py::tuple out = answer;
      ComputedTrajectory trajectory;
      trajectory.t = copied<double>(out[0]);
      trajectory.q = copied<double>(out[1]);
      trajectory.v = copied<double>(out[2]);
      if (!out[3].is_none()) trajectory.contact = copied<std::uint8_t>(out[3]);
      trajectory.dimension = py::cast<std::size_t>(out[4]);
      if (!out[5].is_none()) {
        trajectory.has_impacts = true;
        trajectory.impacts = copied<double>(out[5]);
      }
      if (!out[6].is_none()) trajectory.evaluations = py::cast<std::int64_t>(out[6]);
      return trajectory;
    } catch (py::error_already_set& e) {
      if (e.matches(PyExc_KeyboardInterrupt)) {  // Ctrl-C in the step function: the whole call stops
        cancellation_requested = true;
        throw Cancelled();
      }
      const std::string type = py::str(e.type().attr("__name__"));
      throw ProgramFailure("the step function raised " + type + ": " + std::string(py::str(e.value())));
    }
  };
  return scheme;
}

}  // namespace vibro::python
