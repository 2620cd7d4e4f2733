#pragma once
// Published numbers the harness re-computes as numbers, not only through relations: a case
// names the value it reproduces ([case] reproduces = "002.exp1.standard.max_error_q1"), its
// run yields the quantity, and the two are compared at the printed digits (the binding reading
// of analysis/significant_digits.hpp). A value with status `reproduced` must agree — `vibro
// check` fails when it does not; a relation-only value listing `order-of-magnitude` is
// judged by that relation (within a factor 10 of the printed number), recorded per case in
// the table's [[outcome]] like every relation.

#include "vibro/case/case_spec.hpp"
#include "vibro/published/published_check.hpp"
#include "vibro/results/published_values.hpp"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace vibro {

struct RunResult;  // results/run_result.hpp

/// The value of a published quantity in a run (max_abs_error.q1: seed 002 §3.1's
/// max |q1 − q1^exact|), or none when the run does not yield it.
std::optional<NumberText> published_quantity(const RunResult& run, const std::string& quantity);

/// Every value of `tables` some case of `cases` names in [case] reproduces, with the value its
/// run computes: taken from `computed` (case name → its run at its own precision) when there,
/// else run now at settings.precision or the case's own. A case naming a value of another
/// table is left out (require_published_names checks the names); two cases naming one value
/// are an InputError.
std::vector<Reproduction> evaluate_reproductions(const std::vector<PublishedTable>& tables,
                                                 const std::vector<CaseSpec>& cases, const RelationSettings& settings,
                                                 const std::map<std::string, const RunResult*>& computed = {});

/// The order-of-magnitude relation on the reproductions of the values that list it: one
/// member per case (its name), holding when |log10(computed / printed)| < 1.
RelationEvaluation order_of_magnitude(const std::vector<Reproduction>& reproductions);

}  // namespace vibro
