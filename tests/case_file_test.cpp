// Case files (docs/architecture.md "Limits and faults"): every class of bad input is rejected with one
// InputError that names the file, the dotted key and what is allowed, and a valid case
// keeps each number's decimal text and exact value. Each bad case is a valid base case
// from tests/data with one or two lines edited, so a test shows only what it changes.

#include "vibro/io/case_file.hpp"
#include "vibro/catalog/entries/corrected_crank_nicolson_entry.hpp"
#include "vibro/catalog/entries/nonstandard_impact_entry.hpp"
#include "vibro/support/input_error.hpp"
#include "vibro/case/scheme_catalog.hpp"

#include "support/build_paths.hpp"
#include "support/case_text.hpp"
#include "support/read_text.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace vibro::testing {
namespace {

/// The scheme options of a case as its registry entry reads them; fails the test when the
/// case's scheme is another entry's.
template <class Entry>
typename Entry::Options options_of(const vibro::CaseSpec& c) {
  const auto entry = vibro::entry_named(Entry::names[0]);
  EXPECT_TRUE(entry && *entry == c.scheme.entry) << c.scheme.type;
  return Entry::options(c.scheme, vibro::OptionFailure{c.file});
}

/// The value of scheme option `key` as the catalog describes the case's options (what the
/// outputs print); "" when it has no such option.
std::string scheme_option(const vibro::CaseSpec& c, const std::string& key) {
  for (const auto& [name, value] : vibro::scheme_infos().at(c.scheme.entry).options(c))
    if (name == key) return value;
  return "";
}

/// The case's scheme is the entry with this case-file name.
bool scheme_is(const vibro::CaseSpec& c, const char* name) { return vibro::entry_named(name) == c.scheme.entry; }


namespace fs = std::filesystem;

/// The file name every in-memory case is parsed under.
const std::string label = "label.toml";

/// tests/data/oscillator.toml: α = 0.1, a = 1, ω = 1.2, u_min = 0, e = 0.8, u0 = 0.5, v0 = 0,
/// 200 steps per period, 20 periods.
const std::string& oscillator() {
  static const std::string text = read_text(fs::path(test_paths::test_data_dir) / "oscillator.toml");
  return text;
}

/// tests/data/free_fall.toml: g = 0, u_min = 0, e = 1/2, u0 = 1, v0 = −1, h = 1/4, t_end = 2.
const std::string& free_fall() {
  static const std::string text = read_text(fs::path(test_paths::test_data_dir) / "free_fall.toml");
  return text;
}

/// free_fall() with a convergence study over the steps `steps` (a line of [convergence])
/// and one expectation of order 1 with tolerance 0.1.
std::string free_fall_with_study(std::string_view steps = R"(h = ["1/4", "1/8"])") {
  return free_fall() + "\n[convergence]\n" + std::string(steps) + R"(

[[expected]]
quantity = "order.position_linf"
value = 1
tolerance = 0.1
source = "seed 000 §1"
)";
}

using Edit = std::pair<std::string_view, std::string_view>;

/// `text` with each whole line `edit.first` (which must occur exactly once) replaced by
/// `edit.second`.
std::string edited(const std::string& text, std::initializer_list<Edit> edits) {
  std::string result = "\n" + text;
  for (const auto& [line, replacement] : edits) {
    const std::string whole = "\n" + std::string(line) + "\n";
    const std::size_t at = result.find(whole);
    if (at == std::string::npos || result.find(whole, at + 1) != std::string::npos) {
      ADD_FAILURE() << "the base case has no single line '" << line << "' to edit";
      continue;
    }
    result.replace(at + 1, line.size(), replacement);
  }
  return result.substr(1);
}

/// The InputError that parsing `text` throws, if any.
std::optional<InputError> rejection(const std::string& text) {
  try {
    parse_case(text, label);
  } catch (const InputError& error) {
    return error;
  }
  return std::nullopt;
}

/// Parsing `text` fails with one message "label.toml: key 'KEY': ..." (or "label.toml: ..."
/// when `key` is empty) that contains `allowed`.
::testing::AssertionResult rejected(const std::string& text, const std::string& key, std::string_view allowed) {
  const std::optional<InputError> error = rejection(text);
  if (!error) return ::testing::AssertionFailure() << "accepted the case:\n" << text;
  const std::string message = error->what();
  const std::string prefix = label + ": " + (key.empty() ? "" : "key '" + key + "': ");
  if (error->file() != label || error->key() != key || !message.starts_with(prefix) ||
      message.find(allowed) == std::string::npos)
    return ::testing::AssertionFailure() << "file '" << error->file() << "', key '" << error->key() << "', message\n  "
                                         << message << "\nexpected file '" << label << "', key '" << key
                                         << "' and a message containing '" << allowed << "', for the case:\n"
                                         << text;
  return ::testing::AssertionSuccess();
}

::testing::AssertionResult accepted(const std::string& text) {
  if (const std::optional<InputError> error = rejection(text))
    return ::testing::AssertionFailure() << "rejected: " << error->what() << "\nfor the case:\n" << text;
  return ::testing::AssertionSuccess();
}

// --- valid cases ---------------------------------------------------------------------

TEST(ParseCase, OscillatorBaseHasTheExactValuesWritten) {
  const CaseSpec c = parse_case(oscillator(), label);
  EXPECT_EQ(c.file, label);
  EXPECT_EQ(c.name, "oscillator");
  EXPECT_EQ(c.precision, (Precision{ScalarKind::double_, 0}));
  ASSERT_TRUE(c.model.periodic());
  const auto& osc = std::get<OscillatorSpec>(c.model.kind);
  EXPECT_EQ(osc.alpha.text, "0.1");
  EXPECT_EQ(osc.alpha.exact, rational(1, 10));
  EXPECT_EQ(osc.amplitude.exact, rational(1));
  EXPECT_EQ(osc.omega.exact, rational(6, 5));
  EXPECT_EQ(c.model.u_min.exact, rational(0));
  EXPECT_EQ(c.model.e.key, "model.e");
  EXPECT_EQ(c.model.e.exact, rational(4, 5));
  EXPECT_EQ(c.u0.exact, rational(1, 2));
  EXPECT_EQ(c.v0.exact, rational(0));
  EXPECT_EQ(c.t0.text, "0");  // not written: the default
  EXPECT_TRUE(scheme_is(c, "paoli-schatzman")) << c.scheme.type;
  EXPECT_EQ(scheme_option(c, "velocity"), "centered");
  EXPECT_EQ(scheme_option(c, "start"), "taylor");
  EXPECT_FALSE(c.step.h.has_value());
  EXPECT_EQ(c.step.steps_per_period, 200);
  EXPECT_FALSE(c.horizon.t_end.has_value());
  EXPECT_EQ(c.horizon.periods, 20);
  EXPECT_TRUE(c.convergence.empty());
  EXPECT_TRUE(c.expected.empty());
}

