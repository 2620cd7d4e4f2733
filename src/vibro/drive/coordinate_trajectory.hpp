#pragma once
// What a run with N coordinates (seed 002's systems, seed 004's pendulum) writes of its
// trajectory: plot samples [t, q_1 … q_N, energy] every few steps, so that a plot has at most
// `plotted_samples` rows whatever the run's length, and, when the run is asked for them
// (vibro run --csv), one row per node: n, t, q_1 … q_N, v_1 … v_N, projection_active, energy.

#include "vibro/linalg/dense_matrix.hpp"
#include "vibro/case/run_options.hpp"
#include "vibro/results/run_findings.hpp"
#include "vibro/scalar/format.hpp"
#include "vibro/results/plot_samples.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace vibro {

template <class Real>
class CoordinateTrajectory {
 public:
  /// Rows of the plot samples at most (energy and coordinates against t).
  static constexpr std::int64_t plotted_samples = 4000;

  /// For a run of `steps` steps of a system with `n` coordinates; writes the rows' header
  /// now when `options` asks for rows.
  CoordinateTrajectory(std::size_t n, std::int64_t steps, const RunOptions& options)
      : rows_(options.rows), stride_(std::max<std::int64_t>(1, steps / plotted_samples)) {
    samples_.columns.push_back("t");
    for (std::size_t i = 0; i < n; ++i) samples_.columns.push_back(fmt::format("q{}", i + 1));
    samples_.columns.push_back("energy");
    if (!rows_) return;
    std::vector<RowColumn> columns = {{"n"}, {"t", true}};
    for (std::size_t i = 0; i < n; ++i) columns.push_back({"q" + std::to_string(i + 1), true});
    for (std::size_t i = 0; i < n; ++i) columns.push_back({"v" + std::to_string(i + 1), true});
    columns.push_back({"projection_active"});
    columns.push_back({"energy", true});
    rows_->header(columns, has_text_twins<Real>);
  }

  /// The node after step `step` (0: the start).
  void node(std::int64_t step, const Real& t, const Vector<Real>& q, const Vector<Real>& v, bool active,
            const Real& energy) {
    if (rows_) {
      std::vector<std::string> cells = {std::to_string(step), to_text(t)};
      for (const Real& qi : q) cells.push_back(to_text(qi));
      for (const Real& vi : v) cells.push_back(to_text(vi));
      cells.push_back(active ? "1" : "0");
      cells.push_back(to_text(energy));
      rows_->row(cells);
    }
    if (step % stride_ == 0) {
      std::vector<double> row = {static_cast<double>(t)};
      for (const Real& qi : q) row.push_back(static_cast<double>(qi));
      row.push_back(static_cast<double>(energy));
      samples_.rows.push_back(std::move(row));
    }
  }

  PlotSamples take() { return std::move(samples_); }

 private:
  RowSink* rows_;
  std::int64_t stride_;
  PlotSamples samples_;
};

}  // namespace vibro
