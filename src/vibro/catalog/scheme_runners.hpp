#pragma once
// How each scheme of the catalog (case/scheme_catalog.hpp) runs: plain functions, one call per
// run, each defined in its entry's own translation unit (catalog/entries/NAME_entry.cpp, through
// catalog/entry_runners.hpp), which instantiates the entry's run, study and Lyapunov method for
// the models it declares and the scalar types it runs in, and nothing else. Everything inside
// a run is a template instantiation, so a step loop has no virtual call and no allocation.

#include <cstddef>
#include <string_view>

namespace vibro {

struct CaseSpec;
struct Precision;
struct RunOptions;
struct RunRecord;
struct PrecisionInfo;
struct RunFindings;
struct LyapunovFindings;
struct EventTimeDifference;

struct SchemeRunners {
  /// The entry's first case-file name: what ties these runners to its catalog entry.
  std::string_view scheme;
  /// The case's run, sweep and convergence study at `precision`, which the case has been
  /// checked to run in (require_runnable), into `record`.
  void (*run)(const CaseSpec&, const Precision&, const RunOptions&, RunRecord& record) = nullptr;
  /// The case's Lyapunov exponents at `precision` (a floating type the case runs in).
  LyapunovFindings (*lyapunov)(const CaseSpec&, const Precision&, const RunOptions&) = nullptr;
  /// What a run at `precision` adds from the same case run in step with it at more digits,
  /// `precise_precision` (the reference's error estimate, run/error_estimate_in_step.hpp), or
  /// null: `precise` is that run's findings, and `events` how far the run's events are from the
  /// nearest of their kind in it.
  void (*finish)(RunFindings& run, const PrecisionInfo& precision, const RunFindings& precise,
                 const PrecisionInfo& precise_precision, const EventTimeDifference& events) = nullptr;
};

/// The runners of catalog entry `entry` (an index of scheme_infos()). Throws
/// std::logic_error when the entry has none (a scheme listed in the catalog whose
/// translation unit is not in the runner list).
const SchemeRunners& scheme_runners(std::size_t entry);

}  // namespace vibro
