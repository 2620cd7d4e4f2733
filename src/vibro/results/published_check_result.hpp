#pragma once
// What `vibro check` found: each relation of the published tables evaluated on each family
// member, the gate's verdict against the recorded outcomes, and the published values re-computed
// by their cases (published/published_check.hpp computes them).

#include "vibro/results/published_values.hpp"
#include "vibro/scalar/number_text.hpp"

#include <compare>
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace vibro {

/// One seed experiment on one family member: the case with this [lyapunov] family and published.
struct ExperimentKey {
  std::string family;     ///< "alpha0.9-a2500-umin0"
  std::string published;  ///< "001.IDED"
  auto operator<=>(const ExperimentKey&) const = default;
};

/// One exponent a relation used: which experiment, the case it was computed on, its value.
struct ComputedExponent {
  std::string experiment;  ///< "001.IDED"
  int index = 1;           ///< 1 (λ1) or 2 (λ2)
  std::string case_file;   ///< "lyapunov/ided.toml"
  double value = 0;        ///< per forcing period
  /// The published value of the same method and exponent, when the relation covers one
  /// (set by check_published).
  std::optional<double> published = std::nullopt;

  /// The id a published value of this exponent has: "001.IDED.lambda1".
  std::string id() const { return experiment + (index == 1 ? ".lambda1" : ".lambda2"); }
};

/// A number the relation's test compares (a difference, a threshold, a sum), by name.
struct RelationMeasure {
  std::string name;  ///< "|λ1(IDND) − λ1(IDED)|", "unit of λ1(IDED)'s 5th digit", …
  double value = 0;
};

/// A relation evaluated on one family member.
struct MemberEvaluation {
  std::string family;
  bool computable = false;  ///< false: a case it needs is missing (why_not says which)
  std::string why_not;
  bool holds = false;
  std::string test;                       ///< the comparison in words, with its numbers
  std::vector<RelationMeasure> measures;  ///< the same numbers, for JSON
  std::vector<ComputedExponent> exponents;
};

/// A relation on every member, or why it cannot be evaluated on any.
struct RelationEvaluation {
  std::optional<std::string> not_evaluable;  ///< e.g. seed 002's order-of-magnitude
  std::vector<MemberEvaluation> members;     ///< one per family, in name order
};

/// Relation name → its evaluation, for every name of published_relations().
using RelationEvaluations = std::map<std::string, RelationEvaluation>;

/// What the gate says of one relation on one member.
enum class GateOutcome {
  holds,                     ///< recorded "holds", and it holds
  contradicted_as_recorded,  ///< recorded "contradicted", and it does not hold
  changed,                   ///< differs from its record, or no record, or a record with nothing evaluated
  not_evaluated,             ///< cannot be evaluated here, and no outcome is recorded
};

/// "holds", "contradicted as recorded", "CHANGED", "not evaluated".
std::string_view to_string(GateOutcome outcome);

/// How many member outcomes of each kind the gate found (a relation not evaluable on any
/// member counts once as not evaluated).
struct CheckSummary {
  std::size_t holds = 0, contradicted_as_recorded = 0, changed = 0, not_evaluated = 0;
};

struct MemberVerdict {
  MemberEvaluation evaluation;
  std::optional<RecordedOutcome> recorded;
  GateOutcome outcome = GateOutcome::not_evaluated;
  std::string why_changed;  ///< for `changed`: what differs from the record
};

/// A published value a relation covers.
struct CoveredValue {
  std::string id;       ///< "001.IDED.lambda1"
  std::string printed;  ///< as printed
  double value = 0;
  int digits_printed = 0;
};

struct RelationVerdict {
  std::string name, statement;
  std::vector<CoveredValue> covers;            ///< the values that list it, in table order
  std::optional<std::string> not_evaluable;
  std::vector<MemberVerdict> members;

  /// The covered published value of the same method and exponent, if any.
  const CoveredValue* published(const ComputedExponent& x) const {
    for (const CoveredValue& v : covers)
      if (v.id == x.id()) return &v;
    return nullptr;
  }
};

/// A value whose status is not-reproducible: no relation checks it.
struct UncheckedValue {
  std::string id, printed;
  double value = 0;
  std::string reason;
};

/// One published value and the case that re-computes it (published/published_reproduction.hpp).
struct Reproduction {
  std::string id, printed;
  int digits_printed = 0;
  PublishedStatus status = PublishedStatus::not_reproducible;
  std::vector<std::string> relations;
  std::string case_name, case_file, precision;  ///< empty when no case reproduces it
  std::optional<NumberText> computed;           ///< every digit of the run's value
  std::string why_not;                          ///< when not computed
  bool agrees = false;                          ///< to digits_printed significant digits
  std::optional<double> ratio;                  ///< computed / printed
};

struct CheckResult {
  /// Version of the JSON rendering (io/result_json.cpp) of this result.
  static constexpr int schema_version = 1;
  std::vector<RelationVerdict> relations;  ///< every relation a value of the tables lists, once
  std::vector<UncheckedValue> unchecked;
  /// The values of status reproduced, each re-computed by its case: one that does not agree
  /// (or that no case computes) fails the gate (matches_records); the counts above are the
  /// relations'.
  std::vector<Reproduction> reproduced;
  CheckSummary summary;
  /// The reproduced values that agree with their printed digits.
  std::size_t reproduced_agreeing() const {
    std::size_t n = 0;
    for (const Reproduction& r : reproduced) n += r.agrees ? 1 : 0;
    return n;
  }
  /// Exit 0 of `vibro check`: every outcome equals its record, and every reproduced value agrees.
  bool matches_records() const { return summary.changed == 0 && reproduced_agreeing() == reproduced.size(); }
};

}  // namespace vibro
