// The N-DOF models of seed 002 in case files (label unit): a valid linear-system case and a
// valid two-mass-spring case are read, and every kind of bad input the issue lists — a
// non-symmetric or indefinite stiffness, a mass ≤ 0, an empty box, an initial state outside
// K or pointing out of it, lists of the wrong size — is refused with one InputError naming
// the file and the key. Indefiniteness is a property of the matrix in the run's precision
// (a Cholesky pivot ≤ 0), so it is refused when the case is bound, by `vibro run`.

#include "support/case_text.hpp"

#include "vibro/support/progress.hpp"
#include "vibro/run/run_case.hpp"
#include "vibro/case/system_setup_cost.hpp"
#include "vibro/case/work_limit.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace {

using vibro::testing::refusal;
using vibro::testing::with_line;

const std::string general = R"([case]
name = "ndof"

[model]
type = "linear-system"
mass = [1, 2, 3]
stiffness = [[2, -1, 0], [-1, 2, -1], [0, -1, 2]]
lower = [0, "-inf", -1]
upper = ["inf", "inf", 1]
e = [0.5, 0, 1]

[initial]
q0 = [0.5, 0, 0]
v0 = [0, 1, 0]

[scheme]
type = "nonstandard-paoli-schatzman"

[step]
h = 0.01

[horizon]
t_end = 1
)";

const std::string two_mass = R"([case]
name = "two"

[model]
type = "two-mass-spring"
mu_k = 5
mu_m = 1000
q_min = 0.2
q_max = 1
e = 0

[initial]
q0 = [1, 0]
v0 = [-1, 5]

[scheme]
type = "nonstandard-mmm"

[step]
h = 0.005

[horizon]
t_end = 1
)";

TEST(SystemCase, ValidCasesAreReadWithTheirMatrices) {
  const vibro::CaseSpec c = vibro::parse_case(general, "label.toml");
  ASSERT_NE(c.model.system(), nullptr);
  EXPECT_EQ(c.model.system()->dimension(), 3u);
  EXPECT_FALSE(c.model.system()->upper[0].has_value());
  EXPECT_EQ(c.q0.size(), 3u);
  // Seed 002 eq. (24), exactly: M² = diag(1, μ_m), A² = [[1, −1], [−1, 1 + μ_k]].
  const vibro::CaseSpec t = vibro::parse_case(two_mass, "label.toml");
  const vibro::SystemSpec& s = *t.model.system();
  EXPECT_EQ(s.mass[1].exact, 1000);
  EXPECT_EQ(s.stiffness[0][1].exact, -1);
  EXPECT_EQ(s.stiffness[1][1].exact, 6);
  EXPECT_EQ(s.lower[0]->exact, vibro::rational(1, 5));
  EXPECT_FALSE(s.lower[1].has_value());
}

TEST(SystemCase, BadSystemsAreRefusedNamingTheKey) {
  const auto key = [](const std::string& text) { return refusal(text).first; };
  EXPECT_EQ(key(with_line(general, "stiffness = [[2, -1, 0], [-1, 2, -1], [0, -1, 2]]",
                          "stiffness = [[2, -1, 0], [-1.5, 2, -1], [0, -1, 2]]")),
            "model.stiffness[1][0]");
  EXPECT_EQ(key(with_line(general, "mass = [1, 2, 3]", "mass = [1, 0, 3]")), "model.mass[1]");
  EXPECT_EQ(key(with_line(general, "mass = [1, 2, 3]", "mass = [1, -2, 3]")), "model.mass[1]");
  EXPECT_EQ(key(with_line(general, "mass = [1, 2, 3]", "mass = [1, 2]")), "model.stiffness");
  EXPECT_EQ(key(with_line(general, "upper = [\"inf\", \"inf\", 1]", "upper = [\"inf\", \"inf\", -1]")), "model.upper[2]");
  EXPECT_EQ(key(with_line(general, "lower = [0, \"-inf\", -1]", "lower = [0, \"inf\", -1]")), "model.lower[1]");
  EXPECT_EQ(key(with_line(general, "e = [0.5, 0, 1]", "e = [0.5, 0, 1.5]")), "model.e[2]");
  EXPECT_EQ(key(with_line(two_mass, "q_max = 1", "q_max = 0.2")), "model.q_max");
  EXPECT_EQ(key(with_line(two_mass, "mu_m = 1000", "mu_m = 0")), "model.mu_m");
}

