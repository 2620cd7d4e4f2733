#pragma once
// A result's number in JSON (docs/outputs.md "Numbers"): a JSON number, the double nearest
// to the exact value of its round-trip text, and, when the run's type is wider than double
// or exact, a twin "<key>_text" holding that text, every digit of it. JSON has no NaN or
// infinity: a non-finite value is null with its "<key>_text" ("inf", "-inf", "nan") in
// every precision, so that the reader learns why it is null.

#include "vibro/scalar/number_text.hpp"

#include <nlohmann/json_fwd.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace vibro {

/// The double nearest to the exact value of `text` (a decimal or P/Q, as to_text writes;
/// ties to even); nullopt when the text is not a finite number or its value is beyond the
/// range of double.
std::optional<double> nearest_double(std::string_view text);

/// How a result's numbers are written: with text twins or without.
class JsonNumbers {
 public:
  /// Twins when the run's significand is wider than double's 53 bits, or exact (0 bits).
  static JsonNumbers for_significand_bits(int bits) { return JsonNumbers(bits == 0 || bits > 53); }
  explicit JsonNumbers(bool twins) : twins_(twins) {}

  bool twins() const { return twins_; }

  /// out[key] = the number; out[key + "_text"] = its text when twinned or not finite.
  void put(nlohmann::json& out, const std::string& key, const NumberText& x) const;
  /// As put; an absent number is null, without a twin.
  void put(nlohmann::json& out, const std::string& key, const std::optional<NumberText>& x) const;
  /// out[key] = the list of numbers; out[key + "_text"] = the list of texts when twinned or
  /// when one of them is not finite.
  void put_list(nlohmann::json& out, const std::string& key, const std::vector<NumberText>& xs) const;

 private:
  bool twins_;
};

}  // namespace vibro
