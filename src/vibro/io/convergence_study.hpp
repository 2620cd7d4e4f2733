#pragma once
// A case's convergence study (MATH.md §8, issue 4): for every step of its [convergence]
// list, the scheme is run over the horizon and measured against a reference; then, per
// metric, the observed order over the detected asymptotic range, the successive slopes,
// and which points are pre-asymptotic or at the rounding floor. Generic in the scheme and
// the reference: `run(step)` returns the scheme's trajectory and impact times.

#include "vibro/analysis/convergence.hpp"
#include "vibro/analysis/observed_order.hpp"
#include "vibro/analysis/parallel_for.hpp"
#include "vibro/io/case_spec.hpp"
#include "vibro/scalar/format.hpp"
#include "vibro/scalar/traits.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

namespace vibro {

/// A point is at the rounding floor when its error is below this many ε × steps × scale:
/// the accumulated rounding of a run of that many steps (a bound, not an estimate).
inline constexpr int rounding_floor_eps_per_step = 64;

template <class Real>
nlohmann::json study_errors_json(const StudyErrors<Real>& e) {
  return {{"position_linf", to_text(e.grid.position_linf)},
          {"position_l1", to_text(e.grid.position_l1)},
          {"velocity_linf", to_text(e.grid.velocity_linf)},
          {"velocity_l1", to_text(e.grid.velocity_l1)},
          {"final_position", to_text(e.final_position)},
          {"final_velocity", to_text(e.final_velocity)},
          {"impact_time", e.impact_time ? nlohmann::json(to_text(*e.impact_time)) : nlohmann::json(nullptr)}};
}

/// One point of a study: the errors of one step size and what decides its rounding floor.
template <class Real>
struct StudyPoint {
  StudyErrors<Real> errors;
  Real h;
  std::size_t steps = 0;
  std::vector<Real> floors;  ///< per metric: rounding_floor_eps_per_step × ε × steps × scale
};

template <class Real, class Reference, class Run>
nlohmann::json convergence_study(const CaseSpec& c, const Reference& reference, const std::vector<Real>& reference_impacts,
                                 const std::string& reference_name, Run&& run, unsigned threads) {
  using std::abs;
  using nlohmann::json;
  const std::vector<std::string> metrics = {"position_linf", "position_l1",    "velocity_linf", "velocity_l1",
                                            "final_position", "final_velocity", "impact_time"};
  std::vector<StudyPoint<Real>> points(c.convergence.size());
  parallel_for(points.size(), threads, [&](std::size_t i) {
    const auto [trajectory, scheme_impacts, h] = run(c.convergence[i]);
    StudyPoint<Real>& p = points[i];
    p.errors = study_errors(trajectory, scheme_impacts, reference, reference_impacts);
    p.h = h;
    p.steps = trajectory.size() - 1;
    Real position_scale(1), velocity_scale(1);
    for (std::size_t n = 0; n < trajectory.size(); ++n) {
      position_scale = std::max(position_scale, Real(abs(trajectory.u[n])));
      velocity_scale = std::max(velocity_scale, Real(abs(trajectory.v[n])));
    }
    const Real duration = trajectory.t.back() - trajectory.t.front();
    const Real unit = rounding_floor_eps_per_step * epsilon<Real>() * Real(static_cast<double>(p.steps));
    p.floors = {unit * position_scale, unit * position_scale * duration, unit * velocity_scale,
                unit * velocity_scale * duration, unit * position_scale, unit * velocity_scale,
                unit * Real(abs(trajectory.t.back()) + duration)};
  });
  json rows = json::array();
  std::vector<double> log_h;
  std::vector<std::vector<std::optional<double>>> log_errors(metrics.size());
  std::vector<std::vector<bool>> at_floor(metrics.size());
  for (std::size_t i = 0; i < points.size(); ++i) {
    const StudyPoint<Real>& p = points[i];
    const StudyErrors<Real>& e = p.errors;
    const std::optional<Real> values[] = {e.grid.position_linf, e.grid.position_l1, e.grid.velocity_linf,
                                          e.grid.velocity_l1,   e.final_position,   e.final_velocity,
                                          e.impact_time};
    for (std::size_t m = 0; m < metrics.size(); ++m) {
      const bool positive = values[m] && *values[m] > 0;
      log_errors[m].push_back(positive ? std::optional<double>(log_as_double(*values[m])) : std::nullopt);
      at_floor[m].push_back(positive && *values[m] <= p.floors[m]);
    }
    rows.push_back({{"h", c.convergence[i].text()},
                    {"h_value", to_text(p.h)},
                    {"steps", p.steps},
                    {"errors", study_errors_json(e)},
                    {"impacts", {{"scheme", e.scheme_impacts}, {"reference", e.reference_impacts}}}});
    log_h.push_back(log_as_double(p.h));
  }
  json orders;
  for (std::size_t m = 0; m < metrics.size(); ++m) {
    const OrderAnalysis a = analyse_order(log_h, log_errors[m], at_floor[m]);
    json successive = json::array(), status = json::array();
    for (const auto& s : a.successive) successive.push_back(s ? json(*s) : json(nullptr));
    for (const auto& s : a.status) status.push_back(to_string(s));
    orders[metrics[m]] = {{"least_squares", a.slope ? json(*a.slope) : json(nullptr)},
                          {"residual", a.slope ? json(a.residual) : json(nullptr)},
                          {"range", a.slope ? json{a.first, a.last} : json(nullptr)},
                          {"successive", successive},
                          {"status", status}};
  }
  return {{"reference", reference_name}, {"rows", rows}, {"orders", orders}};
}

/// The verdict of each [[expected]] order of a case against its study's least-squares slope.
inline nlohmann::json evaluate_expectations(const CaseSpec& c, const nlohmann::json& convergence) {
  nlohmann::json verdicts = nlohmann::json::array();
  for (const Expectation& e : c.expected) {
    const std::string metric = e.quantity.substr(std::string("order.").size());
    const nlohmann::json& observed = convergence["orders"][metric]["least_squares"];
    const double expected = static_cast<double>(e.value.exact), tolerance = static_cast<double>(e.tolerance.exact);
    const bool pass = !observed.is_null() && std::abs(observed.get<double>() - expected) <= tolerance;
    verdicts.push_back({{"quantity", e.quantity}, {"expected", e.value.text}, {"tolerance", e.tolerance.text},
                        {"observed", observed}, {"source", e.source}, {"verdict", pass ? "pass" : "fail"}});
  }
  return verdicts;
}

}  // namespace vibro
