// The impact oscillator written with physical parameters, m u'' + c u' + k u = F cos Ωt
// (model/physical_oscillator.hpp, docs/mathematics.md §1 "Physical parameters"), and the exact
// conversion behind it (scalar/rounded_from_rational.hpp). Expected values: the closed form of
// the conversion on inputs whose roots are dyadic (exact in every type), the same roots at 200
// digits in MPFR rounded once to the type (an independent computation, for correct rounding),
// IEEE's ties-to-even rule, the physical equation itself (an invariant of the derivation), the
// normalised case with the same exact numbers (the same trajectory, to the bit), and the free
// undamped motion u(t) = u0 cos ω0t + (u̇0/ω0) sin ω0t (closed form).

#include "support/build_paths.hpp"
#include "support/case_text.hpp"
#include "support/read_text.hpp"
#include "support/near_eps.hpp"
#include "support/scalar_types.hpp"

#include "vibro/io/case_file.hpp"
#include "vibro/model/normalised_oscillator.hpp"
#include "vibro/model/physical_oscillator.hpp"
#include "vibro/support/input_error.hpp"
#include "vibro/binding/model_binding.hpp"
#include "vibro/binding/model_description.hpp"
#include "vibro/run/run_case.hpp"
#include "vibro/scalar/parse.hpp"
#include "vibro/scalar/rounded_from_rational.hpp"
#include "vibro/scalar/with_scalar.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <map>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>

