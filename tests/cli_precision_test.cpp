// What `vibro run` prints at each precision, through the executable (label unit): the text
// output shows every digit the run's precision holds, the same value its --json writes; and
// `--precision double,mpfr:50` runs the case at both and prints every number side by side
// with its exact difference (docs/outputs.md "vibro run with a list of precisions"). The
// expected differences come from the two runs made separately, each read from its own JSON.

#include "support/build_paths.hpp"
#include "support/cli_runner.hpp"

#include "vibro/analysis/significant_digits.hpp"
#include "vibro/io/run_comparison.hpp"
#include "vibro/scalar/parse.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
using namespace vibro::testing;
using vibro::rational;

/// cases/ps_forced_oscillator.toml: 4000 Paoli–Schatzman steps of a non-chaotic forced
/// oscillator, in well under a second at 50 digits; its final state has no short decimal.
const fs::path oscillator = fs::path(test_paths::cases_dir) / "ps_forced_oscillator.toml";

rational exact(const std::string& text) {
  const auto value = vibro::parse_exact(text);
  if (!value) throw std::invalid_argument("not a number: " + text);
  return *value;
}

/// The text of a JSON number: a double's shortest round-trip decimal, an integer's digits.
std::string json_number_text(const nlohmann::json& value) {
  if (value.is_string()) return value.get<std::string>();
  return value.is_number_float() ? fmt::format("{}", value.get<double>()) : value.dump();
}

/// The exact text of a number of a result's JSON: `key_text` where the JSON has that twin,
/// else the text or the number under `key`.
std::string number_text(const nlohmann::json& object, const std::string& key) {
  if (object.contains(key + "_text")) return object.at(key + "_text").get<std::string>();
  return json_number_text(object.at(key));
}

/// The same for the number a JSON pointer names (in an object or an array).
std::string number_text_at(const nlohmann::json& root, const std::string& pointer) {
  const nlohmann::json::json_pointer at(pointer);
  const nlohmann::json& parent = root.at(at.parent_pointer());
  return parent.is_object() ? number_text(parent, at.back()) : json_number_text(root.at(at));
}

/// Significant digits of a decimal text: those of its significand, leading zeros left out.
int significant_digits(const std::string& text) {
  int digits = 0;
  bool leading = true;
  for (const char c : text) {
    if (c == 'e' || c == 'E') break;
    if (!std::isdigit(static_cast<unsigned char>(c))) continue;
    leading = leading && c == '0';
    if (!leading) ++digits;
  }
  return digits;
}

/// The "final      t = T, U = U, V = V" line of `vibro run`'s text: T, U and V.
std::vector<std::string> final_state(const std::string& out) {
  for (const std::string& line : lines_of(out)) {
    if (!line.starts_with("final ")) continue;
    const std::size_t t = line.find("t = "), u = line.find(", U = "), v = line.find(", V = ");
    if (t == std::string::npos || u == std::string::npos || v == std::string::npos) break;
    return {line.substr(t + 4, u - t - 4), line.substr(u + 6, v - u - 6), line.substr(v + 6)};
  }
  ADD_FAILURE() << "no final state line in\n" << out;
  return {"", "", ""};
}

/// The cells of a row of the side-by-side table (separated by two or more spaces).
std::vector<std::string> cells(const std::string& row) {
  std::vector<std::string> found;
  std::size_t at = 0;
  while (at < row.size()) {
    std::size_t end = row.find("  ", at);
    if (end == std::string::npos) end = row.size();
    found.push_back(row.substr(at, end - at));
    at = row.find_first_not_of(' ', end);
    if (at == std::string::npos) break;
  }
  return found;
}

std::vector<std::string> table_row(const std::string& out, const std::string& pointer) {
  for (const std::string& line : lines_of(out))
    if (line.starts_with(pointer + " ")) return cells(line);
  ADD_FAILURE() << "no row " << pointer << " in\n" << out;
  return {};
}

nlohmann::json run_json(const Outcome& outcome) {
  EXPECT_EQ(outcome.status, 0) << outcome.err;
  return nlohmann::json::parse(outcome.out);
}

