#pragma once
// The model of a case as every output repeats it: its kind and its parameters as written
// (results/case_description.hpp), the physical oscillator's normalised numbers beside the
// physical ones. Apart from binding/model_binding.hpp, which every scheme's entry includes,
// so that the results' description of a model does not reach the entries.

#include "vibro/case/case_spec.hpp"
#include "vibro/results/case_description.hpp"

namespace vibro {

/// The model as written, for outputs.
ModelDescription describe_model(const ModelSpec& m);

}  // namespace vibro
