// The gate of `vibro check` (label unit): outcomes against the records of the published
// tables, on tables and evaluations made up here (published/published_check.hpp), so that every
// branch is reached without running a case. The rule under test (reference/published/
// README.md): exit 0 when every outcome equals its record; a recorded "holds" that no longer
// holds, a recorded "contradicted" that now holds, an evaluated member with no record and a
// record with nothing evaluated are each a change.

#include "vibro/io/case_file.hpp"
#include "vibro/io/published_table.hpp"
#include "vibro/support/input_error.hpp"
#include "vibro/published/published_check.hpp"
#include "support/build_paths.hpp"

#include <gtest/gtest.h>

#include <string>

namespace {

using vibro::GateOutcome;

/// One table of seed 001 whose two values list ided-idnd-agree, with `outcomes` appended.
vibro::PublishedTable table(const std::string& outcomes) {
  const std::string value = R"(
[[value]]
id = "001.IDED.lambda1"
quantity = "lyapunov.lambda1"
method = "IDED"
label_as_printed = "IDED"
value = "3.05695"
digits_printed = 6
units = "per period"
settings = { e = "0.5" }
source = { seed = "001", file = "001_x.txt", section = "5", table_or_equation = "display", line = 443 }
status = "relation-only"
relations = ["ided-idnd-agree"]
reason = "parameters not published"
)";
  std::string text = "seed = \"001\"\nseed_file = \"001_x.txt\"\npaper = \"p\"\n";
  return vibro::parse_published_table(text + value + outcomes, "test.toml");
}

std::string outcome(const char* family, const char* recorded) {
  return std::string("[[outcome]]\nrelation = \"ided-idnd-agree\"\nfamily = \"") + family + "\"\noutcome = \"" +
         recorded + "\"\nreason = \"r\"\nevidence = \"e\"\nmeasured_by = \"vibro check\"\n";
}

/// ided-idnd-agree evaluated on the given families, holding or not.
vibro::RelationEvaluations evaluated(std::initializer_list<std::pair<const char*, bool>> members) {
  vibro::RelationEvaluations e;
  for (const auto& name : vibro::published_relations()) e[name].not_evaluable = "not evaluated here";
  vibro::RelationEvaluation& r = e["ided-idnd-agree"];
  r.not_evaluable.reset();
  for (const auto& [family, holds] : members)
    r.members.push_back({family, true, "", holds, "a test", {{"d", 1.0}}, {{"001.IDED", 1, "ided.toml", 0.07}}});
  return e;
}

GateOutcome only_outcome(const vibro::CheckResult& r) {
  EXPECT_EQ(r.relations.size(), 1u);
  EXPECT_EQ(r.relations.at(0).members.size(), 1u);
  return r.relations.at(0).members.at(0).outcome;
}

TEST(CheckGate, OutcomesAsRecordedPass) {
  const auto holds = vibro::check_published({table(outcome("m", "holds"))}, evaluated({{"m", true}}));
  EXPECT_EQ(only_outcome(holds), GateOutcome::holds);
  EXPECT_TRUE(holds.matches_records());
  EXPECT_EQ(holds.summary.holds, 1u);
  const auto contradicted = vibro::check_published({table(outcome("m", "contradicted"))}, evaluated({{"m", false}}));
  EXPECT_EQ(only_outcome(contradicted), GateOutcome::contradicted_as_recorded);
  EXPECT_TRUE(contradicted.matches_records());
  EXPECT_EQ(contradicted.summary.contradicted_as_recorded, 1u);
}

TEST(CheckGate, RecordedHoldsThatNowFailsIsAChange) {
  const auto r = vibro::check_published({table(outcome("m", "holds"))}, evaluated({{"m", false}}));
  EXPECT_EQ(only_outcome(r), GateOutcome::changed);
  EXPECT_FALSE(r.matches_records());
  EXPECT_EQ(r.summary.changed, 1u);
  EXPECT_EQ(r.relations[0].members[0].why_changed, "recorded holds, measured contradicted");
}

