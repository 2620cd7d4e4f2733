// `vibro run --enclose` and the test set's proved values (orbits/enclosed_reference.hpp,
// docs/proofs.md): what the user reads of an enclosure. Each printed bound of the periodic
// reference case is compared with the certified reference run in MPFR at 150 digits (another
// arithmetic and code path; its error is below 1e−100, far inside the bounds' margin); the
// bouncing ball's accumulation with its closed form t∞ = 3; the chaotic case stops at the
// width bound with exit 1; the performance claim (100 impacts of the periodic case in 30 s);
// the refusals; the conservative oscillator between two stops against its closed form, and a
// grazing of the upper stop refused. Then the stored values of the test set's 1-DOF problems:
// every one proved by the enclosure (VI-01 to VI-07, the chattering VI-06's accumulation points
// and end state too), and a stored value moved by three units caught
// as contradicted. Last, the table of proved values `vibro testset verify` ends with: its rows
// from hand-made checks, and docs/testset.md showing the shipped problems' table as computed.

#include "support/build_paths.hpp"
#include "support/cli_runner.hpp"

#include "vibro/io/case_file.hpp"
#include "vibro/io/result_json.hpp"
#include "vibro/results/orbit_result.hpp"
#include "vibro/model/impact_oscillator.hpp"
#include "vibro/reference/impact_reference.hpp"
#include "vibro/reference/reference_settings.hpp"
#include "vibro/orbits/enclosed_reference.hpp"
#include "vibro/report/proved_values_table.hpp"
#include "vibro/testset/testset_run.hpp"
#include "vibro/testset/testset_values.hpp"
#include "vibro/scalar/parse.hpp"
#include "vibro/scalar/with_scalar.hpp"

#include <boost/math/constants/constants.hpp>
#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <sstream>
#include <set>
#include <string>
#include <vector>

namespace {

using vibro::mpfr_real;
using vibro::testing::bad_input;
using vibro::testing::Cli;
using vibro::testing::Outcome;
using vibro::testing::quoted;
namespace fs = std::filesystem;

const fs::path cases_dir = test_paths::cases_dir;
const fs::path source_dir = test_paths::source_dir;

/// lower ≤ x ≤ upper for a JSON enclosure, x known to within 1e−100.
void expect_holds(const nlohmann::json& enclosure, const mpfr_real& x, const std::string& what) {
  const mpfr_real slack("1e-100");
  EXPECT_LE(vibro::parse_real<mpfr_real>(enclosure.at("lower").get<std::string>()), x + slack)
      << what << ": " << enclosure.dump() << " vs " << vibro::to_text(x);
  EXPECT_GE(vibro::parse_real<mpfr_real>(enclosure.at("upper").get<std::string>()), x - slack)
      << what << ": " << enclosure.dump() << " vs " << vibro::to_text(x);
}

class EncloseCommand : public Cli {};

/// cases/reference_periodic.toml: every impact and the final state of the JSON hold the
/// certified reference's at 150 digits, and the text shows them.
TEST_F(EncloseCommand, EveryBoundHoldsTheCertifiedReferenceAt150Digits) {
  const fs::path file = cases_dir / "reference_periodic.toml";
  const Outcome json_out = vibro("--json run " + quoted(file) + " --enclose");
  ASSERT_EQ(json_out.status, 0) << json_out.err;
  const nlohmann::json enclosure = nlohmann::json::parse(json_out.out);
  EXPECT_EQ(enclosure.at("stopped_because"), "");
  EXPECT_EQ(enclosure.at("horizon_is"), "periods");

  const vibro::MpfrPrecisionGuard guard(150);
  const auto x = [](const char* text) { return vibro::parse_real<mpfr_real>(text); };
  const vibro::ImpactOscillator<mpfr_real> model(x("0.1"), x("1"), x("2"), x("0"), x("0.8"));
  const vibro::ImpactReference<vibro::ImpactOscillator<mpfr_real>> reference(
      model, vibro::default_reference_settings(model, x("0.5"), x("0")));
  auto state = reference.start(mpfr_real(0), x("0.5"), x("0"));
  std::vector<vibro::ReferenceEvent<mpfr_real>> events;
  reference.advance(state, mpfr_real(model.period() * 10), [&](const auto& event) { events.push_back(event); });
  ASSERT_EQ(enclosure.at("impacts").size(), events.size());
  for (std::size_t i = 0; i < events.size(); ++i) {
    const nlohmann::json& impact = enclosure.at("impacts")[i];
    expect_holds(impact.at("t"), events[i].t, "t_" + std::to_string(i + 1));
    expect_holds(impact.at("velocity_before"), events[i].v_minus, "v-_" + std::to_string(i + 1));
    expect_holds(impact.at("velocity_after"), events[i].v_plus, "v+_" + std::to_string(i + 1));
  }
  expect_holds(enclosure.at("final_u"), state.u, "u(T)");
  expect_holds(enclosure.at("final_v"), state.v, "v(T)");

  const Outcome text = vibro("run " + quoted(file) + " --enclose --digits 30");
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("impacts     " + std::to_string(events.size()) + "\n"), std::string::npos) << text.out;
  // The horizon, 10 periods of ω = 2: 10π.
  EXPECT_NE(text.out.find("final state at t = 31.4159265358979323846264338327"), std::string::npos) << text.out;
}