TEST(ParseCase, FreeFallBaseHasTheExactValuesWritten) {
  const CaseSpec c = parse_case(free_fall(), label);
  EXPECT_EQ(c.precision, (Precision{ScalarKind::rational, 0}));
  ASSERT_FALSE(c.model.periodic());
  EXPECT_EQ(std::get<ConstantForceSpec>(c.model.kind).g.exact, rational(0));
  EXPECT_EQ(c.model.e.text, "1/2");
  EXPECT_EQ(c.model.e.exact, rational(1, 2));
  EXPECT_EQ(c.u0.exact, rational(1));
  EXPECT_EQ(c.v0.exact, rational(-1));
  EXPECT_TRUE(scheme_is(c, "paoli-schatzman")) << c.scheme.type;
  EXPECT_EQ(scheme_option(c, "start"), "linear");
  ASSERT_TRUE(c.step.h.has_value());
  EXPECT_EQ(c.step.h->exact, rational(1, 4));
  ASSERT_TRUE(c.horizon.t_end.has_value());
  EXPECT_EQ(c.horizon.t_end->exact, rational(2));
}

TEST(ParseCase, DecimalFloatKeepsItsTextAndExactValue) {
  // 0.1 has no double: the text and the exact value 1/10 must survive the TOML float.
  const CaseSpec c = parse_case(edited(oscillator(), {{"e = 0.8", "e = 0.1"}}), label);
  EXPECT_EQ(c.model.e.text, "0.1");
  EXPECT_EQ(c.model.e.exact, rational(1, 10));
}

TEST(ParseCase, UnderscoresAndExponentsAreReadExactly) {
  const CaseSpec c =
      parse_case(edited(free_fall(), {{"t_end = 2", "t_end = 1_000.5"}, {"h = \"1/4\"", "h = 2.5e-1"}}), label);
  ASSERT_TRUE(c.horizon.t_end && c.step.h);
  EXPECT_EQ(c.horizon.t_end->text, "1000.5");
  EXPECT_EQ(c.horizon.t_end->exact, rational(2001, 2));
  EXPECT_EQ(c.step.h->text, "2.5e-1");
  EXPECT_EQ(c.step.h->exact, rational(1, 4));
  const CaseSpec n = parse_case(edited(oscillator(), {{"steps_per_period = 200", "steps_per_period = 1_000"}}), label);
  EXPECT_EQ(n.step.steps_per_period, 1000);
}

TEST(ParseCase, FractionStringsAreExact) {
  const CaseSpec c = parse_case(edited(free_fall(), {{"u0 = 1", "u0 = \"1/3\""}}), label);
  EXPECT_EQ(c.u0.text, "1/3");
  EXPECT_EQ(c.u0.exact, rational(1, 3));
}

TEST(ParseCase, FloatsInsideListsKeepTheirText) {
  const CaseSpec c = parse_case(free_fall_with_study("h = [0.5,0.25 , 0.125]"), label);
  ASSERT_EQ(c.convergence.size(), 3u);
  EXPECT_EQ(c.convergence[0].h->text, "0.5");
  EXPECT_EQ(c.convergence[1].h->text, "0.25");
  EXPECT_EQ(c.convergence[2].h->text, "0.125");
  EXPECT_EQ(c.convergence[2].h->exact, rational(1, 8));
  EXPECT_EQ(c.convergence[2].h->key, "convergence.h[2]");
  ASSERT_EQ(c.expected.size(), 1u);
  EXPECT_EQ(c.expected[0].tolerance.exact, rational(1, 10));
}

/// [convergence] tolerances: a ladder for an adaptive program (docs/case_files.md), kept as
/// written and exact; each rung positive and tighter than the one before, at least two.
TEST(ParseCase, AToleranceLadderIsReadAsWrittenAndChecked) {
  const CaseSpec c = parse_case(free_fall_with_study(R"(h = ["1/4", "1/8"]
tolerances = [1e-4, "1e-6", 1.0e-8])"),
                                label);
  ASSERT_EQ(c.convergence_tolerances.size(), 3u);
  EXPECT_EQ(texts_of(c.convergence_tolerances), (std::vector<std::string>{"1e-4", "1e-6", "1.0e-8"}));
  EXPECT_EQ(c.convergence_tolerances[1].exact, rational(1, 1000000));
  EXPECT_TRUE(parse_case(free_fall_with_study(), label).convergence_tolerances.empty());
  // Tolerances alone: a ladder for adaptive programs, no step sizes for a built-in scheme.
  const CaseSpec alone = parse_case(free_fall() + "\n[convergence]\ntolerances = [1e-4, 1e-6]\n", label);
  EXPECT_TRUE(alone.convergence.empty());
  EXPECT_EQ(alone.convergence_tolerances.size(), 2u);
  EXPECT_TRUE(rejected(free_fall_with_study("h = [\"1/4\", \"1/8\"]\ntolerances = [1e-4, 1e-3]"),
                       "convergence.tolerances[1]", "is not smaller than the tolerance before it"));
  EXPECT_TRUE(rejected(free_fall_with_study("h = [\"1/4\", \"1/8\"]\ntolerances = [1e-4, 0]"),
                       "convergence.tolerances[1]", "is not a tolerance"));
  EXPECT_TRUE(rejected(free_fall_with_study("h = [\"1/4\", \"1/8\"]\ntolerances = [1e-4]"),
                       "convergence.tolerances", "at least 2 tolerances"));
  EXPECT_TRUE(rejected(free_fall_with_study("h = [\"1/4\", \"1/8\"]\ntolerances = 1e-4"),
                       "convergence.tolerances", "expected a list of tolerances"));
}

TEST(ParseCase, BoundariesOfTheAllowedRangesAreAccepted) {
  EXPECT_TRUE(accepted(edited(oscillator(), {{"e = 0.8", "e = 0"}})));
  EXPECT_TRUE(accepted(edited(oscillator(), {{"e = 0.8", "e = 1"}})));
  EXPECT_TRUE(accepted(edited(oscillator(), {{"alpha = 0.1", "alpha = 0"}})));
  EXPECT_TRUE(accepted(edited(oscillator(), {{"u0 = 0.5", "u0 = 0"}})));  // u0 = u_min with v0 = 0
  EXPECT_TRUE(accepted(edited(free_fall(), {{"u0 = 1", "u0 = 0"}, {"v0 = -1", "v0 = 1"}})));
  EXPECT_TRUE(accepted(edited(oscillator(), {{"steps_per_period = 200", "steps_per_period = 1"}})));
}

