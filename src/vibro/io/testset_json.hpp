#pragma once
// The JSON of `vibro testset run --json` and `vibro testset list --json` (schema:
// docs/schema/testset.schema.json, docs/testset.md).

#include "vibro/run/testset_run.hpp"

#include <nlohmann/json_fwd.hpp>

#include <string>
#include <vector>

namespace vibro {

/// One problem as `vibro testset list` shows it.
struct TestsetListing {
  std::string id, title, model, origin, stresses, file;
  std::vector<std::string> schemes;  ///< the registered schemes that run it at its precision
};

nlohmann::json to_json(const TestsetRunResult& result);
nlohmann::json to_json(const std::vector<TestsetListing>& listing);

}  // namespace vibro