/// Seed 003's conservative oscillator u'' + u = 0 between the stops ±1, e = 0.9, from (0, 2)
/// (the test set's VI-07 over a shorter horizon): each impact and the final state hold the
/// closed form, computed here at 150 digits. A flight from one stop with speed w reaches the
/// other after π − 2 atan(w) (u = R cos(τ + φ), R = √(1 + w²), tan φ = w) at the same speed,
/// and the first impact, on +1, is at asin(1/2) = π/6 with v− = 2 cos(π/6) = √3.
/// The enclosure of seed 003's oscillator u'' + u = 0 between the stops ±1 with e = 0.9, from
/// (0, v0) to t_end, as JSON. In process: `vibro run --enclose` encloses a case of the reference
/// scheme, which has no conservative oscillator; the test set's check encloses its problems so.
nlohmann::json two_stops_enclosure(const fs::path& file, const std::string& v0, const std::string& t_end) {
  std::ofstream(file) << "[case]\nname = \"stops\"\ndescription = \"two stops\"\nprecision = \"mpfr:40\"\n"
                         "[model]\ntype = \"conservative-oscillator\"\nomega = 1\ne = 0.9\nstops = [-1, 1]\n"
                         "[initial]\nu0 = 0\nv0 = "
                      << v0 << "\n[scheme]\ntype = \"nonstandard-impact\"\n[step]\nh = 0.01\n[horizon]\nt_end = " << t_end
                      << "\n";
  return vibro::to_json(vibro::enclose_case_reference(vibro::load_case(file), {}));
}

TEST_F(EncloseCommand, TwoStopsImpactsHoldTheClosedForm) {
  const nlohmann::json enclosure = two_stops_enclosure(dir() / "stops.toml", "2", "6");
  EXPECT_EQ(enclosure.at("stopped_because"), "");
  const vibro::MpfrPrecisionGuard guard(150);
  const mpfr_real pi = boost::math::constants::pi<mpfr_real>(), e("0.9");
  mpfr_real t = pi / 6, speed = sqrt(mpfr_real(3));
  ASSERT_EQ(enclosure.at("impacts").size(), 5u);  // at 0.52, 1.66, 2.90, 4.24, 5.68
  for (std::size_t i = 0; i < 5; ++i) {
    const nlohmann::json& impact = enclosure.at("impacts")[i];
    const mpfr_real before = i % 2 == 0 ? speed : mpfr_real(-speed);  // on +1, then −1, in turn
    expect_holds(impact.at("t"), t, "t_" + std::to_string(i + 1));
    expect_holds(impact.at("velocity_before"), before, "v-_" + std::to_string(i + 1));
    expect_holds(impact.at("velocity_after"), mpfr_real(-e * before), "v+_" + std::to_string(i + 1));
    if (i == 4) {  // on +1 at t_5 with v+ = −e v−: the flight u = cos τ + v+ sin τ to t = 6
      const mpfr_real tau = 6 - t, after = -e * before;
      expect_holds(enclosure.at("final_u"), mpfr_real(cos(tau) + after * sin(tau)), "u(6)");
      expect_holds(enclosure.at("final_v"), mpfr_real(after * cos(tau) - sin(tau)), "v(6)");
    }
    speed *= e;
    t += pi - 2 * atan(speed);
  }
}

