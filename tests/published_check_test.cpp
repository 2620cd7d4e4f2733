// `vibro check` on the shipped tables and Lyapunov cases (label golden). The published
// exponents of seeds 000/001 belong to unpublished α, a, u_min, so what is asserted is the
// relations of MATH.md §4 on the harness's chaotic case (cases/lyapunov/), each stated as
// it holds here — including the one that does not (relation 4), so that a change in it is
// seen rather than hidden.

#include "vibro/io/case_file.hpp"
#include "vibro/io/published_table.hpp"
#include "vibro/run/published_check.hpp"
#include "vibro/run/run_lyapunov.hpp"
#include "vibro/scalar/parse.hpp"

#include <gtest/gtest.h>

namespace {

TEST(PublishedCheck, RelationsOnTheChaoticCase) {
  const auto relations = vibro::evaluate_relations(vibro::load_cases(VIBRO_CASES_DIR));
  // Relation 1 (seed 001 §5): IDED and IDND agree to five significant digits.
  EXPECT_TRUE(relations.at("ided-idnd-agree").holds) << relations.at("ided-idnd-agree").detail;
  // Relation 2: chaotic and dissipative.
  EXPECT_TRUE(relations.at("chaotic-dissipative").holds) << relations.at("chaotic-dissipative").detail;
  // Relation 3: NSND with ε = 1e−8 is far from IDED (here with a negative sum, unlike seed 001's).
  EXPECT_TRUE(relations.at("nsnd-small-eps-fails").holds) << relations.at("nsnd-small-eps-fails").detail;
  // Relation 5 (seed 000 §4): C.N.S.P is closer to I.D.P than I.N.S.P is.
  EXPECT_TRUE(relations.at("cnsp-closer-than-insp").holds) << relations.at("cnsp-closer-than-insp").detail;
  // Relation 4 does NOT hold on this case: NSND with ε = 3h, h = T/40000 has λ1 < 0 where
  // IDED has λ1 > 0 (13 of 3000 periods change their active set under the perturbation).
  EXPECT_FALSE(relations.at("nsnd-3h-close").holds) << relations.at("nsnd-3h-close").detail;
  // Seed 002's relation needs N-DOF schemes the harness does not have yet.
  EXPECT_FALSE(relations.at("order-of-magnitude").computable);
}

/// Issue 5, item 3: the chaotic case is robustly chaotic: IDED gives λ1 > 0 with a defined
/// exact derivative (transverse impacts only: a grazing, accumulation or sticking would make
/// it undefined) from v0 = 0.1 and two nearby initial velocities, in double over the whole
/// horizon and in MPFR at 30 digits over 300 periods (where 30 digits keep the trajectory
/// true: λ1 ≈ 0.06 per period costs ~8 digits; MATH.md §4, digits_needed).
TEST(PublishedCheck, ChaoticCaseIsRobustlyChaotic) {
  for (const char* v0 : {"0.099", "0.1", "0.101"}) {
    for (const auto& [precision, periods] : {std::pair{"double", 3000}, std::pair{"mpfr:30", 300}}) {
      vibro::CaseSpec c = vibro::load_case(std::string(VIBRO_CASES_DIR) + "/lyapunov/ided.toml");
      c.v0 = vibro::NumberInput{"initial.v0", v0, *vibro::parse_exact(v0)};
      c.horizon.periods = periods;
      vibro::RunOptions options;
      options.precision = vibro::Precision::parse(precision);
      const vibro::LyapunovFindings l = vibro::run_lyapunov_case(c, options).lyapunov;
      ASSERT_TRUE(l.defined) << v0 << " " << precision << ": " << l.why_undefined;
      EXPECT_GT(std::stod(l.lambda1_per_period.text), 0) << v0 << " " << precision;
      EXPECT_LT(std::stod(l.sum_per_period.text), 0) << v0 << " " << precision;
    }
  }
}

TEST(PublishedCheck, EveryPublishedValueGetsAVerdict) {
  const auto tables = vibro::load_published_tables(VIBRO_PUBLISHED_DIR);
  std::map<std::string, vibro::RelationOutcome> relations;
  for (const auto& name : vibro::published_relations()) relations[name] = {true, true, "assumed to hold"};
  relations["order-of-magnitude"] = {false, false, "not evaluated"};
  const auto all_hold = vibro::check_published(tables, relations);
  EXPECT_TRUE(all_hold.passed);
  std::size_t values = 0;
  for (const auto& t : tables) values += t.values.size();
  ASSERT_EQ(all_hold.verdicts.size(), values);
  for (const auto& v : all_hold.verdicts) EXPECT_FALSE(v.verdict.empty()) << v.id;
  // One failing relation fails the check, and only the values that take part in it.
  relations["nsnd-3h-close"].holds = false;
  const auto one_fails = vibro::check_published(tables, relations);
  EXPECT_FALSE(one_fails.passed);
  for (const auto& v : one_fails.verdicts) {
    bool uses_it = false;
    if (v.relations)
      for (const auto& r : *v.relations) uses_it = uses_it || r.relation == "nsnd-3h-close";
    EXPECT_EQ(v.verdict == "relation fails", uses_it) << v.id;
  }
}

}  // namespace
