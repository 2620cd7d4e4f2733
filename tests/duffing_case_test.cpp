// The Duffing oscillator with an obstacle in case files (model.type = "duffing-oscillator",
// docs/case_files.md, docs/mathematics.md §1.0 and §5): read with its keys and ranges, run by
// the Paoli–Schatzman scheme, refused by the schemes that cannot take it, and studied against
// the nonlinear reference. Expected values: the exact values written; with β = 0 the Duffing
// force is the impact oscillator's to the bit (duffing_oscillator.hpp), so the scheme's run is
// the impact oscillator's node for node (an invariant), and the study's errors are those
// measured against the closed-form reference up to the nonlinear reference's own error,
// which is below √ε of them (the integrator's per-step tolerance is 16 ε of the state,
// integrated_flight.hpp, over ≈ 10³ steps; the scheme's errors are ≥ 10⁻⁶ here).

#include "vibro/analysis/convergence_study.hpp"
#include "vibro/io/case_file.hpp"
#include "vibro/support/input_error.hpp"
#include "vibro/binding/model_binding.hpp"
#include "vibro/binding/model_description.hpp"
#include "vibro/run/run_case.hpp"
#include "vibro/scalar/parse_exact.hpp"
#include "vibro/scheme/error_metric.hpp"

#include "support/build_paths.hpp"
#include "support/case_text.hpp"
#include "support/read_text.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <limits>
#include <map>
#include <string>
#include <tuple>
#include <utility>

