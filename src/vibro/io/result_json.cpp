#include "vibro/io/result_json.hpp"

#include "vibro/analysis/rounding_floor.hpp"
#include "vibro/run/input_error.hpp"
#include "vibro/run/registry.hpp"

namespace vibro {
namespace {

using nlohmann::json;

json text(const NumberText& n) { return n.text; }

json optional_text(const std::optional<NumberText>& n) { return n ? json(n->text) : json(nullptr); }

template <class T>
json optional_number(const std::optional<T>& x) {
  return x ? json(*x) : json(nullptr);
}

json to_json(const StateText& s) { return {{"t", text(s.t)}, {"u", text(s.u)}, {"v", text(s.v)}}; }

json to_json(const EnergyRecord& e) {
  json ratios = json::array();
  for (const auto& r : e.impact_ratios) ratios.push_back(text(r));
  json out = {{"flights", e.flights},
              {"largest_relative_variation_in_a_flight", text(e.largest_relative_variation_in_a_flight)},
              {"largest_relative_variation_in_a_flight_own", text(e.largest_relative_variation_in_a_flight_own)},
              {"impact_ratios", ratios},
              {"e_squared", text(e.e_squared)}};
  if (e.largest_ratio_deviation_from_e_squared)
    out["largest_ratio_deviation_from_e_squared"] = text(*e.largest_ratio_deviation_from_e_squared);
  return out;
}

json to_json(const Example51Comparison& c) {
  json delays = json::array();
  for (const auto& d : c.delays_in_steps) delays.push_back(text(d));
  return {{"max_error_before_first_impact", text(c.max_error_before_first_impact)},
          {"delays_in_steps", delays},
          {"largest_amplitude_defect", text(c.largest_amplitude_defect)}};
}

void add_conservative(json& run, const ConservativeFindings& f) {
  run["denominator"] = f.denominator;
  run["largest_abs_y"] = text(f.largest_abs_y);
  run["nodes_outside_constraint"] = f.nodes_outside_constraint;
  run["initial_energy"] = text(f.initial_energy);
  run["final_energy"] = text(f.final_energy);
  run["energy"] = to_json(f.energy);
  if (f.discrete_amplitude) run["discrete_amplitude"] = text(*f.discrete_amplitude);
  if (f.example51) run["example51"] = to_json(*f.example51);
}

json to_json(const LyapunovEstimate& e) {
  json out = {{"defined", e.defined}};
  if (!e.defined) {
    out["why_undefined"] = e.why_undefined;
    return out;
  }
  out["lambda1_per_period_or_horizon"] = e.lambda1_per_period_or_horizon;
  out["lambda1_per_unit_time"] = e.lambda1_per_unit_time;
  out["digits_needed"] = {{"target_digits", e.target_digits},
                          {"horizon", e.horizon},
                          {"digits", e.digits_needed},
                          {"basis", to_string(e.basis)},
                          {"from_lambda1", e.lambda1_digits_needed}};
  if (e.measured_loss) out["digits_needed"]["measured_loss"] = *e.measured_loss;
  return out;
}

json to_json(const ErrorEstimate& e) {
  json out = {{"max_event_time_difference", e.max_event_time_difference},
              {"event_kind_missing_at_more_digits", e.event_kind_missing_at_more_digits},
              {"event_counts_at_more_digits", e.event_counts_at_more_digits},
              {"final_position_difference", e.final_position_difference},
              {"final_state_correct_digits", e.final_state_correct_digits},
              {"final_velocity_difference", e.final_velocity_difference},
              {"compared_with", e.compared_with}};
  if (e.lower_bound_only) out["lower_bound_only"] = *e.lower_bound_only;
  return out;
}

void add_reference(json& run, const ReferenceFindings& f) {
  json events = json::array(), sticking = json::array();
  for (const auto& e : f.events)
    events.push_back({{"kind", e.kind}, {"t", text(e.t)}, {"v_minus", text(e.v_minus)}, {"v_plus", text(e.v_plus)}});
  for (const auto& [start, end] : f.sticking_intervals) sticking.push_back({text(start), optional_text(end)});
  run["events"] = events;
  run["event_counts"] = f.event_counts;
  run["sticking_intervals"] = sticking;
  run["settings"] = {{"max_window", text(f.max_window)},
                     {"contact_tolerance", text(f.contact_tolerance)},
                     {"force_tolerance", text(f.force_tolerance)}};
  run["lyapunov_estimate"] = to_json(f.lyapunov_estimate);
  if (f.error_estimate) run["error_estimate"] = to_json(*f.error_estimate);
}

json to_json(const FreeFallReversalResult& f) {
  if (!f.applicable) return {{"applicable", false}, {"reason", f.reason}};
  json table = json::array();
  for (const auto& r : f.table)
    table.push_back(
        {{"n", r.n}, {"predicted", text(r.predicted)}, {"computed", text(r.computed)}, {"difference", text(r.difference)}});
  return {{"applicable", true},
          {"m", f.m},
          {"case", f.reversal_case},
          {"reversal_steps", {f.first_reversal_step, f.first_reversal_step + 1}},
          {"line_start", f.line_start},
          {"slope_per_step", text(f.slope_per_step)},
          {"max_deviation_from_prediction", text(f.max_deviation_from_prediction)},
          {"table", table}};
}

json to_json(const ExpectationVerdict& e) {
  return {{"quantity", e.quantity},     {"expected", e.expected},
          {"tolerance", e.tolerance},   {"observed", optional_number(e.observed)},
          {"source", e.source},         {"verdict", e.pass ? "pass" : "fail"}};
}

json to_json(const OrderAnalysis& a) {
  json successive = json::array(), status = json::array();
  for (const auto& s : a.successive) successive.push_back(optional_number(s));
  for (const auto& s : a.status) status.push_back(to_string(s));
  return {{"least_squares", optional_number(a.slope)},
          {"residual", a.slope ? json(a.residual) : json(nullptr)},
          {"standard_error", a.slope ? json(a.standard_error) : json(nullptr)},
          {"range", a.slope ? json{a.first, a.last} : json(nullptr)},
          {"successive", successive},
          {"status", status}};
}

json to_json(const CaseInfo& c) {
  return {{"name", c.name}, {"file", c.file}, {"hash_fnv1a64", c.hash}, {"description", c.description}};
}

}  // namespace

json to_json(const Provenance& p) {
  return {{"vibro_version", p.vibro_version},
          {"precision", {{"name", p.precision.name},
                         {"scalar", p.precision.scalar},
                         {"significand_bits", p.precision.significand_bits},
                         {"decimal_digits", p.precision.decimal_digits}}}};
}

json to_json(const ModelDescription& model) {
  json out = {{"type", model.type}};
  for (const auto& p : model.parameters) out[p.key] = p.texts.size() == 1 ? json(p.texts[0]) : json(p.texts);
  return out;
}

json to_json(const StudyResult& study) {
  json rows = json::array(), orders;
  for (const StudyRow& r : study.rows) {
    json errors;
    for (const ErrorMetric m : error_metrics) errors[std::string(name(m))] = optional_text(r.errors[index_of(m)]);
    json row = {{"h", r.h},
                {"h_value", text(r.h_value)},
                {"steps", r.steps},
                {"errors", errors},
                {"impacts", {{"scheme", r.scheme_impacts}, {"reference", r.reference_impacts}}}};
    if (study.rounding_measured_at) {
      json rounding;
      for (const ErrorMetric m : error_metrics) rounding[std::string(name(m))] = optional_text(r.rounding[index_of(m)]);
      row["rounding_parts"] = rounding;
    }
    rows.push_back(std::move(row));
  }
  for (const ErrorMetric m : error_metrics) orders[std::string(name(m))] = to_json(study.orders[index_of(m)]);
  return {{"reference", study.reference},
          {"rows", rows},
          {"orders", orders},
          {"rounding_floor",
           {{"measured_at", study.rounding_measured_at ? json(*study.rounding_measured_at) : json(nullptr)},
            {"rule", rounding_floor_rule(study)}}}};
}

json to_json(const RunFindings& r) {
  json run = {{"final", to_json(r.final)}, {"warnings", r.warnings}};
  if (r.h) run["h"] = text(*r.h);
  if (r.steps) run["steps"] = *r.steps;
  if (r.stroboscopic) {
    json samples = json::array();
    for (const auto& s : *r.stroboscopic) samples.push_back({{"period", s.period}, {"state", to_json(s.state)}});
    run["stroboscopic"] = samples;
  }
  if (r.escaped) run["escaped"] = {{"step", r.escaped->step}, {"abs_u", text(r.escaped->value)}};
  if (r.projection_active)
    run["projection_active"] = {{"count", r.projection_active->count},
                                {"first_steps", r.projection_active->first_steps},
                                {"impacts", r.projection_active->impacts}};
  if (r.corrected) {
    run["impacts"] = r.corrected->impacts;
    run["dichotomies"] = r.corrected->dichotomies;
    run["fallbacks"] = r.corrected->fallbacks;
  }
  if (r.conservative) add_conservative(run, *r.conservative);
  if (r.reference) add_reference(run, *r.reference);
  if (r.samples) run["samples"] = {{"columns", r.samples->columns}, {"rows", r.samples->rows}};
  return run;
}

json to_json(const RunResult& r, bool with_samples) {
  json out = to_json(r.provenance);
  out["case"] = to_json(r.case_info);
  out["model"] = to_json(r.model);
  json initial, scheme = {{"type", r.scheme.type}};
  for (const auto& [key, value] : r.initial) initial[key] = value;
  for (const auto& [key, value] : r.scheme.options) scheme[key] = value;
  if (r.scheme.step) scheme["step"] = *r.scheme.step;
  out["initial"] = initial;
  out["scheme"] = scheme;
  out["run"] = to_json(r.run);
  if (!with_samples) out["run"].erase("samples");
  if (r.free_fall) out["free_fall"] = to_json(*r.free_fall);
  if (r.convergence) {
    out["convergence"] = to_json(*r.convergence);
    json expected = json::array();
    for (const auto& e : r.expected) expected.push_back(to_json(e));
    out["expected"] = expected;
  }
  if (!r.sweep.empty()) {
    json sweep = json::array();
    for (const auto& p : r.sweep) {
      json run = to_json(p.run);
      if (!with_samples) run.erase("samples");
      sweep.push_back({{"step", p.step}, {"run", run}});
    }
    out["sweep"] = sweep;
  }
  return out;
}

json to_json(const LyapunovResult& r) {
  json out = to_json(r.provenance);
  out["case"] = to_json(r.case_info);
  if (r.published) out["published"] = *r.published;
  const LyapunovFindings& f = r.lyapunov;
  json l = {{"method", f.method},   {"periods_done", f.periods_done}, {"defined", f.defined},
            {"epsilon", f.epsilon}, {"clock", f.clock},               {"periods", f.periods}};
  if (!f.defined) {
    l["why_undefined"] = f.why_undefined;
  } else {
    l["lambda1_per_period"] = text(f.lambda1_per_period);
    l["lambda2_per_period"] = text(f.lambda2_per_period);
    l["sum_per_period"] = text(f.sum_per_period);
    l["lambda1_per_unit_time"] = text(f.lambda1_per_unit_time);
    l["lambda2_per_unit_time"] = text(f.lambda2_per_unit_time);
    l["spread_last_half"] = {{"lambda1", f.spread_lambda1}, {"lambda2", f.spread_lambda2}};
    json history = json::array(), samples = json::array();
    for (const auto& h : f.history) history.push_back({{"k", h.k}, {"lambda1", h.lambda1}, {"lambda2", h.lambda2}});
    for (const auto& s : f.running_samples) samples.push_back({s.k, s.lambda1, s.lambda2});
    l["history"] = history;
    l["running_samples"] = samples;
  }
  if (f.impacts) l["impacts"] = *f.impacts;
  if (f.sum_rule_per_period) {
    l["sum_rule_per_period"] = text(*f.sum_rule_per_period);
    l["sum_rule_rounding"] = f.sum_rule_rounding;
    l["sum_rule_holds"] = !f.sum_rule_warning;
  }
  if (f.sum_rule_warning) l["sum_rule_warning"] = *f.sum_rule_warning;
  const auto uncertainty = [](const ExponentUncertainty& u) {
    json j = {{"half_width_95", u.half_width}, {"ensemble_size", u.ensemble_size}, {"ensemble_sd", u.ensemble_sd}};
    if (u.batch) j["batch_means"] = {{"blocks", u.batch->blocks}, {"standard_error", u.batch->standard_error}};
    return j;
  };
  if (f.uncertainty_lambda1)
    l["uncertainty"] = {{"lambda1", uncertainty(*f.uncertainty_lambda1)},
                        {"lambda2", uncertainty(*f.uncertainty_lambda2)},
                        {"sum", uncertainty(*f.uncertainty_sum)}};
  if (!f.ensemble.empty()) {
    json members = json::array();
    for (const auto& m : f.ensemble) {
      json member = {{"u0", m.u0}, {"v0", m.v0}, {"defined", m.defined}};
      if (m.defined) {
        member["lambda1_per_period"] = text(m.lambda1_per_period);
        member["lambda2_per_period"] = text(m.lambda2_per_period);
      } else {
        member["why_undefined"] = m.why_undefined;
      }
      members.push_back(member);
    }
    l["ensemble"] = {{"perturbation", f.ensemble_perturbation}, {"members", members}};
  }
  if (f.second_precision) {
    const auto& s2 = *f.second_precision;
    json second = {{"precision", s2.precision}, {"defined", s2.defined}};
    if (s2.defined) {
      second["lambda1_per_period"] = text(s2.lambda1_per_period);
      second["lambda2_per_period"] = text(s2.lambda2_per_period);
      second["shared_significant_digits"] = {{"lambda1", s2.digits_lambda1}, {"lambda2", s2.digits_lambda2}};
    } else {
      second["why_undefined"] = s2.why_undefined;
    }
    l["second_precision"] = second;
  }
  if (f.periods_with_changed_contacts) l["periods_with_changed_contacts"] = *f.periods_with_changed_contacts;
  out["lyapunov"] = l;
  return out;
}

json to_json(const CheckResult& r) {
  // `vibro check --json` (schema_version 1): every number a JSON number (doubles print
  // round-trip); the published value also keeps its digits as printed.
  json relations = json::array();
  for (const RelationVerdict& rel : r.relations) {
    json covers = json::array();
    for (const CoveredValue& v : rel.covers)
      covers.push_back({{"id", v.id}, {"published", v.value}, {"digits_printed", v.digits_printed}});
    json members = json::array();
    for (const MemberVerdict& m : rel.members) {
      const MemberEvaluation& e = m.evaluation;
      json member = {{"family", e.family}, {"outcome", gate_outcome_name(m.outcome)}, {"evaluated", e.computable}};
      if (e.computable) {
        member["holds"] = e.holds;
        member["test"] = e.test;
        json measures = json::object();
        for (const RelationMeasure& x : e.measures) measures[x.name] = x.value;
        member["measures"] = measures;
        json exponents = json::array();
        for (const ComputedExponent& x : e.exponents) {
          json row = {{"id", x.id()}, {"case", x.case_file}, {"computed", x.value}};
          if (const CoveredValue* v = rel.published(x)) row["published"] = v->value;
          exponents.push_back(row);
        }
        member["exponents"] = exponents;
      } else {
        member["why_not_evaluated"] = e.why_not;
      }
      if (m.recorded)
        member["recorded"] = {{"outcome", m.recorded->holds ? "holds" : "contradicted"},
                              {"reason", m.recorded->reason},
                              {"evidence", m.recorded->evidence},
                              {"measured_by", m.recorded->measured_by}};
      if (m.outcome == GateOutcome::changed) member["why_changed"] = m.why_changed;
      members.push_back(member);
    }
    json entry = {{"relation", rel.name}, {"statement", rel.statement}, {"covers", covers}, {"members", members}};
    if (rel.not_evaluable) entry["not_evaluated"] = *rel.not_evaluable;
    relations.push_back(entry);
  }
  json unchecked = json::array();
  for (const UncheckedValue& v : r.unchecked) unchecked.push_back({{"id", v.id}, {"published", v.value}, {"reason", v.reason}});
  return {{"schema_version", CheckResult::schema_version},
          {"relations", relations},
          {"not_reproducible", unchecked},
          {"summary",
           {{"holds", r.holds},
            {"contradicted_as_recorded", r.contradicted_as_recorded},
            {"changed", r.changed},
            {"not_evaluated", r.not_evaluated}}},
          {"matches_records", r.matches_records()}};
}

json to_json(const LyapunovGolden& g) {
  json runs = json::array();
  for (const auto& r : g.long_horizon.ensemble)
    runs.push_back({{"u0", r.u0},
                    {"v0", r.v0},
                    {"lambda1_per_period", r.lambda1_per_period},
                    {"lambda2_per_period", r.lambda2_per_period}});
  const auto& s = g.short_horizon;
  const auto& l = g.long_horizon;
  return {{"what", "computed Lyapunov golden (src/vibro/run/lyapunov_golden.hpp); do not edit by hand"},
          {"written_by", g.written_by},
          {"vibro_version", g.vibro_version},
          {"case", {{"file", g.case_file}, {"name", g.case_name}, {"hash_fnv1a64", g.case_hash}}},
          {"short",
           {{"periods", s.periods},
            {"precision", s.precision},
            {"compared_with", s.compared_with},
            {"agreement_digits", s.agreement_digits},
            {"lambda1_per_period", s.lambda1_per_period},
            {"lambda2_per_period", s.lambda2_per_period},
            {"relative_tolerance", s.relative_tolerance}}},
          {"long",
           {{"periods", l.periods},
            {"precision", l.precision},
            {"u0", l.u0},
            {"v0", l.v0},
            {"lambda1_per_period", l.lambda1_per_period},
            {"lambda2_per_period", l.lambda2_per_period},
            {"tolerance_lambda1", l.tolerance_lambda1},
            {"tolerance_lambda2", l.tolerance_lambda2},
            {"tolerance_is", "the 95 % uncertainty of the run (batch means and ensemble spread)"},
            {"ensemble_perturbation", l.ensemble_perturbation},
            {"ensemble", runs}}}};
}

json schemes_json() {
  json list = json::array();
  for (const SchemeInfo& info : scheme_infos()) {
    json models = json::array(), orders = json::object();
    for (const ModelKind k : model_kinds)
      if (info.models.contains(k)) models.push_back(std::string(model_name(k)));
    for (const ErrorMetric m : error_metrics)
      if (const auto& o = info.declared_orders[index_of(m)])
        orders[std::string(name(m))] = {{"order", o->order}, {"sharp", o->sharp}, {"source", std::string(o->source)}};
    list.push_back({{"names", info.names},
                    {"display_name", info.display_name},
                    {"models", models},
                    {"precisions", info.scalars.text()},
                    {"options", info.option_keys},
                    {"has_step", info.has_step},
                    {"declared_orders", orders}});
  }
  return list;
}

LyapunovGolden golden_from_json(const json& j, const std::string& file) {
  try {
    LyapunovGolden g;
    g.written_by = j.at("written_by").get<std::string>();
    g.vibro_version = j.at("vibro_version").get<std::string>();
    const json& c = j.at("case");
    g.case_file = c.at("file").get<std::string>();
    g.case_name = c.at("name").get<std::string>();
    g.case_hash = c.at("hash_fnv1a64").get<std::string>();
    const json& s = j.at("short");
    g.short_horizon = {s.at("periods").get<std::int64_t>(),          s.at("precision").get<std::string>(),
                       s.at("compared_with").get<std::string>(),     s.at("agreement_digits").get<double>(),
                       s.at("lambda1_per_period").get<std::string>(), s.at("lambda2_per_period").get<std::string>(),
                       s.at("relative_tolerance").get<std::string>()};
    const json& l = j.at("long");
    auto& h = g.long_horizon;
    h.periods = l.at("periods").get<std::int64_t>();
    h.precision = l.at("precision").get<std::string>();
    h.u0 = l.at("u0").get<std::string>();
    h.v0 = l.at("v0").get<std::string>();
    h.lambda1_per_period = l.at("lambda1_per_period").get<std::string>();
    h.lambda2_per_period = l.at("lambda2_per_period").get<std::string>();
    h.tolerance_lambda1 = l.at("tolerance_lambda1").get<std::string>();
    h.tolerance_lambda2 = l.at("tolerance_lambda2").get<std::string>();
    h.ensemble_perturbation = l.at("ensemble_perturbation").get<std::string>();
    for (const json& r : l.at("ensemble"))
      h.ensemble.push_back({r.at("u0").get<std::string>(), r.at("v0").get<std::string>(),
                        r.at("lambda1_per_period").get<std::string>(), r.at("lambda2_per_period").get<std::string>()});
    return g;
  } catch (const json::exception& error) {
    throw InputError(file, "", std::string("not a computed Lyapunov golden: ") + error.what());
  }
}

}  // namespace vibro