TEST_F(Cli, TextShowsEveryDigitOfThePrecisionTheDigitsItsJsonHolds) {
  const auto text_at = [&](const std::string& precision) {
    const Outcome outcome = vibro("run " + quoted(oscillator) + " --precision " + precision);
    EXPECT_EQ(outcome.status, 0) << outcome.err;
    return final_state(outcome.out);
  };
  const auto json_at = [&](const std::string& precision) {
    return run_json(vibro("run " + quoted(oscillator) + " --precision " + precision + " --json"))
        .at("run")
        .at("final");
  };
  const std::vector<std::string> in_double = text_at("double"), in_mpfr = text_at("mpfr:50");
  const nlohmann::json double_json = json_at("double"), mpfr_json = json_at("mpfr:50");
  for (std::size_t i = 1; i < 3; ++i) {  // U and V
    const std::string key = i == 1 ? "u" : "v";
    // double: the text reads back to the double the JSON holds, in at most max_digits10 = 17 digits.
    EXPECT_EQ(vibro::parse_real<double>(in_double[i]), vibro::parse_real<double>(number_text(double_json, key)))
        << in_double[i];
    EXPECT_LE(significant_digits(in_double[i]), 17) << in_double[i];
    // MPFR at 50 digits: the text is the JSON's exact value, with at least the 50 digits the
    // precision carries (the 10-digit text of before would fail both).
    EXPECT_EQ(exact(in_mpfr[i]), exact(number_text(mpfr_json, key))) << in_mpfr[i];
    EXPECT_GE(significant_digits(in_mpfr[i]), 50) << in_mpfr[i];
    EXPECT_GT(significant_digits(in_mpfr[i]), significant_digits(in_double[i]));
  }
}

TEST_F(Cli, RationalTextShowsTheExactFractionAndItsDecimalBeside) {
  // cases/free_fall.toml (u0 = 1, v0 = −1, e = 1/2, h = 2/21, rational) without its study:
  // 21 exact steps. The recurrence by hand (seed 000 §2): U^10 = 1/21, U^11 = −1/21,
  // U^12 = −1/42, U^13 = 1/42, then the line of slope −h e v0 = 1/21 per step, so
  // U^21 = 1/42 + 8/21 = 17/42 and V = −e v0 = 1/2. 17/42 has no finite decimal:
  // "P/Q (≈ D)"; 1/2 has one: "P/Q (= D)".
  std::string text = read_text(fs::path(test_paths::cases_dir) / "free_fall.toml");
  text.erase(text.find("[convergence]"));
  const fs::path fall = write("fall.toml", text);
  const Outcome outcome = vibro("run " + quoted(fall));
  ASSERT_EQ(outcome.status, 0) << outcome.err;
  const nlohmann::json final_json = run_json(vibro("run " + quoted(fall) + " --json")).at("run").at("final");
  const std::vector<std::string> shown = final_state(outcome.out);
  for (const std::size_t i : {1u, 2u}) {
    const std::string& cell = shown[i];
    const std::size_t open = cell.find(" (");
    ASSERT_NE(open, std::string::npos) << cell;
    const rational fraction = exact(cell.substr(0, open));
    EXPECT_EQ(fraction, exact(number_text(final_json, i == 1 ? "u" : "v"))) << cell;
    ASSERT_TRUE(cell.ends_with(")")) << cell;
    if (i == 1) {
      const std::string decimal = cell.substr(open + std::string(" (≈ ").size(), cell.size() - open - 7);
      // Rounded to 17 significant digits (a trailing zero dropped): within half a unit of the 17th.
      ASSERT_EQ(cell.substr(open, std::string(" (≈ ").size()), " (≈ ") << cell;
      EXPECT_LE(significant_digits(decimal), 17) << decimal;
      EXPECT_LE(abs(rational(exact(decimal) - fraction)), vibro::unit_in_significant_digit(fraction, 17) / 2) << cell;
      EXPECT_EQ(fraction, rational(17, 42));
    } else {
      ASSERT_EQ(cell.substr(open, std::string(" (= ").size()), " (= ") << cell;
      EXPECT_EQ(exact(cell.substr(open + 4, cell.size() - open - 5)), fraction) << cell;
      EXPECT_EQ(fraction, rational(1, 2));
    }
  }
}