TEST(LoadCase, ShippedCasesLoad) {
  const fs::path cases = test_paths::cases_dir;
  const CaseSpec fall = load_case(cases / "free_fall.toml");
  EXPECT_EQ(fall.file, (cases / "free_fall.toml").string());
  EXPECT_EQ(fall.name, "free-fall");
  EXPECT_EQ(fall.precision, (Precision{ScalarKind::rational, 0}));
  ASSERT_TRUE(fall.step.h.has_value());
  EXPECT_EQ(fall.step.h->exact, rational(2, 21));
  EXPECT_EQ(fall.convergence.size(), 7u);
  EXPECT_EQ(fall.expected.size(), 3u);

  const CaseSpec forced = load_case(cases / "ps_forced_oscillator.toml");
  EXPECT_EQ(forced.name, "ps-forced-oscillator");
  EXPECT_EQ(forced.precision, (Precision{ScalarKind::double_, 0}));
  EXPECT_EQ(forced.model.e.exact, rational(4, 5));
  EXPECT_EQ(forced.step.steps_per_period, 200);
  EXPECT_EQ(forced.horizon.periods, 20);
}

TEST(LoadCase, MissingFileIsBadInputNamingIt) {
  const fs::path missing = fs::path(test_paths::test_data_dir) / "no_such_case.toml";
  try {
    load_case(missing);
    ADD_FAILURE() << "loaded a missing file";
  } catch (const InputError& error) {
    EXPECT_EQ(error.file(), missing.string());
    EXPECT_EQ(error.key(), "");
    EXPECT_NE(std::string(error.what()).find("cannot open"), std::string::npos) << error.what();
  }
}

// --- the classes of bad input of docs/architecture.md "Limits and faults" ---------------------------

TEST(BadInput, MalformedTomlNamesTheLineAndColumn) {
  const std::string text = edited(oscillator(), {{"e = 0.8", "e = 0.8.1"}});
  const std::size_t line =
      static_cast<std::size_t>(std::count(text.begin(), text.begin() + text.find("e = 0.8.1"), '\n')) + 1;
  // The second '.' of "e = 0.8.1" is the eighth character of its line, which the message quotes.
  EXPECT_TRUE(rejected(text, "", "line " + std::to_string(line) + ", column 8 ('e = 0.8.1'): TOML syntax error"));
  EXPECT_TRUE(rejected(oscillator() + "\n[model]\n", "", "TOML syntax error"));  // a table defined twice
}

TEST(BadInput, UnknownKeysNameTheAllowedKeys) {
  EXPECT_TRUE(rejected(edited(oscillator(), {{"e = 0.8", "e = 0.8\nrestitution = 0.8"}}), "model.restitution",
                       "allowed here: type, alpha, a, omega, m, c, k, F, Omega, u_min, e"));
  EXPECT_TRUE(rejected(edited(free_fall(), {{"g = 0", "g = 0\nalpha = 0.1"}}), "model.alpha",
                       "allowed here: type, g, u_min, e"));
  EXPECT_TRUE(rejected(oscillator() + "\n[output]\ncsv = \"x.csv\"\n", "output",
                       "allowed here: case, model, initial, scheme, step, horizon, convergence, sweep, expected, lyapunov"));
  EXPECT_TRUE(rejected(free_fall() + "stepz = 8\n", "horizon.stepz", "allowed here: t_end, periods, steps, escape"));
}

TEST(BadInput, WrongTypesNameTheExpectedType) {
  const std::string_view number = "expected a number (integer, decimal, or a string such as \"1/3\")";
  EXPECT_TRUE(rejected(edited(oscillator(), {{"e = 0.8", "e = true"}}), "model.e", number));
  EXPECT_TRUE(rejected(edited(oscillator(), {{"e = 0.8", "e = [0.8]"}}), "model.e", number));
  EXPECT_TRUE(rejected(edited(oscillator(), {{"e = 0.8", "e = \"eight tenths\""}}), "model.e",
                       "is not a finite decimal number or a fraction P/Q"));
  EXPECT_TRUE(
      rejected(edited(oscillator(), {{"name = \"oscillator\"", "name = 3"}}), "case.name", "expected a string"));
  EXPECT_TRUE(rejected(edited(oscillator(), {{"steps_per_period = 200", "steps_per_period = 200.5"}}),
                       "step.steps_per_period", "expected an integer in [1, 1000000000000]"));
  EXPECT_TRUE(rejected(edited(oscillator(), {{"periods = 20", "periods = \"20\""}}), "horizon.periods",
                       "expected an integer in [1, 1000000000]"));
  EXPECT_TRUE(rejected("convergence = 3\n" + free_fall(), "convergence", "expected a table [convergence]"));
}

TEST(BadInput, RestitutionOutsideZeroOne) {
  // 1.00000000000000000001 rounds to 1 in double: the check must be exact.
  for (const char* e : {"1.5", "-0.1", "1.00000000000000000001", "\"3/2\""})
    EXPECT_TRUE(rejected(edited(oscillator(), {{"e = 0.8", std::string("e = ") + e}}), "model.e", "[0, 1]"));
}

TEST(BadInput, InitialPositionBelowTheObstacle) {
  EXPECT_TRUE(rejected(edited(oscillator(), {{"u0 = 0.5", "u0 = -0.5"}}), "initial.u0", "u0 ≥ u_min"));
  // Below u_min = 0.5 by 1e-20, which a double cannot see.
  EXPECT_TRUE(
      rejected(edited(oscillator(), {{"u_min = 0", "u_min = 0.5"}, {"u0 = 0.5", "u0 = 0.49999999999999999999"}}),
               "initial.u0", "u0 ≥ u_min"));
}

TEST(BadInput, VelocityIntoTheObstacleAtContact) {
  EXPECT_TRUE(rejected(edited(free_fall(), {{"u0 = 1", "u0 = 0"}}), "initial.v0", "v0 ≥ 0 when u0 = u_min"));
  EXPECT_TRUE(rejected(edited(free_fall(), {{"u0 = 1", "u0 = 0.0"}, {"v0 = -1", "v0 = \"-1/1000000\""}}), "initial.v0",
                       "v0 ≥ 0 when u0 = u_min"));
}

TEST(BadInput, NonPositiveStep) {
  for (const char* h : {"0", "-0.25", "\"-1/4\"", "0.0"})
    EXPECT_TRUE(rejected(edited(free_fall(), {{"h = \"1/4\"", std::string("h = ") + h}}), "step.h", "(0, ∞)"));
}

TEST(BadInput, NonFiniteTomlFloats) {
  for (const char* x : {"nan", "+nan", "-nan", "inf", "+inf", "-inf"}) {
    EXPECT_TRUE(
        rejected(edited(oscillator(), {{"e = 0.8", std::string("e = ") + x}}), "model.e", "must be a finite number"));
    EXPECT_TRUE(rejected(edited(oscillator(), {{"omega = 1.2", std::string("omega = ") + x}}), "model.omega",
                         "must be a finite number"));
    EXPECT_TRUE(
        rejected(edited(free_fall(), {{"h = \"1/4\"", std::string("h = ") + x}}), "step.h", "must be a finite number"));
  }
}

TEST(BadInput, NonFiniteNumberStrings) {
  for (const char* x : {"nan", "inf", "-inf", "1/0"})
    EXPECT_TRUE(rejected(edited(free_fall(), {{"u0 = 1", std::string("u0 = \"") + x + "\""}}), "initial.u0",
                         "is not a finite decimal number or a fraction P/Q"));
}

