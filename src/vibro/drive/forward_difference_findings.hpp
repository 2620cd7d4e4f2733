#pragma once
// The Lyapunov exponents of a case by forward differences of a flow's Poincaré map, as the
// scheme entries that give them by that method all run it.

#include "vibro/analysis/lyapunov.hpp"
#include "vibro/analysis/poincare_maps_difference.hpp"
#include "vibro/case/case_spec.hpp"
#include "vibro/drive/lyapunov_findings.hpp"
#include "vibro/case/run_options.hpp"
#include "vibro/drive/scheme_run.hpp"

#include <string>
#include <utility>

namespace vibro {

/// The exponents by forward differences of a flow's Poincaré map (NSND / I.N.S.P and C.N.S.P
/// of the two 1-DOF stepping schemes, IDND of the reference; docs/mathematics.md §4) from the
/// case's initial point over its horizon in periods, with the flow's contact record. `guard`
/// receives the engine's run as a callable and returns its result: the reference's turns its
/// search failures into input errors.
template <class Flow, class Model, class Guard>
LyapunovFindings forward_difference_findings(Flow flow, const BoundCase<Model>& b, const LyapunovSpec& spec,
                                             const RunOptions& options, const std::string& method, Guard guard) {
  const auto period = b.model.period();
  ForwardDifferenceMap<Flow> map(std::move(flow), difference_step(spec, period));
  LyapunovFindings out = lyapunov_findings(guard([&] {
                                             return run_lyapunov(map, PhasePoint<typename Model::real_type>{b.u0, b.v0},
                                                                 *b.spec.horizon.periods, period, true,
                                                                 period_progress(options));
                                           }),
                                           method);
  out.impacts = map.flow().impacts();
  out.periods_with_changed_contacts = map.flow().periods_with_changed_contacts();
  out.section_impact_warning = section_impact_warning(map.flow().impacts_on_sections());
  return out;
}

/// The same, with the engine's run as it is.
template <class Flow, class Model>
LyapunovFindings forward_difference_findings(Flow flow, const BoundCase<Model>& b, const LyapunovSpec& spec,
                                             const RunOptions& options, const std::string& method) {
  return forward_difference_findings(std::move(flow), b, spec, options, method, [](const auto& run) { return run(); });
}

}  // namespace vibro
