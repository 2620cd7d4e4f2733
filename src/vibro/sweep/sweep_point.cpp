#include "vibro/sweep/sweep_point.hpp"

#include "vibro/support/input_error.hpp"
#include "vibro/run/run_case.hpp"
#include "vibro/lyapunov/run_lyapunov.hpp"
#include "vibro/published/computed_exponents.hpp"
#include "vibro/published/published_check.hpp"
#include "vibro/results/projection_activity.hpp"
#include "vibro/results/corrected_counters.hpp"
#include "vibro/results/reference_findings.hpp"

#include <limits>

namespace vibro {

namespace {

/// The convergence study of the point's case (its [convergence] step sizes against its
/// reference), with the floor found as `vibro converge` finds it by default.
StudyResult order_study(const CaseSpec& c, const RunOptions& options) {
  RunOptions study = options;
  study.study = true;
  study.rounding_floor = RoundingFloor::automatic;
  RunResult result = run_case(c, study);
  if (!result.convergence) throw RunFailure("the case ran without its convergence study");
  return std::move(*result.convergence);
}

/// The base orbit's impacts in a plain run: Paoli–Schatzman's reversals, the corrected
/// scheme's artificial impacts, the reference's transverse impacts.
std::optional<std::int64_t> run_impacts(const RunFindings& run) {
  if (run.projection_active) return run.projection_active->impacts;
  if (run.corrected) return run.corrected->impacts;
  if (run.reference) {
    const auto found = run.reference->event_counts.find("impact");
    return found == run.reference->event_counts.end() ? 0 : found->second;
  }
  return std::nullopt;
}

/// Every relation of published_relations() on the point's family; "not computable" with
/// the reason where a case it needs is not in the sweep.
std::map<std::string, SweepRelation> point_relations(const SweepPointCases& cases, const RunOptions& options,
                                                     const std::optional<LyapunovFindings>& base_findings) {
  std::vector<CaseSpec> all = {cases.base};
  all.insert(all.end(), cases.relation_cases.begin(), cases.relation_cases.end());
  RelationSettings settings;
  settings.precision = options.precision;
  settings.run = options;
  ComputedExponents computed;
  if (base_findings && !options.precision)
    computed.by_experiment[{*cases.base.lyapunov->family, *cases.base.lyapunov->published}] = *base_findings;
  std::map<std::string, SweepRelation> out;
  using Outcome = SweepRelation::Outcome;
  for (const auto& [name, evaluation] : evaluate_relations(all, settings, computed)) {
    SweepRelation r;
    if (evaluation.not_evaluable) {
      r = {Outcome::not_evaluable, *evaluation.not_evaluable, "", {}};
    } else if (evaluation.members.empty()) {
      r = {Outcome::not_computable, "no member of a family", "", {}};
    } else {
      const MemberEvaluation& m = evaluation.members.front();
      if (!m.computable) r = {Outcome::not_computable, m.why_not, "", {}};
      else r = {m.holds ? Outcome::holds : Outcome::contradicted, "", m.test, m.measures};
    }
    out[name] = std::move(r);
  }
  return out;
}

/// The samples of the periods after the transient, from a run of transient + samples periods.
SweepStrobe strobe_samples(const RunResult& result, const SweepComputation& compute) {
  SweepStrobe strobe;
  strobe.first_period = compute.strobe_transient + 1;
  if (result.run.stroboscopic)
    for (const StroboscopicSample& sample : *result.run.stroboscopic)
      if (sample.period > compute.strobe_transient && !sample.state.has_coordinates()) {
        strobe.u.push_back(sample.state.u);
        strobe.v.push_back(sample.state.v);
      }
  if (result.run.escaped) strobe.escaped_at_step = result.run.escaped->step;
  return strobe;
}

/// The findings' part a sweep's line gives.
SweepExponents sweep_exponents(const LyapunovFindings& l) {
  return {l.method,
          l.epsilon,
          l.periods_done,
          l.defined,
          l.why_undefined,
          l.lambda1_per_period,
          l.lambda2_per_period,
          l.sum_per_period,
          l.lambda1_per_unit_time,
          l.lambda2_per_unit_time,
          l.spread_last_half.lambda1,
          l.spread_last_half.lambda2};
}

}  // namespace

void compute_point_quantities(const SweepPointCases& cases, const SweepComputation& compute, const RunOptions& options,
                              SweepPointResult& point) {
  const CaseSpec& c = cases.base;
  point.precision = options.precision.value_or(c.precision);
  point.case_hash = c.hash;
  // The Lyapunov run also counts the impacts and gives the relations their base exponents.
  std::optional<LyapunovFindings> findings;
  if (compute.lyapunov || (compute.impacts && c.lyapunov) || (compute.relations && c.lyapunov)) {
    findings = run_lyapunov_case(c, options).lyapunov;
    if (compute.lyapunov) point.lyapunov = sweep_exponents(*findings);
  }
  std::optional<std::int64_t> impacts;
  std::int64_t impact_periods = 0;
  if (findings && findings->impacts) {
    impacts = findings->impacts;
    impact_periods = findings->periods_done;
  }
  if (compute.strobe || (compute.impacts && !impacts)) {
    CaseSpec run = c;
    if (compute.strobe) run.horizon.periods = compute.strobe_transient + compute.strobe_samples;
    // Only the samples after the transient and the impact count are used: memory flat in
    // the periods thrown away.
    RunOptions kept = options;
    kept.keep_sections_from = compute.strobe ? compute.strobe_transient + 1 : std::numeric_limits<std::int64_t>::max();
    kept.events_kept = 0;
    const RunResult result = run_case(run, kept);
    if (compute.strobe) point.strobe = strobe_samples(result, compute);
    if (!impacts) {
      impacts = run_impacts(result.run);
      impact_periods = *run.horizon.periods;
    }
  }
  if (compute.impacts) {
    SweepImpacts rate{impacts, std::nullopt};
    if (impacts && impact_periods > 0)
      rate.per_period = static_cast<double>(*impacts) / static_cast<double>(impact_periods);
    point.impacts = rate;
  }
  if (compute.relations) point.relations = point_relations(cases, options, findings);
  if (compute.order) point.order = order_study(c, options);
}

}  // namespace vibro