TEST(CheckGate, RecordedContradictionThatNowHoldsIsAChange) {
  // An improvement is also a change: the record (and its reason) must be looked at.
  const auto r = vibro::check_published({table(outcome("m", "contradicted"))}, evaluated({{"m", true}}));
  EXPECT_EQ(only_outcome(r), GateOutcome::changed);
  EXPECT_FALSE(r.matches_records());
}

TEST(CheckGate, UnrecordedMemberAndOrphanRecordAreChanges) {
  const auto unrecorded = vibro::check_published({table("")}, evaluated({{"m", true}}));
  EXPECT_EQ(only_outcome(unrecorded), GateOutcome::changed);
  const auto orphan = vibro::check_published({table(outcome("gone", "holds"))}, evaluated({}));
  EXPECT_EQ(only_outcome(orphan), GateOutcome::changed);
  EXPECT_FALSE(orphan.relations[0].members[0].evaluation.computable);
}

TEST(CheckGate, NotEvaluableWithoutRecordIsNotAChange) {
  vibro::RelationEvaluations e = evaluated({});
  e["ided-idnd-agree"].not_evaluable = "no cases";
  const auto r = vibro::check_published({table("")}, e);
  EXPECT_TRUE(r.matches_records());
  EXPECT_EQ(r.summary.not_evaluated, 1u);
}

TEST(CheckGate, EachRelationOnceWithTheValuesItCovers) {
  const auto r = vibro::check_published({table(outcome("m", "holds") + outcome("n", "holds"))},
                                        evaluated({{"m", true}, {"n", true}}));
  ASSERT_EQ(r.relations.size(), 1u);
  EXPECT_EQ(r.relations[0].name, "ided-idnd-agree");
  ASSERT_EQ(r.relations[0].covers.size(), 1u);
  EXPECT_EQ(r.relations[0].covers[0].id, "001.IDED.lambda1");
  EXPECT_DOUBLE_EQ(r.relations[0].covers[0].value, 3.05695);
  EXPECT_EQ(r.relations[0].members.size(), 2u);
  EXPECT_EQ(r.summary.holds, 2u);
}

TEST(CheckGate, OutcomeRecordsAreValidated) {
  const auto refused = [](const std::string& outcomes, const std::string& key) {
    try {
      table(outcomes);
    } catch (const vibro::InputError& e) {
      return e.key() == key;
    }
    return false;
  };
  EXPECT_TRUE(refused(outcome("m", "maybe"), "outcome[0].outcome"));
  EXPECT_TRUE(refused(outcome("m", "holds") + outcome("m", "holds"), "outcome[1].family"));
  // The relation must be one a value of the same table lists.
  std::string other = outcome("m", "holds");
  other.replace(other.find("ided-idnd-agree"), 15, "nsnd-3h-close");
  EXPECT_TRUE(refused(other, "outcome[0].relation"));
  EXPECT_TRUE(refused("[[outcome]]\nrelation = \"ided-idnd-agree\"\nfamily = \"m\"\noutcome = \"holds\"\n",
                      "outcome[0].reason"));
}

/// A family is one set of model parameters and initial data, with one case per experiment;
/// anything else is bad input (exit 2), refused before any case runs.
TEST(CheckGate, FamilyMustShareTheModelAndNameEachExperimentOnce) {
  const std::string dir = std::string(test_paths::cases_dir) + "/lyapunov/";
  const vibro::CaseSpec ided = vibro::load_case(dir + "ided.toml");
  vibro::CaseSpec idnd = vibro::load_case(dir + "idnd.toml");
  const auto key_refused = [](const std::vector<vibro::CaseSpec>& cases, const std::string& key) {
    try {
      vibro::evaluate_relations(cases);
    } catch (const vibro::InputError& e) {
      return e.key() == key;
    }
    return false;
  };
  vibro::CaseSpec other_alpha = idnd;
  std::get<vibro::OscillatorSpec>(other_alpha.model.kind).alpha.exact = 1;
  EXPECT_TRUE(key_refused({ided, other_alpha}, "lyapunov.family"));
  vibro::CaseSpec twice = idnd;
  twice.lyapunov->published = "001.IDED";
  EXPECT_TRUE(key_refused({ided, twice}, "lyapunov.published"));
}

}  // namespace
