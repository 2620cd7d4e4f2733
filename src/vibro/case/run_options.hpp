#pragma once
// How a case is run: the precision (overriding the case's), where the rows of a
// trajectory go, progress on long runs, the reference's error estimate, and threads for
// the step sizes of a study and whether its rounding floor is measured.

#include "vibro/case/run_listing.hpp"
#include "vibro/support/progress.hpp"
#include "vibro/scalar/precision.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

namespace vibro {

struct ExternalScheme;

/// Where a run's rows go, one per node (or per event for the reference): `vibro run
/// --csv` gives a file (io/csv_file.hpp). Called only when given, never inside a run
/// that was not asked for rows.
/// A column of a run's rows: its name, and whether it holds numbers of the run's scalar
/// type (round-trip texts, to_text), which a sink may write as decimals with exact twins.
struct RowColumn {
  std::string name;
  bool scalar = false;
};

/// Whether a run in Real gives its numbers an exact text twin (docs/outputs.md "Numbers"):
/// the types wider than double, and the exact one.
template <class Real>
inline constexpr bool has_text_twins = !std::is_same_v<Real, double>;

class RowSink {
 public:
  virtual ~RowSink() = default;
  /// `twins`: the run's type is wider than double or exact (has_text_twins).
  virtual void header(const std::vector<RowColumn>& columns, bool twins) = 0;
  virtual void row(const std::vector<std::string>& cells) = 0;
};

/// How a convergence study finds its points at the rounding floor.
enum class RoundingFloor {
  model,      ///< the model's bound (rounding_floor_eps_per_step), nothing run again
  measured,   ///< the study run again in the next wider type, in every floating type
  automatic,  ///< measured where the wider type is fixed-width (measured_by_default), else the model
};

struct RunOptions {
  std::optional<Precision> precision;  ///< overrides the case's precision
  RowSink* rows = nullptr;             ///< the trajectory's rows, when wanted
  Progress* progress = nullptr;        ///< told how far long runs are, when wanted
  std::string label;                   ///< what the progress calls this run (set by run_case)
  double seconds_per_step = 0;         ///< for the progress's estimate of the work (0: unknown)
  bool error_estimate = true;  ///< reference runs: rerun at more digits and compare
  /// Stroboscopic samples of the periods before this one are not kept (a sweep's transient:
  /// memory flat in the periods thrown away).
  std::int64_t keep_sections_from = 0;
  /// Reference runs: keep the first this many events and sticking intervals, every event
  /// counted (all by default; 0 keeps the counts only, as a sweep needs; `vibro run` in text
  /// keeps the 12 it lists: memory flat in the horizon). The error estimate compares each event
  /// as it comes, kept or not (run/error_estimate_in_step.hpp).
  std::size_t events_kept = std::numeric_limits<std::size_t>::max();
  /// Every event, sticking interval and stroboscopic sample of the run as it finds them, kept
  /// or not, when wanted (case/run_listing.hpp); never the runs a run starts (its sweep's, its
  /// error estimate's).
  RunListing* listing = nullptr;
  unsigned threads = 1;        ///< convergence studies: step sizes run on this many threads
  /// Convergence studies in a floating type: how the points at the rounding floor are found
  /// (analysis/rounding_floor.hpp).
  RoundingFloor rounding_floor = RoundingFloor::automatic;
  /// Convergence studies: false runs the case's step and sweep only (the report does so in
  /// the precisions outside the scheme's study_scalars, case/scheme_catalog.hpp).
  bool study = true;
  /// Convergence studies: each step size is run this many times more without measurement,
  /// and the least wall time is its StudyRow::seconds (0: not timed).
  unsigned timing_repeats = 0;
  /// Lyapunov exponents: this many runs from nearby starts, whose spread enters each
  /// exponent's uncertainty with the batch means (lyapunov/lyapunov_error_bars.hpp; 0: batch
  /// means only), and the perturbation's size relative to max(|u0|, |v0|, 1).
  std::size_t lyapunov_ensemble = 0;
  std::string lyapunov_perturbation = "1e-6";
  /// Lyapunov exponents: the same case again at this precision, for the digits both share.
  std::optional<Precision> lyapunov_second_precision;
  /// The most steps a case may ask for (case/work_limit.hpp); by default about ten minutes
  /// of one core at the run's precision.
  std::optional<std::int64_t> max_steps;
  /// A program of the user's that runs in place of the case's scheme (external/external_scheme.hpp):
  /// set from the command line only, never from a case file.
  const ExternalScheme* program = nullptr;

};

}  // namespace vibro
