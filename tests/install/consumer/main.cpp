// A user's program against an installed vibro: the Paoli–Schatzman scheme on a free fall
// onto the obstacle u = 0 (u'' = −1, e = 1/2, u0 = 1, v0 = 0, h = 1/4) in exact rational
// arithmetic. Expected values, exact: with the Taylor start U^1 = 1 − h²/2, the free
// recurrence U^{n+1} = 2U^n − U^{n−1} − h² gives U^n = 1 − h²n²/2 = 1 − n²/32 while the
// projection is inactive, that is while U^{n+1} + e U^{n−1} ≥ (1 + e) u_min = 0 (seed 000
// eq. (14)): at n + 1 = 6 it is −1/8 + 1/4 > 0 (U^6 = −1/8 lies below the obstacle, as the
// scheme allows), at n + 1 = 7 it is −17/32 + 7/64 < 0. So U^2 … U^6 follow the closed form
// and the step that computes U^7 is the first active one. Exit 0 and "ok" when all holds.

#include "vibro/model/constant_force.hpp"
#include "vibro/scheme/paoli_schatzman.hpp"

#include <iostream>

int main() {
  using Real = vibro::rational;
  const vibro::ConstantForce<Real> model(Real(1), Real(0), Real(1, 2));  // u'' = −g, g = 1
  const vibro::PaoliSchatzman<vibro::ConstantForce<Real>> scheme(model, Real(1, 4));
  auto x = scheme.start(Real(1), Real(0));
  for (int n = 2; n <= 7; ++n) {
    const bool active = scheme.step(x);  // computes U^n
    if (active != (n == 7)) {
      std::cerr << "projection " << (active ? "active" : "inactive") << " computing U^" << n << "\n";
      return 1;
    }
    const Real u_n = x.u + x.d;  // the state holds U^{n−1} and D = U^n − U^{n−1}
    if (n < 7 && u_n != Real(1) - Real(n * n, 32)) {
      std::cerr << "U^" << n << " = " << u_n << ", expected 1 - " << n * n << "/32\n";
      return 1;
    }
  }
  std::cout << "ok\n";
  return 0;
}
