#pragma once
// Numerical differentiation of a Poincaré map (seed 001 §4, docs/mathematics.md §4): the columns of
//
//   D_ε S(X) = ( Φ(X + ε e1) − Φ(X),  Φ(X + ε e2) − Φ(X) ) / ε
//
// with Φ the flow over one period of the exact-detection reference (IDND, seed 000's
// "I.D.P"), of the Paoli–Schatzman scheme (NSND, "I.N.S.P") or of the corrected scheme
// ("C.N.S.P"). ε is absolute (001: ε = 1e−8) or a multiple of the flow's step h (001:
// ε = 3h; 000: ε = h).
//
// Each quotient is divided by the perturbation as it is represented, (X_j + ε) − X_j,
// rather than by ε: in exact arithmetic they are equal, and in floating point this takes
// the rounding of X_j + ε out of the quotient (a relative 1e−8 on DS for ε = 1e−8 and
// |X| ~ 1 in double), leaving only the difference of the two flows' roundings.
//
// A flow is a class with `real_type` and
//   std::optional<std::string> advance(std::array<PhasePoint<real_type>, 3>& points, std::int64_t k),
// which carries each point from the section t0 + kT to t0 + (k+1)T and returns why the
// flow is not differentiable at points[0] in that period, if it is not; a flow with a step
// h also has `const real_type& step_size() const`. The flows of this project derive from
// ContactRecord.

#include "vibro/analysis/lyapunov.hpp"
#include "vibro/scalar/format.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

namespace vibro {

/// ε of D_ε S: `value` itself, or `value`·h for a flow with step h.
template <class Real>
struct DifferenceStep {
  Real value;
  bool relative_to_h = false;

  static DifferenceStep absolute(Real epsilon) { return {std::move(epsilon), false}; }
  static DifferenceStep times_h(Real multiple) { return {std::move(multiple), true}; }

  /// "1e-08" or "3h", for logs and tables.
  std::string describe() const { return to_text_significant(value, 6) + (relative_to_h ? "h" : ""); }
};

/// What a flow records about contacts, for diagnostics: the contacts of the base trajectory
/// (points[0]: impacts, or active steps for the PS scheme), its impacts (for the sum rule:
/// for PS a reversal, one run of consecutive active steps; otherwise every contact), and the
/// periods in which a perturbed trajectory's contacts differed from them (for PS its set of
/// active steps, seed 001 Lemma 3.2; otherwise its number of impacts): there the quotient
/// spans a jump.
class ContactRecord {
 public:
  std::int64_t contacts() const { return contacts_; }
  std::int64_t impacts() const { return impacts_; }
  std::int64_t periods_with_changed_contacts() const { return periods_changed_; }
  /// The base trajectory's impacts that fell on a section time (an exact-detection flow's
  /// ties, resolved before the section; 0 for the stepping schemes).
  std::int64_t impacts_on_sections() const { return impacts_on_sections_; }

 protected:
  void record_impacts_on_sections(std::int64_t count) { impacts_on_sections_ += count; }
  void record_period(std::int64_t base_contacts, std::int64_t base_impacts, bool changed) {
    contacts_ += base_contacts;
    impacts_ += base_impacts;
    periods_changed_ += changed;
  }
  /// counts[0]: the base trajectory's contacts, each an impact; changed when any other
  /// differs from it.
  template <std::size_t M>
  void record_period(const std::array<std::int64_t, M>& counts) {
    bool changed = false;
    for (const std::int64_t count : counts) changed = changed || count != counts[0];
    record_period(counts[0], counts[0], changed);
  }

 private:
  std::int64_t contacts_ = 0;
  std::int64_t impacts_ = 0;
  std::int64_t periods_changed_ = 0;
  std::int64_t impacts_on_sections_ = 0;
};

template <class Flow>
concept DifferentiableFlow = requires(Flow& flow, std::array<PhasePoint<typename Flow::real_type>, 3>& points) {
  { flow.advance(points, std::int64_t{0}) } -> std::same_as<std::optional<std::string>>;
};

template <class Flow>
concept SteppedFlow = requires(const Flow& flow) {
  { flow.step_size() } -> std::convertible_to<typename Flow::real_type>;
};

/// The Poincaré map of a flow with D_ε S for its derivative, for run_lyapunov.
template <DifferentiableFlow Flow>
class ForwardDifferenceMap {
 public:
  using Real = typename Flow::real_type;

  /// Throws std::invalid_argument when ε is not positive, or is relative to h for a flow
  /// without a step (the reference: give ε absolutely).
  ForwardDifferenceMap(Flow flow, const DifferenceStep<Real>& epsilon)
      : flow_(std::move(flow)), epsilon_(resolve(flow_, epsilon)) {}

  PoincareStep<Real> operator()(const PhasePoint<Real>& x, std::int64_t k) {
    std::array<PhasePoint<Real>, 3> points{x, PhasePoint<Real>{Real(x.u + epsilon_), x.v},
                                           PhasePoint<Real>{x.u, Real(x.v + epsilon_)}};
    const Real du = points[1].u - x.u, dv = points[2].v - x.v;  // ε as represented
    if (!(du > 0) || !(dv > 0))
      throw std::invalid_argument("ε = " + to_text(epsilon_) + " is below the resolution of X = (" + to_text(x.u) +
                                  ", " + to_text(x.v) + ")");
    std::optional<std::string> undefined = flow_.advance(points, k);
    const PhasePoint<Real>& base = points[0];
    Matrix2<Real> ds{Real((points[1].u - base.u) / du), Real((points[2].u - base.u) / dv),
                     Real((points[1].v - base.v) / du), Real((points[2].v - base.v) / dv)};
    return PoincareStep<Real>{base, std::move(ds), std::move(undefined)};
  }

  const Real& epsilon() const { return epsilon_; }
  Flow& flow() { return flow_; }
  const Flow& flow() const { return flow_; }

 private:
  static Real resolve(const Flow& flow, const DifferenceStep<Real>& epsilon) {
    if (!(epsilon.value > 0)) throw std::invalid_argument("ε = " + epsilon.describe() + " must be > 0");
    if (!epsilon.relative_to_h) return epsilon.value;
    if constexpr (SteppedFlow<Flow>) {
      return Real(epsilon.value * flow.step_size());
    } else {
      throw std::invalid_argument("ε = " + epsilon.describe() +
                                  " is relative to a step h, and this flow has none: give ε absolutely");
    }
  }

  Flow flow_;
  Real epsilon_;
};

}  // namespace vibro
