#include "vibro/proof/ball.hpp"

#include <flint/flint.h>
#include <mpfr.h>

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <string_view>

namespace vibro::proof {

Ball Ball::of_text(const std::string& text) {
  constexpr std::string_view root = "sqrt(";
  if (text.starts_with(root) && text.ends_with(')'))
    return sqrt(of_text(text.substr(root.size(), text.size() - root.size() - 1)));
  const std::size_t bar = text.find('/');
  if (bar != std::string::npos) return of_text(text.substr(0, bar)) / of_text(text.substr(bar + 1));
  Ball r;
  if (text.empty() || arb_set_str(r.x_, text.c_str(), BallPrecision::bits()) != 0)
    throw std::invalid_argument("'" + text + "' is not a decimal number, a fraction P/Q or sqrt(P/Q)");
  return r;
}

std::string Ball::text(slong digits) const {
  const std::unique_ptr<char, void (*)(void*)> printed(arb_get_str(x_, digits, 0), flint_free);
  return printed.get();
}

std::string Ball::midpoint_text(slong digits) const {
  const std::unique_ptr<char, void (*)(void*)> printed(arb_get_str(x_, digits, ARB_STR_NO_RADIUS), flint_free);
  return printed.get();
}

namespace {

/// An arf (a binary floating number, exact) as an MPFR number of enough bits to hold it exactly.
class ExactMpfr {
 public:
  explicit ExactMpfr(const arf_t x) {
    mpfr_init2(value_, std::max<slong>(arf_bits(x), 2) + 2);
    arf_get_mpfr(value_, x, MPFR_RNDN);  // exact: the precision holds every bit
  }
  ~ExactMpfr() { mpfr_clear(value_); }
  ExactMpfr(const ExactMpfr&) = delete;
  ExactMpfr& operator=(const ExactMpfr&) = delete;
  mpfr_srcptr get() const { return value_; }

 private:
  mpfr_t value_;
};

/// `x` to `digits` significant decimal digits rounded as `direction` says, as d.ddde±X.
std::string decimal(mpfr_srcptr x, int digits, mpfr_rnd_t direction) {
  if (mpfr_zero_p(x)) return "0";
  mpfr_exp_t exponent = 0;
  char* printed = mpfr_get_str(nullptr, &exponent, 10, static_cast<std::size_t>(digits), x, direction);
  std::string mantissa = printed;
  mpfr_free_str(printed);
  const std::size_t first = mantissa[0] == '-' ? 1 : 0;
  // mpfr_get_str's value is 0.DDD × 10^exponent.
  return mantissa.substr(0, first + 1) + (digits > 1 ? "." + mantissa.substr(first + 1) : "") + "e" +
         std::to_string(static_cast<long>(exponent) - 1);
}

/// The lower (`upper` false) or upper bound of `x`, an exact binary number, as a decimal of
/// `digits` significant digits rounded in `direction`.
std::string bound_text(arb_srcptr x, bool upper, int digits, mpfr_rnd_t direction) {
  arf_t bound;
  arf_init(bound);
  // Arb rounds the bound outward (to `bits` bits): rigorous at any precision, and exact here
  // unless the radius lies far below the midpoint's last bit.
  const slong bits = std::max<slong>(arf_bits(arb_midref(x)), 2) + MAG_BITS + 2;
  if (upper) arb_get_ubound_arf(bound, x, bits);
  else arb_get_lbound_arf(bound, x, bits);
  std::string text;
  {
    const ExactMpfr exact(bound);
    text = decimal(exact.get(), digits, direction);
  }
  arf_clear(bound);
  return text;
}

template <class F>
Ball unary(F f, const Ball& x) {
  Ball r;
  f(r.get(), x.get(), BallPrecision::bits());
  return r;
}

}  // namespace

std::string Ball::lower_text(int digits) const { return bound_text(x_, false, digits, MPFR_RNDD); }

std::string Ball::upper_text(int digits) const { return bound_text(x_, true, digits, MPFR_RNDU); }

std::string Ball::radius_text() const {
  arf_t radius;
  arf_init(radius);
  arf_set_mag(radius, arb_radref(x_));
  std::string text;
  {
    const ExactMpfr exact(radius);
    text = decimal(exact.get(), 2, MPFR_RNDU);
  }
  arf_clear(radius);
  return text;
}

std::string Ball::rounded_text(int digits) const { return bound_text(x_, false, digits, MPFR_RNDN); }

int Ball::proved_digits(int at_most) const {
  if (contains_zero()) return 0;
  for (int k = at_most; k > 0; --k)
    if (bound_text(x_, false, k, MPFR_RNDN) == bound_text(x_, true, k, MPFR_RNDN)) return k;
  return 0;
}

Ball sqrt(const Ball& x) { return unary(arb_sqrt, x); }
Ball exp(const Ball& x) { return unary(arb_exp, x); }
Ball log(const Ball& x) { return unary(arb_log, x); }
Ball acos(const Ball& x) { return unary(arb_acos, x); }

Ball abs(const Ball& x) {
  Ball r;
  arb_abs(r.get(), x.get());
  return r;
}

Ball atan2(const Ball& y, const Ball& x) {
  Ball r;
  arb_atan2(r.get(), y.get(), x.get(), BallPrecision::bits());
  return r;
}

std::pair<Ball, Ball> sin_cos(const Ball& x) {
  Ball s, c;
  arb_sin_cos(s.get(), c.get(), x.get(), BallPrecision::bits());
  return {std::move(s), std::move(c)};
}

Ball pi() {
  Ball r;
  arb_const_pi(r.get(), BallPrecision::bits());
  return r;
}

}  // namespace vibro::proof
