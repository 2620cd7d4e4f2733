#pragma once
// What a scheme's run writes into the RunRecord its entry hands to run_case
// (results/run_record.hpp): the run's end, the same for every scheme, and the whole run of a
// 1-DOF projection scheme. Apart from drive/scheme_run.hpp, so that what only drives a scheme
// (the harness for a scheme of one's own, the reference's values, the external problem) does
// not include the record, and a field added to it recompiles the entries and run_case alone.

#include "vibro/case/case_spec.hpp"
#include "vibro/case/run_options.hpp"
#include "vibro/drive/scheme_run.hpp"
#include "vibro/results/run_record.hpp"
#include "vibro/scalar/format.hpp"
#include "vibro/scalar/number_text_of.hpp"
#include "vibro/scheme/scheme.hpp"
#include "vibro/drive/projection_log.hpp"

#include <cstdint>
#include <string>

namespace vibro {

/// What every scheme's run records at its end, the same way: the step h, the steps made, the
/// final state x and whether the trajectory left the escape bound. The sections only some
/// schemes have (samples, projection activity, counters) are the caller's.
template <Scheme S>
void record_run_end(const S& scheme, const typename S::State& x, const DriveEnd& end, RunRecord& out) {
  out.run.h = number_text_of(scheme.step_size());
  out.run.steps = end.steps;
  out.run.final = state_text(scheme, x);
  out.run.escaped = end.escaped;
}

/// The run of a 1-DOF projection scheme from the case's start over its horizon (the
/// Paoli–Schatzman scheme, and the Siconos peer's): the rows (n, t, u, v,
/// projection_active) when wanted, the stroboscopic samples, the steps where the projection
/// was active and the final state into `out`. `on_node(y)` sees every node, the start
/// included.
template <Scheme S, class Model, class OnNode>
void run_projection_scheme(const S& scheme, const BoundCase<Model>& b, const RunOptions& options, RunRecord& out,
                           OnNode&& on_node) {
  using Real = typename S::real_type;
  using State = typename S::State;
  const CaseSpec& c = b.spec;
  const RunHorizon<Real> horizon(b, c.step);
  State x = refused_as_input(c, "initial", [&] { return scheme.start(b.u0, b.v0); });
  SectionSamples samples(scheme, x, horizon.stroboscopic(), options);
  ProjectionLog projection;
  const auto node = [&](const State& y, bool active) {
    if (options.rows)
      options.rows->row({std::to_string(y.n), to_text(scheme.time(y)), to_text(scheme.position(y)),
                         to_text(scheme.velocity(y)), active ? "1" : "0"});
    on_node(y);
  };
  if (options.rows)
    options.rows->header({{"n"}, {"t", true}, {"u", true}, {"v", true}, {"projection_active"}}, has_text_twins<Real>);
  node(x, false);
  const DriveEnd end = drive(
      scheme, x, horizon, options,
      [&](const State& y, bool active) {
        projection.observe(active, y.n);
        node(y, active);
      },
      [&](const State& y, std::int64_t k) { samples.add(y, k); });
  record_run_end(scheme, x, end, out);
  out.run.stroboscopic = samples.take();
  projection.record(out.run);
}

}  // namespace vibro
