#pragma once
// The sweep page of `vibro report` (sweeps.md, docs/sweeps.md "In the report"): every sweep
// file among the cases, computed whole (sweep/sweep_results.hpp compute_sweep), its points
// written as sweeps/NAME.jsonl in grid order, and its plots — over two swept parameters a
// heat map of λ1 with a colour bar and a map of where each published relation holds; over
// one, a bifurcation diagram of the stroboscopic samples. Deterministic like index.md (the
// points carry no wall time; those go to timings.md).

#include "vibro/results/sweep_result.hpp"
#include "vibro/results/published_values.hpp"

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace vibro {

/// A parameter that takes more than one value, as a plot axis.
struct SweepAxis {
  std::string key;
  std::size_t parameter = 0;   ///< its index among the sweep's parameters
  std::vector<double> values;  ///< in grid order, each the double nearest to the value's text
  bool log = false;            ///< spaced logarithmically: drawn on a log axis
};

/// The sweep's parameters that take more than one value, in the sweep's order.
std::vector<SweepAxis> swept_axes(const SweepSpec& sweep);

/// The index of point `point`'s value of each parameter (the last parameter varies fastest).
std::vector<std::size_t> grid_position(const SweepSpec& sweep, std::size_t point);

/// The edges of cells centred on `centres` (at least two, monotone): the midpoints between
/// neighbours (geometric midpoints on a log axis), and outer edges as far beyond the end
/// centres as the nearest midpoint is inside them. centres.size() + 1 edges.
std::vector<double> cell_edges(const std::vector<double>& centres, bool log);

/// Where the published λ1 of the base case's method (its `[lyapunov] published` id with
/// ".lambda1") falls on a λ1 map: reached when a defined point is within the closeness band
/// of the published relations (10 % of the published value, docs/mathematics.md §4).
struct PublishedOnMap {
  std::string id;          ///< "001.IDED.lambda1"
  std::string printed;     ///< the value as printed, "3.05695"
  bool reached = false;
  std::string sentence;    ///< what the map finds, with the closest point and its parameters
};

/// Nothing when the sweep computes no λ1, its base case names no published value, or the
/// tables hold none with that id.
std::optional<PublishedOnMap> published_lambda1_on_map(const SweepOutcome& outcome,
                                                        const std::vector<PublishedTable>& tables);

/// Writes `out/sweeps.md`, `out/sweeps/NAME.jsonl` (the header line, then every point in
/// grid order) and each sweep's plots (when gnuplot is available). Returns the paragraph
/// index.md links the page with; empty when there is no sweep (and nothing is written).
std::string write_sweep_report(const std::vector<SweepOutcome>& sweeps, const std::vector<PublishedTable>& tables,
                               const std::filesystem::path& out);

}  // namespace vibro
