#include "vibro/published/published_check.hpp"

#include "vibro/published/computed_exponents.hpp"
#include "vibro/analysis/significant_digits.hpp"
#include "vibro/support/input_error.hpp"
#include "vibro/lyapunov/run_lyapunov.hpp"
#include "vibro/scalar/parse_exact.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace vibro {
namespace {

/// The exponents of one experiment on one member, exactly (the round-trip text as a decimal)
/// and in double (the text read with correct rounding, for display and JSON).
struct Exponents {
  const CaseSpec* spec = nullptr;
  LyapunovFindings findings;
  rational lambda1, lambda2, sum;

  double l1() const { return std::stod(findings.lambda1_per_period.text); }
  double l2() const { return std::stod(findings.lambda2_per_period.text); }
  double s() const { return std::stod(findings.sum_per_period.text); }
};

rational exact(const NumberText& n) { return *parse_exact(n.text); }

/// unit_in_significant_digit(x, d) in double, for display and JSON: 10^k read from its text,
/// correctly rounded.
double unit_shown(const rational& x, int d) {
  return std::stod("1e" + std::to_string(decimal_exponent(x) - d + 1));
}

/// Whether two cases describe the same member: the same model and initial data, exactly.
bool same_member_data(const CaseSpec& a, const CaseSpec& b) {
  const auto& oa = std::get<OscillatorSpec>(a.model.kind);
  const auto& ob = std::get<OscillatorSpec>(b.model.kind);
  const bool same_form = oa.physical.has_value() == ob.physical.has_value() &&
                         (!oa.physical || oa.physical->exact() == ob.physical->exact());
  return same_form && oa.alpha.exact == ob.alpha.exact && oa.amplitude.exact == ob.amplitude.exact &&
         oa.omega.exact == ob.omega.exact && a.model.u_min.exact == b.model.u_min.exact &&
         a.model.e.exact == b.model.e.exact && a.u0.exact == b.u0.exact && a.v0.exact == b.v0.exact &&
         a.t0.exact == b.t0.exact;
}

/// One member of the chaotic family: its cases by the experiment they reproduce, and their
/// exponents, reused from `computed` when the settings change nothing, else run with them
/// (once each).
class Member {
 public:
  Member(std::string family, const RelationSettings& settings, const ComputedExponents& computed)
      : family_(std::move(family)), settings_(settings), computed_(computed) {}

  void add(const CaseSpec& c) {
    const std::string& id = *c.lyapunov->published;
    if (!cases_.empty() && !same_member_data(*cases_.begin()->second, c))
      throw InputError(c.file, "lyapunov.family",
                       "the cases of family '" + family_ + "' must share the model and the initial data; " +
                           cases_.begin()->second->file + " has others");
    if (const auto [it, fresh] = cases_.emplace(id, &c); !fresh)
      throw InputError(c.file, "lyapunov.published",
                       "'" + id + "' is already reproduced on family '" + family_ + "' by " + it->second->file);
  }

  const std::string& family() const { return family_; }

  /// The first experiment of `ids` no case of this member reproduces.
  std::optional<std::string> missing(const std::vector<std::string>& ids) const {
    for (const std::string& id : ids)
      if (!cases_.contains(id)) return "no case of family '" + family_ + "' reproduces " + id;
    return std::nullopt;
  }

  const Exponents& operator()(const std::string& id) {
    if (const auto done = exponents_.find(id); done != exponents_.end()) return done->second;
    const CaseSpec& c = *cases_.at(id);
    const bool as_shipped = !settings_.precision && !settings_.periods;
    const auto reused = computed_.by_experiment.find({family_, id});
    LyapunovFindings l = as_shipped && reused != computed_.by_experiment.end() ? reused->second : run(c);
    if (!l.defined) throw std::runtime_error(c.file + ": exponents undefined: " + l.why_undefined);
    Exponents e{&c, l, exact(l.lambda1_per_period), exact(l.lambda2_per_period), exact(l.sum_per_period)};
    return exponents_.emplace(id, std::move(e)).first->second;
  }

