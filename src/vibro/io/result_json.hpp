#pragma once
// The JSON of every typed result (the edge where JSON exists: `--json`, report/index.json,
// the computed goldens). Every number is a JSON number, with its round-trip text as a twin
// "<key>_text" in runs wider than double or exact (io/json_number.hpp); the keys are the
// fields' names. Each output kind carries its schema_version; its JSON Schema is
// docs/schema/<kind>.schema.json.

#include <nlohmann/json_fwd.hpp>

#include <string>

namespace vibro {

// Each result is declared by its family's header in results/, which the caller includes: a
// field added to one family recompiles the code that renders it, not every caller of to_json.
struct CaseListing;           // results/listing_result.hpp
struct CheckResult;           // results/published_check_result.hpp
struct EnclosedReference;     // results/orbit_result.hpp
struct LyapunovGolden;        // results/golden_result.hpp
struct LyapunovResult;        // results/lyapunov_result.hpp
struct OrbitListing;          // results/orbit_result.hpp
struct OrbitProofListing;     // results/orbit_result.hpp
struct RunResult;             // results/run_result.hpp
struct SchemeListing;         // results/listing_result.hpp
struct PrecisionDifferences;  // results/precision_differences.hpp
struct SweepHeader;           // results/sweep_result.hpp
struct SweepSummary;          // results/sweep_result.hpp
struct SweepPointResult;      // results/sweep_result.hpp

/// The version of each output kind's JSON layout (docs/outputs.md "Schema versions"): bumped
/// when a field is removed, renamed or changes meaning or type, not when one is added.
namespace schema_version {
inline constexpr int run = 1;        ///< run --json, converge --json, each run in index.json
inline constexpr int lyapunov = 1;   ///< lyapunov --json
inline constexpr int list = 1;       ///< list --json
inline constexpr int schemes = 1;    ///< list --schemes --json
inline constexpr int index = 1;      ///< report's index.json
inline constexpr int run_data = 1;   ///< report's runs/*.json (events, stroboscopic samples)
inline constexpr int run_comparison = 1;  ///< run --precision LIST --json
inline constexpr int orbits = 1;    ///< orbits --json
inline constexpr int orbit_proofs = 1;  ///< orbits --prove --json
inline constexpr int enclosure = 3;     ///< run --enclose --json
inline constexpr int sweep = 1;     ///< sweep result files (docs/schema/sweep.schema.json)
inline constexpr int sweep_summary = 1;  ///< sweep --json
}  // namespace schema_version

/// `vibro orbits --json` (docs/periodic_orbits.md "Output").
nlohmann::json to_json(const OrbitListing& listing);
/// `vibro orbits --prove --json` (docs/proofs.md "Output").
nlohmann::json to_json(const OrbitProofListing& listing);
/// `vibro run --enclose --json` (docs/proofs.md "Enclosures of the reference").
nlohmann::json to_json(const EnclosedReference& enclosure);
/// `vibro list --json`.
nlohmann::json to_json(const CaseListing& listing);
/// `vibro list --schemes --json`.
nlohmann::json to_json(const SchemeListing& listing);
/// A sweep result file's first line (docs/sweeps.md "The result file").
nlohmann::json to_json(const SweepHeader& header);
/// `vibro sweep --json`: what the sweep did.
nlohmann::json to_json(const SweepSummary& summary);
/// The `difference` of `vibro run --precision LIST --json`.
nlohmann::json to_json(const PrecisionDifferences& differences);
/// `with_samples`: also the plot samples of the run (index.json leaves them out).
nlohmann::json to_json(const RunResult& result, bool with_samples = true);
nlohmann::json to_json(const LyapunovResult& result);
/// A sweep's point line without its `kind` and `parameters` (io/sweep_result_file.cpp).
nlohmann::json to_json(const SweepPointResult& point);
nlohmann::json to_json(const CheckResult& result);
nlohmann::json to_json(const LyapunovGolden& golden);

/// A golden as written by to_json; throws InputError naming `file` when it is not one.
LyapunovGolden golden_from_json(const nlohmann::json& golden, const std::string& file);

}  // namespace vibro
