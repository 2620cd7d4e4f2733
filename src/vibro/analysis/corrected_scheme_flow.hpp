#pragma once
// The Poincaré map of the corrected scheme, as a flow for ForwardDifferenceMap
// (poincare_maps_difference.hpp, docs/mathematics.md §4): C.N.S.P (seed 000 §4), the
// corrected scheme of seed 000 §3 from (t0 + kT, U, V), its last step shortened to land on
// t0 + (k+1)T exactly (docs/mathematics.md §3); with the default folded clock, from t0 to
// t0 + T every period. Its contacts are the artificial impacts and fallbacks (eq. (38)).

#include "vibro/analysis/lyapunov.hpp"
#include "vibro/analysis/poincare_maps_difference.hpp"
#include "vibro/scheme/corrected_crank_nicolson.hpp"
#include "vibro/support/cancellation.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>

namespace vibro {

template <ImpactModel Model>
class CorrectedSchemeFlow : public ContactRecord {
 public:
  using real_type = typename Model::real_type;
  using Real = real_type;
  using Scheme = CorrectedCrankNicolson<Model>;

  /// Sections t0 + kT; the scheme's nominal step Δt is its step_size().
  CorrectedSchemeFlow(Scheme scheme, Real t0, Real period, SectionClock clock = SectionClock::folded)
      : scheme_(std::move(scheme)), t0_(std::move(t0)), period_(std::move(period)), clock_(clock) {}

  const Real& step_size() const { return scheme_.step_size(); }

  /// From (t0 + kT, U, V) to t0 + (k+1)T for every point. The state is built directly, not
  /// through start(): a node of the scheme may lie on the obstacle with V < 0 after the
  /// fallback of seed 000 eq. (38), which start() would refuse as Cauchy data.
  template <std::size_t M>
  std::optional<std::string> advance(std::array<PhasePoint<Real>, M>& points, std::int64_t k) {
    const std::int64_t j = clock_period(clock_, k);
    const Real t_start = section_time(t0_, period_, j), t_end = section_time(t0_, period_, j + 1);
    std::array<std::int64_t, M> impacts{};
    for (std::size_t i = 0; i < M; ++i) {
      typename Scheme::State x{t_start, points[i].u, points[i].v, 0};
      std::int64_t steps = 0;
      scheme_.advance_to(x, t_end, [&](const typename Scheme::State&, const typename Scheme::StepReport& report) {
        throw_if_cancelled_at_step<Real>(++steps);  // a period is seconds of steps at high precision
        impacts[i] += report.impact.has_value() || report.fallback;
      });
      points[i] = PhasePoint<Real>{std::move(x.u), std::move(x.v)};
    }
    record_period(impacts);
    return std::nullopt;
  }

 private:
  Scheme scheme_;
  Real t0_, period_;
  SectionClock clock_;
};

}  // namespace vibro
