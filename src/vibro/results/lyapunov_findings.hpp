#pragma once
// What a Lyapunov method finds on a case: the exponents of its Poincaré map (docs/mathematics.md
// §4), their history and spread, and the method's diagnostics; scalar-independent (round-trip
// texts). A scheme's entry writes these (catalog/entry_runners.hpp); `vibro lyapunov` wraps them
// in a LyapunovResult (results/lyapunov_result.hpp) with the case and the provenance, so that a
// field added there does not recompile the catalog. The error bars' ensemble and second
// precision, which the entries do not write, are Sections (results/section.hpp) with headers of
// their own.

#include "vibro/analysis/lyapunov_uncertainty.hpp"
#include "vibro/results/section.hpp"
#include "vibro/scalar/number_text.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace vibro {

struct LyapunovEnsemble;  // results/lyapunov_ensemble.hpp
struct SecondPrecision;   // results/second_precision.hpp

/// A value for each of the two exponents.
template <class T>
struct ExponentPair {
  T lambda1{}, lambda2{};
};

/// How uncertain each finite-time exponent and their sum are as estimates of the asymptotic
/// ones (analysis/lyapunov_uncertainty.hpp): batch means of this run, the ensemble's spread,
/// and the stated 95 % half-width, the larger of the two.
struct ExponentUncertainties {
  ExponentUncertainty lambda1, lambda2, sum;
};

/// The running estimates λ1,k and λ2,k at one k.
struct RunningEstimate {
  std::int64_t k = 0;
  double lambda1 = 0, lambda2 = 0;
};

/// A running estimate kept for plots: written compactly, as [k, λ1, λ2].
struct RunningSample : RunningEstimate {};

struct LyapunovFindings {
  std::string method;         ///< "IDED", "IDND", "NSND / I.N.S.P", "C.N.S.P"
  std::string epsilon;        ///< "1e-8", "3h", "exact"
  std::string clock;          ///< "folded" or "absolute"
  std::int64_t periods = 0;   ///< asked for
  std::int64_t periods_done = 0;
  bool defined = false;
  std::string why_undefined;  ///< when not defined
  NumberText lambda1_per_period, lambda2_per_period, sum_per_period;  ///< when defined, as the four below
  NumberText lambda1_per_unit_time, lambda2_per_unit_time;
  /// max − min of the running estimates over the last half of the periods.
  ExponentPair<double> spread_last_half;
  std::vector<RunningEstimate> history;        ///< k = 1, 10, 100, … and the last k
  std::vector<RunningSample> running_samples;  ///< about 300 k, evenly spaced, for plots
  /// Impacts of the base orbit: the reference's transverse impacts, the corrected scheme's
  /// artificial impacts and fallbacks, Paoli–Schatzman's reversals (runs of active steps).
  std::optional<std::int64_t> impacts;
  /// The exact flow's −2αT + 2 (N_imp/K) ln e from this run's own impact count (every
  /// method; α = 0 for a model without damping).
  std::optional<NumberText> sum_rule_per_period;
  /// The sum rule's difference from λ1 + λ2 that rounding alone can make (64 K ε × scale).
  double sum_rule_rounding = 0;
  /// Set when |λ1 + λ2 − sum rule| exceeds the sum's uncertainty and the rounding: the
  /// method's map does not dissipate area as the flow does (printed on stderr too).
  std::optional<std::string> sum_rule_warning;
  /// Set when impacts of the base orbit fell on a section time: each was resolved before the
  /// section, at every precision (docs/lyapunov.md "An impact on a section"; printed on
  /// stderr too).
  std::optional<std::string> section_impact_warning;
  std::optional<std::int64_t> periods_with_changed_contacts;  ///< forward differences
  std::optional<ExponentUncertainties> uncertainty;
  Section<LyapunovEnsemble> ensemble;
  Section<SecondPrecision> second_precision;
};

}  // namespace vibro
