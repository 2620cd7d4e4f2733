#pragma once
// From a run of the Lyapunov engine (analysis/lyapunov.hpp) to the result of `vibro
// lyapunov`, and from a case's [lyapunov] table to the engine's settings. Shared by every
// scheme entry that gives exponents.

#include "vibro/analysis/lyapunov.hpp"
#include "vibro/analysis/poincare_maps_difference.hpp"
#include "vibro/case/case_spec.hpp"
#include "vibro/results/lyapunov_findings.hpp"
#include "vibro/binding/model_binding.hpp"
#include "vibro/case/run_options.hpp"
#include "vibro/scalar/number_text_of.hpp"

#include <cstdint>
#include <functional>
#include <optional>

#include <algorithm>
#include <string>
#include <vector>

namespace vibro {

/// max − min of the running estimate over the last half of the periods: how far the
/// finite-time exponent still moves (a convergence spread, not an error bound).
inline double last_half_spread(const std::vector<double>& running) {
  if (running.empty()) return 0;
  const auto from = running.begin() + static_cast<long>(running.size() / 2);
  const auto [lo, hi] = std::minmax_element(from, running.end());
  return *hi - *lo;
}

/// The warning for `count` impacts of the base orbit on a section time, or none.
inline std::optional<std::string> section_impact_warning(std::int64_t count) {
  if (count == 0) return std::nullopt;
  return std::to_string(count) + (count == 1 ? " impact" : " impacts") +
         " of the base orbit fell on a section time (within the contact tolerance); each was counted in the period "
         "that ends there and the sample taken after it, at every precision (docs/lyapunov.md \"An impact on a "
         "section\"): the orbit meets the obstacle at a section time (as it does from a start on an impact phase), "
         "and a start moved by a few units in the last place may follow the other branch";
}

template <class Real>
LyapunovFindings lyapunov_findings(const LyapunovRun<Real>& run, const std::string& method) {
  const auto& e = run.exponents;
  LyapunovFindings out;
  out.method = method;
  out.periods_done = e.periods();
  out.defined = e.defined();
  if (!e.defined()) {
    out.why_undefined = e.why_undefined();
    return out;
  }
  out.lambda1_per_period = number_text_of(e.lambda1());
  out.lambda2_per_period = number_text_of(e.lambda2());
  out.sum_per_period = number_text_of(Real(e.lambda1() + e.lambda2()));
  out.lambda1_per_unit_time = number_text_of(e.lambda1_per_unit_time());
  out.lambda2_per_unit_time = number_text_of(e.lambda2_per_unit_time());
  out.spread_last_half = {last_half_spread(e.running1()), last_half_spread(e.running2())};
  const auto& running1 = e.running1();
  const auto& running2 = e.running2();
  // The batch-means part of each uncertainty; the run layer adds the ensemble's.
  std::vector<double> running_sum(running1.size());
  for (std::size_t k = 0; k < running1.size(); ++k) running_sum[k] = running1[k] + running2[k];
  out.uncertainty = ExponentUncertainties{exponent_uncertainty(batch_means(running1), {}),
                                          exponent_uncertainty(batch_means(running2), {}),
                                          exponent_uncertainty(batch_means(running_sum), {})};
  for (std::size_t k = 1; k <= running1.size(); k *= 10) out.history.push_back({static_cast<std::int64_t>(k), running1[k - 1], running2[k - 1]});
  if (!running1.empty() && out.history.back().k != static_cast<std::int64_t>(running1.size()))
    out.history.push_back({static_cast<std::int64_t>(running1.size()), running1.back(), running2.back()});
  // About 300 points of the running estimates, for plots of λ_{j,k} against k.
  constexpr std::size_t plotted_points = 300;
  const std::size_t stride = std::max<std::size_t>(1, running1.size() / plotted_points);
  for (std::size_t k = stride; k <= running1.size(); k += stride)
    out.running_samples.push_back({static_cast<std::int64_t>(k), running1[k - 1], running2[k - 1]});
  return out;
}

/// The exact flow's sum rule from the run's own impact count (docs/lyapunov.md): the
/// saltation matrix has determinant e² (seed 001 Theorem 3.1) and the flight's fundamental
/// matrix e^{−2αs} (the trace of the vector field's Jacobian is −2α, also for a nonlinear
/// restoring force), so K(λ1 + λ2) = −2αKT + 2 N_imp ln e for the exact flow, to rounding.
/// A model without damping has α = 0. No rule for e = 0 (sticking: S is singular).
template <class Model>
void add_sum_rule(LyapunovFindings& out, const Model& model) {
  using Real = typename Model::real_type;
  using std::abs;
  using std::log;
  if (!out.defined || !out.impacts || !(model.restitution() > 0)) return;
  Real alpha(0);
  if constexpr (requires { model.alpha(); }) alpha = model.alpha();
  const Real periods(out.periods_done);
  const Real rule = -2 * alpha * model.period() + 2 * Real(*out.impacts) / periods * log(model.restitution());
  out.sum_rule_per_period = number_text_of(rule);
  // K logarithms of a few ε each, summed and divided by K: 64 K ε × the sizes involved
  // bounds what rounding alone can make of the difference.
  const double scale = std::abs(static_cast<double>(out.sum_per_period.exact())) + std::abs(static_cast<double>(rule));
  out.sum_rule_rounding = 64 * static_cast<double>(out.periods_done) * static_cast<double>(epsilon<Real>()) * scale;
}

/// The progress of a Lyapunov run, period by period (nothing when none is wanted).
inline std::function<void(std::int64_t)> period_progress(const RunOptions& options) {
  if (!options.progress) return {};
  return [progress = options.progress](std::int64_t done) { progress->advance(done); };
}

inline SectionClock section_clock(const LyapunovSpec& spec) {
  return spec.absolute_clock ? SectionClock::absolute : SectionClock::folded;
}

/// ε of the case: absolute, a multiple of the flow's h, or a multiple of the period T.
template <class Real>
DifferenceStep<Real> difference_step(const LyapunovSpec& spec, const Real& period) {
  if (spec.epsilon) return DifferenceStep<Real>::absolute(to_real<Real>(*spec.epsilon));
  if (spec.epsilon_per_h) return DifferenceStep<Real>::times_h(to_real<Real>(*spec.epsilon_per_h));
  return DifferenceStep<Real>::absolute(Real(to_real<Real>(*spec.epsilon_per_period) * period));
}

}  // namespace vibro