/// Between the stops ±1 from (0, 1), the flight u = sin t touches +1 at t = π/2 with zero
/// velocity: a grazing the proof cannot tell from a contact, refused, not passed over.
TEST_F(EncloseCommand, AGrazingOfTheUpperStopIsRefused) {
  const nlohmann::json enclosure = two_stops_enclosure(dir() / "graze.toml", "1", "3");
  EXPECT_TRUE(enclosure.at("impacts").empty()) << enclosure.dump();
  EXPECT_NE(enclosure.at("stopped_because").get<std::string>().find("grazing not excluded on [1.5707963"), std::string::npos)
      << enclosure.dump();  // π/2
  EXPECT_TRUE(enclosure.at("final_u").is_null()) << enclosure.dump();
}

/// A test-set problem is enclosed whatever scheme it names: VI-07 (two stops) to its horizon,
/// with the 12 impacts its stored file counts (the MPFR N-DOF reference's); VI-12's double
/// pendulum (a sweeping-process scheme) to its horizon with its stored count, every impact on
/// the constraint of θ1 (coordinate 1) with the normal rate positive before.
TEST_F(EncloseCommand, ATestSetProblemIsEnclosedWhateverItsScheme) {
  const Outcome json_out = vibro("--json run " + quoted(cases_dir / "testset" / "VI-07.toml") + " --enclose");
  ASSERT_EQ(json_out.status, 0) << json_out.err << json_out.out;
  const nlohmann::json enclosure = nlohmann::json::parse(json_out.out);
  EXPECT_EQ(enclosure.at("stopped_because"), "");
  EXPECT_EQ(enclosure.at("horizon_is"), "periods");
  const auto stored = vibro::load_testset(cases_dir / "testset", source_dir / "reference" / "testset", {"VI-07"});
  ASSERT_EQ(stored.size(), 1u);
  ASSERT_TRUE(stored.front().reference.impacts);
  EXPECT_EQ(enclosure.at("impacts").size(), static_cast<std::size_t>(*stored.front().reference.impacts));
  const Outcome pendulum_out = vibro("--json run " + quoted(cases_dir / "testset" / "VI-12.toml") + " --enclose");
  ASSERT_EQ(pendulum_out.status, 0) << pendulum_out.err << pendulum_out.out;
  const nlohmann::json pendulum = nlohmann::json::parse(pendulum_out.out);
  EXPECT_EQ(pendulum.at("stopped_because"), "");
  EXPECT_EQ(pendulum.at("dimension"), 2);
  EXPECT_EQ(pendulum.at("final_positions").size(), 2u);
  const auto vi12 = vibro::load_testset(cases_dir / "testset", source_dir / "reference" / "testset", {"VI-12"});
  ASSERT_EQ(vi12.size(), 1u);
  ASSERT_TRUE(vi12.front().reference.impacts);
  EXPECT_EQ(pendulum.at("impacts").size(), static_cast<std::size_t>(*vi12.front().reference.impacts));
  for (const nlohmann::json& impact : pendulum.at("impacts")) {
    EXPECT_EQ(impact.at("coordinate"), 1);
    EXPECT_GT(std::stod(impact.at("velocity_before").at("lower").get<std::string>()), 0) << impact.dump();
  }
}

