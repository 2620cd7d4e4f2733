#pragma once
// What `vibro lyapunov` finds: the exponents of a case's Poincaré map (docs/mathematics.md §4) by the
// method its scheme and [lyapunov] table name, their history and spread, and the
// diagnostics of the method. Scalar-independent (round-trip texts), like RunResult.

#include "vibro/analysis/lyapunov_uncertainty.hpp"
#include "vibro/results/provenance.hpp"
#include "vibro/scalar/number_text.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace vibro {

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

/// A nearby start of the ensemble and its exponents.
struct EnsembleMember {
  NumberText u0, v0;
  bool defined = false;
  NumberText lambda1_per_period, lambda2_per_period;  ///< when defined
  std::string why_undefined;                          ///< when not
};

/// The nearby starts: (u0, v0) moved by `perturbation` × max(|u0|, |v0|, 1) in the direction
/// of angle 2πj/M, j = 1 … M.
struct LyapunovEnsemble {
  NumberText perturbation;
  std::vector<EnsembleMember> members;
};

/// The same case at a second precision: its exponents and the significant digits the two
/// finite-time values share (digits of the computed orbit's value that both precisions
/// certify; on a chaotic horizon the two runs follow different pseudo-orbits and share few).
struct SecondPrecision {
  std::string precision;
  bool defined = false;
  NumberText lambda1_per_period, lambda2_per_period;   ///< when defined
  ExponentPair<int> shared_significant_digits;         ///< when defined
  std::string why_undefined;                           ///< when not
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
  std::optional<LyapunovEnsemble> ensemble;
  std::optional<SecondPrecision> second_precision;
};

struct LyapunovResult {
  Provenance provenance;
  CaseInfo case_info;
  std::optional<std::string> published;  ///< the case's [lyapunov] published
  LyapunovFindings lyapunov;
};

}  // namespace vibro
