#pragma once
// The fields of `vibro check`'s result (results/published_check_result.hpp).

#include "vibro/results/declared_fields.hpp"
#include "vibro/results/published_check_result.hpp"
#include "vibro/results/lyapunov_result_fields.hpp"
#include "vibro/results/provenance_fields.hpp"

#include <array>
#include <string>
#include <tuple>
#include <type_traits>

namespace vibro {

// `summary` of `vibro check --json`.
constexpr auto declared_fields(std::type_identity<CheckSummary>) {
  return std::tuple{Field{"holds", &CheckSummary::holds},
                    Field{"contradicted_as_recorded", &CheckSummary::contradicted_as_recorded},
                    Field{"changed", &CheckSummary::changed}, Field{"not_evaluated", &CheckSummary::not_evaluated}};
}

// One exponent a relation used, an element of a member's `exponents`: its id, case and value,
// and the published value of the same method and exponent.
inline std::string exponent_id(const ComputedExponent& x) { return x.id(); }
constexpr auto declared_fields(std::type_identity<ComputedExponent>) {
  return std::tuple{Shown{"id", &exponent_id}, NotInJson{&ComputedExponent::experiment},
                    NotInJson{&ComputedExponent::index}, Field{"case", &ComputedExponent::case_file},
                    Field{"computed", &ComputedExponent::value},
                    Field{"published", &ComputedExponent::published, Absent::omitted}};
}

// A relation evaluated on one member, beside the member's verdict: its test and the numbers
// it compared, or why it was not evaluated.
inline bool member_evaluated(const MemberEvaluation& e) { return e.computable; }
inline bool member_not_evaluated(const MemberEvaluation& e) { return !e.computable; }
constexpr auto declared_fields(std::type_identity<MemberEvaluation>) {
  using E = MemberEvaluation;
  return std::tuple{Field{"family", &E::family}, Field{"evaluated", &E::computable},
                    When{"why_not_evaluated", &E::why_not, &member_not_evaluated},
                    When{"holds", &E::holds, &member_evaluated}, When{"test", &E::test, &member_evaluated},
                    When{"measures", &E::measures, &member_evaluated},
                    When{"exponents", &E::exponents, &member_evaluated}};
}

// `recorded`: the outcome a published table records for the member, with its reasons.
inline std::string_view recorded_outcome(const RecordedOutcome& o) { return o.holds ? "holds" : "contradicted"; }
constexpr auto declared_fields(std::type_identity<RecordedOutcome>) {
  return std::tuple{NotInJson{&RecordedOutcome::relation}, NotInJson{&RecordedOutcome::family},
                    NotInJson{&RecordedOutcome::holds}, Shown{"outcome", &recorded_outcome},
                    Field{"reason", &RecordedOutcome::reason}, Field{"evidence", &RecordedOutcome::evidence},
                    Field{"measured_by", &RecordedOutcome::measured_by}};
}

// One element of a relation's `members`: the gate's outcome on the member, its evaluation
// beside it, and the record it was held against.
inline bool verdict_changed(const MemberVerdict& m) { return m.outcome == GateOutcome::changed; }
constexpr auto declared_fields(std::type_identity<MemberVerdict>) {
  return std::tuple{Field{"evaluation", &MemberVerdict::evaluation, Absent::inline_omitted},
                    Field{"recorded", &MemberVerdict::recorded, Absent::omitted},
                    Field{"outcome", &MemberVerdict::outcome},
                    When{"why_changed", &MemberVerdict::why_changed, &verdict_changed}};
}

// One element of a relation's `covers`: a published value it checks (as printed in the text).
constexpr auto declared_fields(std::type_identity<CoveredValue>) {
  return std::tuple{Field{"id", &CoveredValue::id}, NotInJson{&CoveredValue::printed},
                    Field{"published", &CoveredValue::value}, Field{"digits_printed", &CoveredValue::digits_printed}};
}

// One element of `relations`.
constexpr auto declared_fields(std::type_identity<RelationVerdict>) {
  return std::tuple{Field{"relation", &RelationVerdict::name}, Field{"statement", &RelationVerdict::statement},
                    Field{"covers", &RelationVerdict::covers},
                    Field{"not_evaluated", &RelationVerdict::not_evaluable, Absent::omitted},
                    Field{"members", &RelationVerdict::members}};
}

// One element of `not_reproducible`.
constexpr auto declared_fields(std::type_identity<UncheckedValue>) {
  return std::tuple{Field{"id", &UncheckedValue::id}, NotInJson{&UncheckedValue::printed},
                    Field{"published", &UncheckedValue::value}, Field{"reason", &UncheckedValue::reason}};
}

// One element of `reproduced`: a published value, as printed, against the run that
// re-computes it, whose value is given as its text (every digit) or null.
inline std::optional<std::string> computed_text(const Reproduction& r) {
  return r.computed ? std::optional<std::string>(r.computed->text) : std::nullopt;
}
inline bool not_computed(const Reproduction& r) { return !r.computed; }
constexpr auto declared_fields(std::type_identity<Reproduction>) {
  using R = Reproduction;
  return std::tuple{Field{"id", &R::id},
                    Field{"published", &R::printed},
                    Field{"digits_printed", &R::digits_printed},
                    NotInJson{&R::status},
                    NotInJson{&R::relations},
                    NotInJson{&R::case_name},
                    Field{"case", &R::case_file},
                    Field{"precision", &R::precision},
                    NotInJson{&R::computed},
                    Shown{"computed", &computed_text, Absent::null},
                    When{"why_not_computed", &R::why_not, &not_computed},
                    Field{"agrees", &R::agrees},
                    NotInJson{&R::ratio}};
}

// `vibro check --json`; io/result_json.cpp adds the layout's `schema_version`.
inline bool check_matches_records(const CheckResult& r) { return r.matches_records(); }
constexpr auto declared_fields(std::type_identity<CheckResult>) {
  return std::tuple{Field{"relations", &CheckResult::relations}, Field{"not_reproducible", &CheckResult::unchecked},
                    Field{"reproduced", &CheckResult::reproduced}, Field{"summary", &CheckResult::summary},
                    Shown{"matches_records", &check_matches_records}};
}

}  // namespace vibro