/// The Duffing oscillator's VI-08 is enclosed by validated Taylor steps to its horizon with the
/// impacts its stored file counts (4); at 3000 digits its steps would take hours, which is refused
/// at once with the estimate (the work limit), not run for ten minutes.
TEST_F(EncloseCommand, TheDuffingProblemIsEnclosedAndItsWorkLimitSaidAtOnce) {
  const Outcome json_out = vibro("--json run " + quoted(cases_dir / "testset" / "VI-08.toml") + " --enclose");
  ASSERT_EQ(json_out.status, 0) << json_out.err << json_out.out;
  const nlohmann::json enclosure = nlohmann::json::parse(json_out.out);
  EXPECT_EQ(enclosure.at("stopped_because"), "");
  // As many impacts as the stored file counts (the MPFR reference's, integrated by RKF 7(8)).
  const auto stored = vibro::load_testset(cases_dir / "testset", source_dir / "reference" / "testset", {"VI-08"});
  ASSERT_EQ(stored.size(), 1u);
  ASSERT_TRUE(stored.front().reference.impacts);
  EXPECT_EQ(enclosure.at("impacts").size(), static_cast<std::size_t>(*stored.front().reference.impacts));
  const auto start = std::chrono::steady_clock::now();
  EXPECT_TRUE(bad_input(vibro("run " + quoted(cases_dir / "testset" / "VI-08.toml") + " --enclose --digits 3000"),
                        {"--digits", "validated Taylor steps", "above the limit"}));
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 5.0);
}

/// An N-DOF test-set problem: VI-11 (the chain of ten masses) enclosed to its horizon, its
/// impacts on the coordinates its stored file lists (q7, q3, q3, q7, q7, from the MPFR N-DOF
/// reference), ten final positions and velocities; the text output names each impact's
/// coordinate.
TEST_F(EncloseCommand, AnNDofProblemListsEachImpactsCoordinateAndEveryFinalCoordinate) {
  const Outcome json_out = vibro("--json run " + quoted(cases_dir / "testset" / "VI-11.toml") + " --enclose");
  ASSERT_EQ(json_out.status, 0) << json_out.err << json_out.out;
  const nlohmann::json enclosure = nlohmann::json::parse(json_out.out);
  EXPECT_EQ(enclosure.at("stopped_because"), "");
  EXPECT_EQ(enclosure.at("dimension"), 10);
  EXPECT_TRUE(enclosure.at("final_u").is_null());
  EXPECT_EQ(enclosure.at("final_positions").size(), 10u);
  EXPECT_EQ(enclosure.at("final_velocities").size(), 10u);
  const auto stored = vibro::load_testset(cases_dir / "testset", source_dir / "reference" / "testset", {"VI-11"});
  ASSERT_EQ(stored.size(), 1u);
  std::vector<std::int64_t> coordinates;
  for (const nlohmann::json& impact : enclosure.at("impacts")) coordinates.push_back(impact.at("coordinate"));
  EXPECT_EQ(coordinates, stored.front().reference.impact_coordinates);
  const Outcome text = vibro("run " + quoted(cases_dir / "testset" / "VI-11.toml") + " --enclose");
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("  1  on q7  t = "), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("  q10 = "), std::string::npos) << text.out;
}

