#pragma once
// Numbers for people: the round-trip texts of a result shortened to a few significant
// digits (fractions are kept when short, since they are exact), and doubles printed the
// same way. Every renderer (the report, the CLI's text) shows numbers through these; a
// missing value is "—". Scripts read the JSON.

#include "vibro/scalar/number_text.hpp"

#include <optional>
#include <string>

namespace vibro {

/// `text` is a decimal or P/Q as written by to_text; returns it with `digits`
/// significant digits, or unchanged when it is already short or not a number.
std::string display_number(const std::string& text, int digits = 10);

std::string display(const NumberText& x, int digits = 10);
std::string display(const std::optional<NumberText>& x, int digits = 10);
std::string display(double x, int digits = 10);
std::string display(const std::optional<double>& x, int digits = 10);

}  // namespace vibro
