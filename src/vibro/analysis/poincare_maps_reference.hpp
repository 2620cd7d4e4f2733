#pragma once
// The stroboscopic map S of an impact problem by the exact-detection reference
// (reference/vibro/reference/impact_reference.hpp, docs/mathematics.md §1), for the Lyapunov engine:
//
// - IDED (seed 001 §4, "impact detection, exact differentiation"): ExactDerivativeMap,
//   DS from the reference's FlowJacobian over one period: fundamental matrices between
//   impacts and the saltation matrix of seed 001 Theorem 3.1 at each impact. After a
//   grazing contact, an accumulation of impacts or sticking the derivative does not exist
//   (docs/mathematics.md §1.2) and the step says why.
// - IDND ("impact detection, numerical differentiation"; seed 000's I.D.P): ReferenceFlow,
//   the flow Φ over one period for ForwardDifferenceMap (poincare_maps_difference.hpp).
//
// Each period starts the reference afresh from X_k (ImpactReference::start, which refuses
// inadmissible data) at the section time of the clock (lyapunov.hpp: t0 by default, or
// t0 + kT); from the same X_k both maps give the same X_{k+1} bit for bit.

#include "vibro/analysis/lyapunov.hpp"
#include "vibro/analysis/poincare_maps_difference.hpp"
#include "vibro/reference/impact_reference.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>

namespace vibro {

/// Events a reference run has met, by kind.
class EventTally {
  static_assert(static_cast<std::size_t>(EventKind::release) == 4, "EventTally counts the five kinds of contact_law.hpp");

 public:
  template <class Real>
  void operator()(const ReferenceEvent<Real>& event) {
    ++counts_[static_cast<std::size_t>(event.kind)];
  }
  std::int64_t count(EventKind kind) const { return counts_[static_cast<std::size_t>(kind)]; }
  std::int64_t impacts() const { return count(EventKind::impact); }
  /// Counts `event` when it is an impact at the section time `t_section` exactly: a tie the
  /// reference resolved before the section (impact_reference.hpp; docs/lyapunov.md).
  template <class Real>
  void note_section(const ReferenceEvent<Real>& event, const Real& t_section) {
    if (event.kind == EventKind::impact && event.t == t_section) ++impacts_on_sections_;
  }
  std::int64_t impacts_on_sections() const { return impacts_on_sections_; }
  /// Grazing contacts, accumulations, sticking and releases: where the flow has no derivative.
  std::int64_t non_impacts() const {
    std::int64_t total = 0;
    for (const std::int64_t c : counts_) total += c;
    return total - impacts();
  }

 private:
  std::array<std::int64_t, 5> counts_{};  // indexed by EventKind (impact … release)
  std::int64_t impacts_on_sections_ = 0;
};

/// Feeds one period's FlowJacobian to the engine: its matrix, or the reason it is undefined.
template <class Real>
bool add_period(LyapunovExponents<Real>& exponents, const FlowJacobian<Real>& jacobian) {
  if (!jacobian.defined) return exponents.stop(jacobian.why_undefined);
  return exponents.add(jacobian.matrix);
}

/// IDED: the reference over period k with a fresh FlowJacobian; events counted.
template <class Model>
class ExactDerivativeMap {
 public:
  using Real = typename Model::real_type;

  /// Sections t0 + kT; `period` is T (the model's forcing period for a stroboscopic map).
  ExactDerivativeMap(ImpactReference<Model> reference, Real t0, Real period, SectionClock clock = SectionClock::folded)
      : reference_(std::move(reference)), t0_(std::move(t0)), period_(std::move(period)), clock_(clock) {}

  PoincareStep<Real> operator()(const PhasePoint<Real>& x, std::int64_t k) {
    const std::int64_t j = clock_period(clock_, k);
    auto state = reference_.start(section_time(t0_, period_, j), x.u, x.v);
    FlowJacobian<Real> jacobian;
    const Real t_end = section_time(t0_, period_, j + 1);
    reference_.advance(
        state, t_end,
        [&](const ReferenceEvent<Real>& event) {
          events_(event);
          events_.note_section(event, t_end);
        },
        &jacobian);
    PoincareStep<Real> step{PhasePoint<Real>{std::move(state.u), std::move(state.v)}, std::move(jacobian.matrix),
                            std::nullopt};
    if (!jacobian.defined) step.undefined = std::move(jacobian.why_undefined);
    return step;
  }

  const EventTally& events() const { return events_; }

 private:
  ImpactReference<Model> reference_;
  Real t0_, period_;
  SectionClock clock_;
  EventTally events_;
};

/// IDND's Φ: the reference over period k for each point. Its contacts are the transverse
/// impacts; the flow is reported not differentiable in a period in which any of the
/// trajectories meets an event other than a transverse impact (docs/mathematics.md §1.2).
template <class Model>
class ReferenceFlow : public ContactRecord {
 public:
  using real_type = typename Model::real_type;
  using Real = real_type;

  ReferenceFlow(ImpactReference<Model> reference, Real t0, Real period, SectionClock clock = SectionClock::folded)
      : reference_(std::move(reference)), t0_(std::move(t0)), period_(std::move(period)), clock_(clock) {}

  template <std::size_t M>
  std::optional<std::string> advance(std::array<PhasePoint<Real>, M>& points, std::int64_t k) {
    const std::int64_t j = clock_period(clock_, k);
    const Real t_start = section_time(t0_, period_, j), t_end = section_time(t0_, period_, j + 1);
    std::array<std::int64_t, M> impacts{};
    bool smooth = true;
    for (std::size_t i = 0; i < M; ++i) {
      EventTally tally;
      auto state = reference_.start(t_start, points[i].u, points[i].v);
      reference_.advance(state, t_end, [&](const ReferenceEvent<Real>& event) {
        tally(event);
        tally.note_section(event, t_end);
      });
      points[i] = PhasePoint<Real>{std::move(state.u), std::move(state.v)};
      impacts[i] = tally.impacts();
      smooth = smooth && tally.non_impacts() == 0;
      if (i == 0) record_impacts_on_sections(tally.impacts_on_sections());
    }
    record_period(impacts);
    if (smooth) return std::nullopt;
    return "a trajectory of the difference quotient met a grazing contact, an accumulation or sticking between t = " +
           to_text(t_start) + " and " + to_text(t_end) + ": the flow has no derivative there (docs/mathematics.md §1.2)";
  }

 private:
  ImpactReference<Model> reference_;
  Real t0_, period_;
  SectionClock clock_;
};

}  // namespace vibro