TEST(BadInput, AbsoluteStepCannotDivideTheForcingPeriod) {
  // T = 2π/ω with ω = 6/5 is irrational, so no rational h gives T = N h.
  for (const char* h : {"0.1", "\"1/10\"", "1"})
    EXPECT_TRUE(rejected(edited(oscillator(), {{"steps_per_period = 200", std::string("h = ") + h}}), "step.h",
                         "give steps_per_period = N instead"));
}

TEST(BadInput, UnknownPrecision) {
  for (const char* p : {"quad", "float", "", "MPFR:50"})
    EXPECT_TRUE(rejected(edited(oscillator(), {{"precision = \"double\"", std::string("precision = \"") + p + "\""}}),
                         "case.precision", "allowed: double, long-double, float128, mpfr:DIGITS, rational"));
  for (const char* p : {"mpfr:5", "mpfr:", "mpfr:abc", "mpfr:100001", "mpfr:-50"})
    EXPECT_TRUE(rejected(edited(oscillator(), {{"precision = \"double\"", std::string("precision = \"") + p + "\""}}),
                         "case.precision", "[10, 100000]"));
  const CaseSpec c = parse_case(edited(oscillator(), {{"precision = \"double\"", "precision = \"mpfr:50\""}}), label);
  EXPECT_EQ(c.precision, (Precision{ScalarKind::mpfr, 50}));
}

/// The oscillator base turned into a reference case (no step).
std::string reference_case() {
  return edited(oscillator(), {{"type = \"paoli-schatzman\"", "type = \"reference\""},
                               {"velocity = \"centered\"", ""},
                               {"start = \"taylor\"", ""},
                               {"[step]", ""},
                               {"steps_per_period = 200", ""}});
}

TEST(ParseCase, ReferenceSchemeNeedsNoStep) {
  EXPECT_TRUE(accepted(reference_case()));
  EXPECT_TRUE(scheme_is(parse_case(reference_case(), label), "reference"));
}

TEST(BadInput, ReferenceSchemeRefusesAStepAStudyOptionsAndTheRationalType) {
  EXPECT_TRUE(rejected(reference_case() + "\n[step]\nsteps_per_period = 200\n", "step", "remove [step]"));
  EXPECT_TRUE(rejected(reference_case() + "\n[convergence]\nsteps_per_period = [10, 20]\n", "convergence",
                       "remove [convergence]"));
  EXPECT_TRUE(rejected(edited(reference_case(), {{"type = \"reference\"", "type = \"reference\"\nvelocity = \"centered\""}}),
                       "scheme.velocity", "allowed here: type"));
  EXPECT_TRUE(rejected(edited(reference_case(), {{"precision = \"double\"", "precision = \"rational\""}}),
                       "case.precision", "allowed here: double, long-double, float128, mpfr:DIGITS"));
}

/// The oscillator base under the corrected scheme, without the Paoli–Schatzman options.
std::string corrected_case() {
  return edited(oscillator(), {{"type = \"paoli-schatzman\"", "type = \"corrected-crank-nicolson\""},
                               {"velocity = \"centered\"", ""},
                               {"start = \"taylor\"", ""}});
}

/// corrected_case() with `[scheme] impact_slope = VALUE` (VALUE as written in TOML).
std::string corrected_with_slope(std::string_view value) {
  return edited(corrected_case(), {{"type = \"corrected-crank-nicolson\"",
                                    "type = \"corrected-crank-nicolson\"\nimpact_slope = " + std::string(value)}});
}

TEST(ParseCase, CorrectedSchemeTakesNoPaoliSchatzmanOptions) {
  EXPECT_TRUE(scheme_is(parse_case(corrected_case(), label), "corrected-crank-nicolson"));
  EXPECT_TRUE(rejected(edited(corrected_case(), {{"type = \"corrected-crank-nicolson\"",
                                                  "type = \"corrected-crank-nicolson\"\nstart = \"taylor\""}}),
                       "scheme.start", "allowed here: type, impact_slope"));
}

/// impact_slope: printed when absent (seed 000 eq. (31) as printed), each value as written.
TEST(ParseCase, CorrectedSchemeImpactSlope) {
  EXPECT_EQ(options_of<CorrectedCrankNicolsonEntry>(parse_case(corrected_case(), label)).impact_slope,
            ImpactSlope::printed);
  EXPECT_EQ(options_of<CorrectedCrankNicolsonEntry>(parse_case(corrected_with_slope("\"printed\""), label)).impact_slope,
            ImpactSlope::printed);
  EXPECT_EQ(options_of<CorrectedCrankNicolsonEntry>(parse_case(corrected_with_slope("\"endpoint\""), label)).impact_slope,
            ImpactSlope::endpoint);
  EXPECT_EQ(CorrectedCrankNicolsonEntry::describe({ImpactSlope::endpoint}),
            (std::vector<std::pair<std::string, std::string>>{{"impact_slope", "endpoint"}}));
}

/// A bad value is one line naming the file, the key, the value and the allowed values.
TEST(BadInput, CorrectedSchemeImpactSlope) {
  for (const char* value : {"average", "Endpoint", ""})
    EXPECT_TRUE(rejected(corrected_with_slope("\"" + std::string(value) + "\""), "scheme.impact_slope",
                         "unknown impact_slope '" + std::string(value) + "' (allowed: printed, endpoint)"));
  // A number is read as its text (a numeric option may be written bare), and is no slope.
  EXPECT_TRUE(rejected(corrected_with_slope("1"), "scheme.impact_slope",
                       "unknown impact_slope '1' (allowed: printed, endpoint)"));
  EXPECT_TRUE(rejected(corrected_with_slope("true"), "scheme.impact_slope", "expected a string, found boolean"));
  // The key is the corrected scheme's: the Paoli–Schatzman scheme refuses it.
  EXPECT_TRUE(rejected(edited(oscillator(), {{"start = \"taylor\"", "start = \"taylor\"\nimpact_slope = \"printed\""}}),
                       "scheme.impact_slope", "allowed here: type, velocity, start"));
}