/// A case in physical parameters is enclosed from its exact conversion (α = √(1/200), a = 1,
/// ω = √2 here: docs/case_files.md "Physical parameters"), its times and velocities the
/// normalised ones as the run's; the proof-level test holds the same motion against the MPFR
/// reference (ReferenceEnclosure.HoldsTheReferenceWithParametersGivenAsSquareRoots).
TEST_F(EncloseCommand, ACaseInPhysicalParametersIsEnclosedFromItsExactConversion) {
  const fs::path file =
      write("physical.toml",
            "[case]\nname = \"physical\"\ndescription = \"physical, irrational roots\"\nprecision = \"double\"\n"
            "[model]\ntype = \"impact-oscillator\"\nm = 1\nc = \"1/5\"\nk = 2\nF = 2\nOmega = 2\nu_min = 0\ne = 0.8\n"
            "[initial]\nu0 = 0.5\nv0 = 0\n[scheme]\ntype = \"reference\"\n[horizon]\nperiods = 10\n");
  const Outcome json_out = vibro("--json run " + quoted(file) + " --enclose");
  ASSERT_EQ(json_out.status, 0) << json_out.err << json_out.out;
  const nlohmann::json enclosure = nlohmann::json::parse(json_out.out);
  EXPECT_EQ(enclosure.at("stopped_because"), "");
  EXPECT_GE(enclosure.at("impacts").size(), 5u);
  EXPECT_GE(enclosure.at("final_u").at("proved_digits").get<int>(), 40);
}

/// A bouncing ball written as a user would (g = 1, e = 1/2 from rest at 1/2): the impacts
/// accumulate at t∞ = 3 (closed form), where the ball comes to rest.
TEST_F(EncloseCommand, BouncingBallShowsItsAccumulationPoint) {
  const fs::path file = write("ball.toml",
                              "[case]\nname = \"ball\"\ndescription = \"bouncing ball\"\nprecision = \"mpfr:40\"\n"
                              "[model]\ntype = \"constant-force\"\ng = 1\nu_min = 0\ne = \"1/2\"\n"
                              "[initial]\nu0 = \"1/2\"\nv0 = 0\n[scheme]\ntype = \"reference\"\n[horizon]\nt_end = 4\n");
  const Outcome json_out = vibro("--json run " + quoted(file) + " --enclose");
  ASSERT_EQ(json_out.status, 0) << json_out.err;
  const nlohmann::json enclosure = nlohmann::json::parse(json_out.out);
  const vibro::MpfrPrecisionGuard guard(150);
  expect_holds(enclosure.at("accumulation"), mpfr_real(3), "t∞");
  expect_holds(enclosure.at("final_u"), mpfr_real(0), "u(4)");
  expect_holds(enclosure.at("final_v"), mpfr_real(0), "v(4)");
  expect_holds(enclosure.at("impacts")[0].at("t"), mpfr_real(1), "t_1");
  const Outcome text = vibro("run " + quoted(file) + " --enclose");
  EXPECT_NE(text.out.find("the impacts accumulate at t∞ = 3"), std::string::npos) << text.out;
}

/// Seed 001's chaotic case: the enclosure stops at the width bound, says so, and exits 1.
TEST_F(EncloseCommand, StopsOnAChaoticHorizonWithTheReason) {
  const Outcome text = vibro("run " + quoted(cases_dir / "reference_chaotic.toml") + " --enclose");
  EXPECT_EQ(text.status, 1) << text.err;
  EXPECT_NE(text.out.find("stopped: the enclosure would pass the width bound 1.00e-10"), std::string::npos) << text.out;
  EXPECT_EQ(text.out.find("final state"), std::string::npos) << text.out;
}

/// Round 4 found the enclosure of a stable orbit stopped with "grazing not excluded" on a motion
/// whose impacts are all transverse (v− ≈ −0.48 on the closed-form (1, 1) orbit the case starts
/// on): the balls, evaluated afresh at each impact, grew 5.2 times an impact (the wrapping
/// effect) and a flight started too wide to decide after 45 impacts at 40 digits. The centred
/// impact map keeps the width: all 200 impacts of the horizon are enclosed at 40 digits, each
/// clearly transverse, and the radius of the last impact time is a few thousand times the
/// first's, not 10^140 times.
TEST_F(EncloseCommand, AStableOrbitIsEnclosedToItsHorizonWithoutTheWrappingEffect) {
  const Outcome outcome =
      vibro("--json run " + quoted(cases_dir / "orbits" / "stable_ided.toml") + " --enclose --quiet --digits 40");
  ASSERT_EQ(outcome.status, 0) << outcome.err << outcome.out;
  const nlohmann::json enclosure = nlohmann::json::parse(outcome.out);
  EXPECT_EQ(enclosure.at("stopped_because"), "");
  ASSERT_EQ(enclosure.at("impacts").size(), 200u);
  const vibro::MpfrPrecisionGuard guard(60);
  for (const nlohmann::json& impact : enclosure.at("impacts"))
    EXPECT_LT(mpfr_real(impact.at("velocity_before").at("upper").get<std::string>()), mpfr_real("-0.4"))
        << "impact " << impact.at("index") << " is not clearly transverse";
  const double first = std::stod(enclosure.at("first_impact_radius").get<std::string>()),
               last = std::stod(enclosure.at("last_impact_radius").get<std::string>());
  EXPECT_LT(last, 1e5 * first) << first << " → " << last;
}