namespace vibro::testing {
namespace {

/// tests/data/duffing_obstacle_study.toml: α = 0.1, β = 1, a = 1, ω = 2, u_min = 0, e = 0.8,
/// u0 = 0.5, v0 = 0, PS centered at T/100, 10 periods, a study over T/100 … T/1600.
const std::string& duffing_case() {
  static const std::string text =
      read_text(std::filesystem::path(test_paths::test_data_dir) / "duffing_obstacle_study.toml");
  return text;
}

TEST(DuffingCaseFile, KeepsTheExactValuesWrittenAndShowsThem) {
  const CaseSpec c = parse_case(duffing_case(), "label.toml");
  ASSERT_EQ(c.model.model_kind(), ModelKind::duffing_oscillator);
  EXPECT_TRUE(c.model.forced());
  EXPECT_TRUE(c.model.periodic());
  const auto& d = std::get<DuffingSpec>(c.model.kind);
  EXPECT_EQ(d.alpha.exact, rational(1, 10));
  EXPECT_EQ(d.beta.exact, rational(1));
  EXPECT_EQ(d.amplitude.exact, rational(1));
  EXPECT_EQ(d.omega.exact, rational(2));
  EXPECT_EQ(c.model.u_min.exact, rational(0));
  std::map<std::string, std::string> shown;
  for (const Parameter& p : describe_model(c.model).parameters) shown[p.key] = p.texts.at(0);
  EXPECT_EQ(shown, (std::map<std::string, std::string>{
                       {"e", "0.8"}, {"u_min", "0"}, {"alpha", "0.1"}, {"beta", "1"}, {"a", "1"}, {"omega", "2"}}));
  // Softening (β < 0) is allowed: the model has no sign condition, and horizon.escape stops a blow-up.
  EXPECT_EQ(refusal(with_line(duffing_case(), "beta = 1", "beta = -1")).first, "");
}

TEST(DuffingCaseFile, BadValuesAndMissingOrForeignKeysNameTheirKey) {
  for (const auto& [line, bad, key, says] :
       {std::tuple{"alpha = 0.1", "alpha = -0.1", "model.alpha", "[0, ∞)"},
        std::tuple{"omega = 2", "omega = 0", "model.omega", "(0, ∞)"}, std::tuple{"beta = 1", "", "model.beta", "beta"},
        std::tuple{"u_min = 0", "", "model.u_min", "u_min"}, std::tuple{"e = 0.8", "e = 2", "model.e", "[0, 1]"},
        std::tuple{"beta = 1", "beta = 1\nobstacle = 0", "model.obstacle", "allowed"},
        std::tuple{"beta = 1", "beta = \"x\"", "model.beta", "label.toml"}}) {
    const auto [found_key, message] = refusal(with_line(duffing_case(), line, bad));
    EXPECT_EQ(found_key, key) << bad << ": " << message;
    EXPECT_NE(message.find(says), std::string::npos) << bad << ": " << message;
  }
}

TEST(DuffingCaseFile, SchemesThatCannotTakeItAreRefusedNamingTheOneThatCan) {
  for (const char* scheme : {"corrected-crank-nicolson", "nonstandard-impact"}) {
    const auto [key, message] =
        refusal(with_line(with_line(duffing_case(), "velocity = \"centered\"", ""), "type = \"paoli-schatzman\"",
                          std::string("type = \"") + scheme + "\""));
    EXPECT_EQ(key, "scheme.type") << message;
    EXPECT_NE(message.find("allowed for it: paoli-schatzman"), std::string::npos) << message;
  }
}

/// The case with β = 0, as a Duffing oscillator and as the impact oscillator with the same
/// numbers, both run in double.
std::pair<RunResult, RunResult> linear_duffing_and_oscillator() {
  const std::string duffing = with_line(duffing_case(), "beta = 1", "beta = 0");
  const std::string oscillator = with_line(with_line(duffing, "type = \"duffing-oscillator\"", "type = \"impact-oscillator\""),
                                           "beta = 0", "");
  return {run_case(parse_case(duffing, "duffing.toml")), run_case(parse_case(oscillator, "oscillator.toml"))};
}

TEST(DuffingRun, WithBetaZeroTheSchemeRunsTheImpactOscillatorNodeForNode) {
  const auto [duffing, oscillator] = linear_duffing_and_oscillator();
  ASSERT_TRUE(duffing.run.stroboscopic && oscillator.run.stroboscopic);
  ASSERT_EQ(duffing.run.stroboscopic->size(), oscillator.run.stroboscopic->size());
  for (std::size_t i = 0; i < duffing.run.stroboscopic->size(); ++i) {
    EXPECT_EQ((*duffing.run.stroboscopic)[i].state.u.text, (*oscillator.run.stroboscopic)[i].state.u.text) << i;
    EXPECT_EQ((*duffing.run.stroboscopic)[i].state.v.text, (*oscillator.run.stroboscopic)[i].state.v.text) << i;
  }
  EXPECT_EQ(duffing.run.final.u.text, oscillator.run.final.u.text);
}

TEST(DuffingStudy, WithBetaZeroTheNonlinearReferenceMeasuresTheClosedFormReferencesErrors) {
  const auto [duffing, oscillator] = linear_duffing_and_oscillator();
  ASSERT_TRUE(duffing.convergence && oscillator.convergence);
  EXPECT_NE(duffing.convergence->reference.find("nonlinear reference"), std::string::npos)
      << duffing.convergence->reference;
  EXPECT_NE(oscillator.convergence->reference.find("exact-detection reference"), std::string::npos);
  ASSERT_EQ(duffing.convergence->rows.size(), oscillator.convergence->rows.size());
  const double relative = std::sqrt(std::numeric_limits<double>::epsilon());
  for (std::size_t i = 0; i < duffing.convergence->rows.size(); ++i) {
    const StudyRow& d = duffing.convergence->rows[i];
    const StudyRow& o = oscillator.convergence->rows[i];
    EXPECT_EQ(d.impacts.scheme, o.impacts.scheme) << d.h;
    EXPECT_EQ(d.impacts.reference, o.impacts.reference) << d.h;
    for (const ErrorMetric m : {ErrorMetric::position_linf, ErrorMetric::velocity_l1, ErrorMetric::final_position}) {
      const auto index = static_cast<std::size_t>(m);
      ASSERT_TRUE(d.errors[index] && o.errors[index]) << d.h << " " << name(m);
      const double by_duffing = std::stod(d.errors[index]->text), by_closed_form = std::stod(o.errors[index]->text);
      EXPECT_LE(std::abs(by_duffing - by_closed_form), relative * by_closed_form)
          << d.h << " " << name(m) << ": " << by_duffing << " against " << by_closed_form;
    }
  }
}

TEST(DuffingStudy, TheHardeningCaseIsStudiedAgainstTheNonlinearReference) {
  // β = 1: no closed form; the study runs against the nonlinear reference, which finds
  // impacts, and the scheme's position error falls as the step is refined.
  const RunResult result = run_case(parse_case(duffing_case(), "duffing.toml"));
  ASSERT_TRUE(result.convergence);
  EXPECT_NE(result.convergence->reference.find("nonlinear reference"), std::string::npos);
  const auto& rows = result.convergence->rows;
  ASSERT_EQ(rows.size(), 5u);
  EXPECT_GT(rows.back().impacts.reference, 0);
  const auto position = static_cast<std::size_t>(ErrorMetric::position_linf);
  EXPECT_LT(std::stod(rows.back().errors[position]->text), std::stod(rows.front().errors[position]->text));
}

}  // namespace
}  // namespace vibro::testing
