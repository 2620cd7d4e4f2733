#include "vibro/testset/testset_values.hpp"

#include "vibro/support/input_error.hpp"
#include "vibro/scalar/parse_exact.hpp"

#include <boost/multiprecision/gmp.hpp>

#include <algorithm>
#include <cstdlib>
#include <stdexcept>

namespace vibro {

namespace {

using Integer = bmp::mpz_int;

rational power_of_ten(long k) {
  const Integer p = bmp::pow(Integer(10), static_cast<unsigned>(std::labs(k)));
  return k >= 0 ? rational(p) : rational(1) / rational(p);
}

Integer floor_of(const rational& q) {
  const Integer n = bmp::numerator(q), d = bmp::denominator(q);  // d > 0
  Integer f = n / d;                                              // toward zero
  if (n < 0 && f * d != n) --f;
  return f;
}

Integer nearest(const rational& q) { return floor_of(q + rational(1, 2)); }

/// The exponent k of the unit 10^k of the last stored digit of x: 10^(1 − digits) · max(1, |x|)
/// rounded down to a power of ten.
long unit_exponent(const rational& x, int digits) {
  const rational a = abs(x);
  const long magnitude = a >= 1 ? static_cast<long>(floor_of(a).str().size()) - 1 : 0;
  return magnitude - (digits - 1);
}

/// n · 10^k as "d.ddde±E" (every digit of n kept: they are significant), "0eK" for n = 0.
std::string decimal_text(const Integer& n, long k) {
  if (n == 0) return "0e" + std::to_string(k);
  std::string digits = (n < 0 ? Integer(-n) : n).str();
  const long exponent = k + static_cast<long>(digits.size()) - 1;
  std::string text = n < 0 ? "-" : "";
  text += digits[0];
  if (digits.size() > 1) {
    text += '.';
    text.append(digits, 1);
  }
  return text + "e" + std::to_string(exponent);
}

/// The exponent of the last digit of a stored text "d.ddde±E" or "0eK".
long last_digit_exponent(const std::string& text) {
  const std::size_t e = text.find('e');
  if (e == std::string::npos) throw std::invalid_argument("no exponent");
  const std::size_t point = text.find('.');
  const long fraction_digits = point == std::string::npos || point > e ? 0 : static_cast<long>(e - point - 1);
  return std::stol(text.substr(e + 1)) - fraction_digits;
}

/// `x` rounded up to one significant digit, as "de±E" (a bound stays a bound).
std::string bound_text(const rational& x) {
  if (x == 0) return "0";
  long k = unit_exponent(x, 1);
  if (x < 1) {  // unit_exponent caps at 10^0 below 1: find the leading digit's place
    k = 0;
    while (x < power_of_ten(k)) --k;
  }
  Integer d = floor_of(x / power_of_ten(k));
  if (rational(d) * power_of_ten(k) < x) ++d;
  if (d == 10) return "1e" + std::to_string(k + 1);
  return d.str() + "e" + std::to_string(k);
}

/// The stored form of one value from its two computations.
StoredValue stored_value(const std::string& id, const std::string& name, const NumberText& lower, const NumberText& higher,
                         long higher_digits, int digits) {
  const rational hi = higher.exact(), lo = lower.exact();
  // Ten units of the higher precision's rounding, relative to 1 + |x|.
  const rational rounding = rational(10) * power_of_ten(-higher_digits) * (1 + abs(hi));
  rational bound = std::max(abs(hi - lo), rounding);
  const std::string bound_shown = bound_text(bound);
  bound = *parse_exact(bound_shown);
  const long k = unit_exponent(hi, digits);
  const rational unit = power_of_ten(k);
  if (bound * 20 > unit)
    throw RunFailure(id + " " + name + ": the two precisions differ by " + bound_shown + ", more than a twentieth of the " +
                     "last of " + std::to_string(digits) + " digits (1e" + std::to_string(k) +
                     "): the horizon loses more digits than the lower precision keeps");
  const Integer n = nearest(hi / unit);
  if (nearest((hi - bound) / unit) != n || nearest((hi + bound) / unit) != n)
    throw RunFailure(id + " " + name + ": its last stored digit is not decided (the value lies within " + bound_shown +
                     " of a rounding midpoint)");
  return StoredValue{name, decimal_text(n, k), bound_shown};
}

}  // namespace

std::string end_value_name(char letter, std::size_t i, std::size_t count) {
  if (count == 1) return letter == 'q' ? "u(T)" : "v(T)";
  return letter + std::to_string(i + 1) + "(T)";
}

std::string impact_value_name(std::string_view quantity, std::size_t j) {
  return std::string(quantity) + "_" + std::to_string(j + 1);
}

int testset_digits(const CaseSpec& c) {
  const ModelKind kind = c.model.model_kind();
  return kind == ModelKind::duffing_oscillator || kind == ModelKind::double_pendulum ? 22 : 32;
}

std::pair<long, long> testset_precisions(int digits) {
  // The integrated flights of the nonlinear references (RKF 7(8)) cost about 10^(d/8) steps
  // for d digits: their margins are 8 and 16 digits, the closed-form ones' 16 and 32.
  const int margin = digits < 30 ? 8 : 16;
  return {digits + margin, digits + 2 * margin};
}

TestsetReference stored_reference(const CaseSpec& c, const ReferenceValuesAt& lower, const ReferenceValuesAt& higher,
                                  int digits) {
  const std::string& id = c.testset->id;
  const auto disagree = [&](const std::string& what) {
    throw RunFailure(id + ": the reference at mpfr:" + std::to_string(lower.mpfr_digits) + " and at mpfr:" +
                     std::to_string(higher.mpfr_digits) + " disagree on " + what +
                     ": the horizon is too long for the precisions");
  };
  if (lower.impacts != higher.impacts) disagree("the number of impacts");
  if (lower.accumulations.size() != higher.accumulations.size()) disagree("the number of accumulations");
  if (lower.first_impacts.size() != higher.first_impacts.size()) disagree("the number of first impacts");
  TestsetReference out;
  out.id = id;
  out.digits = digits;
  out.precisions = {"mpfr:" + std::to_string(lower.mpfr_digits), "mpfr:" + std::to_string(higher.mpfr_digits)};
  out.t_end = higher.t_end.text;
  out.impacts = higher.impacts;
  const auto add = [&](const std::string& name, const NumberText& lo, const NumberText& hi) {
    out.values.push_back(stored_value(id, name, lo, hi, higher.mpfr_digits, digits));
  };
  const std::size_t n = higher.position.size();
  for (std::size_t i = 0; i < n; ++i) add(end_value_name('q', i, n), lower.position[i], higher.position[i]);
  for (std::size_t i = 0; i < n; ++i) add(end_value_name('v', i, n), lower.velocity[i], higher.velocity[i]);
  for (std::size_t j = 0; j < higher.first_impacts.size(); ++j) {
    const ReferenceImpactText &lo = lower.first_impacts[j], &hi = higher.first_impacts[j];
    if (lo.coordinate != hi.coordinate) disagree("the coordinate of impact " + std::to_string(j + 1));
    add(impact_value_name("t", j), lo.t, hi.t);
    add(impact_value_name("v-", j), lo.v_minus, hi.v_minus);
    add(impact_value_name("v+", j), lo.v_plus, hi.v_plus);
    out.impact_coordinates.push_back(static_cast<std::int64_t>(hi.coordinate) + 1);
  }
  for (std::size_t j = 0; j < higher.accumulations.size(); ++j)
    add(impact_value_name("t_inf", j), lower.accumulations[j], higher.accumulations[j]);
  return out;
}

std::vector<std::string> reference_differences(const TestsetReference& stored, const TestsetReference& fresh) {
  std::vector<std::string> out;
  const std::string& id = stored.id;
  const auto count_text = [](const std::optional<std::int64_t>& n) { return n ? std::to_string(*n) : "infinite"; };
  if (stored.impacts != fresh.impacts)
    out.push_back(id + " impacts: stored " + count_text(stored.impacts) + ", recomputed " + count_text(fresh.impacts));
  if (stored.impact_coordinates != fresh.impact_coordinates)
    out.push_back(id + " impact_coordinate: the stored coordinates of the first impacts are not the recomputed ones");
  if (*parse_exact(stored.t_end) != *parse_exact(fresh.t_end))
    out.push_back(id + " t_end: stored " + stored.t_end + ", recomputed " + fresh.t_end);
  if (stored.digits != fresh.digits)
    out.push_back(id + " digits: stored " + std::to_string(stored.digits) + ", the problem's " + std::to_string(fresh.digits));
  // The two precisions as testset_precisions sizes them (or raised alike): the lower one at
  // least the stored digits and a margin, the higher one a margin more. Two equal precisions
  // agree with themselves and would "prove" any digit.
  const auto [least_lower, least_higher] = testset_precisions(fresh.digits);
  const auto mpfr_digits = [](const std::string& text) -> long {
    return text.starts_with("mpfr:") ? std::strtol(text.c_str() + 5, nullptr, 10) : 0;
  };
  if (stored.precisions.size() != 2 || mpfr_digits(stored.precisions[0]) < least_lower ||
      mpfr_digits(stored.precisions[1]) - mpfr_digits(stored.precisions[0]) < least_higher - least_lower)
    out.push_back(id + " precisions: the stored pair must be mpfr:L and mpfr:H with L ≥ " + std::to_string(least_lower) +
                  " and H − L ≥ " + std::to_string(least_higher - least_lower) + " (the margins of " +
                  std::to_string(fresh.digits) + " digits)");
  for (const StoredValue& f : fresh.values) {
    const StoredValue* s = stored.value(f.name);
    if (!s) {
      out.push_back(id + " " + f.name + ": not stored (recomputed " + f.value + ")");
      continue;
    }
    // The text itself: a stored value claims as many digits as it shows, so trailing zeros
    // added to it are a difference even where the number is the same.
    const std::optional<rational> bound = parse_exact(s->bound);
    if (s->value != f.value)
      out.push_back(id + " " + f.name + ": stored " + s->value + ", recomputed " + f.value);
    else if (!bound || *bound < *parse_exact(f.bound))
      out.push_back(id + " " + f.name + ": stored bound " + s->bound + " is below the recomputed " + f.bound);
    else if (*bound > stored_bound_factor * *parse_exact(f.bound))
      out.push_back(id + " " + f.name + ": stored bound " + s->bound + " is more than " +
                    std::to_string(stored_bound_factor) + " times the recomputed " + f.bound +
                    " (an inflated bound claims fewer correct digits than the values have)");
  }
  for (const StoredValue& s : stored.values)
    if (!fresh.value(s.name)) out.push_back(id + " " + s.name + ": stored, but not a value of the problem now");
  return out;
}

StoredAccuracy stored_accuracy(const StoredValue& v) {
  const std::optional<rational> value = parse_exact(v.value), bound = parse_exact(v.bound);
  if (!value || !bound) throw std::logic_error("a stored value or bound that is not a number (checked when read)");
  return {*value, power_of_ten(last_digit_exponent(v.value)) / 2 + *bound};
}

}  // namespace vibro
