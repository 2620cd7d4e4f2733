// What `vibro run` prints at each precision, through the executable (label unit): the text
// output shows every digit the run's precision holds, the same value its --json writes.

#include "support/cli_runner.hpp"

#include "vibro/analysis/significant_digits.hpp"
#include "vibro/scalar/parse.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

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
const fs::path oscillator = fs::path(VIBRO_CASES_DIR) / "ps_forced_oscillator.toml";

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
  std::string text = read_text(fs::path(VIBRO_CASES_DIR) / "free_fall.toml");
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

}  // namespace
