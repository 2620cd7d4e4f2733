#include "vibro/io/run_case.hpp"

#include "vibro/analysis/error_metrics.hpp"
#include "vibro/analysis/free_fall.hpp"
#include "vibro/analysis/observed_order.hpp"
#include "vibro/io/bind_case.hpp"
#include "vibro/io/convergence_study.hpp"
#include "vibro/reference/dense_reference.hpp"
#include "vibro/io/csv_output.hpp"
#include "vibro/io/input_error.hpp"
#include "vibro/io/json_numbers.hpp"
#include "vibro/io/run_nonstandard.hpp"
#include "vibro/io/run_reference.hpp"
#include "vibro/scalar/format.hpp"
#include "vibro/scalar/traits.hpp"
#include "vibro/scheme/corrected_crank_nicolson.hpp"
#include "vibro/scheme/paoli_schatzman.hpp"

#include <fstream>
#include <map>

namespace vibro {
namespace {

using nlohmann::json;

/// How many of the first active steps a result lists (the count is always complete).
constexpr std::size_t listed_active_steps = 64;
/// Rows shown before m and after the post-impact line starts, in the reversal table.
constexpr std::int64_t reversal_table_margin = 2;

template <class Model>
PaoliSchatzman<Model> make_scheme(const CaseSpec& c, const Model& model, const StepSpec& step) {
  using Real = typename Model::real_type;
  return PaoliSchatzman<Model>(model, step_size(model, step), to_real<Real>(c.t0), c.scheme.paoli_schatzman);
}

/// True for the seed 000 §2 setting: constant force g = 0.
bool is_free_fall(const CaseSpec& c) {
  const auto* force = std::get_if<ConstantForceSpec>(&c.model.kind);
  return force && force->g.exact == 0;
}

/// The run at the case's own step: streamed, so that long runs need no memory.
template <class Model>
json simulate(const CaseSpec& c, const Model& model, const RunOptions& options, std::vector<typename Model::real_type>& positions_kept) {
  using Real = typename Model::real_type;
  const auto scheme = make_scheme(c, model, c.step);
  const std::int64_t steps = step_count(c, c.step);
  const std::int64_t sample_every = c.step.steps_per_period.value_or(0);

  std::ofstream csv = open_csv(options.csv, "n,t,u,v,projection_active");
  json active_list = json::array(), samples = json::array();
  std::int64_t active_count = 0;
  auto x = scheme.start(to_real<Real>(c.u0), to_real<Real>(c.v0));
  auto observe = [&](bool active) {
    if (csv) csv << x.n << ',' << to_text(scheme.time(x)) << ',' << to_text(x.u) << ',' << to_text(scheme.velocity(x)) << ',' << (active ? 1 : 0) << '\n';
    if (sample_every > 0 && x.n % sample_every == 0)
      samples.push_back({{"period", x.n / sample_every}, {"state", state_json(scheme.time(x), x.u, scheme.velocity(x))}});
    if (static_cast<std::int64_t>(positions_kept.size()) > x.n) positions_kept[static_cast<std::size_t>(x.n)] = x.u;
  };
  observe(false);
  for (std::int64_t k = 0; k < steps; ++k) {
    const bool active = scheme.step(x);
    if (active) {
      ++active_count;
      if (active_list.size() < listed_active_steps) active_list.push_back(x.n);
    }
    observe(active);
    options.step_done(k + 1, steps);
  }
  json result = {{"h", to_text(scheme.step_size())},
                 {"steps", steps},
                 {"projection_active", {{"count", active_count}, {"first_steps", active_list}}},
                 {"final", state_json(scheme.time(x), x.u, scheme.velocity(x))}};
  if (sample_every > 0) result["stroboscopic"] = samples;
  return result;
}

/// The times a corrected-scheme run lands on exactly: every stroboscopic time t0 + kT for a
/// horizon in periods (MATH.md §3), else t_end.
template <class Model>
std::vector<typename Model::real_type> landing_times(const CaseSpec& c, const Model& model) {
  using Real = typename Model::real_type;
  if constexpr (PeriodicallyForced<Model>) {
    if (c.horizon.periods) return section_times(to_real<Real>(c.t0), model.period(), *c.horizon.periods);
  }
  return {to_real<Real>(*c.horizon.t_end)};
}

/// The corrected scheme (seed 000 §3) at a step, through the case's landing times.
template <class Model>
Trajectory<typename Model::real_type> corrected_trajectory(const CaseSpec& c, const Model& model, const StepSpec& step) {
  using Real = typename Model::real_type;
  const CorrectedCrankNicolson<Model> scheme(model, step_size(model, step), to_real<Real>(c.t0));
  return record_trajectory_through(scheme, scheme.start(to_real<Real>(c.u0), to_real<Real>(c.v0)),
                                   landing_times(c, model));
}

template <class Model>
json simulate_corrected(const CaseSpec& c, const Model& model, const RunOptions& options) {
  using Real = typename Model::real_type;
  const Trajectory<Real> trajectory = corrected_trajectory(c, model, c.step);
  std::ofstream csv = open_csv(options.csv, "n,t,u,v,impact");
  std::size_t next_impact = 0;
  for (std::size_t n = 0; n < trajectory.size(); ++n) {
    const bool impact = next_impact < trajectory.impact_times.size() && trajectory.impact_times[next_impact] == trajectory.t[n];
    next_impact += impact;
    if (csv) csv << n << ',' << to_text(trajectory.t[n]) << ',' << to_text(trajectory.u[n]) << ',' << to_text(trajectory.v[n]) << ',' << (impact ? 1 : 0) << '\n';
  }
  json samples = json::array();
  if (c.horizon.periods) {
    const std::vector<Real> sections = landing_times(c, model);
    std::size_t n = 0;
    for (std::size_t k = 0; k < sections.size(); ++k) {
      while (trajectory.t[n] != sections[k]) ++n;  // every section time is a node: the scheme lands on it
      samples.push_back({{"period", k + 1}, {"state", state_json(trajectory.t[n], trajectory.u[n], trajectory.v[n])}});
    }
  }
  json result = {{"h", to_text(step_size(model, c.step))},
                 {"steps", trajectory.size() - 1},
                 {"impacts", trajectory.impact_times.size()},
                 {"dichotomies", trajectory.dichotomies},
                 {"fallbacks", trajectory.fallbacks},
                 {"final", state_json(trajectory.t.back(), trajectory.u.back(), trajectory.v.back())}};
  if (c.horizon.periods) result["stroboscopic"] = samples;
  return result;
}

/// Seed 000 §2: the predicted reversal against the computed positions, and the errors
/// against the exact free fall at the case's step.
template <class Real>
json free_fall_section(const CaseSpec& c, const ConstantForce<Real>& model, const std::vector<Real>& positions) {
  const Real u0 = to_real<Real>(c.u0), v0 = to_real<Real>(c.v0), h = to_real<Real>(*c.step.h);
  json section;
  try {
    const FreeFallReversal<Real> prediction(model.obstacle(), u0, v0, h, model.restitution());
    section["applicable"] = true;
    section["m"] = prediction.m();
    section["case"] = to_string(prediction.reversal_case());
    section["reversal_steps"] = {prediction.first_reversal_step(), prediction.first_reversal_step() + 1};
    section["line_start"] = prediction.line_start();
    section["slope_per_step"] = to_text(prediction.slope_per_step());
    Real largest_deviation = Real(0);
    for (std::size_t n = 0; n < positions.size(); ++n) {
      using std::abs;
      const Real deviation = abs(positions[n] - prediction.position(static_cast<std::int64_t>(n)));
      if (deviation > largest_deviation) largest_deviation = deviation;
    }
    section["max_deviation_from_prediction"] = to_text(largest_deviation);
    json table = json::array();
    const std::int64_t last = std::min<std::int64_t>(prediction.line_start() + reversal_table_margin,
                                                     static_cast<std::int64_t>(positions.size()) - 1);
    for (std::int64_t n = std::max<std::int64_t>(0, prediction.m() - reversal_table_margin); n <= last; ++n) {
      const Real& computed = positions[static_cast<std::size_t>(n)];
      const Real predicted = prediction.position(n);
      table.push_back({{"n", n}, {"predicted", to_text(predicted)}, {"computed", to_text(computed)},
                       {"difference", to_text(Real(computed - predicted))}});
    }
    section["table"] = table;
  } catch (const std::invalid_argument& why) {
    section = {{"applicable", false}, {"reason", why.what()}};
  }
  return section;
}

/// The case's convergence study: the PS scheme at every step of its list, against the
/// exact free fall when g = 0 (closed form, seed 000 §2) and the exact-detection reference
/// otherwise (MATH.md §1).
template <class Model>
json convergence(const CaseSpec& c, const Model& model, unsigned threads) {
  using Real = typename Model::real_type;
  const Real u0 = to_real<Real>(c.u0), v0 = to_real<Real>(c.v0), t0 = to_real<Real>(c.t0);
  const auto run = [&](const StepSpec& step) {
    if (c.scheme.is_corrected()) {
      auto trajectory = corrected_trajectory(c, model, step);
      auto impacts = trajectory.impact_times;
      return std::tuple{std::move(trajectory), std::move(impacts), step_size(model, step)};
    }
    const auto scheme = make_scheme(c, model, step);
    auto trajectory = record_trajectory(scheme, scheme.start(u0, v0), step_count(c, step));
    auto impacts = impact_times_from_projection(trajectory);
    return std::tuple{std::move(trajectory), std::move(impacts), scheme.step_size()};
  };
  if constexpr (std::is_same_v<Model, ConstantForce<Real>>) {
    if (is_free_fall(c)) {
      const ExactFreeFall<Real> exact(model.obstacle(), u0, v0, model.restitution(), t0);
      return convergence_study<Real>(c, exact, std::vector<Real>{exact.impact_time()},
                                     "exact free fall (closed form, seed 000 §2)", run, threads);
    }
  }
  if constexpr (is_exact_v<Real>) {
    throw InputError(c.file, "convergence", "the exact rational type has a closed-form reference only for the free fall "
                                            "(g = 0); other studies need a floating-point precision");
  } else {
    const auto [last_steps, last_step] = [&] {
      const StepSpec& step = c.convergence.back();
      return std::pair{step_count(c, step), step_size(model, step)};
    }();
    const Real t_end = t0 + last_step * last_steps;
    const DenseReference<Model> reference(model, t0, u0, v0, t_end);
    return convergence_study<Real>(c, reference, reference.impact_times(),
                                   "exact-detection reference (closed-form flights, certified contacts)", run, threads);
  }
}

template <class Real>
json run_typed(const CaseSpec& c, const RunOptions& options) {
  return visit_model<Real>(c, [&](const auto& model) {
    using Model = std::decay_t<decltype(model)>;
    json result;
    constexpr bool constant_force = std::is_same_v<Model, ConstantForce<Real>>;
    const bool free_fall = constant_force && is_free_fall(c);
    std::vector<Real> positions(free_fall && !c.scheme.is_corrected() ? static_cast<std::size_t>(step_count(c, c.step)) + 1 : 0);
    try {
      result["run"] = c.scheme.is_corrected() ? simulate_corrected(c, model, options) : simulate(c, model, options, positions);
    } catch (const std::invalid_argument& why) {
      throw InputError(c.file, "initial", why.what());
    }
    if constexpr (constant_force) {
      if (free_fall && !c.scheme.is_corrected()) result["free_fall"] = free_fall_section(c, model, positions);
    }
    if (!c.convergence.empty()) {
      result["convergence"] = convergence(c, model, options.threads);
      result["expected"] = evaluate_expectations(c, result["convergence"]);
    }
    return result;
  });
}

}  // namespace

json provenance(const Precision& precision) {
  return with_scalar(precision, [&]<class Real>(std::type_identity<Real>) {
    return json{{"vibro_version", VIBRO_VERSION},
                {"precision", {{"name", precision.name()},
                               {"scalar", scalar_name<Real>()},
                               {"significand_bits", significand_bits<Real>()},
                               {"decimal_digits", decimal_digits<Real>()}}}};
  });
}

json run_case(const CaseSpec& c, const RunOptions& options) {
  const Precision precision = options.precision.value_or(c.precision);
  json result = provenance(precision);
  result["case"] = {{"name", c.name}, {"file", c.file}, {"hash_fnv1a64", c.hash}, {"description", c.description}};
  json model = {{"type", c.model.type_name()}, {"e", c.model.e.text}};
  if (const auto* osc = std::get_if<OscillatorSpec>(&c.model.kind)) {
    model["u_min"] = c.model.u_min.text;
    model["alpha"] = osc->alpha.text;
    model["a"] = osc->amplitude.text;
    model["omega"] = osc->omega.text;
  } else if (const auto* k = std::get_if<ConservativeSpec>(&c.model.kind)) {
    model["omega"] = k->omega.text;
    model["beta"] = k->beta.text;
    if (k->obstacle) model["obstacle"] = k->obstacle->text;
    if (k->stop_lower) model["stops"] = {k->stop_lower->text, k->stop_upper->text};
  } else {
    model["u_min"] = c.model.u_min.text;
    model["g"] = std::get<ConstantForceSpec>(c.model.kind).g.text;
  }
  result["model"] = model;
  result["initial"] = {{"u0", c.u0.text}, {"v0", c.v0.text}, {"t0", c.t0.text}};
  if (c.scheme.is_nonstandard_family()) {
    result["scheme"] = {{"type", c.scheme.type}, {"start", to_string(c.scheme.nonstandard.start)}, {"step", c.step.text()}};
    result.update(run_nonstandard(c, precision, options));
    return result;
  }
  if (c.scheme.is_reference()) {
    result["scheme"] = {{"type", c.scheme.type}};
    result["run"] = run_reference(c, precision, options);
    return result;
  }
  result["scheme"] = c.scheme.is_corrected() ? json{{"type", c.scheme.type}, {"step", c.step.text()}}
                                              : json{{"type", c.scheme.type},
                                                     {"velocity", to_string(c.scheme.paoli_schatzman.velocity)},
                                                     {"start", to_string(c.scheme.paoli_schatzman.start)},
                                                     {"step", c.step.text()}};
  if (precision.kind == ScalarKind::rational && c.model.periodic())
    throw InputError(c.file, options.precision ? "--precision" : "case.precision",
                     "the exact rational type needs a rational model, and impact-oscillator uses cos(ωt) and "
                     "T = 2π/ω (allowed here: double, long-double, float128, mpfr:DIGITS)");
  result.update(with_scalar(precision, [&]<class Real>(std::type_identity<Real>) { return run_typed<Real>(c, options); }));
  return result;
}

}  // namespace vibro