 private:
  LyapunovFindings run(CaseSpec c) const {
    if (settings_.periods) c.horizon.periods = settings_.periods;
    RunOptions options = settings_.run;
    options.precision = settings_.precision;
    return run_lyapunov_case(c, options).lyapunov;
  }

  std::string family_;
  const RelationSettings& settings_;
  const ComputedExponents& computed_;
  std::map<std::string, const CaseSpec*> cases_;
  std::map<std::string, Exponents> exponents_;
};

const char* compared(bool below) { return below ? "<" : "≥"; }

/// The relation's verdict and the numbers it compared, on one member.
struct Finding {
  bool holds;
  std::string test;
  std::vector<RelationMeasure> measures;
};

// 1. IDED and IDND agree to ≥ 5 significant digits on λ1 and λ2 (seed 001 §5: 3.05695 /
//    3.05694 and −15.06066 / −15.06065): each difference below one unit in the fifth
//    significant digit of IDED's value (analysis/significant_digits.hpp, exact).
Finding ided_idnd_agree(Member& m) {
  constexpr int digits = 5;
  const Exponents &ided = m("001.IDED"), &idnd = m("001.IDND");
  const bool agree1 = agree_to_significant_digits(ided.lambda1, idnd.lambda1, digits);
  const bool agree2 = agree_to_significant_digits(ided.lambda2, idnd.lambda2, digits);
  const double d1 = std::abs(idnd.l1() - ided.l1()), d2 = std::abs(idnd.l2() - ided.l2());
  const double u1 = unit_shown(ided.lambda1, digits);
  const double u2 = unit_shown(ided.lambda2, digits);
  return {agree1 && agree2,
          fmt::format("|Δλ1| = {:.2g} {} {:g} and |Δλ2| = {:.2g} {} {:g} (one unit in the 5th significant digit of "
                      "IDED's)",
                      d1, compared(agree1), u1, d2, compared(agree2), u2),
          {{"abs_difference_lambda1", d1}, {"unit_5th_digit_lambda1", u1}, {"abs_difference_lambda2", d2},
           {"unit_5th_digit_lambda2", u2}}};
}

// 2. λ1 > 0 and λ1 + λ2 < 0 (chaotic and dissipative, seed 001 §5), and the sum obeys the
//    sum rule K (λ1 + λ2) = −2αKT + 2 N_imp ln e (det S = e², seed 001 Theorem 3.1), which
//    holds for the exact flow at every K, so to rounding: 10 significant digits.
Finding chaotic_dissipative(Member& m) {
  constexpr int sum_rule_digits = 10;
  const Exponents& ided = m("001.IDED");
  if (!ided.findings.sum_rule_per_period) return {false, "IDED gave no sum rule", {}};
  const rational rule = exact(*ided.findings.sum_rule_per_period);
  const bool chaotic = ided.lambda1 > 0, dissipative = ided.sum < 0;
  const bool rule_holds = agree_to_significant_digits(rule, ided.sum, sum_rule_digits);
  const double off = std::abs(ided.s() - std::stod(ided.findings.sum_rule_per_period->text));
  const double unit = unit_shown(rule, sum_rule_digits);
  return {chaotic && dissipative && rule_holds,
          fmt::format("λ1 = {:.6g} {} 0, λ1 + λ2 = {:.6g} {} 0, |sum − sum rule| = {:.2g} {} {:g}", ided.l1(),
                      chaotic ? ">" : "≤", ided.s(), dissipative ? "<" : "≥", off, compared(rule_holds), unit),
          {{"lambda1", ided.l1()}, {"sum", ided.s()}, {"sum_rule", std::stod(ided.findings.sum_rule_per_period->text)},
           {"abs_difference_sum_rule", off}, {"unit_10th_digit_sum_rule", unit}}};
}

// 3. NSND with ε = 1e−8, h = T/2513 is far from IDED (seed 001 §5: λ1 = 65.11 against 3.06,
//    a positive sum): λ1 differs from IDED's by more than |λ1(IDED)|, or the sum has the
//    other sign.
Finding nsnd_small_eps_fails(Member& m) {
  const Exponents &ided = m("001.IDED"), &nsnd = m("001.NSND");
  const double off = std::abs(nsnd.l1() - ided.l1()), scale = std::abs(ided.l1());
  const bool other_sign = (nsnd.sum > 0) != (ided.sum > 0);
  return {off > scale || other_sign,
          fmt::format("|Δλ1| = {:.3g} {} |λ1(IDED)| = {:.3g}; sum {:.3g} against IDED's {:.3g} ({} sign)", off,
                      off > scale ? ">" : "≤", scale, nsnd.s(), ided.s(), other_sign ? "other" : "same"),
          {{"abs_difference_lambda1", off}, {"abs_lambda1_ided", scale}, {"sum", nsnd.s()}, {"sum_ided", ided.s()}}};
}

// 4. NSND with ε = 3h, h = T/40000 is "reasonable" (seed 001 §5, no numbers printed), read as
//    close: λ1 and λ2 of IDED's signs, each within the larger of 10 % of IDED's value and
//    IDED's own spread (the last-half spread of its running estimate).
Finding nsnd_3h_close(Member& m) {
  const Exponents &ided = m("001.IDED"), &three_h = m("001.NSND-3h");
  const double band1 = std::max(0.1 * std::abs(ided.l1()), ided.findings.spread_last_half.lambda1);
  const double band2 = std::max(0.1 * std::abs(ided.l2()), ided.findings.spread_last_half.lambda2);
  const double d1 = std::abs(three_h.l1() - ided.l1()), d2 = std::abs(three_h.l2() - ided.l2());
  const bool signs = (three_h.lambda1 > 0) == (ided.lambda1 > 0) && (three_h.lambda2 > 0) == (ided.lambda2 > 0);
  return {signs && d1 <= band1 && d2 <= band2,
          fmt::format("signs {}; |Δλ1| = {:.3g} {} {:.3g}, |Δλ2| = {:.3g} {} {:.3g} (max of 10 % and IDED's spread)",
                      signs ? "as IDED's" : "NOT as IDED's", d1, d1 <= band1 ? "≤" : ">", band1, d2,
                      d2 <= band2 ? "≤" : ">", band2),
          {{"abs_difference_lambda1", d1}, {"band_lambda1", band1}, {"abs_difference_lambda2", d2}, {"band_lambda2", band2}}};
}

// 5. C.N.S.P is closer to I.D.P than I.N.S.P is (seed 000 §4), for both exponents; I.D.P is
//    impact detection with perturbation ε = h = T/2513 (IDND with that ε).
Finding cnsp_closer_than_insp(Member& m) {
  const Exponents &cnsp = m("000.CNSP"), &insp = m("000.INSP"), &idp = m("000.IDP");
  const double c1 = std::abs(cnsp.l1() - idp.l1()), i1 = std::abs(insp.l1() - idp.l1());
  const double c2 = std::abs(cnsp.l2() - idp.l2()), i2 = std::abs(insp.l2() - idp.l2());
  return {c1 < i1 && c2 < i2,
          fmt::format("distance to I.D.P: λ1 {:.3g} (C.N.S.P) {} {:.3g} (I.N.S.P), λ2 {:.3g} {} {:.3g}", c1,
                      compared(c1 < i1), i1, c2, compared(c2 < i2), i2),
          {{"cnsp_distance_lambda1", c1}, {"insp_distance_lambda1", i1}, {"cnsp_distance_lambda2", c2},
           {"insp_distance_lambda2", i2}}};
}

struct RelationRule {
  const char* name;
  std::vector<std::string> experiments;
  Finding (*evaluate)(Member&);
};

const std::vector<RelationRule>& rules() {
  static const std::vector<RelationRule> list = {
      {"ided-idnd-agree", {"001.IDED", "001.IDND"}, ided_idnd_agree},
      {"chaotic-dissipative", {"001.IDED"}, chaotic_dissipative},
      {"nsnd-small-eps-fails", {"001.IDED", "001.NSND"}, nsnd_small_eps_fails},
      {"nsnd-3h-close", {"001.IDED", "001.NSND-3h"}, nsnd_3h_close},
      {"cnsp-closer-than-insp", {"000.CNSP", "000.INSP", "000.IDP"}, cnsp_closer_than_insp},
  };
  return list;
}

MemberEvaluation evaluate(const RelationRule& rule, Member& m) {
  MemberEvaluation e{m.family(), false, "", false, "", {}, {}};
  if (const auto why = m.missing(rule.experiments)) {
    e.why_not = *why;
    return e;
  }
  Finding f = rule.evaluate(m);
  e.computable = true;
  e.holds = f.holds;
  e.test = std::move(f.test);
  e.measures = std::move(f.measures);
  for (const std::string& id : rule.experiments) {
    const Exponents& x = m(id);
    e.exponents.push_back({id, 1, x.spec->file, x.l1()});
    e.exponents.push_back({id, 2, x.spec->file, x.l2()});
  }
  return e;
}

}  // namespace

