#pragma once
// Numbers for people: the round-trip texts of a result shortened to a few significant
// digits (fractions are kept when short, since they are exact), and doubles printed the
// same way. Every renderer (the report, the CLI's text) shows numbers through these; a
// missing value is "—". Scripts read the JSON.

#include "vibro/scalar/number_text.hpp"

#include <cstddef>
#include <optional>
#include <string>

namespace vibro {

/// The most significant digits a page shows of a number, and the longest number it shows
/// (scripts/check_report.py holds every page to both; index.json keeps every digit).
inline constexpr int shown_digits = 10;
inline constexpr std::size_t longest_shown_number = 20;

/// `text` is a decimal or P/Q as written by to_text; returns it with `digits`
/// significant digits, or unchanged when it is already short or not a number. A fraction
/// stays a fraction (it is exact) when it is at most longest_shown_number characters with
/// at most shown_digits digits a part; a longer one becomes a decimal.
std::string display_number(const std::string& text, int digits = shown_digits);

/// A step size as a page shows it: a label as written ("T/200", "2/21", "0.00003125") when it
/// has at most shown_digits digits (a part) and longest_shown_number characters, a longer
/// one (4927605920509/60750000000000000) as a decimal to 6 significant digits. The exact
/// step stays in index.json.
std::string display_step(const std::string& label);

/// `text` (a message, a sentence) with every number in it of more than `digits` significant
/// digits shortened to `digits`: "an accumulation at t = 7.9006564959082714566…e+00" reads
/// "… t = 7.900656496".
std::string display_numbers_in(const std::string& text, int digits = shown_digits);

std::string display(const NumberText& x, int digits = 10);

/// Every digit the value's scalar type holds, as `vibro run` prints the values a run computes:
/// the round-trip text (shortest for double, max_digits10 for long double and float128, all
/// of MPFR's digits) with the significand's trailing zeros dropped, which reads back to the
/// same value; a fraction P/Q of the exact type as it is, with its decimal beside
/// (`= D` with all its digits when the fraction is a decimal, `≈ D` to 17 digits when not).
std::string display_all_digits(const NumberText& x);
std::string display_all_digits(const std::optional<NumberText>& x);
std::string display(const std::optional<NumberText>& x, int digits = 10);
std::string display(double x, int digits = 10);
std::string display(const std::optional<double>& x, int digits = 10);
/// A measured value with its uncertainty: `value` to at most `at_most` significant digits, and
/// to no more than the uncertainty carries (down to the decimal place of its second
/// significant digit: 1.668e-12 ± 8.2e-13 shows as 1.67e-12), then " ± " and the uncertainty
/// to two digits.
std::string display_with_uncertainty(double value, double uncertainty, int at_most = 4);
/// A wall time in seconds to 3 significant digits in the unit that suits it ("412 µs",
/// "3.05 ms", "1.20 s"); "—" when there is none.
std::string display_seconds(const std::optional<double>& seconds);

}  // namespace vibro
