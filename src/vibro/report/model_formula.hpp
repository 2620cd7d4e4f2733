#pragma once
// A model as people read it in a paper: its equation of motion, its constraint and its
// restitution coefficient with the case's numbers in place ("u'' + 2·0.1·u' + u = 1·cos 1.2t,
// u ≥ 0, e = 0.8"), instead of the parameters as JSON. The one place that knows how each
// model kind is written (docs/mathematics.md §1, §2, §5, §6, §7): one function per spec type
// of case/case_spec.hpp, so a new kind without a formula does not compile.

#include "vibro/case/case_spec.hpp"

#include <string>

namespace vibro {

/// The model's equation with its numbers, as written in the case file.
std::string model_formula(const ModelSpec& model);

}  // namespace vibro
