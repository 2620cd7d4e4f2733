#pragma once
// A Python step function as a scheme of the user's (vibro/external/external_scheme.hpp): the package
// (python/vibro/_step_function.py) wraps the user's step_fn(problem, h) into `call`, which takes
// the problem's JSON text and returns (t, q, v, contact or None) as C-contiguous float64 and
// uint8 arrays of checked shapes. Each step size of a study calls it once, with the GIL taken
// for the call only; the arrays are copied and replayed as the program protocol's rows are.

#include "vibro/external/external_scheme.hpp"

#include <pybind11/pybind11.h>

#include <string>

namespace vibro::python {

/// The scheme that `call` computes, named `name` in the outputs.
ExternalScheme step_function_scheme(pybind11::object call, const std::string& name);

}  // namespace vibro::python
