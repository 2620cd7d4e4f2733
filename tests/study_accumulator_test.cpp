// The errors of a study run accumulated node by node and impact by impact
// (analysis/convergence.hpp) against their definitions evaluated on the whole run at once
// (docs/mathematics.md §8): L∞ = max |e_n|, L1 = Σ_{n<N} (t_{n+1} − t_n)|e_n|, the final errors, and the
// impact-time error as the largest, over the reference's impacts, of the distance to the
// nearest impact of the scheme — by brute force over every pair. The operations are the
// same ones, so every type, floating or exact, must agree exactly.

#include "support/scalar_types.hpp"

#include "vibro/analysis/convergence.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <vector>

namespace {

using namespace vibro::testing;

/// u(t) = t/3, v(t) = 1/3: rational, so the exact type runs it too.
template <class Real>
struct LinearMotion {
  Real position(const Real& t) const { return t / 3; }
  Real velocity(const Real&) const { return Real(1) / 3; }
};

/// A non-uniform grid and a perturbed motion on it, from a fixed linear congruential sequence.
template <class Real>
struct Run {
  std::vector<Real> t, u, v;
};

template <class Real>
Run<Real> perturbed_run(std::size_t nodes) {
  Run<Real> run;
  std::uint32_t state = 12345;
  const auto next = [&] { return (state = state * 1664525u + 1013904223u) >> 22; };  // 0 … 1023
  Real t(0);
  for (std::size_t n = 0; n < nodes; ++n) {
    run.t.push_back(t);
    run.u.push_back(t / 3 + Real(static_cast<int>(next()) - 512) / 4096);
    run.v.push_back(Real(1) / 3 + Real(static_cast<int>(next()) - 512) / 2048);
    t += Real(static_cast<int>(next()) + 1) / 1024;
  }
  return run;
}

template <class Real>
std::optional<Real> brute_force_impact_error(const std::vector<Real>& scheme, const std::vector<Real>& reference) {
  using std::abs;
  if (scheme.empty() || reference.empty()) return std::nullopt;
  Real largest(0);
  for (const Real& r : reference) {
    Real nearest = abs(r - scheme.front());
    for (const Real& s : scheme) nearest = std::min(nearest, Real(abs(r - s)));
    largest = std::max(largest, nearest);
  }
  return largest;
}

template <class Real>
class StudyAccumulatorTest : public ScalarTest<Real> {};
TYPED_TEST_SUITE(StudyAccumulatorTest, AllTypes, ScalarNames);

TYPED_TEST(StudyAccumulatorTest, GridAndFinalErrorsEqualTheirDefinitions) {
  using Real = TypeParam;
  using std::abs;
  const LinearMotion<Real> exact;
  const std::vector<Real> no_impacts;
  const Run<Real> run = perturbed_run<Real>(200);
  vibro::StudyAccumulator<Real, LinearMotion<Real>> accumulator(exact, no_impacts);
  for (std::size_t n = 0; n < run.t.size(); ++n) accumulator.node(run.t[n], run.u[n], run.v[n]);

  Real position_linf(0), velocity_linf(0), position_l1(0), velocity_l1(0), position_scale(1), velocity_scale(1);
  for (std::size_t n = 0; n < run.t.size(); ++n) {
    const Real ep = abs(run.u[n] - exact.position(run.t[n])), ev = abs(run.v[n] - exact.velocity(run.t[n]));
    position_linf = std::max(position_linf, ep);
    velocity_linf = std::max(velocity_linf, ev);
    if (n + 1 < run.t.size()) {
      position_l1 += (run.t[n + 1] - run.t[n]) * ep;
      velocity_l1 += (run.t[n + 1] - run.t[n]) * ev;
    }
    position_scale = std::max(position_scale, Real(abs(run.u[n])));
    velocity_scale = std::max(velocity_scale, Real(abs(run.v[n])));
  }
  const vibro::StudyErrors<Real> errors = accumulator.errors();
  EXPECT_EQ(errors.grid.position_linf, position_linf);
  EXPECT_EQ(errors.grid.velocity_linf, velocity_linf);
  EXPECT_EQ(errors.grid.position_l1, position_l1);
  EXPECT_EQ(errors.grid.velocity_l1, velocity_l1);
  EXPECT_EQ(errors.final_position, abs(run.u.back() - exact.position(run.t.back())));
  EXPECT_EQ(errors.final_velocity, abs(run.v.back() - exact.velocity(run.t.back())));
  EXPECT_FALSE(errors.impact_time.has_value());
  EXPECT_EQ(accumulator.steps(), run.t.size() - 1);
  EXPECT_EQ(accumulator.position_scale(), position_scale);
  EXPECT_EQ(accumulator.velocity_scale(), velocity_scale);
  EXPECT_EQ(accumulator.first_time(), run.t.front());
  EXPECT_EQ(accumulator.last_time(), run.t.back());
}

TYPED_TEST(StudyAccumulatorTest, StreamedImpactErrorEqualsTheNearestPairByBruteForce) {
  using Real = TypeParam;
  const LinearMotion<Real> exact;
  const auto times = [](std::initializer_list<int> sixteenths) {
    std::vector<Real> out;
    for (const int k : sixteenths) out.push_back(Real(k) / 16);
    return out;
  };
  // Reference impacts before the first of the scheme, between two, on one, after the last;
  // schemes with more and fewer impacts than the reference; none on either side.
  const std::vector<std::vector<Real>> references = {
      times({3, 20, 21, 40, 77, 200}), times({50}), times({}), times({1, 2, 3, 4, 5, 6, 7, 8, 9})};
  const std::vector<std::vector<Real>> schemes = {times({5, 19, 40, 41, 90}), times({60}), times({}),
                                                  times({0, 2, 4, 6, 8, 10, 12, 14, 16, 18})};
  for (const auto& reference : references) {
    for (const auto& scheme : schemes) {
      vibro::StudyAccumulator<Real, LinearMotion<Real>> accumulator(exact, reference);
      accumulator.node(Real(0), Real(0), Real(1) / 3);
      for (const Real& s : scheme) accumulator.impact(s);
      const vibro::StudyErrors<Real> errors = accumulator.errors();
      EXPECT_EQ(errors.impact_time, brute_force_impact_error(scheme, reference))
          << reference.size() << " reference impacts, " << scheme.size() << " of the scheme";
      EXPECT_EQ(errors.scheme_impacts, scheme.size());
      EXPECT_EQ(errors.reference_impacts, reference.size());
    }
  }
}

}  // namespace