TEST(BadInput, LyapunovTableNamesItsMethodConsistently) {
  const std::string ps = oscillator();  // PS with steps_per_period, horizon in periods
  EXPECT_TRUE(accepted(ps + "\n[lyapunov]\nepsilon = \"1e-8\"\n"));
  EXPECT_TRUE(accepted(ps + "\n[lyapunov]\nepsilon_per_h = 3\nclock = \"absolute\"\n"));
  EXPECT_TRUE(rejected(ps + "\n[lyapunov]\n", "lyapunov", "give epsilon or epsilon_per_h"));
  EXPECT_TRUE(rejected(ps + "\n[lyapunov]\nepsilon = 1\nepsilon_per_h = 1\n", "lyapunov", "at most one"));
  EXPECT_TRUE(rejected(ps + "\n[lyapunov]\nepsilon = 0\n", "lyapunov.epsilon", "(0, ∞)"));
  EXPECT_TRUE(rejected(ps + "\n[lyapunov]\nepsilon = 1\nclock = \"fast\"\n", "lyapunov.clock", "allowed: folded, absolute"));
  EXPECT_TRUE(rejected(ps + "\n[lyapunov]\nsteps = 1\n", "lyapunov.steps", "allowed here: epsilon, epsilon_per_h, epsilon_per_period, clock, published"));
  EXPECT_TRUE(accepted(reference_case() + "\n[lyapunov]\n"));  // IDED
  EXPECT_TRUE(rejected(reference_case() + "\n[lyapunov]\nepsilon_per_h = 3\n", "lyapunov.epsilon_per_h",
                       "the reference has no step h"));
  EXPECT_TRUE(rejected(free_fall() + "\n[lyapunov]\nepsilon = 1\n", "lyapunov", "need a forced model"));
  // A published experiment is reproduced on one member of the chaotic family: both or neither.
  EXPECT_TRUE(accepted(reference_case() + "\n[lyapunov]\npublished = \"001.IDED\"\nfamily = \"m-1.5\"\n"));
  EXPECT_TRUE(rejected(reference_case() + "\n[lyapunov]\npublished = \"001.IDED\"\n", "lyapunov.family",
                       "published and family go together"));
  EXPECT_TRUE(rejected(reference_case() + "\n[lyapunov]\nfamily = \"m\"\n", "lyapunov.published",
                       "published and family go together"));
  EXPECT_TRUE(rejected(reference_case() + "\n[lyapunov]\npublished = \"001.IDED\"\nfamily = \"a b\"\n",
                       "lyapunov.family", "not a family name"));
}

TEST(BadInput, RationalPrecisionNeedsARationalModel) {
  // The oscillator's cos(ωt) and T = 2π/ω have no exact rational value.
  EXPECT_TRUE(rejected(edited(oscillator(), {{"precision = \"double\"", "precision = \"rational\""}}), "case.precision",
                       "allowed here: double, long-double, float128, mpfr:DIGITS"));
}

// --- further checks of the reader ----------------------------------------------------

TEST(BadInput, MissingTablesAndKeys) {
  EXPECT_TRUE(rejected(edited(oscillator(), {{"[initial]", ""}, {"u0 = 0.5", ""}, {"v0 = 0", ""}}), "initial",
                       "missing table [initial]"));
  EXPECT_TRUE(rejected(edited(oscillator(), {{"e = 0.8", ""}}), "model.e", "missing (expected a number)"));
  EXPECT_TRUE(rejected(edited(oscillator(), {{"type = \"impact-oscillator\"", ""}}), "model.type",
                       "missing (expected a string)"));
}

TEST(BadInput, StepNeedsExactlyOneOfHAndStepsPerPeriod) {
  EXPECT_TRUE(rejected(edited(oscillator(), {{"steps_per_period = 200", "steps_per_period = 200\nh = 0.1"}}), "step",
                       "give exactly one of h and steps_per_period"));
  EXPECT_TRUE(rejected(edited(oscillator(), {{"steps_per_period = 200", ""}}), "step",
                       "give exactly one of h and steps_per_period"));
}

TEST(BadInput, HorizonNeedsExactlyOneOfTEndAndPeriods) {
  EXPECT_TRUE(rejected(edited(oscillator(), {{"periods = 20", "periods = 20\nt_end = 10"}}), "horizon",
                       "give exactly one of t_end, periods and steps"));
  EXPECT_TRUE(rejected(edited(free_fall(), {{"t_end = 2", ""}}), "horizon", "give exactly one of t_end, periods and steps"));
}

TEST(BadInput, StepThatDoesNotDivideTheHorizon) {
  EXPECT_TRUE(rejected(edited(free_fall(), {{"h = \"1/4\"", "h = 0.3"}}), "step.h", "allowed: h = (t_end − t0)/N"));
  // h = 0.4 divides t_end = 2 but not t_end − t0 = 1.5.
  EXPECT_TRUE(accepted(edited(free_fall(), {{"h = \"1/4\"", "h = 0.4"}})));
  EXPECT_TRUE(rejected(edited(free_fall(), {{"h = \"1/4\"", "h = 0.4"}, {"v0 = -1", "v0 = -1\nt0 = 0.5"}}), "step.h",
                       "allowed: h = (t_end − t0)/N"));
  EXPECT_TRUE(rejected(free_fall_with_study(R"(h = ["1/4", 0.3])"), "convergence.h[1]", "allowed: h = (t_end − t0)/N"));
}

TEST(BadInput, HorizonEndsAfterTheStart) {
  EXPECT_TRUE(rejected(edited(free_fall(), {{"t_end = 2", "t_end = 0"}}), "horizon.t_end", "(t0, ∞)"));
}

TEST(BadInput, StepsPerPeriodNeedsAPeriodicModel) {
  EXPECT_TRUE(rejected(edited(free_fall(), {{"h = \"1/4\"", "steps_per_period = 8"}}), "step.steps_per_period",
                       "give an absolute step h"));
  EXPECT_TRUE(rejected(free_fall_with_study("steps_per_period = [8, 16]"), "convergence.steps_per_period[0]",
                       "give an absolute step h"));
}

TEST(BadInput, PeriodsNeedAPeriodicModel) {
  EXPECT_TRUE(rejected(edited(free_fall(), {{"t_end = 2", "periods = 2"}}), "horizon.periods", "give horizon.t_end"));
}

TEST(BadInput, StepsPerPeriodNeedsAWholeNumberOfPeriods) {
  EXPECT_TRUE(
      rejected(edited(oscillator(), {{"periods = 20", "t_end = 20"}}), "horizon.t_end", "give horizon.periods"));
}

TEST(BadInput, IntegersOutsideTheirRange) {
  EXPECT_TRUE(rejected(edited(oscillator(), {{"steps_per_period = 200", "steps_per_period = 0"}}),
                       "step.steps_per_period", "[1, 1000000000000]"));
  EXPECT_TRUE(rejected(edited(oscillator(), {{"periods = 20", "periods = 1_000_000_001"}}), "horizon.periods",
                       "[1, 1000000000]"));
}

TEST(BadInput, UnknownNamesListTheAllowedOnes) {
  EXPECT_TRUE(rejected(edited(oscillator(), {{"type = \"impact-oscillator\"", "type = \"duffing\""}}), "model.type",
                       "allowed: impact-oscillator, constant-force"));
  EXPECT_TRUE(rejected(edited(oscillator(), {{"type = \"paoli-schatzman\"", "type = \"moreau\""}}), "scheme.type",
                       "allowed: paoli-schatzman"));
  EXPECT_TRUE(rejected(edited(oscillator(), {{"velocity = \"centered\"", "velocity = \"central\""}}), "scheme.velocity",
                       "allowed: centered, forward, backward"));
  EXPECT_TRUE(rejected(edited(oscillator(), {{"start = \"taylor\"", "start = \"euler\""}}), "scheme.start",
                       "allowed: taylor, linear"));
}

