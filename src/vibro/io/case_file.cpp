#include "vibro/io/case_file.hpp"

#include "vibro/io/double_pendulum_case_reader.hpp"
#include "vibro/io/system_case_reader.hpp"
#include "vibro/io/toml_reader.hpp"
#include "vibro/support/input_error.hpp"
#include "vibro/case/runnable.hpp"
#include "vibro/case/scheme_catalog.hpp"
#include "vibro/case/scheme_not_built_in.hpp"
#include "vibro/case/tolerance_ladder.hpp"
#include "vibro/scalar/shown_input.hpp"

#include <algorithm>
#include <charconv>
#include <sstream>
#include <stdexcept>
#include <string_view>
#include <type_traits>
#include <variant>

namespace vibro {

const std::vector<std::string>& known_quantities() {
  static const std::vector<std::string> quantities = [] {
    std::vector<std::string> names;
    for (const ErrorMetric m : error_metrics) names.push_back("order." + std::string(name(m)));
    return names;
  }();
  return quantities;
}

const std::vector<CaseFileKeys>& case_file_keys() {
  static const std::vector<CaseFileKeys> lists = {
      {"", "",
       {"case", "model", "initial", "scheme", "step", "horizon", "convergence", "sweep", "expected", "lyapunov",
        "orbits", "testset"}},
      {"case", "", {"name", "description", "precision", "reproduces"}},
      {"model", std::string(model_name(ModelKind::impact_oscillator)), {"type", "alpha", "a", "omega", "m", "c", "k", "F", "Omega", "u_min", "e"}},
      {"model", std::string(model_name(ModelKind::constant_force)), {"type", "g", "u_min", "e"}},
      {"model", std::string(model_name(ModelKind::conservative_oscillator)), {"type", "omega", "beta", "obstacle", "stops", "e"}},
      {"model", std::string(model_name(ModelKind::duffing_oscillator)), {"type", "alpha", "beta", "a", "omega", "u_min", "e"}},
      {"model", std::string(model_name(ModelKind::linear_system)), {"type", "mass", "stiffness", "lower", "upper", "e", "force", "Omega"}},
      {"model", std::string(model_name(ModelKind::two_mass_spring)), {"type", "mu_k", "mu_m", "q_min", "q_max", "e", "force", "Omega"}},
      {"model", std::string(model_name(ModelKind::double_pendulum)), {"type", "m1", "m2", "l1", "l2", "gravity", "e"}},
      {"initial", "", {"u0", "v0", "t0", "q0", "q0_over_pi"}},
      {"scheme", "", {"type"}},  // and the entry's option_keys
      {"step", "", {"h", "steps_per_period"}},
      {"horizon", "", {"t_end", "periods", "steps", "escape"}},
      {"convergence", "", {"h", "steps_per_period", "orders", "why_measured", "scalars", "tolerances"}},
      {"sweep", "", {"h", "steps_per_period"}},
      {"expected", "", {"quantity", "value", "tolerance", "source"}},
      {"lyapunov", "", {"epsilon", "epsilon_per_h", "epsilon_per_period", "clock", "published", "family"}},
      {"orbits", "", {"n"}},
      {"testset", "", {"id", "title", "origin", "stresses", "impacts"}},
  };
  return lists;
}

namespace {

/// The allowed keys of `table` (of the model type `variant` for [model]).
const std::vector<std::string>& keys_of(std::string_view table, std::string_view variant = "") {
  for (const CaseFileKeys& list : case_file_keys())
    if (list.table == table && list.variant == variant) return list.keys;
  throw std::logic_error("case_file_keys: no list for [" + std::string(table) + "] " + std::string(variant));
}

constexpr std::int64_t max_steps_per_period = 1'000'000'000'000;
constexpr std::int64_t max_periods = 1'000'000'000;
/// The largest n of [orbits] n: each n costs one closed-form solve and certified search.
constexpr std::int64_t max_orbit_n = 1000;
constexpr std::int64_t max_steps = 1'000'000'000'000;
/// The most first impacts a test-set problem stores (testset.impacts); a study run keeps
/// more of the scheme's (kept_scheme_impacts), to leave room for spurious ones before them.
constexpr std::int64_t max_testset_impacts = 20;

}  // namespace

/// A name that can become a file name and a plot title as it is: [A-Za-z0-9][A-Za-z0-9._-]{0,63}.
bool is_safe_name(std::string_view name) {
  constexpr std::size_t max_length = 64;
  const auto allowed = [](char c, bool first) {
    const bool alnum = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
    return alnum || (!first && (c == '.' || c == '_' || c == '-'));
  };
  if (name.empty() || name.size() > max_length) return false;
  for (std::size_t i = 0; i < name.size(); ++i)
    if (!allowed(name[i], i == 0)) return false;
  return true;
}

namespace {

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

/// The conservative oscillator of seed 003 (docs/mathematics.md §5): ω, β (default 0), and at most one
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

/// The impact oscillator of docs/mathematics.md §1, in exactly one of its two forms: normalised
/// (alpha, a, omega) or physical (m, c, k, F, Omega; model/physical_oscillator.hpp).
OscillatorSpec read_oscillator(const TomlReader& r, const toml::table& t) {
  const std::vector<std::string> normalised_keys = {"alpha", "a", "omega"};
  const std::vector<std::string> physical_keys = {"m", "c", "k", "F", "Omega"};
  const auto given = [&](const std::vector<std::string>& keys) {
    std::vector<std::string> found;
    for (const auto& key : keys)
      if (t.get(key)) found.push_back(key);
    return found;
  };
  const std::vector<std::string> normalised = given(normalised_keys), physical = given(physical_keys);
  const std::string forms = "the normalised form (alpha, a, omega) or the physical form (m, c, k, F, Omega)";
  if (!normalised.empty() && !physical.empty())
    r.fail("model", "give " + forms + ", not both: found " + comma_list(normalised) + " and " + comma_list(physical));
  if (normalised.empty() && physical.empty()) r.fail("model", "give " + forms);
  OscillatorSpec osc;
  if (!normalised.empty()) {
    osc.alpha = r.required_number(t, "model", "alpha");
    osc.amplitude = r.required_number(t, "model", "a");
    osc.omega = r.required_number(t, "model", "omega");
    r.require_range(osc.alpha, osc.alpha.exact >= 0, "[0, ∞)");
    r.require_range(osc.omega, osc.omega.exact > 0, "(0, ∞)");
    return osc;
  }
  if (physical.size() != physical_keys.size()) {
    std::vector<std::string> missing;
    for (const auto& key : physical_keys)
      if (!t.get(key)) missing.push_back(key);
    r.fail("model." + missing.front(), "the physical form needs all of m, c, k, F, Omega: missing " + comma_list(missing));
  }
  PhysicalSpec p{r.required_number(t, "model", "m"), r.required_number(t, "model", "c"),
                 r.required_number(t, "model", "k"), r.required_number(t, "model", "F"),
                 r.required_number(t, "model", "Omega")};
  r.require_range(p.mass, p.mass.exact > 0, "(0, ∞)");
  r.require_range(p.damping, p.damping.exact >= 0, "[0, ∞)");
  r.require_range(p.stiffness, p.stiffness.exact > 0, "(0, ∞)");
  r.require_range(p.forcing_frequency, p.forcing_frequency.exact > 0, "(0, ∞)");
  osc.physical = p;
  return osc;
}

// read_spec(r, t, model, kind): the [model] table of one kind into its spec type (case/case_spec.hpp),
// one overload per spec type; the keys were checked against case_file_keys() before.

/// e in [0, 1], of the 1-DOF models (the N-DOF systems and the pendulum read their own).
void read_restitution(const TomlReader& r, const toml::table& t, ModelSpec& model) {
  model.e = r.required_number(t, "model", "e");
  r.require_range(model.e, model.e.exact >= 0 && model.e.exact <= 1, "[0, 1]");
}

/// u_min and e, of the 1-DOF models with an obstacle.
void read_obstacle(const TomlReader& r, const toml::table& t, ModelSpec& model) {
  model.u_min = r.required_number(t, "model", "u_min");
  read_restitution(r, t, model);
}

void read_spec(const TomlReader& r, const toml::table& t, ModelSpec& model, std::type_identity<OscillatorSpec>) {
  model.kind = read_oscillator(r, t);
  read_obstacle(r, t, model);
}

void read_spec(const TomlReader& r, const toml::table& t, ModelSpec& model, std::type_identity<ConstantForceSpec>) {
  model.kind = ConstantForceSpec{r.required_number(t, "model", "g")};
  read_obstacle(r, t, model);
}

void read_spec(const TomlReader& r, const toml::table& t, ModelSpec& model, std::type_identity<DuffingSpec>) {
  DuffingSpec duffing{r.required_number(t, "model", "alpha"), r.required_number(t, "model", "beta"),
                      r.required_number(t, "model", "a"), r.required_number(t, "model", "omega")};
  r.require_range(duffing.alpha, duffing.alpha.exact >= 0, "[0, ∞)");
  r.require_range(duffing.omega, duffing.omega.exact > 0, "(0, ∞)");
  model.kind = duffing;
  read_obstacle(r, t, model);
}

/// Seed 003's oscillator: its constraint set is its own (no u_min), e is shared.
void read_spec(const TomlReader& r, const toml::table& t, ModelSpec& model, std::type_identity<ConservativeSpec>) {
  model.kind = read_conservative(r, t);
  read_restitution(r, t, model);
}

void read_spec(const TomlReader& r, const toml::table& t, ModelSpec& model, std::type_identity<SystemSpec>) {
  model.kind = read_linear_system(r, t);
}

void read_spec(const TomlReader& r, const toml::table& t, ModelSpec& model, std::type_identity<TwoMassSpringSpec>) {
  model.kind = read_two_mass_spring(r, t);
}

void read_spec(const TomlReader& r, const toml::table& t, ModelSpec& model, std::type_identity<DoublePendulumSpec>) {
  read_double_pendulum(r, t, model);
}

/// Reads the spec type whose kind is named `type`; false when none is.
template <class... Specs>
bool read_spec_named(const std::string& type, const TomlReader& r, const toml::table& t, ModelSpec& model,
                     std::type_identity<std::variant<Specs...>>) {
  const auto read = [&]<class Spec>(std::type_identity<Spec> kind) {
    if (type != model_name(Spec::model_kind)) return false;
    r.require_only(t, "model", keys_of("model", type));
    read_spec(r, t, model, kind);
    return true;
  };
  return (read(std::type_identity<Specs>{}) || ...);
}

ModelSpec read_model(const TomlReader& r, const toml::table& root) {
  const toml::table& t = r.table(root, "model", true);
  const std::string type = *r.string(t, "model", "type", true);
  ModelSpec model;
  if (!read_spec_named(type, r, t, model, std::type_identity<ModelSpecs>{})) {
    std::vector<std::string> allowed;
    for (const ModelKind k : model_kinds) allowed.emplace_back(model_name(k));
    r.fail("model.type", "unknown model '" + type + "' (allowed: " + comma_list(allowed) + ")");
  }
  return model;
}

/// The [scheme] table: its type names a registry entry, which takes the other keys.
SchemeSpec read_scheme(const TomlReader& r, const toml::table& root) {
  const toml::table& t = r.table(root, "scheme", true);
  SchemeSpec scheme;
  scheme.type = *r.string(t, "scheme", "type", true);
  const std::optional<std::size_t> entry = entry_named(scheme.type);
  if (!entry) {
    for (const OptionalScheme& optional : optional_schemes)
      if (optional.name == scheme.type)
        throw SchemeNotBuiltIn(r.file(), "scheme.type",
                               "scheme '" + scheme.type + "' is not built in: it needs " + std::string(optional.needs));
    r.fail("scheme.type", "unknown scheme '" + scheme.type + "' (allowed: " + scheme_names_text() + ")");
  }
  scheme.entry = *entry;
  std::vector<std::string> allowed = keys_of("scheme");
  for (const auto& key : scheme_infos()[*entry].option_keys) allowed.push_back(key);
  r.require_only(t, "scheme", allowed);
  // An option's value is text ("centered", "0.5"); a number may be written bare
  // (max_iterations = 5, theta = 0.5) and is kept as written. The entry checks the value.
  for (std::size_t i = 1; i < allowed.size(); ++i) {
    const toml::node* node = t.get(allowed[i]);
    if (!node) continue;
    if (node->is_integer() || node->is_floating_point())
      scheme.options.emplace_back(allowed[i], r.number_value(*node, "scheme." + allowed[i]).text);
    else
      scheme.options.emplace_back(allowed[i], *r.string(t, "scheme", allowed[i], false));
  }
  return scheme;
}

/// The scheme runs on the case's model.
void check_scheme_takes_model(const TomlReader& r, const CaseSpec& c) {
  const ModelKind kind = c.model.model_kind();
  if (scheme_infos()[c.scheme.entry].models.contains(kind)) return;
  std::vector<std::string> allowed;
  for (const auto& info : scheme_infos())
    if (info.models.contains(kind)) allowed.insert(allowed.end(), info.names.begin(), info.names.end());
  r.fail("scheme.type", "'" + c.scheme.type + "' does not run on model " + std::string(model_name(kind)) +
                            " (allowed for it: " + comma_list(allowed) + ")");
}

/// Checks that a step fits the model and the horizon: a whole number of steps per
/// period for forced models, a whole number of steps over t_end − t0 otherwise.
/// "the constant-force model has no forcing period", for messages.
std::string no_period(const CaseSpec& c) {
  return "the " + std::string(model_name(c.model.model_kind())) + " model" +
         (c.model.system() ? " without forcing" : "") + " has no forcing period";
}

void check_step_fits(const TomlReader& r, const CaseSpec& c, const StepSpec& step) {
  if (step.steps_per_period && !c.model.periodic())
    r.fail(step.steps_per_period->key, no_period(c) + ": give an absolute step h");
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

StepSpec read_step_choice(const TomlReader& r, const toml::node* h, const toml::node* n, const std::string& path) {
  if ((h != nullptr) == (n != nullptr)) r.fail(path, "give exactly one of h and steps_per_period");
  StepSpec step;
  if (h) step.h = r.number_value(*h, path + ".h");
  if (n) {
    const std::string key = path + ".steps_per_period";
    step.steps_per_period = CountInput{key, r.integer_value(*n, key, 1, max_steps_per_period)};
  }
  return step;
}

/// A list of steps, `[table] h = [...]` or `steps_per_period = [...]`, of at least
/// `minimum` entries.
std::vector<StepSpec> read_step_list(const TomlReader& r, const toml::table& root, const std::string& table,
                                     std::size_t minimum, const std::string& why_minimum) {
  const toml::table& t = r.table(root, table, false);
  if (t.empty()) return {};
  r.require_only(t, table, keys_of(table));
  const toml::node* hs = t.get("h");
  const toml::node* ns = t.get("steps_per_period");
  // A [convergence] table of tolerances alone is for adaptive programs only: no step ladder.
  if (!hs && !ns && table == "convergence" && t.get("tolerances")) return {};
  if ((hs != nullptr) == (ns != nullptr)) r.fail(table, "give exactly one of the lists h and steps_per_period");
  const std::string key = table + (hs ? ".h" : ".steps_per_period");
  const toml::node* list = hs ? hs : ns;
  if (!list->is_array()) r.fail(key, "expected a list, found " + TomlReader::type_name(*list));
  const toml::array& items = *list->as_array();
  if (items.size() < minimum) r.fail(key, why_minimum);
  std::vector<StepSpec> steps;
  for (std::size_t i = 0; i < items.size(); ++i) {
    const std::string item_key = key + "[" + std::to_string(i) + "]";
    StepSpec step;
    if (hs) step.h = r.number_value(items[i], item_key);
    else step.steps_per_period = CountInput{item_key, r.integer_value(items[i], item_key, 1, max_steps_per_period)};
    steps.push_back(step);
  }
  return steps;
}

/// convergence.tolerances: a ladder of tolerances for an adaptive program, loose to tight
/// (case/tolerance_ladder.hpp checks it as it checks --tolerances).
std::vector<NumberInput> read_convergence_tolerances(const TomlReader& r, const toml::table& root) {
  const toml::node* list = r.table(root, "convergence", false).get("tolerances");
  if (!list) return {};
  const std::string key = "convergence.tolerances";
  if (!list->is_array()) r.fail(key, "expected a list of tolerances, found " + TomlReader::type_name(*list));
  std::vector<NumberInput> tolerances;
  for (std::size_t i = 0; i < list->as_array()->size(); ++i)
    tolerances.push_back(r.number_value(*list->as_array()->get(i), key + "[" + std::to_string(i) + "]"));
  try {
    check_tolerance_ladder(texts_of(tolerances), r.file(), key);
  } catch (const InputError& why) {
    r.fail(why.key(), why.message());
  }
  return tolerances;
}

/// convergence.scalars: a non-empty list of scalar type names ("double", "long-double",
/// "float128", "mpfr", "rational"), each one the case runs in.
std::optional<ScalarSet> read_convergence_scalars(const TomlReader& r, const toml::table& root, const CaseSpec& c) {
  const toml::node* list = r.table(root, "convergence", false).get("scalars");
  if (!list) return std::nullopt;
  const std::string key = "convergence.scalars";
  if (!list->is_array()) r.fail(key, "expected a list of scalar type names, found " + TomlReader::type_name(*list));
  const toml::array& items = *list->as_array();
  if (items.empty()) r.fail(key, "the list is empty: name at least one scalar type, or remove the key");
  const ScalarSet runnable = runnable_scalars(c);
  ScalarSet chosen;
  for (std::size_t i = 0; i < items.size(); ++i) {
    const std::string item_key = key + "[" + std::to_string(i) + "]";
    const std::optional<std::string_view> name = items[i].value<std::string_view>();
    if (!name) r.fail(item_key, "expected a string, found " + TomlReader::type_name(items[i]));
    std::optional<ScalarKind> kind;
    for (std::size_t k = 0; k < scalar_kind_count; ++k)
      if (scalar_kind_name(static_cast<ScalarKind>(k)) == *name) kind = static_cast<ScalarKind>(k);
    if (!kind)
      r.fail(item_key, "unknown scalar type '" + shown_input(std::string(*name)) +
                           "' (allowed: double, long-double, float128, mpfr, rational)");
    if (!runnable.contains(*kind))
      r.fail(item_key, std::string(*name) + ": the case does not run in it (allowed here: " + runnable.text() + ")");
    chosen.bits |= ScalarSet{*kind}.bits;
  }
  return chosen;
}

/// [testset]: a problem of the test set (docs/testset.md). Its id names the stored reference
/// values (reference/testset/ID.toml), so it is "VI-" and two or more digits; the ladder it
/// is scored on is its [convergence] list, which it must have; its stored impacts are at most
/// max_testset_impacts.
std::optional<TestsetInfo> read_testset(const TomlReader& r, const toml::table& root, const CaseSpec& c) {
  if (!root.get("testset")) return std::nullopt;
  const toml::table& t = r.table(root, "testset", true);
  r.require_only(t, "testset", keys_of("testset"));
  TestsetInfo info;
  info.id = *r.string(t, "testset", "id", true);
  const bool id_ok = info.id.size() >= 5 && info.id.size() <= 8 && info.id.starts_with("VI-") &&
                     std::all_of(info.id.begin() + 3, info.id.end(), [](char d) { return d >= '0' && d <= '9'; });
  if (!id_ok) r.fail("testset.id", "'" + shown_input(info.id) + "' is not a problem id (allowed: VI- and 2 to 5 digits, as VI-07)");
  info.title = *r.string(t, "testset", "title", true);
  info.origin = *r.string(t, "testset", "origin", true);
  info.stresses = *r.string(t, "testset", "stresses", true);
  for (const auto& [key, text] : {std::pair{"title", &info.title}, {"origin", &info.origin}, {"stresses", &info.stresses}})
    if (text->empty()) r.fail(std::string("testset.") + key, "must not be empty");
  const std::optional<std::int64_t> impacts = r.integer(t, "testset", "impacts", 0, max_testset_impacts);
  if (!impacts)
    r.fail("testset.impacts", "missing (how many first impacts the stored reference values hold, 0 to " +
                                  std::to_string(max_testset_impacts) + ")");
  info.impacts = *impacts;
  if (c.convergence.empty())
    r.fail("testset", "a test-set problem is scored on a step ladder: give its [convergence] list");
  return info;
}

/// [orbits] n = N or [N1, N2]: the (1, n) orbits `vibro orbits` lists (docs/periodic_orbits.md).
std::optional<std::pair<int, int>> read_orbits(const TomlReader& r, const toml::table& root, const CaseSpec& c) {
  if (!root.get("orbits")) return std::nullopt;
  const toml::table& t = r.table(root, "orbits", true);
  r.require_only(t, "orbits", keys_of("orbits"));
  if (c.model.model_kind() != ModelKind::impact_oscillator)
    r.fail("orbits", "closed-form periodic orbits exist for the impact oscillator only");
  const toml::node* n = t.get("n");
  if (!n) r.fail("orbits.n", "missing (expected N or [N1, N2], 1 ≤ N1 ≤ N2 ≤ 1000)");
  if (!n->is_array()) {
    const auto single = static_cast<int>(r.integer_value(*n, "orbits.n", 1, max_orbit_n));
    return std::pair{single, single};
  }
  const toml::array& range = *n->as_array();
  if (range.size() != 2) r.fail("orbits.n", "expected N or [N1, N2] (two integers), found a list of " + std::to_string(range.size()));
  const auto first = static_cast<int>(r.integer_value(*range.get(0), "orbits.n[0]", 1, max_orbit_n));
  const auto last = static_cast<int>(r.integer_value(*range.get(1), "orbits.n[1]", 1, max_orbit_n));
  if (last < first) r.fail("orbits.n", "N2 = " + std::to_string(last) + " is below N1 = " + std::to_string(first));
  return std::pair{first, last};
}

std::optional<LyapunovSpec> read_lyapunov(const TomlReader& r, const toml::table& root, const CaseSpec& c) {
  if (!root.get("lyapunov")) return std::nullopt;
  const toml::table& t = r.table(root, "lyapunov", true);
  r.require_only(t, "lyapunov", keys_of("lyapunov"));
  LyapunovSpec spec;
  spec.epsilon = r.number(t, "lyapunov", "epsilon");
  spec.epsilon_per_h = r.number(t, "lyapunov", "epsilon_per_h");
  spec.epsilon_per_period = r.number(t, "lyapunov", "epsilon_per_period");
  if ((spec.epsilon ? 1 : 0) + (spec.epsilon_per_h ? 1 : 0) + (spec.epsilon_per_period ? 1 : 0) > 1)
    r.fail("lyapunov", "give at most one of epsilon, epsilon_per_h and epsilon_per_period");
  for (const auto* e : {&spec.epsilon, &spec.epsilon_per_h, &spec.epsilon_per_period})
    if (*e) r.require_range(**e, (*e)->exact > 0, "(0, ∞)");
  if (const auto clock = r.string(t, "lyapunov", "clock", false)) {
    if (*clock != "folded" && *clock != "absolute")
      r.fail("lyapunov.clock", "unknown clock '" + *clock + "' (allowed: folded, absolute)");
    spec.absolute_clock = *clock == "absolute";
  }
  spec.published = r.string(t, "lyapunov", "published", false);
  if (spec.published && spec.published->empty()) r.fail("lyapunov.published", "must not be empty");
  // The member of the chaotic family the experiment is reproduced on: the relations compare
  // the methods of one member, and the published tables record their outcomes per member.
  spec.family = r.string(t, "lyapunov", "family", false);
  if (spec.published.has_value() != spec.family.has_value())
    r.fail(spec.published ? "lyapunov.family" : "lyapunov.published",
           "published and family go together: a case reproduces a published experiment on one member of the family");
  if (spec.family && !is_safe_name(*spec.family))
    r.fail("lyapunov.family", "'" + shown_input(*spec.family) +
                                  "' is not a family name (allowed: 1 to 64 letters, digits, '.', '_' or '-', starting "
                                  "with a letter or digit, as a case name)");
  if (!c.model.forced() || !c.horizon.periods)
    r.fail("lyapunov", "Lyapunov exponents of the Poincaré map need a forced model and horizon.periods");
  const SchemeInfo& info = scheme_infos()[c.scheme.entry];
  const bool has_method = info.lyapunov_method(spec).has_value();
  if (!has_method)
    r.fail("lyapunov", info.has_step && !spec.has_epsilon()
                           ? "a scheme's Poincaré map is differentiated numerically: give epsilon or epsilon_per_h"
                           : "scheme '" + c.scheme.type + "' gives no Lyapunov exponents");
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
    r.require_only(t, path, keys_of("expected"));
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

/// Sets one override in the parsed table `root`, in place: a copied toml++ node loses where
/// it was in the text, which the reader needs for every float it reads.
void apply_override(const TomlReader& r, toml::table& root, const CaseOverride& o) {
  const auto dot = o.key.find('.');
  if (dot == std::string::npos || dot == 0 || dot + 1 == o.key.size())
    r.fail(o.key, "not a case key (allowed: TABLE.KEY, e.g. model.alpha)");
  const std::string table_name = o.key.substr(0, dot), key = o.key.substr(dot + 1);
  toml::node* table_node = root.get(table_name);
  if (!table_node || !table_node->is_table())
    r.fail(o.key, "the case has no table [" + table_name + "] whose key could be set");
  toml::table& table = *table_node->as_table();
  const toml::node* old = table.get(key);
  if (old && (old->is_array() || old->is_table()))
    r.fail(o.key, "a list or a table cannot be swept (allowed: a key holding a number or a string)");
  if (old && old->is_boolean()) r.fail(o.key, "a true/false key cannot be swept");
  // An integer where the case has one (or adds one): a key the reader takes only as a TOML
  // integer (steps_per_period) gets one; any other value goes in as its text, which the
  // reader refuses where it wants an integer, naming the key.
  std::int64_t value = 0;
  const char* end = o.text.data() + o.text.size();
  const auto [ptr, error] = std::from_chars(o.text.data(), end, value);
  const bool integer = error == std::errc() && ptr == end && (old ? old->is_integer() : o.kind == CaseOverride::Kind::integer);
  if (integer) table.insert_or_assign(key, value);
  else table.insert_or_assign(key, o.text);
}

}  // namespace

namespace {

/// The case of the parsed `root` (its numbers' texts from `r`'s source).
CaseSpec read_case(const TomlReader& r, const toml::table& root, const std::string& file_label, std::string hash) {
  // A sweep file (docs/sweeps.md) given where a case belongs: say which command reads it,
  // not that its [[parameter]] ranges are unknown keys of a case.
  if (root.get("parameter") && !root.get("case"))
    r.fail("parameter", "this is a sweep file (a [sweep] table and [[parameter]] ranges), not a case: run it with "
                        "`vibro sweep FILE`");
  r.require_only(root, "", keys_of(""));

  CaseSpec c;
  c.file = file_label;
  c.hash = std::move(hash);

  const toml::table& info = r.table(root, "case", true);
  r.require_only(info, "case", keys_of("case"));
  c.name = *r.string(info, "case", "name", true);
  if (!is_safe_name(c.name))
    r.fail("case.name", "'" + shown_input(c.name) +
                            "' is not a case name (allowed: 1 to 64 letters, digits, '.', '_' or '-', starting with a "
                            "letter or digit: the name becomes file names and plot titles)");
  c.description = r.string(info, "case", "description", false).value_or("");
  c.reproduces = r.string(info, "case", "reproduces", false);
  if (c.reproduces && c.reproduces->empty()) r.fail("case.reproduces", "must not be empty (a published value id)");
  if (auto p = r.string(info, "case", "precision", false)) {
    try {
      c.precision = Precision::parse(*p);
    } catch (const std::invalid_argument& error) {
      r.fail("case.precision", error.what());
    }
  }

  c.model = read_model(r, root);

  const toml::table& initial = r.table(root, "initial", true);
  r.require_only(initial, "initial", keys_of("initial"));
  const bool pendulum = c.model.model_kind() == ModelKind::double_pendulum;
  if (!pendulum && initial.get("q0_over_pi"))
    r.fail("initial.q0_over_pi", "angles as multiples of π are for the double-pendulum model (allowed here: " +
                                     std::string(c.model.system() ? "q0" : "u0") + ")");
  if (const SystemSpec* system = c.model.system()) {
    read_system_initial(r, initial, *system, c);
  } else if (pendulum) {
    read_double_pendulum_initial(r, initial, c);
  } else {
    if (initial.get("q0")) r.fail("initial.q0", "a 1-DOF model starts from initial.u0 and initial.v0");
    c.u0 = r.required_number(initial, "initial", "u0");
    c.v0 = r.required_number(initial, "initial", "v0");
  }
  c.t0 = r.number(initial, "initial", "t0").value_or(NumberInput{"initial.t0", "0", rational(0)});
  if (!c.model.system() && !pendulum) check_initial_admissible(r, c);

  c.scheme = read_scheme(r, root);
  check_scheme_takes_model(r, c);
  const SchemeInfo& scheme = scheme_infos()[c.scheme.entry];
  // Parses the options now, so that a bad value is refused with the file and its key.
  scheme.options(c);
  require_runnable(c, c.precision, "case.precision");

  const toml::table& horizon = r.table(root, "horizon", true);
  r.require_only(horizon, "horizon", keys_of("horizon"));
  c.horizon.t_end = r.number(horizon, "horizon", "t_end");
  c.horizon.periods = r.integer(horizon, "horizon", "periods", 1, max_periods);
  c.horizon.steps = r.integer(horizon, "horizon", "steps", 1, max_steps);
  c.horizon.escape = r.number(horizon, "horizon", "escape");
  if ((c.horizon.t_end ? 1 : 0) + (c.horizon.periods ? 1 : 0) + (c.horizon.steps ? 1 : 0) != 1)
    r.fail("horizon", "give exactly one of t_end, periods and steps");
  if (c.horizon.periods && !c.model.periodic()) r.fail("horizon.periods", no_period(c) + ": give horizon.t_end");
  if (c.horizon.t_end) r.require_range(*c.horizon.t_end, c.horizon.t_end->exact > c.t0.exact, "(t0, ∞)");
  if (c.horizon.escape) r.require_range(*c.horizon.escape, c.horizon.escape->exact > 0, "(0, ∞)");

  if (!scheme.has_step) {
    // A scheme without a time step (the exact-detection reference) is itself what studies
    // compare to.
    if (root.get("step")) r.fail("step", "scheme '" + c.scheme.type + "' has no step: remove [step]");
    if (root.get("convergence"))
      r.fail("convergence", "scheme '" + c.scheme.type + "' has no step to refine: remove [convergence]");
    if (root.get("sweep")) r.fail("sweep", "scheme '" + c.scheme.type + "' has no step to sweep: remove [sweep]");
    if (c.horizon.steps)
      r.fail("horizon.steps", "scheme '" + c.scheme.type + "' has no step: give horizon.t_end or horizon.periods");
  } else {
    const toml::table& step = r.table(root, "step", true);
    r.require_only(step, "step", keys_of("step"));
    c.step = read_step_choice(r, step.get("h"), step.get("steps_per_period"), "step");
    check_step_fits(r, c, c.step);
  }

  c.convergence = read_step_list(r, root, "convergence", 2, "a convergence study needs at least 2 step sizes");
  if (const auto orders = r.string(r.table(root, "convergence", false), "convergence", "orders", false)) {
    if (*orders != "checked" && *orders != "measured")
      r.fail("convergence.orders", "unknown value '" + shown_input(*orders) + "' (allowed: checked, measured)");
    c.convergence_orders_checked = *orders == "checked";
  }
  // Read by the report alone (io/why_measured.hpp); here only checked to go with "measured".
  if (r.string(r.table(root, "convergence", false), "convergence", "why_measured", false) && c.convergence_orders_checked)
    r.fail("convergence.why_measured", "says why the orders are only measured: give it with orders = \"measured\"");
  c.convergence_scalars = read_convergence_scalars(r, root, c);
  c.convergence_tolerances = read_convergence_tolerances(r, root);
  for (std::size_t i = 0; i < c.convergence.size(); ++i)
    check_step_fits(r, c, c.convergence[i]);
  if (!c.convergence.empty() && c.horizon.steps)
    r.fail("convergence", "a convergence study compares runs over one horizon: give horizon.t_end or horizon.periods");
  c.sweep = read_step_list(r, root, "sweep", 1, "a sweep needs at least 1 step size");
  for (std::size_t i = 0; i < c.sweep.size(); ++i)
    check_step_fits(r, c, c.sweep[i]);

  c.expected = read_expected(r, root, !c.convergence.empty());
  c.lyapunov = read_lyapunov(r, root, c);
  c.orbits = read_orbits(r, root, c);
  c.testset = read_testset(r, root, c);
  scheme_infos()[c.scheme.entry].validate(c);
  return c;
}

}  // namespace

CaseSpec parse_case(std::string_view toml_text, const std::string& file_label) {
  TomlReader r(file_label, toml_text);
  return read_case(r, r.parse(), file_label, fnv1a64_hex(toml_text));
}

CaseSpec parse_case_with_overrides(std::string_view toml_text, const std::string& file_label,
                                   const std::vector<CaseOverride>& overrides) {
  TomlReader r(file_label, toml_text);
  toml::table root = r.parse();
  std::string hashed(toml_text);
  if (!overrides.empty()) hashed += "\n# overrides\n";
  for (const CaseOverride& o : overrides) {
    apply_override(r, root, o);
    hashed += o.key + " = " + o.text + "\n";
  }
  return read_case(r, root, file_label, fnv1a64_hex(hashed));
}

CaseSpec load_case(const std::filesystem::path& file) {
  return parse_case(read_input_file(file, "case file"), file.string());
}

namespace {

bool is_sweep_file(const std::filesystem::path& file) { return file.filename().string().ends_with(".sweep.toml"); }

/// Every `*.toml` of `directory` for which `keep` holds, by name, then those of each
/// subdirectory (by name, and so on down; symbolic links to directories are not followed,
/// so there is no loop).
std::vector<std::filesystem::path> toml_files(const std::filesystem::path& directory,
                                              bool (*keep)(const std::filesystem::path&)) {
  std::error_code error;
  std::vector<std::filesystem::path> files, subdirectories;
  for (std::filesystem::directory_iterator it(directory, error), end; !error && it != end; it.increment(error)) {
    if (it->is_directory() && !it->is_symlink()) subdirectories.push_back(it->path());
    else if (it->is_regular_file() && it->path().extension() == ".toml" && keep(it->path()))
      files.push_back(it->path());
  }
  if (error) throw InputError(directory.string(), "", "cannot read the directory of cases: " + error.message());
  std::sort(files.begin(), files.end());
  std::sort(subdirectories.begin(), subdirectories.end());
  for (const auto& sub : subdirectories)
    for (auto& file : toml_files(sub, keep)) files.push_back(std::move(file));
  return files;
}

}  // namespace

std::vector<std::filesystem::path> case_files(const std::filesystem::path& directory) {
  return toml_files(directory, [](const std::filesystem::path& file) { return !is_sweep_file(file); });
}

std::vector<std::filesystem::path> sweep_files(const std::filesystem::path& directory) {
  return toml_files(directory, is_sweep_file);
}

std::vector<CaseSpec> load_cases(const std::filesystem::path& directory, std::vector<std::string>* left_out,
                                 CaseFileNames names) {
  std::vector<CaseSpec> cases;
  for (const auto& file : case_files(directory)) {
    try {
      cases.push_back(load_case(file));
    } catch (const SchemeNotBuiltIn& why) {
      if (!left_out) throw;
      left_out->push_back(why.what());
      continue;
    }
    const std::filesystem::path root = names == CaseFileNames::as_given ? directory : directory.filename();
    cases.back().file = (root / std::filesystem::relative(file, directory)).lexically_normal().generic_string();
  }
  if (cases.empty()) throw InputError(directory.string(), "", "no case files (*.toml) in this directory or below it");
  return cases;
}

}  // namespace vibro
