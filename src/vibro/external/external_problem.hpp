#pragma once
// The problem vibro gives an external program (docs/own_scheme.md "The problem";
// docs/schema/external_problem.schema.json): one JSON object on its stdin with the model and
// its parameters as written, the initial data, t0, the step, the number of steps, the horizon
// and the precision asked for. Every number comes twice: its text (the case's text for a
// parameter; for a value vibro computed — h, T, t_end, initial data — its round-trip text at
// the run's precision, so that a program working beyond double gets every digit) and the
// nearest double.

#include "vibro/case/case_spec.hpp"
#include "vibro/binding/model_binding.hpp"
#include "vibro/drive/scheme_run.hpp"
#include "vibro/scalar/format.hpp"
#include "vibro/scalar/parse_exact.hpp"
#include "vibro/scalar/precision_of.hpp"
#include "vibro/scalar/traits.hpp"

#include <nlohmann/json.hpp>

#include <string>

namespace vibro {

/// The protocol's name and version, member `protocol` of every problem.
inline constexpr const char* external_protocol = "vibro-external-scheme/1";

/// {"text", "double"} of a parameter as written; "double" is null for a text that is not a
/// number (an absent bound "-inf", the physical form's "tau = omega0 t").
nlohmann::json written_number(const std::string& text);

/// The case's model, initial-data-free part: {"type", "parameters": {key: number or list}}.
nlohmann::json problem_model(const CaseSpec& c);

/// {"type", "options"} of the case's own [scheme] table, for a program that wants to follow it.
nlohmann::json problem_scheme(const CaseSpec& c);

template <class Real>
nlohmann::json computed_number(const Real& x) {
  return {{"text", to_text(x)}, {"double", static_cast<double>(x)}};
}

template <class Real>
nlohmann::json computed_numbers(const Vector<Real>& xs) {
  nlohmann::json texts = nlohmann::json::array(), doubles = nlohmann::json::array();
  for (const Real& x : xs) {
    texts.push_back(to_text(x));
    doubles.push_back(static_cast<double>(x));
  }
  return {{"text", texts}, {"double", doubles}};
}

/// The problem of one run at step `step` of the bound case, over `horizon`; with `tolerance`
/// (a rung of a tolerance ladder, as given) its member `tolerance`.
template <class Model>
std::string problem_message(const BoundCase<Model>& b, const StepSpec& step,
                            const RunHorizon<typename Model::real_type>& horizon, std::size_t dimension,
                            const std::vector<std::string>& columns, const std::string* tolerance = nullptr) {
  using Real = typename Model::real_type;
  const CaseSpec& c = b.spec;
  const Real h = b.step(step);
  nlohmann::json initial{{"t0", computed_number(b.t0)}};
  if constexpr (std::is_same_v<coordinates_t<Model>, Real>) {
    initial["u0"] = computed_number(b.u0);
    initial["v0"] = computed_number(b.v0);
  } else {
    initial["q0"] = computed_numbers(b.u0);
    initial["v0"] = computed_numbers(b.v0);
  }
  nlohmann::json step_json{{"h", computed_number(h)}, {"written", step.text()}};
  if (step.steps_per_period) step_json["steps_per_period"] = step.steps_per_period->value;
  nlohmann::json problem{{"protocol", external_protocol},
                         {"case", {{"name", c.name}, {"file", c.file}}},
                         {"model", problem_model(c)},
                         {"dimension", dimension},
                         {"initial", initial},
                         {"step", step_json},
                         {"steps", horizon.steps()},
                         {"t_end", computed_number(Real(b.t0 + h * Real(horizon.steps())))},
                         {"precision", {{"name", precision_of<Real>().name()}, {"decimal_digits", decimal_digits<Real>()}}},
                         {"scheme", problem_scheme(c)},
                         {"columns", columns}};
  if constexpr (HasPeriod<Model>)
    if (c.model.periodic()) problem["period"] = computed_number(b.model.period());
  if (tolerance) problem["tolerance"] = written_number(*tolerance);
  return problem.dump() + "\n";
}

}  // namespace vibro
