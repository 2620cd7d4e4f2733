#pragma once
// The table `vibro testset verify` ends with: for each problem of the test set, how many of its
// stored values its enclosure proves (orbits/enclosed_reference.hpp, check_testset_enclosures),
// how many it does not, and why not (docs/testset.md "Proved values", which shows the table of
// the shipped problems).

#include "vibro/results/orbit_result.hpp"

#include <string>
#include <utility>
#include <vector>

namespace vibro {

/// A problem's id and what its enclosure proved of its stored values.
using ProblemProof = std::pair<std::string, TestsetEnclosureCheck>;

/// The table in Markdown, a row per problem in the given order and a last row of the totals.
std::string proved_values_table(const std::vector<ProblemProof>& problems);

}  // namespace vibro
