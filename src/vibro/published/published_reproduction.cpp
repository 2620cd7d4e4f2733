#include "vibro/published/published_reproduction.hpp"

#include "vibro/analysis/significant_digits.hpp"
#include "vibro/support/input_error.hpp"
#include "vibro/run/run_case.hpp"
#include "vibro/results/system_findings.hpp"

#include <fmt/format.h>

#include <cmath>

namespace vibro {

std::optional<NumberText> published_quantity(const RunResult& run, const std::string& quantity) {
  if (quantity == "max_abs_error.q1" && run.run.system) return run.run.system->max_error_rigid_wall_q1;
  return std::nullopt;
}

std::vector<Reproduction> evaluate_reproductions(const std::vector<PublishedTable>& tables,
                                                 const std::vector<CaseSpec>& cases, const RelationSettings& settings,
                                                 const std::map<std::string, const RunResult*>& computed) {
  std::map<std::string, const CaseSpec*> by_id;
  for (const CaseSpec& c : cases) {
    if (!c.reproduces) continue;
    if (!by_id.emplace(*c.reproduces, &c).second)
      throw InputError(c.file, "case.reproduces",
                       "'" + *c.reproduces + "' is reproduced by two cases (the other is " + by_id[*c.reproduces]->file + ")");
  }
  std::vector<Reproduction> out;
  for (const PublishedTable& table : tables)
    for (const PublishedValue& v : table.values) {
      const auto it = by_id.find(v.id);
      if (it == by_id.end()) continue;
      const CaseSpec& c = *it->second;
      Reproduction r{v.id, v.value.text, v.digits_printed, v.status, v.relations, c.name, c.file, "", {}, "", false, {}};
      RunResult run;
      if (const auto given = computed.find(c.name); given != computed.end() && !settings.precision) {
        run = *given->second;
      } else {
        RunOptions options = settings.run;
        options.precision = settings.precision;
        options.label = "reproduction of " + v.id + " by " + c.name;
        run = run_case(c, options);
      }
      r.precision = run.provenance.precision.name;
      r.computed = published_quantity(run, v.quantity);
      if (!r.computed) {
        r.why_not = "the run of " + c.file + " does not yield " + v.quantity;
      } else {
        const rational x = r.computed->exact();
        r.agrees = agree_to_significant_digits(v.value.exact, x, v.digits_printed);
        if (v.value.exact != 0) r.ratio = static_cast<double>(x / v.value.exact);
      }
      out.push_back(std::move(r));
    }
  return out;
}

RelationEvaluation order_of_magnitude(const std::vector<Reproduction>& reproductions) {
  RelationEvaluation e;
  for (const Reproduction& r : reproductions) {
    if (std::find(r.relations.begin(), r.relations.end(), "order-of-magnitude") == r.relations.end()) continue;
    MemberEvaluation m{r.case_name, r.computed.has_value() && r.ratio.has_value(), r.why_not, false, "", {}, {}};
    if (m.computable) {
      const double decades = std::abs(std::log10(*r.ratio));
      m.holds = *r.ratio > 0 && decades < 1;
      m.test = fmt::format("{}: computed {} by {} at {} against printed {}: ratio {:.3g}, |log10 ratio| = {:.3g} (< 1 holds)",
                           r.id, r.computed->text, r.case_file, r.precision, r.printed, *r.ratio, decades);
      m.measures = {{"ratio_to_printed", *r.ratio}, {"abs_log10_ratio_to_printed", decades}};
    }
    e.members.push_back(std::move(m));
  }
  if (e.members.empty()) e.not_evaluable = "no case reproduces a value that lists it ([case] reproduces)";
  return e;
}

}  // namespace vibro
