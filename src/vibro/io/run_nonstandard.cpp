#include "vibro/io/run_nonstandard.hpp"

#include "vibro/analysis/convergence.hpp"
#include "vibro/analysis/nonstandard_experiments.hpp"
#include "vibro/io/bind_case.hpp"
#include "vibro/io/convergence_study.hpp"
#include "vibro/io/csv_output.hpp"
#include "vibro/io/input_error.hpp"
#include "vibro/io/json_numbers.hpp"
#include "vibro/model/impact_oscillator.hpp"
#include "vibro/reference/dense_reference.hpp"
#include "vibro/reference/time_scaled_reference.hpp"
#include "vibro/scheme/nonstandard_impact.hpp"
#include "vibro/scheme/trajectory.hpp"

#include <boost/math/constants/constants.hpp>

#include <algorithm>
#include <cmath>

namespace vibro {
namespace {

using nlohmann::json;

/// Rows of the samples kept for plots (energy against t, phase portraits).
constexpr std::int64_t plotted_samples = 4000;
/// How many impact energy ratios a result lists (the statistics cover all of them).
constexpr std::size_t listed_ratios = 16;

/// Δt of a step choice: h, or T/N with T = 2π/ω, the period of the linear part.
template <class Real>
Real nonstandard_step(const ConservativeOscillator<Real>& model, const StepSpec& step) {
  if (step.h) return to_real<Real>(*step.h);
  return 2 * boost::math::constants::pi<Real>() / model.omega() / Real(*step.steps_per_period);
}

template <class Real>
NonstandardImpact<ConservativeOscillator<Real>> make_scheme(const CaseSpec& c, const ConservativeOscillator<Real>& model, const StepSpec& step) {
  try {
    return NonstandardImpact<ConservativeOscillator<Real>>(model, nonstandard_step(model, step), to_real<Real>(c.t0), c.scheme.nonstandard);
  } catch (const std::invalid_argument& why) {
    throw InputError(c.file, "scheme", why.what());
  }
}

/// Energy per flight and across impacts (MATH.md §5), from the experiments' flight log.
template <class Real>
json energy_json(const FlightLog<Real>& log, const Real& e) {
  using std::abs;
  using std::max;
  Real variation(0), own_variation(0);
  for (const auto& f : log.flights) {
    variation = max(variation, f.energy_variation());
    own_variation = max(own_variation, f.own_energy_variation());
  }
  const std::vector<Real> ratios = impact_energy_ratios(log);
  json listed = json::array();
  Real worst(0);
  for (std::size_t i = 0; i < ratios.size(); ++i) {
    if (i < listed_ratios) listed.push_back(to_text(ratios[i]));
    worst = max(worst, Real(abs(ratios[i] - e * e)));
  }
  json out = {{"flights", log.flights.size()},
              {"largest_relative_variation_in_a_flight", to_text(variation)},
              {"largest_relative_variation_in_a_flight_own", to_text(own_variation)},
              {"impact_ratios", listed},
              {"e_squared", to_text(Real(e * e))}};
  if (!ratios.empty()) out["largest_ratio_deviation_from_e_squared"] = to_text(worst);
  return out;
}

/// The run at the case's step: CSV and plot samples streamed, the energy from a flight log.
template <class Real>
json simulate(const CaseSpec& c, const ConservativeOscillator<Real>& model, const RunOptions& options) {
  using std::abs;
  using std::max;
  const NonstandardImpact<ConservativeOscillator<Real>> scheme = make_scheme(c, model, c.step);
  const std::int64_t steps = step_count(c, c.step);
  typename NonstandardImpact<ConservativeOscillator<Real>>::State x;
  try {
    x = scheme.start(to_real<Real>(c.u0), to_real<Real>(c.v0));
  } catch (const std::invalid_argument& why) {
    throw InputError(c.file, "initial", why.what());
  }
  const auto x0 = x;
  std::ofstream csv = open_csv(options.csv, "n,t,y,v,projection_active,energy");
  const std::int64_t stride = std::max<std::int64_t>(1, steps / plotted_samples);
  json samples = json::array();
  std::int64_t impacts = 0, outside = 0;
  bool previous_active = false;
  Real largest(abs(x.u));
  auto observe = [&](const typename NonstandardImpact<ConservativeOscillator<Real>>::State& y, bool active) {
    if (active && !previous_active) ++impacts;  // the two-step reversal is one impact
    previous_active = active;
    largest = max(largest, Real(abs(y.u)));
    outside += !model.contains(y.u);  // the schemes constrain (y^{k+1} + e y^{k−1})/(1+e), not y^{k+1}
    if (csv)
      csv << y.n << ',' << to_text(scheme.time(y)) << ',' << to_text(y.u) << ',' << to_text(scheme.velocity(y)) << ','
          << (active ? 1 : 0) << ',' << to_text(scheme.energy(y)) << '\n';
    if (y.n % stride == 0)
      samples.push_back({static_cast<double>(scheme.time(y)), static_cast<double>(y.u),
                         static_cast<double>(scheme.velocity(y)), static_cast<double>(scheme.energy(y))});
    if (y.n > 0) options.step_done(y.n, steps);
    if (y.n == steps) x = y;  // the final state, for the result
  };
  const FlightLog<Real> log = log_flights(scheme, x0, steps, observe);
  json warnings = json::array();
  if (!is_finite(largest))
    warnings.push_back("the run overflowed (|y| reached " + to_text(largest) +
                       "): the scheme is unstable at this step (Störmer–Verlet needs ωΔt < 2)");
  json result = {{"h", to_text(scheme.step_size())},
                 {"steps", steps},
          {"denominator", to_string(scheme.options().denominator)},
          {"projection_active", {{"count", log.active_steps}, {"impacts", impacts}}},
          {"largest_abs_y", to_text(largest)},
          {"nodes_outside_constraint", outside},
          {"initial_energy", to_text(scheme.energy(x0))},
          {"final", state_json(scheme.time(x), x.u, scheme.velocity(x))},
          {"final_energy", to_text(scheme.energy(x))},
          {"energy", energy_json(log, model.restitution())},
          {"samples", {{"columns", {"t", "y", "v", "energy"}}, {"rows", samples}}}};
  if (!warnings.empty()) result["warnings"] = warnings;
  return result;
}

/// The case's convergence study against the exact-detection reference of u'' + u = 0 in
/// the time ωt (TimeScaledReference): the harmonic case only (β = 0), with an obstacle
/// or none. Without a constraint the reference's obstacle is put below the amplitude
/// √(y0² + (v0/ω)²), where the flow never goes.
template <class Real>
json convergence(const CaseSpec& c, const ConservativeOscillator<Real>& model, unsigned threads) {
  using std::sqrt;
  if (model.beta() != 0 || model.upper())
    throw std::logic_error("a study needs β = 0 and no upper stop (rejected when the case was read)");
  const Real y0 = to_real<Real>(c.u0), v0 = to_real<Real>(c.v0), t0 = to_real<Real>(c.t0);
  const Real& omega = model.omega();
  const Real amplitude = sqrt(y0 * y0 + v0 * v0 / (omega * omega));
  const Real u_min = model.lower() ? *model.lower() : Real(-2 * amplitude - 1);
  const StepSpec& finest = c.convergence.back();
  const Real t_end = t0 + nonstandard_step(model, finest) * step_count(c, finest);
  // u'' + u = 0: the impact oscillator with α = 0 and a = 0 (its forcing frequency is unused).
  const ImpactOscillator<Real> unit(Real(0), Real(0), Real(1), u_min, model.restitution());
  const TimeScaledReference reference(DenseReference<ImpactOscillator<Real>>(unit, omega * t0, y0, v0 / omega, omega * t_end),
                                      omega);
  const auto run = [&](const StepSpec& step) {
    const NonstandardImpact<ConservativeOscillator<Real>> scheme = make_scheme(c, model, step);
    auto trajectory = record_trajectory(scheme, scheme.start(y0, v0), step_count(c, step));
    auto impacts = impact_times_from_projection(trajectory);
    return std::tuple{std::move(trajectory), std::move(impacts), scheme.step_size()};
  };
  return convergence_study<Real>(c, reference, reference.impact_times(),
                                 "exact-detection reference of u'' + u = 0 in the time ωt (closed-form flights)", run,
                                 threads);
}

}  // namespace

json run_nonstandard(const CaseSpec& c, const Precision& precision, const RunOptions& options) {
  return with_scalar(precision, [&]<class Real>(std::type_identity<Real>) -> json {
    if constexpr (is_exact_v<Real>) {
      throw InputError(c.file, options.precision ? "--precision" : "case.precision",
                       "the seed-003 schemes use cos(ωΔt) (allowed here: double, long-double, float128, mpfr:DIGITS)");
    } else {
      ConservativeOscillator<Real> model = [&] {
        try {
          return bind_conservative<Real>(c);
        } catch (const std::invalid_argument& why) {
          throw InputError(c.file, "model", why.what());
        }
      }();
      json result = {{"run", simulate(c, model, options)}};
      if (!c.convergence.empty()) {
        result["convergence"] = convergence(c, model, options.threads);
        result["expected"] = evaluate_expectations(c, result["convergence"]);
      }
      return result;
    }
  });
}

}  // namespace vibro
