#pragma once
// The JSON of `vibro testset run --json` and `vibro testset list --json` (schema:
// docs/schema/testset.schema.json, docs/testset.md).

#include "vibro/results/testset_result.hpp"

#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

namespace vibro {

nlohmann::json to_json(const TestsetRunResult& result);
nlohmann::json to_json(const std::vector<TestsetListing>& listing);

}  // namespace vibro
