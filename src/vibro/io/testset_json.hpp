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

/// The pairs of a `vibro testset run --json` document read back (`problems` and `refused` are
/// left empty): how `vibro report` shows a peer's stored scores. InputError naming `file` for a
/// document of another kind or version, or a missing or mistyped key.
TestsetRunResult testset_run_from_json(const nlohmann::json& document, const std::string& file);

}  // namespace vibro
