// Published numbers re-computed as numbers (label golden): seed 002's standard-scheme error
// 4.99e−3 (reference/published/seed_002.toml, the value as printed in seed 002 §3.1) agrees
// with the run of the case that names it to its 3 printed digits; and the gate of `vibro
// check` fails when such a number stops agreeing, when no case computes it, and when a case
// names a value no table has (published/published_reproduction.hpp).

#include "vibro/io/case_file.hpp"
#include "vibro/io/published_table.hpp"
#include "vibro/support/input_error.hpp"
#include "vibro/published/published_check.hpp"
#include "vibro/published/published_reproduction.hpp"
#include "support/build_paths.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace {

const std::string seed002_table = std::string(test_paths::published_dir) + "/seed_002.toml";
const std::string exp1_standard = std::string(test_paths::cases_dir) + "/seed002/exp1_standard.toml";

/// The shipped table with the standard value's printed text replaced.
vibro::PublishedTable table_printing(const std::string& printed) {
  std::ifstream in(seed002_table);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::string original = "value = \"4.99e-3\"";
  text.replace(text.find(original), original.size(), "value = \"" + printed + "\"");
  return vibro::parse_published_table(text, "seed_002.toml");
}

TEST(PublishedReproduction, StandardSchemeErrorOfSeed002AgreesToItsPrintedDigits) {
  const std::vector<vibro::PublishedTable> tables = {vibro::load_published_table(seed002_table)};
  const auto reproductions = vibro::evaluate_reproductions(tables, {vibro::load_case(exp1_standard)}, {});
  ASSERT_EQ(reproductions.size(), 1u);
  const vibro::Reproduction& r = reproductions[0];
  EXPECT_EQ(r.id, "002.exp1.standard.max_error_q1");
  ASSERT_TRUE(r.computed.has_value());
  EXPECT_TRUE(r.agrees) << "computed " << r.computed->text << " against printed 4.99e-3";
  const vibro::CheckResult check = vibro::check_published(tables, {}, reproductions);
  ASSERT_EQ(check.reproduced.size(), 1u);
  EXPECT_EQ(check.reproduced_agreeing(), 1u);
}

TEST(PublishedReproduction, ANumberThatNoLongerAgreesFailsTheGate) {
  const std::vector<vibro::PublishedTable> tables = {table_printing("4.98e-3")};
  const auto reproductions = vibro::evaluate_reproductions(tables, {vibro::load_case(exp1_standard)}, {});
  ASSERT_EQ(reproductions.size(), 1u);
  EXPECT_FALSE(reproductions[0].agrees);
  const vibro::CheckResult check = vibro::check_published(tables, {}, reproductions);
  EXPECT_EQ(check.reproduced_agreeing(), 0u);
  EXPECT_FALSE(check.matches_records());
}

TEST(PublishedReproduction, AReproducedValueThatNoCaseComputesFailsTheGate) {
  const std::vector<vibro::PublishedTable> tables = {vibro::load_published_table(seed002_table)};
  const vibro::CheckResult check = vibro::check_published(tables, {}, {});
  ASSERT_EQ(check.reproduced.size(), 1u);
  EXPECT_FALSE(check.reproduced[0].computed.has_value());
  EXPECT_FALSE(check.matches_records());
}

/// A case naming a value no table has is bad input, found when the names are checked
/// (require_published_names, before any run); evaluate_reproductions reproduces the values of
/// the tables it is given and leaves out a case naming another table's.
TEST(PublishedReproduction, ACaseNamingAnUnknownValueIsBadInput) {
  vibro::CaseSpec c = vibro::load_case(exp1_standard);
  c.reproduces = "002.exp1.nothing";
  const std::vector<vibro::PublishedTable> tables = {vibro::load_published_table(seed002_table)};
  try {
    vibro::require_published_names({c}, tables);
    ADD_FAILURE() << "an unknown id was accepted";
  } catch (const vibro::InputError& e) {
    EXPECT_EQ(e.key(), "case.reproduces");
  }
  EXPECT_TRUE(vibro::evaluate_reproductions(tables, {c}, {}).empty());
}

TEST(PublishedReproduction, OrderOfMagnitudeHoldsWithinAFactorTen) {
  vibro::Reproduction near{"x", "1e-11", 3, vibro::PublishedStatus::relation_only, {"order-of-magnitude"},
                           "near", "near.toml", "double", vibro::NumberText{"9e-11"}, "", false, 9.0};
  vibro::Reproduction far = near;
  far.case_name = "far";
  far.ratio = 11.0;
  const vibro::RelationEvaluation e = vibro::order_of_magnitude({near, far});
  ASSERT_EQ(e.members.size(), 2u);
  EXPECT_TRUE(e.members[0].holds);
  EXPECT_FALSE(e.members[1].holds);
}

}  // namespace
