#include "vibro/io/case_spec.hpp"
#include "vibro/io/toml_reader.hpp"

#include <sstream>

namespace vibro {

const std::vector<std::string>& known_quantities() {
  static const std::vector<std::string> quantities = {
      "order.position_linf",  "order.position_l1",    "order.velocity_linf", "order.velocity_l1",
      "order.final_position", "order.final_velocity", "order.impact_time"};
  return quantities;
}

namespace {

constexpr std::int64_t max_steps_per_period = 1'000'000'000'000;
constexpr std::int64_t max_periods = 1'000'000'000;

std::string fnv1a64_hex(std::string_view bytes) {
  std::uint64_t hash = 14695981039346656037ull;
  for (unsigned char c : bytes) {
    hash ^= c;
    hash *= 1099511628211ull;
  }
  std::ostringstream out;
  out << std::hex;
  out.width(16);
  out.fill('0');
  out << hash;
  return out.str();
}

/// The conservative oscillator of seed 003 (MATH.md §5): ω, β (default 0), and at most one
/// of `obstacle = z0` (K = [z0, ∞)) and `stops = [lower, upper]` (K = [lower, upper]).
ConservativeSpec read_conservative(const TomlReader& r, const toml::table& t) {
  ConservativeSpec spec;
  spec.omega = r.required_number(t, "model", "omega");
  spec.beta = r.number(t, "model", "beta").value_or(NumberInput{"model.beta", "0", rational(0)});
  r.require_range(spec.omega, spec.omega.exact > 0, "(0, ∞)");
  // β < 0 (softening) has unbounded solutions beyond |y| = 1/√|β|, and the non-local
  // scheme's 1 + (φ²ω²β/2)y² vanishes for large |y|: not supported.
  r.require_range(spec.beta, spec.beta.exact >= 0, "[0, ∞)");
  spec.obstacle = r.number(t, "model", "obstacle");
  if (const toml::node* stops = t.get("stops")) {
    if (spec.obstacle) r.fail("model.stops", "give at most one of obstacle and stops");
    if (!stops->is_array() || stops->as_array()->size() != 2)
      r.fail("model.stops", "expected a list of two numbers [lower, upper]");
    spec.stop_lower = r.number_value(*stops->as_array()->get(0), "model.stops[0]");
    spec.stop_upper = r.number_value(*stops->as_array()->get(1), "model.stops[1]");
    if (!(spec.stop_lower->exact < spec.stop_upper->exact))
      r.fail("model.stops", "lower = " + spec.stop_lower->text + " must be < upper = " + spec.stop_upper->text);
  }
  return spec;
}

ModelSpec read_model(const TomlReader& r, const toml::table& root) {
  const toml::table& t = r.table(root, "model", true);
  const std::string type = *r.string(t, "model", "type", true);
  ModelSpec model;
  if (type == "impact-oscillator") {
    r.require_only(t, "model", {"type", "alpha", "a", "omega", "u_min", "e"});
    OscillatorSpec osc{r.required_number(t, "model", "alpha"), r.required_number(t, "model", "a"),
                       r.required_number(t, "model", "omega")};
    r.require_range(osc.alpha, osc.alpha.exact >= 0, "[0, ∞)");
    r.require_range(osc.omega, osc.omega.exact > 0, "(0, ∞)");
    model.kind = osc;
  } else if (type == "constant-force") {
    r.require_only(t, "model", {"type", "g", "u_min", "e"});
    model.kind = ConstantForceSpec{r.required_number(t, "model", "g")};
  } else if (type == "conservative-oscillator") {
    r.require_only(t, "model", {"type", "omega", "beta", "obstacle", "stops", "e"});
    model.kind = read_conservative(r, t);
    model.e = r.required_number(t, "model", "e");
    r.require_range(model.e, model.e.exact >= 0 && model.e.exact <= 1, "[0, 1]");
    return model;
  } else {
    r.fail("model.type",
           "unknown model '" + type + "' (allowed: impact-oscillator, constant-force, conservative-oscillator)");
  }
  model.u_min = r.required_number(t, "model", "u_min");
  model.e = r.required_number(t, "model", "e");
  r.require_range(model.e, model.e.exact >= 0 && model.e.exact <= 1, "[0, 1]");
  return model;
}

SchemeSpec read_scheme(const TomlReader& r, const toml::table& root) {
  const toml::table& t = r.table(root, "scheme", true);
  SchemeSpec scheme;
  scheme.type = *r.string(t, "scheme", "type", true);
  if (scheme.is_reference() || scheme.is_corrected()) {
    r.require_only(t, "scheme", {"type"});
    return scheme;
  }
  if (scheme.is_nonstandard_family()) {
    r.require_only(t, "scheme", {"type", "start"});
    scheme.nonstandard.denominator = scheme.type == "nonstandard-impact" ? Denominator::nonstandard : Denominator::standard;
    if (auto s = r.string(t, "scheme", "start", false)) {
      auto parsed = parse_initial_step(*s);
      if (!parsed) r.fail("scheme.start", "unknown starting value '" + *s + "' (allowed: exact, centered)");
      scheme.nonstandard.start = *parsed;
    }
    return scheme;
  }
  if (scheme.type != "paoli-schatzman")
    r.fail("scheme.type", "unknown scheme '" + scheme.type +
                              "' (allowed: paoli-schatzman, corrected-crank-nicolson, reference, nonstandard-impact, "
                              "standard-impact)");
  r.require_only(t, "scheme", {"type", "velocity", "start"});
  if (auto v = r.string(t, "scheme", "velocity", false)) {
    auto parsed = parse_velocity_approximation(*v);
    if (!parsed) r.fail("scheme.velocity", "unknown velocity approximation '" + *v + "' (allowed: centered, forward, backward)");
    scheme.paoli_schatzman.velocity = *parsed;
  }
  if (auto s = r.string(t, "scheme", "start", false)) {
    auto parsed = parse_starting_value(*s);
    if (!parsed) r.fail("scheme.start", "unknown starting value '" + *s + "' (allowed: taylor, linear)");
    scheme.paoli_schatzman.start = *parsed;
  }
  return scheme;
}

/// Checks that a step fits the model and the horizon: a whole number of steps per
/// period for forced models, a whole number of steps over t_end − t0 otherwise.
/// `steps_key` is the dotted key of the step's steps_per_period, for messages.
void check_step_fits(const TomlReader& r, const CaseSpec& c, const StepSpec& step, const std::string& steps_key) {
  if (step.steps_per_period && !c.model.periodic())
    r.fail(steps_key, "the constant-force model has no forcing period: give an absolute step h");
  if (step.h) {
    r.require_range(*step.h, step.h->exact > 0, "(0, ∞)");
    if (c.model.periodic() && c.horizon.periods)
      r.fail(step.h->key, "h = " + step.h->text +
                              " does not divide the period T = 2π/ω (T/h is irrational for rational h and ω), and a "
                              "horizon in periods needs T = N h: give steps_per_period = N instead");
    if (c.horizon.t_end) {
      const rational steps = (c.horizon.t_end->exact - c.t0.exact) / step.h->exact;
      if (bmp::denominator(steps) != 1)
        r.fail(step.h->key, "h = " + step.h->text + " does not divide the horizon t_end − t0 = " +
                                (c.horizon.t_end->exact - c.t0.exact).str() +
                                " (the run needs a whole number of steps; allowed: h = (t_end − t0)/N)");
    }
  }
  if (step.steps_per_period && c.horizon.t_end)
    r.fail("horizon.t_end", "with steps_per_period the horizon must be a whole number of periods: give horizon.periods");
}

/// u0 in K, and on the boundary of K a velocity that does not point out of it.
void check_initial_admissible(const TomlReader& r, const CaseSpec& c) {
  std::optional<NumberInput> lower, upper;
  std::string lower_name = "u_min";
  if (const auto* k = std::get_if<ConservativeSpec>(&c.model.kind)) {
    lower = k->obstacle ? k->obstacle : k->stop_lower;
    lower_name = k->obstacle ? "obstacle" : "lower stop";
    upper = k->stop_upper;
  } else {
    lower = c.model.u_min;
  }
  if (lower && c.u0.exact < lower->exact)
    r.fail("initial.u0", c.u0.text + " is below the " + lower_name + " " + lower->text + " (allowed: u0 ≥ " +
                             lower_name + ")");
  if (upper && c.u0.exact > upper->exact)
    r.fail("initial.u0", c.u0.text + " is above the upper stop " + upper->text + " (allowed: u0 ≤ upper stop)");
  if (lower && c.u0.exact == lower->exact && c.v0.exact < 0)
    r.fail("initial.v0", c.v0.text + " points out of the constraint set while u0 = " + lower_name + " (allowed: v0 ≥ 0 when u0 = " +
                             lower_name + ")");
  if (upper && c.u0.exact == upper->exact && c.v0.exact > 0)
    r.fail("initial.v0", c.v0.text + " points into the stop while u0 = upper stop (allowed: v0 ≤ 0 when u0 = upper stop)");
}

/// What the seed-003 schemes and their studies can do with a conservative oscillator.
void check_conservative_runs(const TomlReader& r, const CaseSpec& c, const ConservativeSpec& k) {
  if (k.beta.exact != 0 && c.scheme.nonstandard.start == InitialStep::exact)
    r.fail("scheme.start", "the exact start needs the closed-form flow, which the harness has for β = 0 only "
                           "(allowed with β ≠ 0: centered)");
  // With Δt = T/N, ωΔt = 2π/N: a multiple of π for N ≤ 2, where φ = (2/ω) sin(ωΔt/2) or
  // sin ωΔt (the velocity of seed 003 eq. (3.14)) vanishes. A rational h gives a rational,
  // non-zero ωΔt, never a multiple of π.
  if (c.scheme.nonstandard.denominator == Denominator::nonstandard) {
    const auto check = [&](const StepSpec& step, const std::string& key) {
      if (step.steps_per_period && *step.steps_per_period <= 2)
        r.fail(key, "ωΔt = 2π/" + std::to_string(*step.steps_per_period) +
                        " is a multiple of π, where the non-standard denominator or sin ωΔt vanishes (allowed: ≥ 3)");
    };
    check(c.step, "step.steps_per_period");
    for (std::size_t i = 0; i < c.convergence.size(); ++i)
      check(c.convergence[i], "convergence.steps_per_period[" + std::to_string(i) + "]");
  }
  if (c.convergence.empty()) return;
  if (k.beta.exact != 0)
    r.fail("convergence", "studies of the Duffing oscillator (β ≠ 0) need a dense reference of its flow, which the "
                          "harness does not have yet (allowed: β = 0)");
  if (k.stop_upper)
    r.fail("convergence", "the reference handles one obstacle below, not two stops (allowed: obstacle, or none)");
}

StepSpec read_step_choice(const TomlReader& r, const toml::node* h, const toml::node* n, const std::string& path) {
  if ((h != nullptr) == (n != nullptr)) r.fail(path, "give exactly one of h and steps_per_period");
  StepSpec step;
  if (h) step.h = r.number_value(*h, path + ".h");
  if (n) step.steps_per_period = r.integer_value(*n, path + ".steps_per_period", 1, max_steps_per_period);
  return step;
}

std::vector<StepSpec> read_convergence(const TomlReader& r, const toml::table& root) {
  const toml::table& t = r.table(root, "convergence", false);
  if (t.empty()) return {};
  r.require_only(t, "convergence", {"h", "steps_per_period"});
  const toml::node* hs = t.get("h");
  const toml::node* ns = t.get("steps_per_period");
  if ((hs != nullptr) == (ns != nullptr)) r.fail("convergence", "give exactly one of the lists h and steps_per_period");
  const std::string key = hs ? "convergence.h" : "convergence.steps_per_period";
  const toml::node* list = hs ? hs : ns;
  if (!list->is_array()) r.fail(key, "expected a list, found " + TomlReader::type_name(*list));
  const toml::array& items = *list->as_array();
  if (items.size() < 2) r.fail(key, "a convergence study needs at least 2 step sizes");
  std::vector<StepSpec> steps;
  for (std::size_t i = 0; i < items.size(); ++i) {
    const std::string item_key = key + "[" + std::to_string(i) + "]";
    StepSpec step;
    if (hs) step.h = r.number_value(items[i], item_key);
    else step.steps_per_period = r.integer_value(items[i], item_key, 1, max_steps_per_period);
    steps.push_back(step);
  }
  return steps;
}

std::optional<LyapunovSpec> read_lyapunov(const TomlReader& r, const toml::table& root, const CaseSpec& c) {
  if (!root.get("lyapunov")) return std::nullopt;
  const toml::table& t = r.table(root, "lyapunov", true);
  r.require_only(t, "lyapunov", {"epsilon", "epsilon_per_h", "clock"});
  LyapunovSpec spec;
  spec.epsilon = r.number(t, "lyapunov", "epsilon");
  spec.epsilon_per_h = r.number(t, "lyapunov", "epsilon_per_h");
  if (spec.epsilon && spec.epsilon_per_h) r.fail("lyapunov", "give at most one of epsilon and epsilon_per_h");
  for (const auto* e : {&spec.epsilon, &spec.epsilon_per_h})
    if (*e) r.require_range(**e, (*e)->exact > 0, "(0, ∞)");
  if (const auto clock = r.string(t, "lyapunov", "clock", false)) {
    if (*clock != "folded" && *clock != "absolute")
      r.fail("lyapunov.clock", "unknown clock '" + *clock + "' (allowed: folded, absolute)");
    spec.absolute_clock = *clock == "absolute";
  }
  if (!c.model.forced() || !c.horizon.periods)
    r.fail("lyapunov", "Lyapunov exponents of the Poincaré map need a forced model and horizon.periods");
  if (c.scheme.is_reference() && spec.epsilon_per_h)
    r.fail("lyapunov.epsilon_per_h", "the reference has no step h: give an absolute epsilon (IDND) or none (IDED)");
  if (!c.scheme.is_reference() && !spec.epsilon && !spec.epsilon_per_h)
    r.fail("lyapunov", "a scheme's Poincaré map is differentiated numerically: give epsilon or epsilon_per_h");
  return spec;
}

std::vector<Expectation> read_expected(const TomlReader& r, const toml::table& root, bool has_convergence) {
  std::vector<Expectation> expected;
  const toml::node* node = root.get("expected");
  if (!node) return expected;
  if (!node->is_array_of_tables()) r.fail("expected", "expected an array of tables [[expected]]");
  const toml::array& items = *node->as_array();
  for (std::size_t i = 0; i < items.size(); ++i) {
    const std::string path = "expected[" + std::to_string(i) + "]";
    const toml::table& t = *items[i].as_table();
    r.require_only(t, path, {"quantity", "value", "tolerance", "source"});
    Expectation e;
    e.quantity = *r.string(t, path, "quantity", true);
    bool known = false;
    for (const auto& q : known_quantities()) known = known || q == e.quantity;
    if (!known)
      r.fail(path + ".quantity",
             "unknown quantity '" + e.quantity + "' (allowed: " + comma_list(known_quantities()) + ")");
    if (!has_convergence) r.fail(path + ".quantity", "an order needs a [convergence] list of step sizes");
    e.value = r.required_number(t, path, "value");
    e.tolerance = r.required_number(t, path, "tolerance");
    r.require_range(e.tolerance, e.tolerance.exact >= 0, "[0, ∞)");
    e.source = *r.string(t, path, "source", true);
    if (e.source.empty()) r.fail(path + ".source", "must say where the expected value comes from");
    expected.push_back(std::move(e));
  }
  return expected;
}

}  // namespace

CaseSpec parse_case(std::string_view toml_text, const std::string& file_label) {
  TomlReader r(file_label, toml_text);
  const toml::table root = r.parse();
  r.require_only(root, "",
                 {"case", "model", "initial", "scheme", "step", "horizon", "convergence", "expected", "lyapunov"});

  CaseSpec c;
  c.file = file_label;
  c.hash = fnv1a64_hex(toml_text);

  const toml::table& info = r.table(root, "case", true);
  r.require_only(info, "case", {"name", "description", "precision"});
  c.name = *r.string(info, "case", "name", true);
  if (c.name.empty()) r.fail("case.name", "must not be empty");
  c.description = r.string(info, "case", "description", false).value_or("");
  if (auto p = r.string(info, "case", "precision", false)) {
    try {
      c.precision = Precision::parse(*p);
    } catch (const std::invalid_argument& error) {
      r.fail("case.precision", error.what());
    }
  }

  c.model = read_model(r, root);
  if (c.precision.kind == ScalarKind::rational && c.model.periodic())
    r.fail("case.precision", "the exact rational type needs a rational model, and " + c.model.type_name() +
                                 " uses cos and T = 2π/ω (allowed here: double, long-double, float128, mpfr:DIGITS)");

  const toml::table& initial = r.table(root, "initial", true);
  r.require_only(initial, "initial", {"u0", "v0", "t0"});
  c.u0 = r.required_number(initial, "initial", "u0");
  c.v0 = r.required_number(initial, "initial", "v0");
  c.t0 = r.number(initial, "initial", "t0").value_or(NumberInput{"initial.t0", "0", rational(0)});
  check_initial_admissible(r, c);

  c.scheme = read_scheme(r, root);
  if (c.scheme.is_nonstandard_family() != c.model.conservative())
    r.fail("scheme.type", c.model.conservative()
                              ? "the conservative-oscillator model runs with the schemes of seed 003 (allowed: "
                                "nonstandard-impact, standard-impact)"
                              : "'" + c.scheme.type + "' is a scheme of seed 003 for model.type = conservative-oscillator");

  const toml::table& horizon = r.table(root, "horizon", true);
  r.require_only(horizon, "horizon", {"t_end", "periods"});
  c.horizon.t_end = r.number(horizon, "horizon", "t_end");
  c.horizon.periods = r.integer(horizon, "horizon", "periods", 1, max_periods);
  if (c.horizon.t_end.has_value() == c.horizon.periods.has_value())
    r.fail("horizon", "give exactly one of t_end and periods");
  if (c.horizon.periods && !c.model.periodic())
    r.fail("horizon.periods", "the constant-force model has no forcing period: give horizon.t_end");
  if (c.horizon.t_end) r.require_range(*c.horizon.t_end, c.horizon.t_end->exact > c.t0.exact, "(t0, ∞)");

  if (c.scheme.is_reference()) {
    // The exact-detection reference has no time step, and is itself what studies compare to.
    if (root.get("step")) r.fail("step", "the reference scheme has no step: remove [step]");
    if (root.get("convergence")) r.fail("convergence", "the reference scheme has no step to refine: remove [convergence]");
    if (c.precision.kind == ScalarKind::rational)
      r.fail("case.precision", "the reference locates contacts by root finding, which the exact rational type cannot "
                               "do (allowed here: double, long-double, float128, mpfr:DIGITS)");
  } else {
    const toml::table& step = r.table(root, "step", true);
    r.require_only(step, "step", {"h", "steps_per_period"});
    c.step = read_step_choice(r, step.get("h"), step.get("steps_per_period"), "step");
    check_step_fits(r, c, c.step, "step.steps_per_period");
  }

  c.convergence = read_convergence(r, root);
  for (std::size_t i = 0; i < c.convergence.size(); ++i)
    check_step_fits(r, c, c.convergence[i], "convergence.steps_per_period[" + std::to_string(i) + "]");

  if (const auto* k = std::get_if<ConservativeSpec>(&c.model.kind)) check_conservative_runs(r, c, *k);

  c.expected = read_expected(r, root, !c.convergence.empty());
  c.lyapunov = read_lyapunov(r, root, c);
  return c;
}

CaseSpec load_case(const std::filesystem::path& file) {
  return parse_case(read_input_file(file, "case file"), file.string());
}

}  // namespace vibro
