#pragma once
// The first line of a sweep's result file (docs/sweeps.md "The result file"): which sweep
// wrote the file (its name, file and hash), its points and parameters, what each point
// computes. io/sweep_results.hpp makes it from the sweep file and writes it.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace vibro {

/// One swept parameter: its case-file key, how its values are spaced ("linear", "log",
/// "list") and every value as the case reader reads it.
struct SweptParameter {
  std::string key, spacing;
  std::vector<std::string> values;
};

/// The stroboscopic sampling of each point: periods skipped, then periods sampled.
struct StrobeSampling {
  std::int64_t transient = 0, samples = 0;
};

/// The header: the sweep's name, file, hash (FNV-1a 64 of its bytes) and base case, the
/// precision of its points, the number of points, the parameters, the quantities computed
/// (run/sweep_point.hpp's names) and, when the points are sampled, the sampling.
struct SweepHeader {
  std::string sweep, sweep_file, sweep_hash, base_case;
  /// --precision of the runs that wrote the file: every point at it; none: each point at its
  /// case's own. A file is resumed only at the precision it was written at.
  std::optional<std::string> precision;
  std::size_t points = 0;
  std::vector<SweptParameter> parameters;
  std::vector<std::string> compute;
  std::optional<StrobeSampling> strobe;
};

}  // namespace vibro