TEST(BadInput, Expectations) {
  EXPECT_TRUE(rejected(edited(free_fall_with_study(), {{"tolerance = 0.1", "tolerance = -0.1"}}),
                       "expected[0].tolerance", "[0, ∞)"));
  EXPECT_TRUE(
      rejected(edited(free_fall_with_study(), {{"quantity = \"order.position_linf\"", "quantity = \"order.energy\""}}),
               "expected[0].quantity",
               "allowed: order.position_linf, order.position_l1, order.velocity_linf, order.velocity_l1"));
}

TEST(BadInput, NegativeDamping) {
  EXPECT_TRUE(rejected(edited(oscillator(), {{"alpha = 0.1", "alpha = -0.1"}}), "model.alpha", "[0, ∞)"));
}

TEST(BadInput, NonPositiveForcingFrequency) {
  for (const char* omega : {"0", "-1.2"})
    EXPECT_TRUE(
        rejected(edited(oscillator(), {{"omega = 1.2", std::string("omega = ") + omega}}), "model.omega", "(0, ∞)"));
}

// --- the conservative oscillator of seed 003 (docs/mathematics.md §5) ----------------------------

/// Example 5.1 of seed 003 (cases/nsfd/example51_nonstandard.toml without its study): ω = 10,
/// e = 1/2, K = [0, ∞), y0 = 1, v0 = 0, h = 1/1000, t_end = 2; β and the start are left to
/// their defaults.
const std::string& conservative() {
  static const std::string text = R"([case]
name = "conservative"
precision = "double"

[model]
type = "conservative-oscillator"
omega = 10
e = 0.5
obstacle = 0

[initial]
u0 = 1
v0 = 0

[scheme]
type = "nonstandard-impact"

[step]
h = 0.001

[horizon]
t_end = 2
)";
  return text;
}

/// conservative() between two stops, K = [−1, 2], instead of the obstacle.
std::string between_stops(std::initializer_list<Edit> more = {}) {
  return edited(edited(conservative(), {{"obstacle = 0", "stops = [-1, 2]"}}), more);
}

TEST(ParseCase, ConservativeOscillatorHasTheValuesWrittenAndTheDefaults) {
  const CaseSpec c = parse_case(conservative(), label);
  ASSERT_EQ(c.model.model_kind(), ModelKind::conservative_oscillator);
  EXPECT_TRUE(c.model.periodic());  // steps_per_period counts in 2π/ω
  EXPECT_FALSE(c.model.forced());
  EXPECT_EQ(model_name(c.model.model_kind()), "conservative-oscillator");
  const auto& k = std::get<ConservativeSpec>(c.model.kind);
  EXPECT_EQ(k.omega.key, "model.omega");
  EXPECT_EQ(k.omega.exact, rational(10));
  EXPECT_EQ(k.beta.key, "model.beta");  // not written: the harmonic default
  EXPECT_EQ(k.beta.text, "0");
  EXPECT_EQ(k.beta.exact, rational(0));
  ASSERT_TRUE(k.obstacle.has_value());
  EXPECT_EQ(k.obstacle->exact, rational(0));
  EXPECT_FALSE(k.stop_lower || k.stop_upper);
  EXPECT_EQ(c.model.e.exact, rational(1, 2));
  EXPECT_EQ(c.u0.exact, rational(1));
  EXPECT_EQ(c.v0.exact, rational(0));
  EXPECT_EQ(c.t0.exact, rational(0));
  EXPECT_TRUE(scheme_is(c, "nonstandard-impact"));
  EXPECT_EQ(options_of<NonstandardImpactEntry>(c).denominator, Denominator::nonstandard);  // from the type
  EXPECT_EQ(options_of<NonstandardImpactEntry>(c).start, InitialStep::exact);              // the default
  ASSERT_TRUE(c.step.h.has_value());
  EXPECT_EQ(c.step.h->exact, rational(1, 1000));
  ASSERT_TRUE(c.horizon.t_end.has_value());
  EXPECT_EQ(c.horizon.t_end->exact, rational(2));
}

TEST(ParseCase, ConservativeOscillatorStopsBetaAndStandardScheme) {
  const CaseSpec stops = parse_case(between_stops({{"stops = [-1, 2]", "stops = [\"-1.000001\", \"3/2\"]"},
                                                   {"e = 0.5", "e = 0.5\nbeta = \"1/3\""},
                                                   {"type = \"nonstandard-impact\"", "type = \"nonstandard-impact\"\nstart = \"centered\""}}),
                                    label);
  const auto& k = std::get<ConservativeSpec>(stops.model.kind);
  EXPECT_FALSE(k.obstacle.has_value());
  ASSERT_TRUE(k.stop_lower && k.stop_upper);
  EXPECT_EQ(k.stop_lower->key, "model.stops[0]");
  EXPECT_EQ(k.stop_lower->text, "-1.000001");
  EXPECT_EQ(k.stop_lower->exact, rational(-1000001, 1000000));
  EXPECT_EQ(k.stop_upper->exact, rational(3, 2));
  EXPECT_EQ(k.beta.exact, rational(1, 3));
  // Neither obstacle nor stops: K = ℝ.
  const CaseSpec unconstrained = parse_case(edited(conservative(), {{"obstacle = 0", ""}}), label);
  const auto& free = std::get<ConservativeSpec>(unconstrained.model.kind);
  EXPECT_FALSE(free.obstacle || free.stop_lower || free.stop_upper);
  const CaseSpec standard = parse_case(
      edited(conservative(), {{"type = \"nonstandard-impact\"", "type = \"standard-impact\"\nstart = \"centered\""},
                              {"h = 0.001", "steps_per_period = 8"},
                              {"t_end = 2", "periods = 1"}}),
      label);
  EXPECT_EQ(options_of<NonstandardImpactEntry>(standard).denominator, Denominator::standard);  // from the type
  EXPECT_EQ(options_of<NonstandardImpactEntry>(standard).start, InitialStep::centered);
  EXPECT_EQ(standard.step.steps_per_period, 8);
  EXPECT_EQ(standard.horizon.periods, 1);
}

