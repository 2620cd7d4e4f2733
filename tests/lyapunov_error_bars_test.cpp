// The error bars of `vibro lyapunov` on the chaotic case (label study). In double and at
// mpfr:100 the case follows two different pseudo-orbits over 3000 periods (at 100 digits the
// orbit is true to the horizon; in double it leaves the true one after a few hundred
// periods), so their finite-time exponents differ (0.0558 and 0.0628): each must lie within
// the other's stated uncertainty. Expected values: an independent run of the same case at
// another precision, not a stored number. With the batch means alone the double run's
// half-width is 0.0062 < 0.0070: the ensemble's spread is what makes the statement true.

#include "vibro/io/case_file.hpp"
#include "vibro/lyapunov/run_lyapunov.hpp"
#include "vibro/scalar/parse_exact.hpp"
#include "vibro/results/lyapunov_ensemble.hpp"
#include "support/build_paths.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <set>
#include <string>
#include <utility>

namespace {

const std::filesystem::path chaotic = std::filesystem::path(test_paths::cases_dir) / "lyapunov" / "ided.toml";

vibro::LyapunovFindings exponents_at(const std::string& precision, std::size_t ensemble) {
  vibro::RunOptions options;
  options.precision = vibro::Precision::parse(precision);
  options.lyapunov_ensemble = ensemble;
  return vibro::run_lyapunov_case(vibro::load_case(chaotic), options).lyapunov;
}

double value(const vibro::NumberText& x) { return static_cast<double>(*vibro::parse_exact(x.text)); }

TEST(LyapunovErrorBars, DoubleAndMpfr100LieWithinEachOthersUncertainty) {
  const vibro::LyapunovFindings d = exponents_at("double", 8), m = exponents_at("mpfr:100", 8);
  ASSERT_TRUE(d.defined && m.defined);
  for (const auto& [name, x, y, ux, uy] :
       {std::tuple{"lambda1", value(d.lambda1_per_period), value(m.lambda1_per_period),
                   d.uncertainty->lambda1.half_width, m.uncertainty->lambda1.half_width},
        std::tuple{"lambda2", value(d.lambda2_per_period), value(m.lambda2_per_period),
                   d.uncertainty->lambda2.half_width, m.uncertainty->lambda2.half_width}}) {
    std::cout << "  " << name << ": double " << x << " ± " << ux << ", mpfr:100 " << y << " ± " << uy << "\n";
    EXPECT_LE(std::abs(x - y), ux) << name;
    EXPECT_LE(std::abs(x - y), uy) << name;
  }
}

TEST(LyapunovErrorBars, EveryNearbyStartDiffersFromTheCaseAndFromTheOthers) {
  // The case starts at u0 = 0: a relative perturbation of u0 alone would be zero.
  const vibro::LyapunovFindings d = exponents_at("double", 8);
  const vibro::CaseSpec c = vibro::load_case(chaotic);
  std::set<std::pair<std::string, std::string>> starts = {{c.u0.exact.str(), c.v0.exact.str()}};
  ASSERT_TRUE(d.ensemble);
  for (const auto& member : d.ensemble->members) {
    EXPECT_TRUE(member.defined) << member.why_undefined;
    EXPECT_GT(*vibro::parse_exact(member.u0.text), c.u0.exact) << "a start below u0 could leave the admissible set";
    starts.insert({vibro::parse_exact(member.u0.text)->str(), vibro::parse_exact(member.v0.text)->str()});
  }
  EXPECT_EQ(d.ensemble->members.size(), 8u);
  EXPECT_EQ(starts.size(), 9u);
  EXPECT_EQ(d.uncertainty->lambda1.ensemble_size, 9u);
}

}  // namespace
