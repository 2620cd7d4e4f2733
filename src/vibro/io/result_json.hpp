#pragma once
// The JSON of every typed result (the edge where JSON exists: `--json`, report/index.json,
// the computed goldens). Every number is round-trip text, or a double where the result
// holds one (orders, spreads, estimates); the keys are the fields' names.

#include "vibro/run/lyapunov_golden.hpp"
#include "vibro/run/lyapunov_result.hpp"
#include "vibro/run/published_check.hpp"
#include "vibro/run/run_result.hpp"

#include <nlohmann/json.hpp>

namespace vibro {

nlohmann::json to_json(const Provenance& provenance);
nlohmann::json to_json(const ModelDescription& model);
nlohmann::json to_json(const StudyResult& study);
nlohmann::json to_json(const RunFindings& run);
/// `with_samples`: also the plot samples of the run (index.json leaves them out).
nlohmann::json to_json(const RunResult& result, bool with_samples = true);
nlohmann::json to_json(const LyapunovResult& result);
nlohmann::json to_json(const CheckResult& result);
nlohmann::json to_json(const LyapunovGolden& golden);

/// Every registered scheme (`vibro list --schemes --json`): names, models, precisions,
/// options, declared orders.
nlohmann::json schemes_json();

/// A golden as written by to_json; throws InputError naming `file` when it is not one.
LyapunovGolden golden_from_json(const nlohmann::json& golden, const std::string& file);

}  // namespace vibro