/// docs/proofs.md "Performance": the first 100 impacts of the shipped periodic reference case
/// in less than 30 s (start to end of the executable).
TEST_F(EncloseCommand, EnclosesAHundredImpactsWithinThirtySeconds) {
  const auto start = std::chrono::steady_clock::now();
  const Outcome json_out = vibro("--json run " + quoted(cases_dir / "reference_periodic.toml") + " --enclose --impacts 100");
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ASSERT_EQ(json_out.status, 0) << json_out.err;
  const nlohmann::json enclosure = nlohmann::json::parse(json_out.out);
  EXPECT_EQ(enclosure.at("impacts").size(), 100u);
  EXPECT_EQ(enclosure.at("horizon_is"), "impacts");
  EXPECT_LT(seconds, 30.0);
}

/// Round 4: `--digits 10000 --impacts 100000` (days of work) ran without a word. The work
/// limit refuses it at once with the estimate; --max-steps counts impacts; a horizon's
/// enclosure stops at the limit and says so; a long enclosure says at its start how long it may
/// take (its first line on a pipe, here cut short by a CPU limit of 3 s).
TEST_F(EncloseCommand, AppliesTheWorkLimitWithAnEstimateAndSpeaksWhenLong) {
  const std::string periodic = quoted(cases_dir / "reference_periodic.toml");
  const auto start = std::chrono::steady_clock::now();
  EXPECT_TRUE(bad_input(vibro("run " + periodic + " --enclose --digits 10000 --impacts 100000"),
                        {"key '--impacts'", "100000 impacts at 10000 digits would take about", "days",
                         "--max-steps"}));
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(2));
  EXPECT_TRUE(bad_input(vibro("run " + periodic + " --enclose --impacts 10 --max-steps 5"),
                        {"key '--max-steps'", "above the limit of 5 impacts"}));
  const Outcome limited = vibro("run " + periodic + " --enclose --max-steps 3");
  EXPECT_EQ(limited.status, 1) << limited.err;
  EXPECT_NE(limited.out.find("stopped: more than 3 impacts (the work limit at 40 digits"), std::string::npos)
      << limited.out;
  EXPECT_EQ(vibro_limited("ulimit -t 3", "run " + periodic + " --enclose --digits 10000 --impacts 4").err.rfind(
                "vibro: enclosure at 10000 digits: 4 impacts, up to about", 0),
            0u);
}

TEST_F(EncloseCommand, RefusesWhatItDoesNotEnclose) {
  EXPECT_TRUE(bad_input(vibro("run " + quoted(cases_dir / "free_fall.toml") + " --enclose"), {"reference"}));
  EXPECT_TRUE(bad_input(vibro("run " + quoted(cases_dir / "reference_sticking_oscillator.toml") + " --enclose --digits 5"),
                        {"--digits"}));
  EXPECT_TRUE(bad_input(vibro("run " + quoted(cases_dir / "reference_periodic.toml") + " --impacts 5"), {"--enclose"}));
  EXPECT_TRUE(bad_input(vibro("run " + quoted(cases_dir / "reference_periodic.toml") + " --enclose --csv x.csv"),
                        {"--csv"}));
  EXPECT_TRUE(bad_input(vibro("run " + quoted(cases_dir / "reference_periodic.toml") + " --enclose --precision mpfr:50"),
                        {"--precision"}));
}