TEST_F(Cli, PrecisionListPrintsEachRunsColumnAndTheDifferenceFromTheWidest) {
  const Outcome outcome = vibro("run " + quoted(oscillator) + " --precision double,mpfr:50");
  ASSERT_EQ(outcome.status, 0) << outcome.err;
  const nlohmann::json in_double =
      run_json(vibro("run " + quoted(oscillator) + " --precision double --json")).at("run").at("final");
  const nlohmann::json in_mpfr =
      run_json(vibro("run " + quoted(oscillator) + " --precision mpfr:50 --json")).at("run").at("final");
  const std::vector<std::string> header =
      table_row(outcome.out, "quantity");  // "quantity (JSON pointer)", the columns
  ASSERT_EQ(header.size(), 5u) << outcome.out;
  EXPECT_EQ(header[1], "double");
  EXPECT_EQ(header[2], "mpfr:50");
  EXPECT_EQ(header[3], "double − mpfr:50");
  EXPECT_EQ(header[4], "digits");
  for (const std::string key : {"u", "v"}) {
    const std::vector<std::string> row = table_row(outcome.out, "/run/final/" + key);
    ASSERT_EQ(row.size(), 5u) << outcome.out;
    const rational x_double = exact(number_text(in_double, key)), x_mpfr = exact(number_text(in_mpfr, key));
    EXPECT_EQ(vibro::parse_real<double>(row[1]), vibro::parse_real<double>(number_text(in_double, key)));
    EXPECT_EQ(exact(row[2]), x_mpfr);
    // The difference, shown to 4 significant digits: within half a unit of the 4th of the
    // exact difference of the two separate runs.
    const rational difference = x_double - x_mpfr;
    ASSERT_NE(difference, 0);
    EXPECT_LE(abs(rational(exact(row[3]) - difference)), vibro::unit_in_significant_digit(difference, 4) / 2) << row[3];
    // digits d: |difference| below one unit of the d-th significant digit of the mpfr value,
    // not below one of the (d+1)-th.
    const int d = std::stoi(row[4]);
    EXPECT_LT(abs(difference), vibro::unit_in_significant_digit(x_mpfr, d));
    EXPECT_GE(abs(difference), vibro::unit_in_significant_digit(x_mpfr, d + 1));
  }
}

TEST_F(Cli, PrecisionListJsonHoldsEachRunAndTheExactDifferenceOfTheirNumbers) {
  const nlohmann::json both = run_json(vibro("run " + quoted(oscillator) + " --precision double,mpfr:50 --json"));
  const nlohmann::json in_double = run_json(vibro("run " + quoted(oscillator) + " --precision double --json"));
  const nlohmann::json in_mpfr = run_json(vibro("run " + quoted(oscillator) + " --precision mpfr:50 --json"));
  EXPECT_EQ(both.at("schema_version"), 1);
  ASSERT_EQ(both.at("runs").size(), 2u);
  // Each run's usual JSON, as the run alone writes it.
  EXPECT_EQ(both.at("runs")[0], in_double);
  EXPECT_EQ(both.at("runs")[1], in_mpfr);
  const nlohmann::json& difference = both.at("difference");
  EXPECT_EQ(difference.at("against"), "mpfr:50");
  std::vector<std::string> pointers;
  for (const nlohmann::json& number : difference.at("numbers")) {
    const std::string pointer = number.at("pointer").get<std::string>();
    pointers.push_back(pointer);
    ASSERT_EQ(number.at("runs").size(), 1u);
    const nlohmann::json& entry = number.at("runs")[0];
    EXPECT_EQ(entry.at("precision"), "double");
    if (entry.at("difference_text").is_null()) {  // a number one of the runs does not have
      const nlohmann::json::json_pointer at(pointer);
      EXPECT_FALSE(in_double.contains(at) && in_mpfr.contains(at)) << pointer;
      continue;
    }
    // The pointer names the number in both runs' own JSON; the difference is theirs, exactly.
    const rational expected = exact(number_text_at(in_double, pointer)) - exact(number_text_at(in_mpfr, pointer));
    EXPECT_EQ(exact(entry.at("difference_text").get<std::string>()), expected) << pointer;
    EXPECT_EQ(entry.at("difference").get<double>(), expected.convert_to<double>()) << pointer;
    if (expected == 0) {
      EXPECT_TRUE(entry.at("agreeing_digits").is_null()) << pointer;
    }
  }
  // The final state and the step are among the numbers; the case's own inputs are not.
  for (const char* pointer : {"/run/final/t", "/run/final/u", "/run/final/v", "/run/h", "/run/steps"})
    EXPECT_NE(std::find(pointers.begin(), pointers.end(), pointer), pointers.end()) << pointer;
  for (const std::string& pointer : pointers)
    EXPECT_FALSE(pointer.starts_with("/model") || pointer.starts_with("/initial") || pointer.starts_with("/precision"))
        << pointer;
}

