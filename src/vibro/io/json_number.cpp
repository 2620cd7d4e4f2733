#include "vibro/io/json_number.hpp"

#include "vibro/scalar/parse_exact.hpp"

#include <mpfr.h>
#include <nlohmann/json.hpp>

#include <charconv>

namespace vibro {

std::optional<double> nearest_double(std::string_view text) {
  const std::optional<rational> exact = parse_exact(text);
  if (!exact) return std::nullopt;  // inf, nan
  if (text.find('/') == std::string_view::npos) {
    // from_chars rounds a decimal correctly, subnormals included.
    double x = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), x);
    if (ec == std::errc{} && end == text.data() + text.size()) return x;
    if (ec == std::errc::result_out_of_range && *exact != 0 && bmp::abs(*exact) < 1) return *exact < 0 ? -0.0 : 0.0;
    return std::nullopt;  // beyond the range of double
  }
  // P/Q: one rounding of the exact quotient to 53 bits (mpfr_set_q), then an exact
  // conversion, inside the exponent range of double (mpfr_subnormalize for subnormals).
  const mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
  mpfr_set_emin(-1073);
  mpfr_set_emax(1024);
  mpfr_t x;
  mpfr_init2(x, 53);
  const int inexact = mpfr_set_q(x, exact->backend().data(), MPFR_RNDN);
  mpfr_subnormalize(x, inexact, MPFR_RNDN);
  const double value = mpfr_get_d(x, MPFR_RNDN);
  const bool finite = mpfr_number_p(x) != 0;
  mpfr_clear(x);
  mpfr_set_emin(emin);
  mpfr_set_emax(emax);
  if (!finite) return std::nullopt;
  return value;
}

void JsonNumbers::put(nlohmann::json& out, const std::string& key, const NumberText& x) const {
  const std::optional<double> value = nearest_double(x.text);
  out[key] = value ? nlohmann::json(*value) : nlohmann::json(nullptr);
  if (twins_ || !value) out[key + "_text"] = x.text;
}

void JsonNumbers::put(nlohmann::json& out, const std::string& key, const std::optional<NumberText>& x) const {
  if (x) put(out, key, *x);
  else out[key] = nullptr;
}

void JsonNumbers::put_list(nlohmann::json& out, const std::string& key, const std::vector<NumberText>& xs) const {
  nlohmann::json values = nlohmann::json::array(), texts = nlohmann::json::array();
  bool all_finite = true;
  for (const NumberText& x : xs) {
    const std::optional<double> value = nearest_double(x.text);
    all_finite = all_finite && value.has_value();
    values.push_back(value ? nlohmann::json(*value) : nlohmann::json(nullptr));
    texts.push_back(x.text);
  }
  out[key] = values;
  if (twins_ || !all_finite) out[key + "_text"] = texts;
}

}  // namespace vibro