/// What the runs cannot do is refused when the case is read, not when it runs: the exact
/// start of a Duffing oscillator (no closed-form flow), softening β < 0, and studies of the
/// Duffing oscillator (no reference for them). A study between two stops is measured against
/// the N-DOF reference of the one coordinate (drive/study_reference.hpp), and is accepted.
TEST(BadInput, ConservativeOscillatorRunsItCannotDo) {
  EXPECT_TRUE(rejected(edited(conservative(), {{"e = 0.5", "e = 0.5\nbeta = 1"}}), "scheme.start", "centered"));
  EXPECT_TRUE(rejected(edited(conservative(), {{"e = 0.5", "e = 0.5\nbeta = -1"}}), "model.beta", "[0, ∞)"));
  const std::string study = edited(conservative(), {{"t_end = 2", "t_end = 2\n\n[convergence]\nh = [0.002, 0.001]"}});
  EXPECT_TRUE(accepted(study));
  EXPECT_TRUE(rejected(edited(study, {{"e = 0.5", "e = 0.5\nbeta = 1"}, {"type = \"nonstandard-impact\"",
                                                                             "type = \"nonstandard-impact\"\nstart = \"centered\""}}),
                       "convergence", "β = 0"));
  EXPECT_TRUE(accepted(edited(study, {{"obstacle = 0", "stops = [-2, 2]"}})));
  // ωΔt = 2π/N a multiple of π (N ≤ 2): the non-standard denominator vanishes; N = 3 is fine,
  // and so is the standard scheme at N = 2.
  const auto per_period = [](const std::string& text, const char* n) {
    const std::string step = std::string("steps_per_period = ") + n;
    return edited(text, {{"h = 0.001", step}, {"t_end = 2", "periods = 1"}});
  };
  EXPECT_TRUE(rejected(per_period(conservative(), "2"), "step.steps_per_period", "≥ 3"));
  EXPECT_TRUE(rejected(per_period(conservative(), "1"), "step.steps_per_period", "≥ 3"));
  EXPECT_TRUE(accepted(per_period(conservative(), "3")));
  EXPECT_TRUE(accepted(per_period(
      edited(conservative(), {{"type = \"nonstandard-impact\"", "type = \"standard-impact\""}}), "2")));
}

TEST(ParseCase, ConservativeOscillatorBoundariesAreAccepted) {
  EXPECT_TRUE(accepted(edited(conservative(), {{"e = 0.5", "e = 0"}})));
  EXPECT_TRUE(accepted(edited(conservative(), {{"e = 0.5", "e = 1"}})));
  EXPECT_TRUE(accepted(edited(conservative(), {{"u0 = 1", "u0 = 0"}, {"v0 = 0", "v0 = 1"}})));  // on ∂K, moving in
  EXPECT_TRUE(accepted(between_stops({{"u0 = 1", "u0 = -1"}, {"v0 = 0", "v0 = 1"}})));
  EXPECT_TRUE(accepted(between_stops({{"u0 = 1", "u0 = 2"}, {"v0 = 0", "v0 = -1"}})));
  EXPECT_TRUE(accepted(between_stops({{"u0 = 1", "u0 = 2"}})));  // at rest on the upper stop
}

TEST(LoadCase, ShippedSeed003CasesLoad) {
  const fs::path nsfd = fs::path(test_paths::cases_dir) / "nsfd";
  std::size_t count = 0;
  for (const auto& entry : fs::directory_iterator(nsfd)) {
    if (entry.path().extension() != ".toml") continue;
    const CaseSpec c = load_case(entry.path());
    EXPECT_EQ(c.model.model_kind(), ModelKind::conservative_oscillator) << entry.path();
    EXPECT_TRUE(scheme_is(c, "nonstandard-impact") || scheme_is(c, "standard-impact")) << entry.path();
    ++count;
  }
  EXPECT_GE(count, 10u);  // five problems, each with both schemes
  const CaseSpec two_stops = load_case(nsfd / "two_stops_standard.toml");
  const auto& stops = std::get<ConservativeSpec>(two_stops.model.kind);
  ASSERT_TRUE(stops.stop_lower && stops.stop_upper);
  EXPECT_EQ(stops.stop_upper->exact, rational(1000001, 1000000));
  EXPECT_EQ(load_case(nsfd / "quarter_step_nonstandard.toml").step.steps_per_period, 8);  // Δt = π/(4ω)
}

TEST(BadInput, ConservativeObstacleAndStopsTogether) {
  EXPECT_TRUE(rejected(edited(conservative(), {{"obstacle = 0", "obstacle = 0\nstops = [-1, 2]"}}), "model.stops",
                       "give at most one of obstacle and stops"));
}

TEST(BadInput, ConservativeStopsNotAListOfTwoNumbers) {
  for (const char* stops : {"1", "[]", "[0]", "[-1, 1, 2]", "\"[-1, 1]\""})
    EXPECT_TRUE(rejected(between_stops({{"stops = [-1, 2]", std::string("stops = ") + stops}}), "model.stops",
                         "expected a list of two numbers [lower, upper]"));
  EXPECT_TRUE(rejected(between_stops({{"stops = [-1, 2]", "stops = [true, 2]"}}), "model.stops[0]",
                       "expected a number (integer, decimal, or a string such as \"1/3\")"));
  EXPECT_TRUE(rejected(between_stops({{"stops = [-1, 2]", "stops = [-1, \"two\"]"}}), "model.stops[1]",
                       "is not a finite decimal number or a fraction P/Q"));
}

TEST(BadInput, ConservativeStopsOutOfOrder) {
  // Equal stops, reversed stops, and stops 1e−20 apart the wrong way (a double cannot see it).
  for (const char* stops : {"[2, 2]", "[2, -1]", "[\"1.00000000000000000001\", 1]"})
    EXPECT_TRUE(rejected(between_stops({{"stops = [-1, 2]", std::string("stops = ") + stops}}), "model.stops",
                         "must be < upper"));
}

TEST(BadInput, ConservativeNonPositiveFrequency) {
  for (const char* omega : {"0", "-10", "\"-1/3\""})
    EXPECT_TRUE(
        rejected(edited(conservative(), {{"omega = 10", std::string("omega = ") + omega}}), "model.omega", "(0, ∞)"));
}

TEST(BadInput, ConservativeRestitutionMissingOrOutsideZeroOne) {
  for (const char* e : {"1.5", "-0.1", "1.00000000000000000001"})
    EXPECT_TRUE(rejected(edited(conservative(), {{"e = 0.5", std::string("e = ") + e}}), "model.e", "[0, 1]"));
  EXPECT_TRUE(rejected(edited(conservative(), {{"e = 0.5", ""}}), "model.e", "missing (expected a number)"));
}

TEST(BadInput, ConservativeModelHasItsOwnKeys) {
  EXPECT_TRUE(rejected(edited(conservative(), {{"obstacle = 0", "u_min = 0"}}), "model.u_min",
                       "allowed here: type, omega, beta, obstacle, stops, e"));
}

TEST(BadInput, SchemeAndModelOfDifferentSeeds) {
  // The conservative oscillator runs only with the seed-003 schemes...
  for (const char* scheme : {"paoli-schatzman", "reference", "corrected-crank-nicolson"})
    EXPECT_TRUE(rejected(edited(conservative(), {{"type = \"nonstandard-impact\"", std::string("type = \"") + scheme + "\""}}),
                         "scheme.type", "does not run on model conservative-oscillator (allowed for it: nonstandard-impact, standard-impact)"));
  // ...and they only with it.
  for (const char* scheme : {"nonstandard-impact", "standard-impact"}) {
    EXPECT_TRUE(rejected(edited(oscillator(), {{"type = \"paoli-schatzman\"", std::string("type = \"") + scheme + "\""},
                                               {"velocity = \"centered\"", ""},
                                               {"start = \"taylor\"", ""}}),
                         "scheme.type",
                         // the Siconos peer's schemes follow when it is built in (docs/peer.md)
                         "does not run on model impact-oscillator (allowed for it: paoli-schatzman, "
                         "corrected-crank-nicolson, reference"));
    EXPECT_TRUE(rejected(edited(free_fall(), {{"type = \"paoli-schatzman\"", std::string("type = \"") + scheme + "\""},
                                              {"start = \"linear\"", ""}}),
                         "scheme.type", "does not run on model constant-force"));
  }
}

