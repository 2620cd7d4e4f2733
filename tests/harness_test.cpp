// The C++ API for a scheme of one's own (vibro/harness.hpp, docs/own_scheme.md). Expected values:
// the built-in Paoli–Schatzman scheme handed to converge_own_scheme must give, bit for bit, the
// study `vibro converge` gives of the same case (an independent path through the run layer:
// the registry entry and run_case); the reference of the harmonic oscillator with an obstacle
// has a closed form (u = cos t up to the first impact at π/2); a case of another model is refused.

#include "vibro/harness.hpp"

#include "vibro/model/impact_oscillator.hpp"
#include "vibro/support/input_error.hpp"
#include "vibro/scheme/paoli_schatzman_class.hpp"
#include "support/build_paths.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <numbers>

namespace {

namespace fs = std::filesystem;
using Model = vibro::ImpactOscillator<double>;

const fs::path harmonic_obstacle = fs::path(test_paths::cases_dir) / "study_ps_harmonic_obstacle.toml";

const auto paoli_schatzman = [](const Model& model, const double& h, const double& t0) {
  return vibro::PaoliSchatzman<Model>(model, h, t0);
};

TEST(Harness, TheBuiltInSchemeThroughTheApiGivesTheStudyOfVibroConverge) {
  const vibro::CaseSpec c = vibro::load_case(harmonic_obstacle);
  vibro::RunOptions options;
  options.rounding_floor = vibro::RoundingFloor::model;  // the API measures no floor in a wider type
  const vibro::RunResult converge = vibro::run_case(c, options);
  const vibro::RunResult own = vibro::converge_own_scheme<Model>(c, paoli_schatzman, {.name = "ps-by-hand"});
  ASSERT_TRUE(converge.convergence && own.convergence);
  ASSERT_EQ(own.convergence->rows.size(), c.convergence.size());
  for (std::size_t i = 0; i < own.convergence->rows.size(); ++i) {
    const vibro::StudyRow &a = own.convergence->rows[i], &b = converge.convergence->rows[i];
    EXPECT_EQ(a.h_value, b.h_value);
    EXPECT_EQ(a.steps, b.steps);
    EXPECT_EQ(a.errors, b.errors) << "at h = " << a.h;
    EXPECT_EQ(a.impacts.scheme, b.impacts.scheme);
  }
  EXPECT_EQ(own.scheme.type, "ps-by-hand");
  EXPECT_TRUE(own.scheme.external);
  EXPECT_EQ(own.convergence->reference, converge.convergence->reference);
  // The files of `vibro converge`, named as it names them.
  const fs::path out = fs::path(::testing::TempDir()) / "vibro_harness_test";
  fs::remove_all(out);
  fs::create_directories(out);
  vibro::write_study_files(own, out);
  EXPECT_TRUE(fs::exists(out / "study-ps-harmonic-obstacle-double.csv"));
  EXPECT_TRUE(fs::exists(out / "study-ps-harmonic-obstacle-double.md"));
  fs::remove_all(out);
}

TEST(Harness, TheReferenceIsTheClosedFormBeforeTheFirstImpact) {
  const vibro::CaseSpec c = vibro::load_case(harmonic_obstacle);
  vibro::with_case_reference<Model>(c, [](const auto& reference, const std::vector<double>& impacts, const std::string&) {
    ASSERT_FALSE(impacts.empty());
    EXPECT_NEAR(impacts.front(), std::numbers::pi / 2, 1e-13);
    for (const double t : {0.1, 0.7, 1.3}) {
      EXPECT_NEAR(reference.position(t), std::cos(t), 1e-14) << "at t = " << t;
      EXPECT_NEAR(reference.velocity(t), -std::sin(t), 1e-14) << "at t = " << t;
    }
  });
}

TEST(Harness, ACaseOfAnotherModelIsRefusedNamingTheModel) {
  const vibro::CaseSpec free_fall = vibro::load_case(fs::path(test_paths::cases_dir) / "study_cn_free_fall.toml");
  try {
    vibro::converge_own_scheme<Model>(free_fall, paoli_schatzman);
    FAIL() << "a constant-force case was bound to the impact oscillator";
  } catch (const vibro::InputError& error) {
    EXPECT_EQ(error.key(), "model.type");
    EXPECT_NE(error.message().find("constant-force"), std::string::npos) << error.what();
  }
}

/// The built-in scheme with a defective clock: time() frozen at t0, or running backwards.
/// Round 4: the C++ door measured such a scheme with position and velocity L1 errors 0.
template <int Direction>
struct DefectiveClock : vibro::PaoliSchatzman<Model> {
  using vibro::PaoliSchatzman<Model>::PaoliSchatzman;
  double time(const State& x) const {
    return this->initial_time() + Direction * static_cast<double>(x.n) * this->step_size();
  }
};

TEST(Harness, ASchemeWhoseTimeDoesNotAdvanceOnTheGridIsRefusedNamingTheNode) {
  const vibro::CaseSpec c = vibro::load_case(harmonic_obstacle);
  const auto frozen = [](const Model& model, const double& h, const double& t0) {
    return DefectiveClock<0>(model, h, t0);
  };
  const auto backwards = [](const Model& model, const double& h, const double& t0) {
    return DefectiveClock<-1>(model, h, t0);
  };
  try {
    vibro::converge_own_scheme<Model>(c, frozen, {.name = "frozen"});
    FAIL() << "a frozen clock was measured";
  } catch (const vibro::RunFailure& error) {
    const std::string what = error.what();
    EXPECT_NE(what.find("the scheme 'frozen' at step size"), std::string::npos) << what;
    EXPECT_NE(what.find("node 1 (its time()): t = 0 is not later than the previous node's 0"), std::string::npos) << what;
  }
  EXPECT_THROW(vibro::converge_own_scheme<Model>(c, backwards, {.name = "backwards"}), vibro::RunFailure);
}

TEST(Harness, ATestSetProblemIsScoredAtEveryStepOfItsLadder) {
  const vibro::CaseSpec problem = vibro::load_case(fs::path(test_paths::cases_dir) / "testset" / "VI-02.toml");
  const vibro::TestsetReference stored = vibro::load_testset_reference(fs::path(test_paths::cases_dir).parent_path() /
                                                                       "reference" / "testset" / "VI-02.toml");
  const vibro::RunResult run = vibro::converge_own_scheme<Model>(problem, paoli_schatzman);
  const std::vector<vibro::TestsetScore> scores = vibro::testset_scores(run, stored);
  ASSERT_EQ(scores.size(), problem.convergence.size());
  // A first-order scheme: each halving of h gains about log10(2) ≈ 0.3 digits; over the ladder
  // the last step has more correct digits than the first.
  ASSERT_TRUE(scores.front().state && scores.back().state);
  EXPECT_GT(scores.back().state->digits, scores.front().state->digits + 1);
}

}  // namespace
