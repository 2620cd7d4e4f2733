#pragma once
// The reference values of a test-set problem (docs/testset.md) at one MPFR precision: the
// state at the end of its horizon, its number of impacts and its first impacts, every
// number at the full length of that precision. Two precisions of these, compared, give the
// stored values and their error bounds (testset/testset_values.hpp).

#include "vibro/case/case_spec.hpp"
#include "vibro/scalar/number_text.hpp"
#include "vibro/results/testset_result.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace vibro {

/// The reference of `c` (a test-set problem: c.testset is set) over its horizon, in MPFR at
/// `mpfr_digits`: the reference a convergence study of the case measures against
/// (drive/study_reference.hpp), run once to the end of the horizon. Throws InputError for a
/// case the test set cannot hold (a model whose reference keeps no events). `samples` > 0
/// also samples the trajectory on that many intervals.
ReferenceValuesAt testset_reference_at(const CaseSpec& c, long mpfr_digits, int samples = 0);

}  // namespace vibro