TEST_F(Cli, BadPrecisionListsExitTwoNamingTheItem) {
  const std::string run = "run " + quoted(oscillator) + " --precision ";
  EXPECT_TRUE(bad_input(vibro(run + "double,,mpfr:50"), {"'--precision'", "empty item", "mpfr:DIGITS"}));
  EXPECT_TRUE(bad_input(vibro(run + "double,"), {"'--precision'", "empty item"}));
  EXPECT_TRUE(bad_input(vibro(run + "double,mpfr:50,double"), {"'--precision'", "names double twice"}));
  EXPECT_TRUE(bad_input(vibro(run + "mpfr:50,mpfr:050"), {"'--precision'", "names mpfr:50 twice"}));
  EXPECT_TRUE(bad_input(vibro(run + "double,quad"), {"'--precision'", "unknown precision 'quad'", "mpfr:DIGITS"}));
  EXPECT_TRUE(bad_input(vibro(run + "double,mpfr:5"), {"'--precision'", "mpfr:5", "[10, 100000]"}));
}

TEST_F(Cli, PrecisionListIsForRunAloneAndNotWithCsv) {
  EXPECT_TRUE(bad_input(vibro("converge " + quoted(oscillator) + " --precision double,mpfr:50"),
                        {"'--precision'", "for `vibro run` only"}));
  EXPECT_TRUE(bad_input(vibro("lyapunov " + quoted(oscillator) + " --precision double,mpfr:50"),
                        {"'--precision'", "for `vibro run` only"}));
  EXPECT_TRUE(bad_input(vibro("run " + quoted(oscillator) + " --precision double,mpfr:50 --csv " +
                              quoted(dir() / "trajectory.csv")),
                        {"'--csv'", "one precision"}));
  EXPECT_FALSE(fs::exists(dir() / "trajectory.csv"));
}

TEST(RunComparison, ReadsTheExactTwinOfANumberAndEscapesItsPointer) {
  // Hand-made results: a number written as a JSON number with an exact `_text` twin, a key
  // holding "/" and "~" (RFC 6901: ~1 and ~0), an array, and the case's inputs (left out).
  const auto result = [](const char* u_text, double u) {
    return nlohmann::json{{"model", {{"a", "1"}}},
                          {"run", {{"u", u}, {"u_text", u_text}, {"a/b~c", 3}, {"events", {"1/3", "x"}}}}};
  };
  const vibro::RunComparison c = vibro::compare_runs(
      {result("0.1", 0.1), result("0.1000000000000000055511151231257827021181583404541015625", 0.1)},
      {{"double", "double", 53, 15}, {"mpfr:50", "mpfr", 169, 50}});
  EXPECT_EQ(c.widest, 1u);
  std::vector<std::string> pointers;
  for (const auto& n : c.numbers) pointers.push_back(n.pointer);
  EXPECT_EQ(pointers, (std::vector<std::string>{"/run/a~1b~0c", "/run/events/0", "/run/u"}));
  // u: 0.1 − (the double nearest 0.1, exactly) = −5.551115123125782702118158340454101562e−18.
  const vibro::ComparedValue& u = c.numbers[2].values[0];
  ASSERT_TRUE(u.difference);
  EXPECT_EQ(exact(u.difference->text), exact("-0.0000000000000000055511151231257827021181583404541015625"));
  // 0.1 shares 17 digits with 0.1000000000000000055…: the difference is below 1e−17, a unit
  // of the 17th digit, and not below 1e−18, one of the 18th.
  EXPECT_EQ(u.agreeing_digits, 17);
  EXPECT_FALSE(c.numbers[0].values[0].agreeing_digits);  // 3 and 3: identical
  EXPECT_EQ(c.numbers[0].values[0].difference->text, "0");
}

TEST(RunComparison, TheWidestIsTheExactTypeElseTheMostBitsElseTheFirst) {
  const vibro::PrecisionInfo d{"double", "double", 53, 15}, q{"float128", "float128", 113, 33},
      m{"mpfr:34", "mpfr", 113, 34}, r{"rational", "rational", 0, 0};
  EXPECT_EQ(vibro::widest_precision({d, q}), 1u);
  EXPECT_EQ(vibro::widest_precision({q, d}), 0u);
  EXPECT_EQ(vibro::widest_precision({q, m}), 0u);
  EXPECT_EQ(vibro::widest_precision({m, q}), 0u);
  EXPECT_EQ(vibro::widest_precision({d, r, q}), 1u);
}

}  // namespace
