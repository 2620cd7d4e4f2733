#pragma once
// The test set's score of one run of a scheme (docs/testset.md, "The score"): the
// significant correct digits of its end state and of its impact times against the stored
// reference values, in the Bari test set's mixed sense, scd = −log10 max_i |x_i − x_i,ref| /
// (1 + |x_i,ref|); the impacts it saw against the reference's; its wall time. Computed from
// the texts of a study row after the run, never inside a step loop.

#include "vibro/analysis/study_result.hpp"
#include "vibro/testset/testset_values.hpp"
#include "vibro/results/testset_result.hpp"

#include <cstdint>
#include <optional>
#include <string>

namespace vibro {

/// The score of one row of a study of the problem whose stored values are `reference`.
TestsetScore testset_score(const StudyRow& row, const TestsetReference& reference);

}  // namespace vibro
