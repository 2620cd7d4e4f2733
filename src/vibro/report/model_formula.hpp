#pragma once
// A model as people read it in a paper: its equation of motion, its constraint and its
// restitution coefficient with the case's numbers in place ("u'' + 2·0.1·u' + u = 1·cos 1.2t,
// u ≥ 0, e = 0.8"), instead of the parameters as JSON. The one place that knows how each
// model kind is written (docs/mathematics.md §1, §2, §5): a new model or parameter is
// added here.

#include "vibro/run/run_result.hpp"

#include <string>

namespace vibro {

/// The model's equation with its numbers, as written in the case file; a model kind this
/// function does not know is shown as "type (key = value, …)".
std::string model_formula(const ModelDescription& model);

}  // namespace vibro
