// The measured rounding floor on a synthetic study whose rounding parts are known exactly:
// the parts are differences of decimal texts and the labels compare 10 × part with the error
// in rationals, so both are asserted with equality, on each side of the 10 % threshold; the
// order over the points left is the one the errors were built with.

#include "vibro/analysis/rounding_floor.hpp"
#include "vibro/scalar/parse_exact.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <numbers>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace vibro {
// A failing label prints as its name.
void PrintTo(PointStatus s, std::ostream* out) { *out << to_string(s); }
}  // namespace vibro

namespace {

using vibro::ErrorMetric;
using vibro::index_of;
using vibro::NumberText;
using vibro::PointStatus;
using vibro::rational;
using vibro::StudyResult;

constexpr std::size_t points = 8;

/// h = 1/100, 1/200, …: exact decimals, as a study's step sizes are.
rational h_at(std::size_t i) { return rational(1, 100 * (1 << i)); }

StudyResult halvings() {
  StudyResult study;
  for (std::size_t i = 0; i < points; ++i) {
    vibro::StudyRow row;
    row.h = "1/" + std::to_string(100 * (1 << i));
    row.h_value = NumberText{vibro::decimal_text(h_at(i))};
    study.rows.push_back(row);
  }
  return study;
}

void set(StudyResult& study, std::size_t i, ErrorMetric m, const rational& error) {
  study.rows[i].errors[index_of(m)] = NumberText{vibro::decimal_text(error)};
}

rational part(const StudyResult& study, std::size_t i, ErrorMetric m) {
  return study.rows[i].rounding_parts.value()[index_of(m)]->exact();
}

TEST(RoundingFloor, PointsWhoseRoundingIsATenthOfTheirErrorAreAtTheFloorAndTheOrderIsFittedWithoutThem) {
  const ErrorMetric m = ErrorMetric::position_linf;
  StudyResult study = halvings(), wider = halvings();
  // Six points of order 1, e = 3h/10, with a rounding part of 1 % (the wider error is 1.01 e).
  for (std::size_t i = 0; i < 6; ++i) {
    set(study, i, m, rational(3, 10) * h_at(i));
    set(wider, i, m, rational(303, 1000) * h_at(i));
  }
  // Then a rounding part of exactly 10 %, and an error the wider run does not have at all.
  set(study, 6, m, rational(4, 10'000'000'000));
  set(wider, 6, m, rational(36, 100'000'000'000));
  set(study, 7, m, rational(1, 1'000'000'000));
  set(wider, 7, m, rational(0));
  vibro::measure_rounding_floor(study, wider, "mpfr:30");

  EXPECT_EQ(study.rounding_floor.measured_at, "mpfr:30");
  for (std::size_t i = 0; i < 6; ++i) EXPECT_EQ(part(study, i, m), rational(3, 1000) * h_at(i)) << i;
  EXPECT_EQ(study.rows[0].rounding_parts.value()[index_of(m)]->text, "3e-5");
  EXPECT_EQ(part(study, 6, m), rational(4, 100'000'000'000));
  EXPECT_EQ(part(study, 7, m), rational(1, 1'000'000'000));
  const vibro::OrderAnalysis& o = study.orders[index_of(m)];
  for (std::size_t i = 0; i < 6; ++i) EXPECT_EQ(o.status[i], PointStatus::asymptotic) << i;
  EXPECT_EQ(o.status[6], PointStatus::rounding_floor);
  EXPECT_EQ(o.status[7], PointStatus::rounding_floor);
  ASSERT_TRUE(o.fit.has_value());
  EXPECT_EQ(o.fit->range[0], 0u);
  EXPECT_EQ(o.fit->range[1], 5u);
  // Each log is rounded to double (ε·|log| with |log| ≤ 15), which moves the slope over 6
  // points spanning 5 ln 2 by at most 6 · 2ε·15 / (5 ln 2).
  EXPECT_NEAR(o.fit->slope, 1.0, 6 * 2 * std::numeric_limits<double>::epsilon() * 15 / (5 * std::numbers::ln2));
}

TEST(RoundingFloor, JustBelowATenthIsNotTheFloorAndZeroOrMissingErrorsAreSaidSo) {
  const ErrorMetric m = ErrorMetric::velocity_l1;
  StudyResult study = halvings(), wider = halvings();
  // 10 × part = 0.0009999999999999999 < 0.001.
  set(study, 0, m, rational(1, 1000));
  wider.rows[0].errors[index_of(m)] = NumberText{"0.00090000000000000001"};
  // An exact point stays exact, whatever the wider run found.
  set(study, 1, m, rational(0));
  set(wider, 1, m, rational(1, 1'000'000));
  // No error here (no impact to compare): nothing to label, no part.
  set(wider, 2, m, rational(1, 1'000'000));
  // Any other point of the study is one of order 1 without rounding.
  for (std::size_t i = 3; i < points; ++i) {
    set(study, i, m, h_at(i));
    set(wider, i, m, h_at(i));
  }
  vibro::measure_rounding_floor(study, wider, "mpfr:50");

  EXPECT_EQ(part(study, 0, m), *vibro::parse_exact("0.00009999999999999999"));
  const vibro::OrderAnalysis& o = study.orders[index_of(m)];
  EXPECT_NE(o.status[0], PointStatus::rounding_floor);
  EXPECT_EQ(o.status[1], PointStatus::exact);
  EXPECT_EQ(part(study, 1, m), rational(1, 1'000'000));
  EXPECT_FALSE(study.rows[2].rounding_parts.value()[index_of(m)].has_value());
  EXPECT_EQ(part(study, 3, m), rational(0));
  // A metric no row has: no part anywhere.
  for (const auto& row : study.rows) EXPECT_FALSE(row.rounding_parts.value()[index_of(ErrorMetric::impact_time)].has_value());
}

/// The wider type is the next one up the ladder double → long double → float128 → MPFR,
/// and each rung's epsilon is below 1/1000 of the one under it (so the wider run's own
/// rounding is under 0.1 % of the measured part); MPFR gets 20 more digits. The default
/// measures only where the wider type is fixed-width.
TEST(RoundingFloor, TheWiderPrecisionIsTheNextTypeUpAndMpfrGets20MoreDigits) {
  using vibro::Precision;
  using vibro::ScalarKind;
  ASSERT_TRUE(vibro::long_double_is_wider) << "this test is written for the x86-64 80-bit long double";
  EXPECT_EQ(vibro::rounding_measure_precision(ScalarKind::double_, std::numeric_limits<double>::digits10),
            (Precision{ScalarKind::long_double, 0}));
  EXPECT_EQ(vibro::rounding_measure_precision(ScalarKind::long_double, std::numeric_limits<long double>::digits10),
            (Precision{ScalarKind::float128, 0}));
  EXPECT_EQ(vibro::rounding_measure_precision(ScalarKind::float128, std::numeric_limits<vibro::float128>::digits10),
            (Precision{ScalarKind::mpfr, 66}));
  EXPECT_EQ(vibro::rounding_measure_precision(ScalarKind::mpfr, 30), (Precision{ScalarKind::mpfr, 50}));
  EXPECT_LT(std::numeric_limits<long double>::epsilon() / std::numeric_limits<double>::epsilon(), 1e-3L);
  EXPECT_LT(std::numeric_limits<vibro::float128>::epsilon() / std::numeric_limits<long double>::epsilon(), 1e-3);
  EXPECT_TRUE(vibro::measured_by_default(ScalarKind::double_));
  EXPECT_TRUE(vibro::measured_by_default(ScalarKind::long_double));
  EXPECT_FALSE(vibro::measured_by_default(ScalarKind::float128));
  EXPECT_FALSE(vibro::measured_by_default(ScalarKind::mpfr));
  EXPECT_FALSE(vibro::measured_by_default(ScalarKind::rational));
  EXPECT_THROW(vibro::rounding_measure_precision(ScalarKind::rational, 0), std::logic_error);
}

TEST(RoundingFloor, AWiderStudyAtOtherStepSizesIsRefused) {
  StudyResult study = halvings(), wider = halvings();
  wider.rows.pop_back();
  EXPECT_THROW(vibro::measure_rounding_floor(study, wider, "mpfr:30"), std::logic_error);
}

}  // namespace