void require_published_names(const std::vector<CaseSpec>& cases, const std::vector<PublishedTable>& known) {
  std::set<std::string> ids, experiments;
  for (const PublishedTable& table : known)
    for (const PublishedValue& v : table.values) ids.insert(v.id);
  for (const RelationRule& rule : rules()) experiments.insert(rule.experiments.begin(), rule.experiments.end());
  std::string listed;
  for (const std::string& e : experiments) listed += (listed.empty() ? "" : ", ") + e;
  for (const CaseSpec& c : cases) {
    if (c.reproduces && !ids.contains(*c.reproduces))
      throw InputError(c.file, "case.reproduces", "no published table has a value '" + *c.reproduces + "'");
    if (!c.lyapunov || !c.lyapunov->published) continue;
    const std::string& id = *c.lyapunov->published;
    if (!experiments.contains(id) && !(ids.contains(id + ".lambda1") && ids.contains(id + ".lambda2")))
      throw InputError(c.file, "lyapunov.published",
                       "'" + id + "' is no experiment of the published relations (" + listed + ") or tables");
  }
}

RelationEvaluations evaluate_relations(const std::vector<CaseSpec>& cases, const RelationSettings& settings) {
  return evaluate_relations(cases, settings, ComputedExponents{});
}

RelationEvaluations evaluate_relations(const std::vector<CaseSpec>& cases, const RelationSettings& settings,
                                       const ComputedExponents& computed) {
  std::map<std::string, Member> members;
  for (const CaseSpec& c : cases)
    if (c.lyapunov && c.lyapunov->family)
      members.try_emplace(*c.lyapunov->family, *c.lyapunov->family, settings, computed).first->second.add(c);
  RelationEvaluations out;
  for (const RelationRule& rule : rules()) {
    RelationEvaluation& r = out[rule.name];
    if (settings.skip.contains(rule.name)) {
      r.not_evaluable = "not evaluated (left out by the caller)";
      continue;
    }
    if (members.empty()) r.not_evaluable = "no case names a [lyapunov] family";
    for (auto& [family, member] : members) r.members.push_back(evaluate(rule, member));
  }
  return out;
}

