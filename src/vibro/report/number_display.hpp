#pragma once
// Numbers for people: the round-trip texts of a result shortened to a few significant
// digits (fractions are kept when short, since they are exact). Scripts read the JSON.

#include <string>

namespace vibro {

/// `text` is a decimal or P/Q as written by to_text; returns it with `digits`
/// significant digits, or unchanged when it is already short or not a number.
std::string display_number(const std::string& text, int digits = 10);

}  // namespace vibro
