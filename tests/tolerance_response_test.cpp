// A program studied over a tolerance ladder has a response to the tolerance in place of an
// order (docs/convergence.md "Tolerance ladders"): each class on error sequences whose response
// is known by construction (e = 3τ/10 answers with slope 1, e = τ^(1/2) with 1/2, e = max(τ,
// 10^-10) stalls at 10^-10 from τ = 10^-10, a constant error does not answer), built in every
// scalar type and taken through make_tolerance_study from the errors' texts, as a study's are.

#include "vibro/analysis/convergence_study.hpp"
#include "vibro/analysis/study_result.hpp"
#include "vibro/scalar/number_text_of.hpp"
#include "vibro/scalar/parse.hpp"
#include "vibro/scalar/traits.hpp"

#include "support/scalar_types.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace vibro {
// A failing class prints as its name.
void PrintTo(ToleranceClass c, std::ostream* out) { *out << to_string(c); }
}  // namespace vibro

namespace {

using vibro::ErrorMetric;
using vibro::index_of;
using vibro::number_text_of;
using vibro::NumberText;
using vibro::StudyResult;
using vibro::StudyRow;
using vibro::ToleranceClass;
using vibro::ToleranceResponse;

constexpr ErrorMetric metric = ErrorMetric::position_linf;

/// The ladder 1e-4, 1e-6, …, 1e-12 (two decades a rung), as texts.
const std::vector<std::string> ladder{"1e-4", "1e-6", "1e-8", "1e-10", "1e-12"};

/// A tolerance study of `error(τ)` in `metric` at each rung of `ladder` (none: no value), every
/// other metric without a value, computed in Real.
template <class Real>
StudyResult study_of(const std::function<std::optional<Real>(const Real&)>& error) {
  StudyResult study;
  for (const std::string& tolerance : ladder) {
    StudyRow row;
    row.h = "T/100";
    row.h_value = NumberText{"1/100"};
    row.tolerance = tolerance;
    if (const std::optional<Real> e = error(vibro::parse_real<Real>(tolerance))) row.errors[index_of(metric)] = number_text_of(*e);
    study.rows.push_back(row);
  }
  vibro::make_tolerance_study(study);
  return study;
}

template <class Real>
const ToleranceResponse& response(const StudyResult& study) {
  return (*study.tolerance_response)[index_of(metric)];
}

template <class Real>
class ToleranceResponses : public vibro::testing::ScalarTest<Real> {};
TYPED_TEST_SUITE(ToleranceResponses, vibro::testing::FloatingTypes, vibro::testing::ScalarNames);

TYPED_TEST(ToleranceResponses, AnErrorProportionalToTheToleranceIsSaidSoWithSlopeOne) {
  using Real = TypeParam;
  const StudyResult study = study_of<Real>([](const Real& tol) { return std::optional<Real>(Real(3) * tol / Real(10)); });
  const ToleranceResponse& r = response<Real>(study);
  EXPECT_EQ(r.response_class, ToleranceClass::proportional);
  ASSERT_TRUE(r.fit.has_value());
  // The logarithms are rounded to double: the slope is 1 to a few ulps of its logarithms.
  EXPECT_NEAR(r.fit->slope, 1.0, 1e-12);
  EXPECT_EQ(r.fit->range[0], 0u);
  EXPECT_EQ(r.fit->range[1], ladder.size() - 1);
  EXPECT_FALSE(r.stall.has_value());
  for (const auto& s : r.successive) EXPECT_NEAR(s.value(), 1.0, 1e-12);
  EXPECT_EQ(r.verdict, "tolerance-proportional: error ∝ tol^1.00 over tol 1e-4 … 1e-12");
  // No order in h: every metric's class says the study is over tolerances, and no floor is told.
  for (const vibro::OrderAnalysis& o : study.orders) {
    EXPECT_EQ(o.order_class, vibro::OrderClass::over_tolerances);
    EXPECT_FALSE(o.fit.has_value());
  }
  EXPECT_TRUE(study.rounding_floor.unmeasured.has_value());
  EXPECT_TRUE(vibro::rounding_floor_rule(study.rounding_floor).starts_with("unmeasured: "));
}

TYPED_TEST(ToleranceResponses, ASquareRootResponseIsLessThanProportional) {
  using Real = TypeParam;
  using std::sqrt;
  const ToleranceResponse r =
      response<Real>(study_of<Real>([](const Real& tol) { return std::optional<Real>(Real(sqrt(tol))); }));
  EXPECT_EQ(r.response_class, ToleranceClass::less_than_proportional);
  ASSERT_TRUE(r.fit.has_value());
  EXPECT_NEAR(r.fit->slope, 0.5, 1e-12);  // not below the stall slope 0.5: no stall
  EXPECT_FALSE(r.stall.has_value());
}

TYPED_TEST(ToleranceResponses, TheBandOfProportionalityEndsAtAQuarterFromOne) {
  using Real = TypeParam;
  using std::pow;
  const auto power = [](double p) {
    return [p](const Real& tol) { return std::optional<Real>(Real(pow(tol, Real(p)))); };
  };
  EXPECT_EQ(response<Real>(study_of<Real>(power(1.24))).response_class, ToleranceClass::proportional);
  EXPECT_EQ(response<Real>(study_of<Real>(power(0.76))).response_class, ToleranceClass::proportional);
  EXPECT_EQ(response<Real>(study_of<Real>(power(1.26))).response_class, ToleranceClass::more_than_proportional);
  EXPECT_EQ(response<Real>(study_of<Real>(power(0.74))).response_class, ToleranceClass::less_than_proportional);
}

TYPED_TEST(ToleranceResponses, AnErrorThatStopsFallingStallsFromTheRungItStopsAt) {
  using Real = TypeParam;
  const Real floor = vibro::parse_real<Real>("1e-10");
  const ToleranceResponse r = response<Real>(study_of<Real>([&](const Real& tol) {
    return std::optional<Real>(tol > floor ? tol : floor);
  }));
  // 1e-4 … 1e-10 answer with slope 1; 1e-10 → 1e-12 with 0: the stall from 1e-10, at 1e-10.
  EXPECT_EQ(r.response_class, ToleranceClass::proportional);
  ASSERT_TRUE(r.fit.has_value());
  EXPECT_NEAR(r.fit->slope, 1.0, 1e-12);
  EXPECT_EQ(r.fit->range[1], 3u);
  ASSERT_TRUE(r.stall.has_value());
  EXPECT_EQ(r.stall->from, 3u);
  EXPECT_EQ(r.stall->error.exact(), number_text_of(floor).exact());
  EXPECT_EQ(r.verdict, "tolerance-proportional: error ∝ tol^1.00 over tol 1e-4 … 1e-10; stalls at 1.0e-10 from tol 1e-10");
}

TYPED_TEST(ToleranceResponses, AnErrorThatGrowsAtTheTightEndStallsToo) {
  using Real = TypeParam;
  // 1e-4, 1e-6, 1e-8, then 3e-8 and 2e-7: a tighter tolerance made it worse.
  const std::vector<std::string> errors{"1e-4", "1e-6", "1e-8", "3e-8", "2e-7"};
  std::size_t i = 0;
  const ToleranceResponse r = response<Real>(study_of<Real>([&](const Real&) {
    return std::optional<Real>(vibro::parse_real<Real>(errors[i++]));
  }));
  ASSERT_TRUE(r.stall.has_value());
  EXPECT_EQ(r.stall->from, 2u);
  // The least error of the stalled tail, 1e-8 as the type holds it.
  EXPECT_EQ(r.stall->error.exact(), number_text_of(vibro::parse_real<Real>("1e-8")).exact());
  EXPECT_LT(r.successive[3].value(), 0);
}

TYPED_TEST(ToleranceResponses, AnErrorThatIgnoresTheToleranceHasNoResponse) {
  using Real = TypeParam;
  const ToleranceResponse r = response<Real>(study_of<Real>([](const Real&) { return std::optional<Real>(Real(2) / Real(1000)); }));
  EXPECT_EQ(r.response_class, ToleranceClass::no_response);
  EXPECT_FALSE(r.fit.has_value());
  ASSERT_TRUE(r.stall.has_value());
  EXPECT_EQ(r.stall->from, 0u);
  EXPECT_EQ(r.verdict, "no response to the tolerance: stalls at 2.0e-3 from tol 1e-4");
}

TYPED_TEST(ToleranceResponses, ZerosMissingValuesAndASingleErrorHaveNoFit) {
  using Real = TypeParam;
  EXPECT_EQ(response<Real>(study_of<Real>([](const Real&) { return std::optional<Real>(Real(0)); })).response_class,
            ToleranceClass::exact);
  EXPECT_EQ(response<Real>(study_of<Real>([](const Real&) { return std::optional<Real>(); })).response_class,
            ToleranceClass::no_values);
  std::size_t i = 0;
  const ToleranceResponse one = response<Real>(study_of<Real>([&](const Real& tol) {
    return std::optional<Real>(i++ == 2 ? tol : Real(0));
  }));
  EXPECT_EQ(one.response_class, ToleranceClass::too_few_points);
  EXPECT_FALSE(one.fit.has_value());
}

/// The work a run reports (an external program's `evaluations,N`) reaches its study's row; a
/// run that reports none has none. The runs are of u = 1 − t against that exact line.
TEST(ConvergenceStudyWork, TheEvaluationsARunReportsReachItsRow) {
  struct Line {
    double position(double t) const { return 1 - t; }
    double velocity(double) const { return -1; }
  };
  const auto run_at = [](std::size_t i, auto& observer) {
    for (int k = 0; k <= 4; ++k) observer.node(0.25 * k, 1 - 0.25 * k, -1.0);
    observer.end(1.0, 0.0, -1.0);
    if constexpr (requires { observer.report_evaluations(std::int64_t{}); })
      if (i == 1) observer.report_evaluations(1234);
    return 0.25;
  };
  const StudyResult study =
      vibro::convergence_study<double>({"a", "b"}, {4, 4}, run_at, Line{}, std::vector<double>{}, "the line", 1);
  ASSERT_EQ(study.rows.size(), 2u);
  EXPECT_FALSE(study.rows[0].evaluations.has_value());
  EXPECT_EQ(study.rows[1].evaluations, 1234);
}

TEST(ToleranceResponse, AStallFarBelowDoublesRangeKeepsItsExponent) {
  // An MPFR run's error of 3.14e-400 is said with its own exponent, not as 0.
  const ToleranceResponse r = vibro::analyse_tolerance_response(
      {std::log(1e-4), std::log(1e-6)}, {std::log(1e-300) - 100 * std::log(10.0), std::log(1e-300) - 100 * std::log(10.0)},
      {"3.14e-400", "3.14e-400"}, {true, true});
  EXPECT_EQ(vibro::tolerance_verdict(r, {"1e-4", "1e-6"}), "no response to the tolerance: stalls at 3.1e-400 from tol 1e-4");
}

}  // namespace