TEST(BadInput, ConservativeSchemeOptions) {
  for (const char* start : {"taylor", "linear", "Exact"})
    EXPECT_TRUE(rejected(edited(conservative(), {{"type = \"nonstandard-impact\"",
                                                  std::string("type = \"nonstandard-impact\"\nstart = \"") + start + "\""}}),
                         "scheme.start", "allowed: exact, centered"));
  EXPECT_TRUE(rejected(
      edited(conservative(), {{"type = \"nonstandard-impact\"", "type = \"nonstandard-impact\"\nvelocity = \"centered\""}}),
      "scheme.velocity", "allowed here: type, start"));
}

TEST(BadInput, ConservativeInitialPositionOutsideK) {
  EXPECT_TRUE(rejected(edited(conservative(), {{"u0 = 1", "u0 = -0.5"}}), "initial.u0", "allowed: u0 ≥ obstacle"));
  EXPECT_TRUE(rejected(edited(conservative(), {{"u0 = 1", "u0 = \"-1e-20\""}}), "initial.u0", "allowed: u0 ≥ obstacle"));
  EXPECT_TRUE(rejected(between_stops({{"u0 = 1", "u0 = -1.5"}}), "initial.u0", "allowed: u0 ≥ lower stop"));
  EXPECT_TRUE(rejected(between_stops({{"u0 = 1", "u0 = 2.5"}}), "initial.u0", "allowed: u0 ≤ upper stop"));
}

TEST(BadInput, ConservativeVelocityOutOfKOnItsBoundary) {
  EXPECT_TRUE(rejected(edited(conservative(), {{"u0 = 1", "u0 = 0"}, {"v0 = 0", "v0 = -1"}}), "initial.v0",
                       "allowed: v0 ≥ 0 when u0 = obstacle"));
  EXPECT_TRUE(rejected(between_stops({{"u0 = 1", "u0 = -1"}, {"v0 = 0", "v0 = \"-1/1000000\""}}), "initial.v0",
                       "allowed: v0 ≥ 0 when u0 = lower stop"));
  EXPECT_TRUE(rejected(between_stops({{"u0 = 1", "u0 = 2"}, {"v0 = 0", "v0 = 1"}}), "initial.v0",
                       "allowed: v0 ≤ 0 when u0 = upper stop"));
}

TEST(BadInput, ConservativeCaseHasNoPoincareMap) {
  // Autonomous: no forcing period, so no stroboscopic map to take Lyapunov exponents of,
  // whether the horizon is in t_end or in periods of the linear part.
  EXPECT_TRUE(rejected(conservative() + "\n[lyapunov]\nepsilon = \"1e-8\"\n", "lyapunov", "need a forced model"));
  EXPECT_TRUE(rejected(edited(conservative(), {{"h = 0.001", "steps_per_period = 100"}, {"t_end = 2", "periods = 3"}}) +
                           "\n[lyapunov]\nepsilon = \"1e-8\"\n",
                       "lyapunov", "need a forced model"));
}

TEST(BadInput, ConservativeCaseRefusesTheRationalType) {
  // cos(ωΔt) and T = 2π/ω have no exact rational value.
  EXPECT_TRUE(rejected(edited(conservative(), {{"precision = \"double\"", "precision = \"rational\""}}), "case.precision",
                       "conservative-oscillator uses cos(ωt) and T = 2π/ω (allowed here: double, long-double, "
                       "float128, mpfr:DIGITS)"));
}

}  // namespace
}  // namespace vibro::testing

namespace vibro::testing {
namespace {

/// A scheme option that is a number may be written bare (docs/case_files.md: max_iterations is
/// "a whole number"), and is kept as written; the entry still checks its value.
TEST(ParseCase, ANumericSchemeOptionMayBeWrittenAsANumber) {
  const std::string pendulum = read_text(fs::path(test_paths::cases_dir) / "seed004" / "e05_implicit.toml");
  const std::string type = "type = \"sweeping-process-implicit\"";
  const auto with_option = [&](const std::string& line) { return with_line(pendulum, type, type + "\n" + line); };
  for (const char* line : {"max_iterations = 5", "max_iterations = \"5\""}) {
    const CaseSpec c = parse_case(with_option(line), "label.toml");
    ASSERT_EQ(c.scheme.options.size(), 1u) << line;
    EXPECT_EQ(c.scheme.options[0], (std::pair<std::string, std::string>{"max_iterations", "5"})) << line;
  }
  for (const char* line : {"max_iterations = 0", "max_iterations = 2.5", "max_iterations = \"many\""}) {
    const auto [key, message] = refusal(with_option(line));
    EXPECT_EQ(key, "scheme.max_iterations") << line;
    EXPECT_NE(message.find("whole number in [1, 100000]"), std::string::npos) << message;
  }
  EXPECT_EQ(refusal(with_option("max_iterations = true")).first, "scheme.max_iterations");
}

/// [orbits] n: one integer or a range [N1, N2] of the (1, n) orbits `vibro orbits` lists;
/// for the impact oscillator only.
TEST(ParseCase, OrbitsTableGivesTheRangeOfN) {
  EXPECT_EQ(parse_case(oscillator() + "\n[orbits]\nn = 2\n", "label.toml").orbits, (std::pair{2, 2}));
  EXPECT_EQ(parse_case(oscillator() + "\n[orbits]\nn = [1, 3]\n", "label.toml").orbits, (std::pair{1, 3}));
  EXPECT_FALSE(parse_case(oscillator(), "label.toml").orbits);
  EXPECT_EQ(refusal(oscillator() + "\n[orbits]\nn = [3, 1]\n").first, "orbits.n");
  EXPECT_EQ(refusal(oscillator() + "\n[orbits]\nn = [1, 2, 3]\n").first, "orbits.n");
  EXPECT_EQ(refusal(oscillator() + "\n[orbits]\nn = 0\n").first, "orbits.n");
  EXPECT_EQ(refusal(oscillator() + "\n[orbits]\n").first, "orbits.n");
  EXPECT_EQ(refusal(oscillator() + "\n[orbits]\nn = 1\nphase = 2\n").first, "orbits.phase");
  EXPECT_EQ(refusal(free_fall() + "\n[orbits]\nn = 1\n").first, "orbits");
}

}  // namespace
}  // namespace vibro::testing
