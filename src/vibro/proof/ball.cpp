#include "vibro/proof/ball.hpp"

#include <flint/flint.h>

#include <memory>
#include <stdexcept>

namespace vibro::proof {

Ball Ball::of_text(const std::string& text) {
  const std::size_t bar = text.find('/');
  if (bar != std::string::npos) return of_text(text.substr(0, bar)) / of_text(text.substr(bar + 1));
  Ball r;
  if (text.empty() || arb_set_str(r.x_, text.c_str(), BallPrecision::bits()) != 0)
    throw std::invalid_argument("'" + text + "' is not a decimal number or a fraction P/Q");
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

template <class F>
Ball unary(F f, const Ball& x) {
  Ball r;
  f(r.get(), x.get(), BallPrecision::bits());
  return r;
}

}  // namespace

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
