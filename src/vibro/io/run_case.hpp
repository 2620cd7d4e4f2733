#pragma once
// `vibro run`: runs a case at a precision and returns everything it found as JSON (the
// text output, the CSV and the report are all written from this one result).

#include "vibro/io/case_spec.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
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

  /// Calls `progress` every 2^16 steps of a run of `total` steps, `done` being the count so far.
  void step_done(std::int64_t done, std::int64_t total) const {
    constexpr std::int64_t interval = 1 << 16;
    if (progress && done % interval == 0) progress(static_cast<double>(done) / static_cast<double>(total));
  }
};

/// Throws InputError for a case that cannot run (e.g. a study that needs an exact
/// solution this model does not have).
nlohmann::json run_case(const CaseSpec& c, const RunOptions& options = {});

/// The fields every JSON output carries: tool version, scalar type and precision.
nlohmann::json provenance(const Precision& precision);

}  // namespace vibro
