#pragma once
// What `vibro lyapunov` finds: the exponents of a case's Poincaré map (docs/mathematics.md §4) by the
// method its scheme and [lyapunov] table name, their history and spread, and the
// diagnostics of the method. Scalar-independent (round-trip texts), like RunResult.

#include "vibro/analysis/lyapunov_uncertainty.hpp"
#include "vibro/run/run_result.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace vibro {

struct LyapunovFindings {
  std::string method;         ///< "IDED", "IDND", "NSND / I.N.S.P", "C.N.S.P"
  std::string epsilon;        ///< "1e-8", "3h", "exact"
  std::string clock;          ///< "folded" or "absolute"
  std::int64_t periods = 0;   ///< asked for
  std::int64_t periods_done = 0;
  bool defined = false;
  std::string why_undefined;  ///< when not defined
  NumberText lambda1_per_period, lambda2_per_period, sum_per_period;
  NumberText lambda1_per_unit_time, lambda2_per_unit_time;
  /// max − min of the running estimates over the last half of the periods.
  double spread_lambda1 = 0, spread_lambda2 = 0;
  /// The running estimates λ1,k and λ2,k at one k.
  struct Running {
    std::int64_t k = 0;
    double lambda1 = 0, lambda2 = 0;
  };
  std::vector<Running> history;          ///< k = 1, 10, 100, … and the last k
  std::vector<Running> running_samples;  ///< about 300 k, evenly spaced, for plots
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
  std::optional<std::int64_t> periods_with_changed_contacts;  ///< forward differences

  /// How uncertain a finite-time exponent is as an estimate of the asymptotic one
  /// (analysis/lyapunov_uncertainty.hpp): batch means of this run, the ensemble's spread, and
  /// the stated 95 % half-width, the larger of the two.
  std::optional<ExponentUncertainty> uncertainty_lambda1, uncertainty_lambda2, uncertainty_sum;
  /// The nearby starts: (u0, v0) moved by `ensemble_perturbation` × max(|u0|, |v0|, 1) in
  /// the direction of angle 2πj/M, j = 1 … M.
  struct EnsembleMember {
    std::string u0, v0;
    bool defined = false;
    NumberText lambda1_per_period, lambda2_per_period;
    std::string why_undefined;
  };
  std::string ensemble_perturbation;
  std::vector<EnsembleMember> ensemble;
  /// The same case at a second precision: its exponents and the significant digits the two
  /// finite-time values share (digits of the computed orbit's value that both precisions
  /// certify; on a chaotic horizon the two runs follow different pseudo-orbits and share few).
  struct SecondPrecision {
    std::string precision;
    bool defined = false;
    NumberText lambda1_per_period, lambda2_per_period;
    int digits_lambda1 = 0, digits_lambda2 = 0;
    std::string why_undefined;
  };
  std::optional<SecondPrecision> second_precision;
};

struct LyapunovResult {
  Provenance provenance;
  CaseInfo case_info;
  std::optional<std::string> published;  ///< the case's [lyapunov] published
  LyapunovFindings lyapunov;
};

}  // namespace vibro