namespace {

const char* outcome_word(bool holds) { return holds ? "holds" : "contradicted"; }

/// The gate on one member: the evaluation against its record.
MemberVerdict judge(MemberEvaluation evaluation, const std::optional<RecordedOutcome>& recorded) {
  MemberVerdict v{std::move(evaluation), recorded, GateOutcome::not_evaluated, ""};
  const MemberEvaluation& e = v.evaluation;
  if (!e.computable) {
    if (recorded) {
      v.outcome = GateOutcome::changed;
      v.why_changed = std::string("recorded ") + outcome_word(recorded->holds) + ", now not evaluated: " + e.why_not;
    }
  } else if (!recorded) {
    v.outcome = GateOutcome::changed;
    v.why_changed = std::string("no outcome recorded for this member; measured: ") + outcome_word(e.holds);
  } else if (recorded->holds != e.holds) {
    v.outcome = GateOutcome::changed;
    v.why_changed = std::string("recorded ") + outcome_word(recorded->holds) + ", measured " + outcome_word(e.holds);
  } else {
    v.outcome = e.holds ? GateOutcome::holds : GateOutcome::contradicted_as_recorded;
  }
  return v;
}

}  // namespace

CheckResult check_published(const std::vector<PublishedTable>& tables, const RelationEvaluations& evaluations,
                            const std::vector<Reproduction>& reproductions) {
  CheckResult result;
  // A value of status reproduced must be re-computed by a case, to its printed digits.
  for (const PublishedTable& table : tables)
    for (const PublishedValue& v : table.values) {
      if (v.status != PublishedStatus::reproduced) continue;
      const auto found = std::find_if(reproductions.begin(), reproductions.end(),
                                      [&](const Reproduction& r) { return r.id == v.id; });
      Reproduction r = found != reproductions.end()
                           ? *found
                           : Reproduction{v.id, v.value.text, v.digits_printed, v.status, v.relations, "", "", "",
                                          {}, "no case reproduces it ([case] reproduces)", false, {}};
      result.reproduced.push_back(std::move(r));
    }
  std::map<std::pair<std::string, std::string>, RecordedOutcome> records;
  for (const PublishedTable& table : tables)
    for (const RecordedOutcome& o : table.outcomes)
      if (!records.emplace(std::pair{o.relation, o.family}, o).second)
        throw InputError(table.file, "outcome",
                         "the outcome of '" + o.relation + "' on '" + o.family + "' is recorded in two tables");
  for (const std::string& name : published_relations()) {
    RelationVerdict relation{name, std::string(relation_statement(name)), {}, std::nullopt, {}};
    for (const PublishedTable& table : tables)
      for (const PublishedValue& v : table.values)
        if (v.status != PublishedStatus::not_reproducible &&
            std::find(v.relations.begin(), v.relations.end(), name) != v.relations.end())
          relation.covers.push_back({v.id, v.value.text, std::stod(v.value.text), v.digits_printed});
    if (relation.covers.empty()) continue;
    const auto evaluated = evaluations.find(name);
    if (evaluated == evaluations.end()) relation.not_evaluable = "not evaluated";
    else relation.not_evaluable = evaluated->second.not_evaluable;
    std::set<std::string> families;
    if (evaluated != evaluations.end() && !relation.not_evaluable) {
      for (const MemberEvaluation& e : evaluated->second.members) {
        families.insert(e.family);
        const auto record = records.find({name, e.family});
        relation.members.push_back(
            judge(e, record == records.end() ? std::nullopt : std::optional<RecordedOutcome>(record->second)));
      }
    }
    // A record whose member was not evaluated (no such family, or the relation left out).
    for (const auto& [key, record] : records)
      if (key.first == name && !families.contains(key.second))
        relation.members.push_back(judge({key.second, false,
                                          relation.not_evaluable.value_or("no case of family '" + key.second + "'"),
                                          false, "", {}, {}},
                                         record));
    CheckSummary& count = result.summary;
    if (relation.not_evaluable) ++count.not_evaluated;
    for (MemberVerdict& m : relation.members) {
      switch (m.outcome) {
        case GateOutcome::holds: ++count.holds; break;
        case GateOutcome::contradicted_as_recorded: ++count.contradicted_as_recorded; break;
        case GateOutcome::changed: ++count.changed; break;
        case GateOutcome::not_evaluated: ++count.not_evaluated; break;
      }
      for (ComputedExponent& x : m.evaluation.exponents)
        if (const CoveredValue* v = relation.published(x)) x.published = v->value;
    }
    result.relations.push_back(std::move(relation));
  }
  for (const PublishedTable& table : tables)
    for (const PublishedValue& v : table.values)
      if (v.status == PublishedStatus::not_reproducible) result.unchecked.push_back({v.id, v.value.text, std::stod(v.value.text), v.reason});
  return result;
}

}  // namespace vibro