/// The stored values of the test set's 1-DOF and linear N-DOF problems against their
/// enclosures: the enclosure lies within each value's claimed accuracy (docs/testset.md), for
/// every value of VI-01 to VI-05, VI-07 (two stops), VI-08 (the Duffing oscillator, by validated
/// Taylor steps: values the MPFR reference integrated by RKF 7(8), another method) and VI-09 to
/// VI-11 (seed 002's 2-DOF system, the chain of ten masses: values the MPFR N-DOF reference
/// computed, another code path) and VI-06, whose chattering's accumulation points the reference
/// summed by its own rule.
TEST(TestsetEnclosures, ProveTheStoredValuesOfTheOneDofAndLinearProblems) {
  const auto problems = vibro::load_testset(
      cases_dir / "testset", source_dir / "reference" / "testset",
      {"VI-01", "VI-02", "VI-03", "VI-04", "VI-05", "VI-06", "VI-07", "VI-08", "VI-09", "VI-10", "VI-11"});
  ASSERT_EQ(problems.size(), 11u);
  for (const vibro::TestsetProblem& p : problems) {
    SCOPED_TRACE(p.reference.id);
    const vibro::TestsetEnclosureCheck check = vibro::check_testset_enclosures(p.problem, p.reference, 52);
    EXPECT_TRUE(check.contradicted.empty()) << check.contradicted.front();
    EXPECT_TRUE(check.not_enclosed.empty()) << check.not_enclosed;
    if (p.reference.id == "VI-06") {
      // Its five accumulations through the chattering's geometric tails and the releases
      // after them: every stored value proved, the end state too.
      EXPECT_EQ(check.stopped_because, "");
      EXPECT_TRUE(check.unreached.empty()) << check.unreached.front();
    } else {
      EXPECT_EQ(check.proved, check.values) << (check.undecided.empty() ? "" : check.undecided.front());
      EXPECT_GE(check.values, 7u);
    }
  }
}

/// A stored value moved by three units of its last digit is contradicted by its enclosure.
TEST(TestsetEnclosures, CatchAStoredValueMovedByThreeUnits) {
  auto problems = vibro::load_testset(cases_dir / "testset", source_dir / "reference" / "testset", {"VI-02"});
  ASSERT_EQ(problems.size(), 1u);
  vibro::TestsetReference& stored = problems.front().reference;
  for (vibro::StoredValue& v : stored.values) {
    if (v.name != "t_1") continue;
    // The last digit before the exponent, moved by 3 (with a carry-free choice of direction).
    const std::size_t last = v.value.find('e') - 1;
    v.value[last] = static_cast<char>(v.value[last] >= '5' ? v.value[last] - 3 : v.value[last] + 3);
  }
  const vibro::TestsetEnclosureCheck check = vibro::check_testset_enclosures(problems.front().problem, stored, 52);
  ASSERT_EQ(check.contradicted.size(), 1u);
  EXPECT_NE(check.contradicted.front().find("VI-02 t_1"), std::string::npos) << check.contradicted.front();
}

