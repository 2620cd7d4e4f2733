#include "vibro/orbits/enclosed_reference.hpp"

#include "vibro/case/work_limit.hpp"
#include "vibro/orbits/exact_oscillator_parameters.hpp"
#include "vibro/support/input_error.hpp"
#include "vibro/run/run_precision.hpp"
#include "vibro/testset/testset_values.hpp"

#if VIBRO_WITH_ARB
#include "vibro/proof/duffing_enclosure.hpp"
#include "vibro/proof/enclosure_text.hpp"
#include "vibro/proof/pendulum_enclosure.hpp"
#include "vibro/proof/reference_enclosure.hpp"
#include "vibro/proof/system_enclosure.hpp"
#endif

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <variant>

namespace vibro {

namespace {

// The cost of one impact's enclosure, c (d/1000)^p + floor seconds at d digits: see
// enclosure_seconds_per_impact.
constexpr double enclosure_seconds_at_1000_digits = 0.007;
constexpr double enclosure_cost_exponent = 2.73;
constexpr double enclosure_seconds_floor = 1e-4;
// A validated Taylor step's, c (d/100)^p seconds at d digits: see taylor_step_seconds.
constexpr double taylor_step_seconds_at_100_digits = 0.003;
constexpr double taylor_step_cost_exponent = 2.6;
constexpr double taylor_step_seconds_floor = 2e-4;
// The double pendulum's, likewise: see pendulum_step_seconds.
constexpr double pendulum_step_seconds_at_100_digits = 0.041;
constexpr double pendulum_step_cost_exponent = 2.0;

}  // namespace

double enclosure_seconds_per_impact(long digits) {
  // Fitted to `vibro run cases/reference_periodic.toml --enclose --impacts N` (one impact a
  // period), 2026-11-30, with the centred impact map: the time of N impacts less that of 1, over
  // N − 1: 0.007 s at 1000 digits (N = 11), 0.17 s at 3000 (N = 6), 3.8 s at 10 000 (N = 3);
  // below 1000 digits a run is too short to time (the first impact costs more: the constants
  // at that precision).
  const double d = static_cast<double>(digits) / 1000;
  return enclosure_seconds_at_1000_digits * std::pow(d, enclosure_cost_exponent) + enclosure_seconds_floor;
}

double taylor_step_seconds(long digits) {
  // Fitted to `vibro run cases/testset/VI-08.toml --enclose --digits D` (about 670 steps and 4
  // impacts, the wrapping controlled), 2026-11-30, the whole run over the steps: 0.95 ms a step
  // at 42 digits, 3.2 ms at 100, 14 ms at 200, 0.10 s at 400 (the order grows with the digits:
  // D + 12 terms).
  const double d = static_cast<double>(digits) / 100;
  return taylor_step_seconds_at_100_digits * std::pow(d, taylor_step_cost_exponent) + taylor_step_seconds_floor;
}

double pendulum_step_seconds(long digits) {
  // Fitted to `vibro run cases/testset/VI-12.toml --enclose --digits D` (t ∈ [0, 2]: 128 steps
  // of 1/64, about 320 taken with the halvings at impacts and where the remainder asks, and 3
  // impacts; the wrapping controlled), 2026-11-30, the whole run over the 128: 12 ms at 42
  // digits, 41 ms at 100, 0.15 s at 200.
  const double d = static_cast<double>(digits) / 100;
  return pendulum_step_seconds_at_100_digits * std::pow(d, pendulum_step_cost_exponent) + taylor_step_seconds_floor;
}

std::int64_t default_max_impacts(long digits) {
  return std::max<std::int64_t>(1, static_cast<std::int64_t>(work_limit_seconds / enclosure_seconds_per_impact(digits)));
}

namespace {

/// The most impacts an enclosure with `options` may take: --max-steps, else the default.
std::int64_t impacts_limit(const EncloseOptions& options) {
  return options.max_impacts.value_or(default_max_impacts(options.digits));
}

}  // namespace

#if VIBRO_WITH_ARB

namespace {

/// The case as the enclosure takes it, or an InputError saying why it cannot.
proof::EnclosureProblem problem_of(const CaseSpec& c) {
  proof::EnclosureProblem p;
  if (const auto* oscillator = std::get_if<OscillatorSpec>(&c.model.kind)) {
    const ExactOscillatorParameters exact = exact_oscillator_parameters(*oscillator);
    p.alpha = exact.alpha, p.a = exact.a, p.omega = exact.omega;
  } else if (const auto* duffing = std::get_if<DuffingSpec>(&c.model.kind)) {
    p.alpha = duffing->alpha.text, p.a = duffing->amplitude.text, p.omega = duffing->omega.text;
    p.beta = duffing->beta.text;
  } else if (const auto* force = std::get_if<ConstantForceSpec>(&c.model.kind)) {
    p.oscillator = false;
    p.g = force->g.text;
  } else if (const auto* conservative = std::get_if<ConservativeSpec>(&c.model.kind)) {
    // Seed 003's y'' + ω²y + βy³ = 0: the unforced linear oscillator when β = 0, whose flights
    // are the impact oscillator's with α = a = 0 at ω = 1 (the time is not rescaled).
    if (conservative->beta.exact != 0)
      throw InputError(c.file, "model.beta", "the enclosures are of linear flights: β = 0 only");
    if (conservative->omega.exact != 1)
      throw InputError(c.file, "model.omega", "the conservative oscillator is enclosed at ω = 1 only (its time is not rescaled)");
    p.alpha = "0", p.a = "0", p.omega = "1";
    if (conservative->stop_lower) {
      p.u_min = conservative->stop_lower->text;
      p.u_max = conservative->stop_upper->text;
    } else if (conservative->obstacle) {
      p.u_min = conservative->obstacle->text;
    } else {
      throw InputError(c.file, "model", "no obstacle and no stops: no impact to enclose");
    }
  } else {
    throw InputError(c.file, "model.type",
                     "the enclosures are of the impact oscillator, the Duffing oscillator, the constant force, the "
                     "conservative oscillator, the linear N-DOF systems and the double pendulum, "
                     "not " + std::string(model_name(c.model.model_kind())));
  }
  if (p.u_min.empty()) p.u_min = c.model.u_min.text;
  p.e = c.model.e.text, p.u0 = c.u0.text, p.v0 = c.v0.text;
  if (!c.t0.text.empty()) p.t0 = c.t0.text;
  return p;
}

/// The linear N-DOF system of `c` as written, or as the 2-DOF system converts to it exactly;
/// null for another model.
const SystemSpec* system_spec_of(const CaseSpec& c) {
  if (const auto* two = std::get_if<TwoMassSpringSpec>(&c.model.kind)) return &two->system;
  return std::get_if<SystemSpec>(&c.model.kind);
}

/// The enclosure problem of `c`'s linear N-DOF system, or none for another model.
std::optional<proof::SystemEnclosureProblem> system_problem_of(const CaseSpec& c) {
  const SystemSpec* system = system_spec_of(c);
  if (!system) return std::nullopt;
  proof::SystemEnclosureProblem p;
  p.system.mass = texts_of(system->mass);
  for (const std::vector<NumberInput>& row : system->stiffness) p.system.stiffness.push_back(texts_of(row));
  p.system.force = texts_of(system->force);
  if (system->forcing_frequency) p.system.omega = system->forcing_frequency->text;
  for (std::size_t i = 0; i < system->dimension(); ++i) {
    p.lower.push_back(system->lower[i] ? system->lower[i]->text : "");
    p.upper.push_back(system->upper[i] ? system->upper[i]->text : "");
  }
  p.e = texts_of(system->restitution);
  p.q0 = texts_of(c.q0);
  p.v0 = texts_of(c.q0_velocity);
  if (!c.t0.text.empty()) p.t0 = c.t0.text;
  return p;
}

/// The enclosure problem of `c`'s double pendulum, or none for another model.
std::optional<proof::PendulumEnclosureProblem> pendulum_problem_of(const CaseSpec& c) {
  const auto* pendulum = std::get_if<DoublePendulumSpec>(&c.model.kind);
  if (!pendulum) return std::nullopt;
  proof::PendulumEnclosureProblem p;
  p.m1 = pendulum->m1.text, p.m2 = pendulum->m2.text, p.l1 = pendulum->l1.text, p.l2 = pendulum->l2.text;
  p.gravity = pendulum->gravity.text;
  p.e = c.model.e.text;
  p.q0 = texts_of(c.q0);
  p.q0_over_pi = c.q0_over_pi;
  p.v0 = texts_of(c.q0_velocity);
  if (!c.t0.text.empty()) p.t0 = c.t0.text;
  return p;
}

std::string short_number(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2g", x);
  return text;
}

/// What an enclosure of `c` runs to and within: its horizon (the case's, or --impacts), what
/// that horizon is ("t_end", "periods", "impacts"), and its limits; `periodic`: the model has a
/// forcing period to count the horizon in; `steps_seconds`: the estimated time of the validated
/// Taylor steps to the horizon (the Duffing oscillator's; 0 for the explicit flights), refused
/// at once above the work limit. Begins the progress.
struct EnclosureSetup {
  proof::EnclosureHorizon horizon;
  std::string horizon_is;
  proof::EnclosureLimits limits;
};

EnclosureSetup enclosure_setup(const CaseSpec& c, const EncloseOptions& options, bool periodic,
                               double steps_seconds = 0, std::optional<double> step_seconds = std::nullopt) {
  const double seconds_per_step = step_seconds.value_or(taylor_step_seconds(options.digits));
  if (options.digits < 20 || options.digits > 10000) throw InputError("", "--digits", "expected 20 to 10000 digits");
  if (!(options.max_width > 0 && options.max_width <= 1)) throw InputError("", "--max-width", "expected a width in (0, 1]");
  if (options.impacts && *options.impacts < 1) throw InputError("", "--impacts", "expected at least 1 impact");
  EnclosureSetup setup;
  if (options.impacts) {
    setup.horizon.impacts = options.impacts;
    setup.horizon_is = "impacts";
  }
  if (c.horizon.t_end) {
    setup.horizon.t_end = c.horizon.t_end->text;
    if (!options.impacts) setup.horizon_is = "t_end";
  } else if (c.horizon.periods && periodic) {
    setup.horizon.periods = c.horizon.periods;
    if (!options.impacts) setup.horizon_is = "periods";
  } else if (!options.impacts) {
    throw InputError(c.file, "horizon", "an enclosure needs the horizon as t_end or periods (or --impacts N)");
  }
  proof::EnclosureLimits& limits = setup.limits;
  limits.digits = options.digits;
  limits.max_width = options.max_width;
  // The work limit: the impacts asked for (--impacts) refused beyond it with the estimate; a
  // horizon's enclosure, whose impacts are not known before, stops at it.
  const double per_impact = enclosure_seconds_per_impact(options.digits);
  const std::int64_t most = impacts_limit(options);
  if (options.impacts && *options.impacts > most)
    throw InputError("", options.max_impacts ? "--max-steps" : "--impacts",
                     fmt::format("{} impacts at {} digits would take about {} (about {:.2g} s each), above the limit of "
                                 "{} impacts (allowed: fewer --impacts or --digits, or a higher --max-steps, which "
                                 "for --enclose counts impacts; by default about {:.0f} minutes of one core)",
                                 *options.impacts, options.digits,
                                 duration_text(static_cast<double>(*options.impacts) * per_impact), per_impact, most,
                                 work_limit_seconds / 60));
  if (steps_seconds > work_limit_seconds && !options.impacts)
    throw InputError("", "--digits",
                     fmt::format("the validated Taylor steps to the horizon at {} digits would take about {} (about "
                                 "{:.2g} s a step), above the limit of about {:.0f} minutes of one core (allowed: fewer "
                                 "--digits, or --impacts N)",
                                 options.digits, duration_text(steps_seconds), seconds_per_step,
                                 work_limit_seconds / 60));
  limits.max_impacts = std::min(limits.max_impacts, most);
  limits.max_taylor_steps = std::max<std::int64_t>(
      1, static_cast<std::int64_t>(work_limit_seconds / seconds_per_step));
  limits.progress = options.progress;
  if (options.progress)
    options.progress->begin("enclosure at " + std::to_string(options.digits) + " digits",
                            options.impacts.value_or(0), "impacts",
                            options.impacts ? static_cast<double>(*options.impacts) * per_impact : steps_seconds);
  return setup;
}

/// About how long the Duffing oscillator's validated Taylor steps to the case's horizon take
/// (32 steps a unit of time: duffing_enclosure.cpp), or 0 for another model.
double duffing_steps_seconds(const CaseSpec& c, long digits) {
  const auto* duffing = std::get_if<DuffingSpec>(&c.model.kind);
  if (!duffing) return 0;
  const double t0 = c.t0.text.empty() ? 0 : static_cast<double>(c.t0.exact);
  double length = 0;
  if (c.horizon.t_end) length = static_cast<double>(c.horizon.t_end->exact) - t0;
  else if (c.horizon.periods) length = static_cast<double>(*c.horizon.periods) * 2 * M_PI / static_cast<double>(duffing->omega.exact);
  return std::ceil(32 * length) * taylor_step_seconds(digits);
}

/// About how long the double pendulum's validated Taylor steps to the case's horizon take (64
/// steps a unit of time: pendulum_enclosure.cpp), or 0 for another model.
double pendulum_steps_seconds(const CaseSpec& c, long digits) {
  if (!std::holds_alternative<DoublePendulumSpec>(c.model.kind) || !c.horizon.t_end) return 0;
  const double t0 = c.t0.text.empty() ? 0 : static_cast<double>(c.t0.exact);
  return std::ceil(64 * (static_cast<double>(c.horizon.t_end->exact) - t0)) * pendulum_step_seconds(digits);
}

/// The enclosure of `c`'s 1-DOF reference, and what its horizon is ("t_end", "periods", "impacts").
std::pair<proof::ReferenceEnclosure, std::string> enclosure_of(const CaseSpec& c, const EncloseOptions& options) {
  const proof::EnclosureProblem problem = problem_of(c);
  const EnclosureSetup setup = enclosure_setup(c, options, problem.oscillator, duffing_steps_seconds(c, options.digits));
  try {
    if (!problem.beta.empty()) return {proof::enclose_duffing(problem, setup.horizon, setup.limits), setup.horizon_is};
    return {proof::enclose_reference(problem, setup.horizon, setup.limits), setup.horizon_is};
  } catch (const std::invalid_argument& why) {
    throw InputError(c.file, "model", why.what());
  }
}

/// The enclosure of `c`'s N-DOF model (a linear system or the double pendulum), and what its
/// horizon is; none for a 1-DOF model.
std::optional<std::pair<proof::SystemEnclosure, std::string>> system_enclosure_of(const CaseSpec& c,
                                                                                  const EncloseOptions& options) {
  const std::optional<proof::SystemEnclosureProblem> system = system_problem_of(c);
  const std::optional<proof::PendulumEnclosureProblem> pendulum = pendulum_problem_of(c);
  if (!system && !pendulum) return std::nullopt;
  const SystemSpec* spec = system_spec_of(c);
  const EnclosureSetup setup = pendulum ? enclosure_setup(c, options, false, pendulum_steps_seconds(c, options.digits),
                                                          pendulum_step_seconds(options.digits))
                                        : enclosure_setup(c, options, spec->forced());
  try {
    if (pendulum) return std::pair{proof::enclose_pendulum(*pendulum, setup.horizon, setup.limits), setup.horizon_is};
    return std::pair{proof::enclose_system(*system, setup.horizon, setup.limits), setup.horizon_is};
  } catch (const std::invalid_argument& why) {
    throw InputError(c.file, "model", why.what());
  }
}

}  // namespace

namespace {

/// What every enclosure's output says alike: the options, why it stopped, the impacts' radii.
/// `impact_times`: the impacts' times.
void describe_enclosure(const CaseSpec& c, const EncloseOptions& options, const std::string& horizon_is,
                        const std::string& stopped_because, bool stopped_at_max_impacts,
                        const std::vector<proof::Ball>& impact_times, EnclosedReference& out) {
  out.horizon_is = horizon_is;
  out.case_info = case_info(c);
  out.digits = options.digits;
  out.bits = proof::proof_bits(options.digits);
  out.max_width = short_number(options.max_width);
  out.stopped_because = stopped_because;
  if (stopped_at_max_impacts && impacts_limit(options) < proof::EnclosureLimits{}.max_impacts)
    out.stopped_because += fmt::format(" (the work limit at {} digits, about {:.0f} minutes of one core: a higher "
                                       "--max-steps, which for --enclose counts impacts, goes further)",
                                       options.digits, work_limit_seconds / 60);
  if (!impact_times.empty()) {
    // Arb's radii, not doubles: beyond about 300 digits they are below the smallest double.
    const proof::Ball &first = impact_times.front(), &last = impact_times.back();
    out.first_impact_radius = first.radius_text();
    out.last_impact_radius = last.radius_text();
    // Three digits: a growth of 1.05 an impact is not "1".
    if (impact_times.size() > 1 && !first.exact() && !last.exact())
      out.radius_growth_per_impact = fmt::format(
          "{:.3g}", proof::exp(proof::log(last.radius_ball() / first.radius_ball()) /
                               proof::Ball(static_cast<slong>(impact_times.size() - 1)))
                        .midpoint_double());
  }
}

}  // namespace

EnclosedReference enclose_case_reference(const CaseSpec& c, const EncloseOptions& options) {
  const proof::BallPrecision precision(proof::proof_bits(options.digits));
  const int shown = static_cast<int>(options.digits) + 10;
  const auto text = [&](const proof::Ball& x) { return proof::enclosure_text(x, shown); };
  EnclosedReference out;
  std::vector<proof::Ball> times;
  if (const auto system = system_enclosure_of(c, options)) {
    const auto& [enclosure, horizon_is] = *system;
    out.dimension = static_cast<int>(c.q0.size());
    int index = 0;
    for (const proof::EnclosedSystemImpact& impact : enclosure.impacts) {
      out.impacts.push_back({++index, static_cast<int>(impact.coordinate) + 1, text(impact.t),
                             text(impact.velocity_before), text(impact.velocity_after)});
      times.push_back(impact.t);
    }
    if (enclosure.final_q) {
      out.horizon = text(enclosure.horizon);
      for (const proof::Ball& q : *enclosure.final_q) out.final_positions.push_back(text(q));
      for (const proof::Ball& v : *enclosure.final_v) out.final_velocities.push_back(text(v));
    }
    describe_enclosure(c, options, horizon_is, enclosure.stopped_because, enclosure.stopped_at_max_impacts, times, out);
    return out;
  }
  const auto [enclosure, horizon_is] = enclosure_of(c, options);
  int index = 0;
  for (const proof::EnclosedImpact& impact : enclosure.impacts) {
    out.impacts.push_back({++index, 1, text(impact.t), text(impact.velocity_before), text(impact.velocity_after)});
    times.push_back(impact.t);
  }
  if (enclosure.final_u) {
    out.horizon = text(enclosure.horizon);
    out.final_u = text(*enclosure.final_u);
    out.final_v = text(*enclosure.final_v);
    out.final_positions = {*out.final_u};
    out.final_velocities = {*out.final_v};
  }
  if (!enclosure.accumulations.empty()) out.accumulation = text(enclosure.accumulations.front());
  for (const proof::Ball& at : enclosure.accumulations) out.accumulations.push_back(text(at));
  for (const proof::Ball& at : enclosure.releases) out.releases.push_back(text(at));
  describe_enclosure(c, options, horizon_is, enclosure.stopped_because, enclosure.stopped_at_max_impacts, times, out);
  return out;
}

namespace {

/// Every number the enclosure holds, under the name the test set stores it by
/// (testset_values.hpp): the end state, each impact's t, v− and v+, the accumulation point.
std::map<std::string, proof::Ball> enclosed_values(const proof::ReferenceEnclosure& e) {
  std::map<std::string, proof::Ball> values;
  if (e.final_u) values.emplace(end_value_name('q', 0, 1), *e.final_u);
  if (e.final_v) values.emplace(end_value_name('v', 0, 1), *e.final_v);
  for (std::size_t j = 0; j < e.impacts.size(); ++j) {
    values.emplace(impact_value_name("t", j), e.impacts[j].t);
    values.emplace(impact_value_name("v-", j), e.impacts[j].velocity_before);
    values.emplace(impact_value_name("v+", j), e.impacts[j].velocity_after);
  }
  for (std::size_t j = 0; j < e.accumulations.size(); ++j)
    values.emplace(impact_value_name("t_inf", j), e.accumulations[j]);
  return values;
}

/// The same for an N-DOF system: "q3(T)", "v3(T)" and each impact's t, v−, v+ of the coordinate
/// that hits (the stored impact_coordinate lists which, 1-based: `coordinates`).
std::map<std::string, proof::Ball> enclosed_values(const proof::SystemEnclosure& e, std::vector<std::int64_t>& coordinates) {
  std::map<std::string, proof::Ball> values;
  const std::size_t n = e.final_q ? e.final_q->size() : 0;
  for (std::size_t i = 0; i < n; ++i) {
    values.emplace(end_value_name('q', i, n), (*e.final_q)[i]);
    values.emplace(end_value_name('v', i, n), (*e.final_v)[i]);
  }
  for (std::size_t j = 0; j < e.impacts.size(); ++j) {
    values.emplace(impact_value_name("t", j), e.impacts[j].t);
    values.emplace(impact_value_name("v-", j), e.impacts[j].velocity_before);
    values.emplace(impact_value_name("v+", j), e.impacts[j].velocity_after);
    coordinates.push_back(static_cast<std::int64_t>(e.impacts[j].coordinate) + 1);
  }
  return values;
}

/// Each stored value against its enclosure in `enclosed` (at `digits`): proved, contradicted,
/// undecided or unreached, into `check`.
void check_stored_values(const TestsetReference& stored, const std::map<std::string, proof::Ball>& enclosed, long digits,
                         TestsetEnclosureCheck& check) {
  for (const StoredValue& v : stored.values) {
    const auto found = enclosed.find(v.name);
    const proof::Ball* x = found == enclosed.end() ? nullptr : &found->second;
    if (!x) {
      check.unreached.push_back(v.name);
      continue;
    }
    // What the value claims: the exact number within its accuracy.
    const StoredAccuracy claim = stored_accuracy(v);
    const proof::Ball value = proof::Ball::of_text(claim.value.str()), accuracy = proof::Ball::of_text(claim.accuracy.str());
    const proof::Ball claimed = proof::Ball::hull(value - accuracy, value + accuracy);
    if (claimed.contains(*x)) ++check.proved;
    else if (!overlaps(claimed, *x))
      check.contradicted.push_back(stored.id + " " + v.name + " = " + v.value + " ± " + v.bound +
                                   ": the exact value lies in [" + x->lower_text(digits) + ", " + x->upper_text(digits) +
                                   "]");
    else
      check.undecided.push_back(stored.id + " " + v.name + ": the enclosure [" + x->lower_text(digits) + ", " +
                                x->upper_text(digits) + "] is wider than the value's claim");
  }
}

}  // namespace

TestsetEnclosureCheck check_testset_enclosures(const CaseSpec& problem, const TestsetReference& stored, long digits) {
  TestsetEnclosureCheck check;
  check.values = stored.values.size();
  EncloseOptions options;
  options.digits = digits;
  std::map<std::string, proof::Ball> enclosed;
  const proof::BallPrecision precision(proof::proof_bits(digits));
  // An enclosure that reached the horizon proves how many impacts lie before it: the stored
  // count is a claim too.
  const auto check_count = [&](bool reached, std::size_t impacts) {
    if (reached && stored.impacts && *stored.impacts != static_cast<std::int64_t>(impacts))
      check.contradicted.push_back(stored.id + " impacts = " + std::to_string(*stored.impacts) + ": the enclosure proves " +
                                   std::to_string(impacts) + " before the horizon");
  };
  try {
    if (const auto system = system_enclosure_of(problem, options)) {
      const proof::SystemEnclosure& enclosure = system->first;
      check.stopped_because = enclosure.stopped_because;
      check_count(enclosure.final_q.has_value(), enclosure.impacts.size());
      std::vector<std::int64_t> coordinates;
      enclosed = enclosed_values(enclosure, coordinates);
      // The coordinate of each stored impact is a claim too: a value of another coordinate's
      // impact is not proved by this one's enclosure.
      for (std::size_t j = 0; j < coordinates.size() && j < stored.impact_coordinates.size(); ++j)
        if (coordinates[j] != stored.impact_coordinates[j]) {
          check.contradicted.push_back(stored.id + " impact " + std::to_string(j + 1) + " is on coordinate " +
                                       std::to_string(coordinates[j]) + ", the stored file says " +
                                       std::to_string(stored.impact_coordinates[j]));
          for (const char* quantity : {"t", "v-", "v+"}) enclosed.erase(impact_value_name(quantity, j));
        }
    } else {
      const proof::ReferenceEnclosure enclosure = enclosure_of(problem, options).first;
      check.stopped_because = enclosure.stopped_because;
      check_count(enclosure.final_u && enclosure.accumulations.empty(), enclosure.impacts.size());
      enclosed = enclosed_values(enclosure);
    }
  } catch (const InputError& why) {
    check.not_enclosed = why.message();
    return check;
  }
  check_stored_values(stored, enclosed, digits, check);
  return check;
}

#else

EnclosedReference enclose_case_reference(const CaseSpec&, const EncloseOptions&) {
  throw InputError("", "--enclose", "this vibro was built without Arb (Debian libflint-arb-dev): no enclosures");
}

TestsetEnclosureCheck check_testset_enclosures(const CaseSpec&, const TestsetReference&, long) {
  return {"this vibro was built without Arb (Debian libflint-arb-dev): no enclosures", 0, 0, {}, {}, {}, ""};
}

#endif

TestsetEnclosureCheck check_testset_enclosures(const CaseSpec& problem, const TestsetReference& stored) {
  return check_testset_enclosures(problem, stored, stored.digits + testset_proof_extra_digits);
}

}  // namespace vibro