TEST(SystemCase, InitialStatesOutsideKOrOfTheWrongSizeAreRefused) {
  const auto key = [](const std::string& text) { return refusal(text).first; };
  EXPECT_EQ(key(with_line(general, "q0 = [0.5, 0, 0]", "q0 = [-0.1, 0, 0]")), "initial.q0[0]");
  EXPECT_EQ(key(with_line(general, "q0 = [0.5, 0, 0]", "q0 = [0.5, 0, 2]")), "initial.q0[2]");
  EXPECT_EQ(key(with_line(general, "q0 = [0.5, 0, 0]", "q0 = [0.5, 0]")), "initial.q0");
  // On a face, a velocity pointing out of K.
  EXPECT_EQ(key(with_line(general, "q0 = [0.5, 0, 0]", "q0 = [0, 0, 0]") + ""), "");
  EXPECT_EQ(key(with_line(with_line(general, "q0 = [0.5, 0, 0]", "q0 = [0, 0, 0]"), "v0 = [0, 1, 0]",
                          "v0 = [-1, 1, 0]")),
            "initial.v0[0]");
  EXPECT_EQ(key(with_line(two_mass, "v0 = [-1, 5]", "v0 = [1, 5]")), "initial.v0[0]");
  EXPECT_EQ(key(with_line(general, "q0 = [0.5, 0, 0]", "u0 = 0.5")), "initial.u0");
}

TEST(SystemCase, FreeMotionSchemesRefuseBoundsAndNameTheConstrainedScheme) {
  const auto [key, message] = refusal(with_line(general, "type = \"nonstandard-paoli-schatzman\"", "type = \"exact-two-step\""));
  EXPECT_EQ(key, "scheme.type");
  EXPECT_NE(message.find("nonstandard-paoli-schatzman"), std::string::npos) << message;
}

TEST(SystemCase, AnIndefiniteStiffnessIsRefusedWhenTheCaseIsBound) {
  // Symmetric, with eigenvalues 3 and −1: read, then refused by the run in every precision.
  const std::string text = with_line(general, "stiffness = [[2, -1, 0], [-1, 2, -1], [0, -1, 2]]",
                                     "stiffness = [[1, 2, 0], [2, 1, 0], [0, 0, 1]]");
  const vibro::CaseSpec c = vibro::parse_case(text, "label.toml");
  for (const char* precision : {"double", "mpfr:30"}) {
    vibro::RunOptions options;
    options.precision = vibro::Precision::parse(precision);
    try {
      vibro::run_case(c, options);
      ADD_FAILURE() << "an indefinite stiffness ran at " << precision;
    } catch (const vibro::InputError& e) {
      EXPECT_EQ(e.file(), "label.toml");
      EXPECT_EQ(e.key(), "model");
      EXPECT_NE(std::string(e.what()).find("positive definite"), std::string::npos) << e.what();
    }
  }
}

/// The O(N³) setup of an N-DOF scheme is announced before the first step, with its estimate
/// (system_setup_steps × the cost of a step): a long setup is not a silent one.
TEST(SystemCase, TheSetupIsAnnouncedWithItsEstimateBeforeTheSteps) {
  struct Recorded : vibro::Progress {
    std::vector<std::pair<std::string, double>> begun;
    void begin(const std::string& what, std::int64_t, const std::string& unit, double seconds) override {
      begun.emplace_back(what + " [" + unit + "]", seconds);
    }
    void advance(std::int64_t) override {}
  } progress;
  vibro::RunOptions options;
  options.progress = &progress;
  vibro::run_case(vibro::parse_case(general, "label.toml"), options);
  ASSERT_FALSE(progress.begun.empty());
  EXPECT_NE(progress.begun.front().first.find("setting up 3 coordinates [setup]"), std::string::npos)
      << progress.begun.front().first;
  EXPECT_DOUBLE_EQ(progress.begun.front().second,
                   vibro::system_setup_steps(3) * vibro::seconds_per_step(vibro::Precision::parse("double")));
}

}  // namespace