/// The impact count and the coordinate of each impact are claims too: VI-11 (impacts on q7,
/// q3, q3, q7, q7) with its count raised by one, and its second impact said to be on q7, is
/// contradicted on both, and that impact's values are not counted as proved.
TEST(TestsetEnclosures, CatchAStoredImpactCountOrCoordinateChanged) {
  auto problems = vibro::load_testset(cases_dir / "testset", source_dir / "reference" / "testset", {"VI-11"});
  ASSERT_EQ(problems.size(), 1u);
  vibro::TestsetReference& stored = problems.front().reference;
  ASSERT_TRUE(stored.impacts.has_value());
  ASSERT_GE(stored.impact_coordinates.size(), 2u);
  ASSERT_EQ(stored.impact_coordinates[1], 3);
  *stored.impacts += 1;
  stored.impact_coordinates[1] = 7;
  const vibro::TestsetEnclosureCheck check = vibro::check_testset_enclosures(problems.front().problem, stored, 52);
  ASSERT_EQ(check.contradicted.size(), 2u);
  EXPECT_NE(check.contradicted[0].find("VI-11 impacts = 6: the enclosure proves 5"), std::string::npos)
      << check.contradicted[0];
  EXPECT_NE(check.contradicted[1].find("VI-11 impact 2 is on coordinate 3, the stored file says 7"), std::string::npos)
      << check.contradicted[1];
  EXPECT_EQ(check.proved, check.values - 3);
  EXPECT_EQ(check.unreached.size(), 3u);
}

/// The table's rows, written by hand from what each check says: all proved, some not reached
/// (with the reason the enclosure stopped), not enclosed (with the reason), and the totals.
TEST(ProvedValuesTable, SaysForEachProblemHowManyAreProvedAndWhyNotTheRest) {
  vibro::TestsetEnclosureCheck all_proved;
  all_proved.values = all_proved.proved = 4;
  vibro::TestsetEnclosureCheck some_unreached;
  some_unreached.values = 5;
  some_unreached.proved = 2;
  some_unreached.unreached = {"t_inf_1", "u(T)"};
  some_unreached.undecided = {"VI-98 t_3: the enclosure [1, 2] is wider than the value's claim"};
  some_unreached.stopped_because = "the width bound";
  vibro::TestsetEnclosureCheck not_enclosed;
  not_enclosed.values = 3;
  not_enclosed.not_enclosed = "no enclosure of this model";
  EXPECT_EQ(vibro::proved_values_table({{"VI-97", all_proved}, {"VI-98", some_unreached}, {"VI-99", not_enclosed}}),
            "| problem | stored values | proved | not proved | why not |\n"
            "|---|---:|---:|---:|---|\n"
            "| VI-97 | 4 | 4 | 0 |  |\n"
            "| VI-98 | 5 | 2 | 3 | 1 enclosed more widely than the value claims; 2 not reached: the width bound |\n"
            "| VI-99 | 3 | 0 | 3 | not enclosed: no enclosure of this model |\n"
            "| all | 12 | 6 | 6 |  |\n");
}

/// docs/testset.md shows the table of the shipped problems as `vibro testset verify` computes
/// it (at the stored digits + testset_proof_extra_digits): a proof added or lost changes the
/// table, and the docs with it. What the docs say in words holds of it: 319 stored values, every one of
/// every problem proved.
TEST(ProvedValuesTable, DocsShowTheShippedProblemsTable) {
  const auto problems = vibro::load_testset(cases_dir / "testset", source_dir / "reference" / "testset", {});
  ASSERT_EQ(problems.size(), 13u);
  std::vector<vibro::ProblemProof> proofs;
  std::size_t values = 0;
  for (const vibro::TestsetProblem& p : problems) {
    proofs.emplace_back(p.reference.id, vibro::check_testset_enclosures(p.problem, p.reference));
    const vibro::TestsetEnclosureCheck& check = proofs.back().second;
    values += check.values;
    EXPECT_TRUE(check.contradicted.empty()) << p.reference.id;
    EXPECT_EQ(check.proved, check.values) << p.reference.id;
    EXPECT_TRUE(check.not_enclosed.empty()) << p.reference.id << ": " << check.not_enclosed;
  }
  EXPECT_EQ(values, 319u);
  std::ifstream docs(source_dir / "docs" / "testset.md");
  std::stringstream text;
  text << docs.rdbuf();
  const std::string table = vibro::proved_values_table(proofs);
  EXPECT_NE(text.str().find(table), std::string::npos)
      << "docs/testset.md \"Proved values\" does not show the table `vibro testset verify` prints:\n"
      << table;
}

}  // namespace
