#pragma once
// `vibro run`: runs a case at a precision and returns everything it found as JSON (the
// text output, the CSV and the report are all written from this one result).

#include "vibro/io/case_spec.hpp"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <functional>
#include <optional>

namespace vibro {

struct RunOptions {
  std::optional<Precision> precision;             ///< overrides the case's precision
  std::optional<std::filesystem::path> csv;       ///< write the trajectory (t, u, v, active) here
  std::function<void(double fraction)> progress;  ///< called now and then on long runs
  bool error_estimate = true;  ///< reference runs: rerun at more digits and compare
  unsigned threads = 1;        ///< convergence studies: step sizes run on this many threads
};

/// Throws InputError for a case that cannot run (e.g. a study that needs an exact
/// solution this model does not have).
nlohmann::json run_case(const CaseSpec& c, const RunOptions& options = {});

/// The fields every JSON output carries: tool version, scalar type and precision.
nlohmann::json provenance(const Precision& precision);

}  // namespace vibro