namespace vibro::testing {
namespace {

template <class Real>
class PhysicalConversion : public ScalarTest<Real> {};
TYPED_TEST_SUITE(PhysicalConversion, AllTypes, ScalarNames);

template <class Real>
class PhysicalFloating : public ScalarTest<Real> {};
TYPED_TEST_SUITE(PhysicalFloating, FloatingTypes, ScalarNames);

rational q(const char* text) { return *parse_exact(text); }

/// m = 1/4, c = 1/2, k = 4, F = 3, Ω = 2: ω0 = √(k/m) = 4, α = c/(2√(km)) = (1/2)/(2·1) = 1/4,
/// a = F/k = 3/4, ω = Ω/ω0 = 1/2. Every value is dyadic, so every type holds it exactly.
const PhysicalOscillator dyadic{q("1/4"), q("1/2"), q("4"), q("3"), q("2")};

TYPED_TEST(PhysicalConversion, DyadicRootsAreExactInEveryType) {
  using Real = TypeParam;
  const NormalisedOscillator<Real> n = normalised<Real>(dyadic);
  EXPECT_EQ(n.omega0, Real(4));
  EXPECT_EQ(n.alpha, num<Real>("0.25"));
  EXPECT_EQ(n.amplitude, num<Real>("0.75"));
  EXPECT_EQ(n.omega, num<Real>("0.5"));
}

/// m = 2, c = 1/10, k = 3, F = 5, Ω = 7/5: ω0 = √(3/2), α = √(1/2400), a = 5/3, ω = √(98/75):
/// all irrational but a, which is not dyadic.
const PhysicalOscillator irrational{q("2"), q("1/10"), q("3"), q("5"), q("7/5")};

TYPED_TEST(PhysicalConversion, IrrationalRootsAreCorrectlyRoundedOrRefusedInTheRationalType) {
  using Real = TypeParam;
  if constexpr (is_exact_v<Real>) {
    try {
      normalised<Real>(irrational);
      FAIL() << "an irrational root was accepted in the exact type";
    } catch (const std::invalid_argument& why) {
      const std::string message = why.what();
      EXPECT_NE(message.find("irrational"), std::string::npos) << message;
      EXPECT_NE(message.find("mpfr"), std::string::npos) << message;
    }
    EXPECT_EQ(normalised<Real>(dyadic).amplitude, rational(3, 4));
  } else {
    const NormalisedOscillator<Real> n = normalised<Real>(irrational);
    // The same quantities at 200 digits, rounded once to Real: the correctly rounded values
    // unless a root lies within 10^−200 of a midpoint, which these do not.
    const auto at_200_digits = [](const char* square) {
      MpfrPrecisionGuard wide(200);
      return mpfr_real(sqrt(mpfr_real(q(square))));
    };
    const auto rounded = [](const mpfr_real& wide) {
      if constexpr (is_runtime_precision_v<Real>) {
        Real r;  // at the test's precision; mpfr_set rounds once
        mpfr_set(r.backend().data(), wide.backend().data(), MPFR_RNDN);
        return r;
      }
      else if constexpr (std::is_same_v<Real, double>) return mpfr_get_d(wide.backend().data(), MPFR_RNDN);
      else if constexpr (std::is_same_v<Real, long double>) return mpfr_get_ld(wide.backend().data(), MPFR_RNDN);
      else return parse_real<Real>(wide.str(60, std::ios_base::scientific));  // 60 digits, well past binary128's 36
    };
    EXPECT_EQ(n.omega0, rounded(at_200_digits("3/2")));
    EXPECT_EQ(n.alpha, rounded(at_200_digits("1/2400")));
    EXPECT_EQ(n.omega, rounded(at_200_digits("98/75")));
    EXPECT_EQ(n.amplitude, rounded([] {
                MpfrPrecisionGuard wide(200);
                return mpfr_real(mpfr_real(5) / 3);
              }()));
  }
}

TEST(PhysicalConversionDouble, ATieRoundsToTheEvenNeighbour) {
  // √((1 + 2^−53)²) = 1 + 2^−53 is the midpoint of 1 and 1 + 2^−52: IEEE 754 rounds it to 1
  // (even significand); √((1 + 3·2^−53)²) is the midpoint of 1 + 2^−52 and 1 + 2^−51, and
  // rounds to the latter.
  const rational half_ulp = rational(1) / rational(bmp::mpz_int(1) << 53);
  EXPECT_EQ(rounded_sqrt_of_rational<double>(rational((1 + half_ulp) * (1 + half_ulp)), "x"), 1.0);
  EXPECT_EQ(rounded_sqrt_of_rational<double>(rational((1 + 3 * half_ulp) * (1 + 3 * half_ulp)), "x"),
            1.0 + std::ldexp(1.0, -51));
  EXPECT_EQ(rounded_from_rational<double>(rational(1, 10), "x"), 0.1);  // from_chars("0.1"), correctly rounded
  EXPECT_EQ(rounded_from_rational<double>(rational(-1, 3), "x"), -1.0 / 3.0);  // IEEE division is correctly rounded
}

TEST(PhysicalConversionDouble, ParametersOutsideTheRangeOfTheTypeAreRefused) {
  const rational huge(bmp::mpz_int(1) << 2000);
  EXPECT_THROW(rounded_from_rational<double>(huge, "a"), std::invalid_argument);
  EXPECT_THROW(rounded_sqrt_of_rational<double>(rational(1 / (huge * huge)), "alpha"), std::invalid_argument);
  EXPECT_THROW(normalised<double>(PhysicalOscillator{q("0"), q("0"), q("1"), q("1"), q("1")}), std::invalid_argument);
}

TYPED_TEST(PhysicalFloating, TheConvertedEquationTimesKIsThePhysicalOne) {
  // With τ = ω0 t, du/dτ = u̇/ω0 and d²u/dτ² = ü/ω0²: k times the normalised equation is
  // m ü + c u̇ + k u = F cos Ωt (docs/mathematics.md §1). Checked at a few states of the
  // irrational example; each side is a sum of terms of size ≤ 8, so a few ε of 8.
  using Real = TypeParam;
  using std::cos;
  const NormalisedOscillator<Real> n = normalised<Real>(irrational);
  const ImpactOscillator<Real> model(n.alpha, n.amplitude, n.omega, Real(-10), Real(1));
  const Real m(2), c = num<Real>("0.1"), k(3), force(5), big_omega = num<Real>("1.4");
  for (const char* t_text : {"0", "0.7", "3.25"}) {
    for (const auto& [u_text, u_dot_text] : {std::pair{"0.5", "-1.5"}, std::pair{"-2", "0.25"}}) {
      const Real t = num<Real>(t_text), u = num<Real>(u_text), u_dot = num<Real>(u_dot_text);
      const Real u_ddot = n.omega0 * n.omega0 * model.acceleration(n.omega0 * t, u, Real(u_dot / n.omega0));
      EXPECT_NEAR_EPS(Real(m * u_ddot + c * u_dot + k * u), Real(force * cos(big_omega * t)), 16, Real(8))
          << "t = " << t_text << ", u = " << u_text << ", u' = " << u_dot_text;
    }
  }
}

// --- case files -------------------------------------------------------------------------

/// tests/data/physical_oscillator.toml: m = 1/4, c = 1/2, k = 4, F = 3, Omega = 2 (the dyadic
/// example above), u_min = 0, e = 0.8, u0 = 0.5, v0 = 0, Paoli–Schatzman, 200 steps per
/// period, 5 periods; normalised_oscillator.toml is the same case written as alpha = 0.25,
/// a = 0.75, omega = 0.5.
const std::string& physical_case() {
  static const std::string text =
      read_text(std::filesystem::path(test_paths::test_data_dir) / "physical_oscillator.toml");
  return text;
}

TEST(PhysicalCaseFile, KeepsTheValuesWrittenAndShowsTheNormalisedFormAndTheTimeScale) {
  const CaseSpec c = parse_case(physical_case(), "label.toml");
  const auto& osc = std::get<OscillatorSpec>(c.model.kind);
  ASSERT_TRUE(osc.physical);
  EXPECT_EQ(osc.physical->mass.exact, rational(1, 4));
  EXPECT_EQ(osc.physical->forcing_frequency.exact, rational(2));
  // Outputs show the conversion exactly: √(1/16) = 1/4, 3/4, √(1/4) = 1/2, √16 = 4.
  std::map<std::string, std::string> shown;
  for (const Parameter& p : describe_model(c.model).parameters) shown[p.key] = p.texts.at(0);
  EXPECT_EQ(shown["m"], "1/4");
  EXPECT_EQ(shown["alpha"], "1/4");
  EXPECT_EQ(shown["a"], "3/4");
  EXPECT_EQ(shown["omega"], "1/2");
  EXPECT_EQ(shown["omega0"], "4");
  EXPECT_EQ(shown["time"], "tau = omega0 t");
  // An irrational root is shown as the root of the exact rational: ω0 = √(k/m) = √(3/2).
  const CaseSpec irrational_case =
      parse_case(with_line(with_line(physical_case(), "m = \"1/4\"", "m = 2"), "k = 4", "k = 3"), "x.toml");
  std::map<std::string, std::string> irrational_shown;
  for (const Parameter& p : describe_model(irrational_case.model).parameters) irrational_shown[p.key] = p.texts.at(0);
  EXPECT_EQ(irrational_shown["omega0"], "sqrt(3/2)");
  EXPECT_EQ(irrational_shown["alpha"], "sqrt(1/96)");  // c²/(4km) = (1/4)/24
}

TEST(PhysicalCaseFile, BothFormsOrHalfOfOneAreInputErrors) {
  const auto both = refusal(with_line(physical_case(), "m = \"1/4\"", "m = \"1/4\"\nalpha = 0.25"));
  EXPECT_EQ(both.first, "model");
  EXPECT_NE(both.second.find("not both: found alpha and m, c, k, F, Omega"), std::string::npos) << both.second;
  const auto half = refusal(with_line(with_line(physical_case(), "c = 0.5", ""), "F = 3", ""));
  EXPECT_EQ(half.first, "model.c");
  EXPECT_NE(half.second.find("missing c, F"), std::string::npos) << half.second;
  const auto neither = refusal(with_line(with_line(with_line(with_line(with_line(physical_case(), "m = \"1/4\"", ""), "c = 0.5", ""), "k = 4", ""), "F = 3", ""), "Omega = 2", ""));
  EXPECT_EQ(neither.first, "model");
  EXPECT_NE(neither.second.find("give the normalised form (alpha, a, omega) or the physical form"), std::string::npos);
}

TEST(PhysicalCaseFile, ParametersOutsideTheirRangesNameTheirKey) {
  for (const auto& [line, bad, key, range] :
       {std::tuple{"m = \"1/4\"", "m = 0", "model.m", "(0, ∞)"}, std::tuple{"c = 0.5", "c = -0.5", "model.c", "[0, ∞)"},
        std::tuple{"k = 4", "k = -4", "model.k", "(0, ∞)"}, std::tuple{"Omega = 2", "Omega = 0", "model.Omega", "(0, ∞)"},
        std::tuple{"F = 3", "F = \"3/0\"", "model.F", "label.toml"},
        std::tuple{"k = 4", "k = \"inf\"", "model.k", "label.toml"}}) {
    const auto [found_key, message] = refusal(with_line(physical_case(), line, bad));
    EXPECT_EQ(found_key, key) << bad << ": " << message;
    EXPECT_NE(message.find(range), std::string::npos) << bad << ": " << message;
  }
}

TYPED_TEST(PhysicalFloating, RunsTheSameTrajectoryAsTheNormalisedCaseToTheBit) {
  // The conversion of the dyadic example is exact, so the physical case is the normalised
  // one in the time τ = ω0 t (docs/case_files.md: the case's times are τ): every node equal.
  using Real = TypeParam;
  RunOptions options;
  options.precision = Precision{scalar_kind_of<Real>, is_runtime_precision_v<Real> ? mpfr_test_digits : 0};
  const RunResult physical = run_case(parse_case(physical_case(), "physical.toml"), options);
  const RunResult normalised_run =
      run_case(load_case(std::filesystem::path(test_paths::test_data_dir) / "normalised_oscillator.toml"), options);
  ASSERT_TRUE(physical.run.stroboscopic && normalised_run.run.stroboscopic);
  ASSERT_EQ(physical.run.stroboscopic->size(), normalised_run.run.stroboscopic->size());
  for (std::size_t i = 0; i < physical.run.stroboscopic->size(); ++i) {
    EXPECT_EQ((*physical.run.stroboscopic)[i].state.u.text, (*normalised_run.run.stroboscopic)[i].state.u.text) << i;
    EXPECT_EQ((*physical.run.stroboscopic)[i].state.v.text, (*normalised_run.run.stroboscopic)[i].state.v.text) << i;
  }
  EXPECT_EQ(physical.run.final.u.text, normalised_run.run.final.u.text);
  EXPECT_EQ(physical.run.final.t.text, normalised_run.run.final.t.text);
}

TYPED_TEST(PhysicalFloating, FreeUndampedMotionFollowsTheClosedFormInPhysicalTime) {
  // m = 1, k = 2, c = F = 0: u(t) = u0 cos ω0t + (u̇0/ω0) sin ω0t with ω0 = √2. The case
  // gives v0 = u̇0/ω0 = 0.75 and t_end = τ_end = 5 (docs/case_files.md), so the closed form
  // at t = τ_end/ω0 is checked against the exact-detection reference, whose flight is the
  // closed form of the normalised equation: what differs is the conversion (α = a = 0, the
  // natural frequency 1 in τ) and the time scale. Obstacle far below: no impact.
  using Real = TypeParam;
  using std::cos;
  using std::sin;
  using std::sqrt;
  std::string text = physical_case();
  for (const auto& [line, replacement] :
       {std::pair{"m = \"1/4\"", "m = 1"}, std::pair{"c = 0.5", "c = 0"}, std::pair{"k = 4", "k = 2"},
        std::pair{"F = 3", "F = 0"}, std::pair{"u_min = 0", "u_min = -10"}, std::pair{"v0 = 0", "v0 = 0.75"},
        std::pair{"type = \"paoli-schatzman\"", "type = \"reference\""}, std::pair{"steps_per_period = 200", ""},
        std::pair{"[step]", ""}, std::pair{"periods = 5", "t_end = 5"}})
    text = with_line(text, line, replacement);
  RunOptions options;
  options.precision = Precision{scalar_kind_of<Real>, is_runtime_precision_v<Real> ? mpfr_test_digits : 0};
  options.error_estimate = false;
  const RunResult result = run_case(parse_case(text, "free.toml"), options);
  const Real omega0 = sqrt(Real(2)), u0 = num<Real>("0.5"), u_dot0 = num<Real>("0.75") * omega0;
  const Real t = Real(5) / omega0;
  EXPECT_NEAR_EPS(parse_real<Real>(result.run.final.u.text), Real(u0 * cos(omega0 * t) + u_dot0 / omega0 * sin(omega0 * t)),
                  16, Real(2));
  // The velocity in τ is u̇/ω0.
  EXPECT_NEAR_EPS(parse_real<Real>(result.run.final.v.text), Real((-u0 * omega0 * sin(omega0 * t) + u_dot0 * cos(omega0 * t)) / omega0),
                  16, Real(2));
}

}  // namespace
}  // namespace vibro::testing
