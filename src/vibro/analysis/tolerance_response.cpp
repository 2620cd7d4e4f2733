#include "vibro/analysis/tolerance_response.hpp"

#include <fmt/format.h>

#include <cmath>
#include <stdexcept>

namespace vibro {
namespace {

/// A number's text with two significant digits, "3.1e-14", whatever its exponent (an MPFR
/// error far below double's range keeps it): the mantissa rounded, the exponent kept.
std::string two_digits(const std::string& text) {
  const std::size_t e = text.find_first_of("eE");
  const double mantissa = std::stod(text.substr(0, e));
  const long exponent = e == std::string::npos ? 0 : std::stol(text.substr(e + 1));
  const int shift = mantissa == 0 ? 0 : static_cast<int>(std::floor(std::log10(std::abs(mantissa))));
  std::string digits = fmt::format("{:.1f}", mantissa / std::pow(10.0, shift));
  long power = exponent + shift;
  if (digits == "10.0" || digits == "-10.0") {  // 9.96 rounds up to the next decade
    digits = mantissa < 0 ? "-1.0" : "1.0";
    ++power;
  }
  return power == 0 ? digits : fmt::format("{}e{}", digits, power);
}

}  // namespace

ToleranceResponse analyse_tolerance_response(const std::vector<double>& log_tolerance,
                                             const std::vector<std::optional<double>>& log_error,
                                             const std::vector<std::string>& error_text,
                                             const std::vector<bool>& has_value) {
  const std::size_t n = log_tolerance.size();
  if (log_error.size() != n || error_text.size() != n || has_value.size() != n)
    throw std::logic_error("analyse_tolerance_response: one error per rung");
  ToleranceResponse r;
  for (std::size_t i = 0; i + 1 < n; ++i) {
    if (log_error[i] && log_error[i + 1])
      r.successive.push_back((*log_error[i] - *log_error[i + 1]) / (log_tolerance[i] - log_tolerance[i + 1]));
    else
      r.successive.push_back(std::nullopt);
  }
  std::vector<std::size_t> usable;  // rungs with a nonzero error
  bool any_value = false;
  for (std::size_t i = 0; i < n; ++i) {
    any_value = any_value || has_value[i];
    if (log_error[i]) usable.push_back(i);
  }
  if (!any_value) return r;
  if (usable.empty()) {
    r.response_class = ToleranceClass::exact;
    return r;
  }
  if (usable.size() < 2) {
    r.response_class = ToleranceClass::too_few_points;
    return r;
  }
  // The stall: the longest tail of slopes between consecutive usable rungs all below the stall
  // slope. stall_at indexes `usable`: the first usable rung of the tail.
  const auto slope_between = [&](std::size_t a, std::size_t b) {
    return (*log_error[usable[a]] - *log_error[usable[b]]) / (log_tolerance[usable[a]] - log_tolerance[usable[b]]);
  };
  std::size_t stall_at = usable.size() - 1;
  while (stall_at > 0 && slope_between(stall_at - 1, stall_at) < tolerance_stall_slope) --stall_at;
  if (stall_at + 1 < usable.size()) {
    std::size_t least = stall_at;
    for (std::size_t k = stall_at; k < usable.size(); ++k)
      if (*log_error[usable[k]] < *log_error[usable[least]]) least = k;
    r.stall = ToleranceStall{usable[stall_at], NumberText{error_text[usable[least]]}};
  }
  if (stall_at == 0) {
    r.response_class = ToleranceClass::no_response;
    return r;
  }
  // The least-squares slope over the usable rungs up to the stall's first (all of them without one).
  double mean_x = 0, mean_y = 0;
  const std::size_t m = stall_at + 1;
  for (std::size_t k = 0; k < m; ++k) {
    mean_x += log_tolerance[usable[k]];
    mean_y += *log_error[usable[k]];
  }
  mean_x /= static_cast<double>(m);
  mean_y /= static_cast<double>(m);
  double sxy = 0, sxx = 0;
  for (std::size_t k = 0; k < m; ++k) {
    const double dx = log_tolerance[usable[k]] - mean_x;
    sxy += dx * (*log_error[usable[k]] - mean_y);
    sxx += dx * dx;
  }
  r.fit = ToleranceFit{sxy / sxx, {usable.front(), usable[stall_at]}};
  const double slope = r.fit->slope;
  r.response_class = std::abs(slope - 1) <= tolerance_proportional_band ? ToleranceClass::proportional
                     : slope < 1                                        ? ToleranceClass::less_than_proportional
                                                                        : ToleranceClass::more_than_proportional;
  return r;
}

std::string tolerance_verdict(const ToleranceResponse& r, const std::vector<std::string>& tolerances) {
  std::string stall;
  if (r.stall)
    stall = fmt::format("stalls at {} from tol {}", two_digits(r.stall->error.text), tolerances.at(r.stall->from));
  const auto fitted = [&](const char* what) {
    std::string text = fmt::format("{}: error ∝ tol^{:.2f} over tol {} … {}", what, r.fit->slope,
                                   tolerances.at(r.fit->range[0]), tolerances.at(r.fit->range[1]));
    return stall.empty() ? text : text + "; " + stall;
  };
  switch (r.response_class) {
    case ToleranceClass::proportional: return fitted("tolerance-proportional");
    case ToleranceClass::less_than_proportional: return fitted("less than proportional");
    case ToleranceClass::more_than_proportional: return fitted("more than proportional");
    case ToleranceClass::no_response: return "no response to the tolerance: " + stall;
    case ToleranceClass::exact: return "exact (every error 0)";
    case ToleranceClass::too_few_points: return "too few nonzero errors (fewer than 2)";
    case ToleranceClass::no_values: return "no value (undefined at every tolerance)";
  }
  return "?";
}

}  // namespace vibro
