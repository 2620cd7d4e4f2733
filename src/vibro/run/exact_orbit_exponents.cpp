#include "vibro/run/exact_orbit_exponents.hpp"

#include "vibro/analysis/periodic_orbits.hpp"
#include "vibro/run/model_binding.hpp"
#include "vibro/scalar/parse.hpp"
#include "vibro/scalar/with_scalar.hpp"

#include <type_traits>

namespace vibro {

namespace {

/// The most impacts per orbit looked for: a case is matched against the (1, n) orbits with
/// n up to this.
constexpr int largest_n = 3;

}  // namespace

std::optional<ExactOnOrbit> exact_on_orbit(const CaseSpec& c, const LyapunovFindings& l) {
  if (c.model.model_kind() != ModelKind::impact_oscillator || !l.defined || c.precision.kind == ScalarKind::rational)
    return std::nullopt;
  std::optional<ExactOnOrbit> exact;
  with_scalar(c.precision, [&](auto type) {
    using Real = typename decltype(type)::type;
    if constexpr (!std::is_same_v<Real, rational>) {
      using std::abs;
      const ImpactOscillator<Real> model = bind_oscillator<Real>(c.model);
      const auto orbit = orbit_through(model, parse_real<Real>(c.u0.text), parse_real<Real>(c.v0.text), largest_n);
      if (!orbit) return;
      const auto [k1, k2] = finite_k_exponents(model, *orbit, l.periods_done);
      const auto [m1, m2] = orbit->log_moduli;
      ExactOnOrbit e;
      e.n = orbit->n;
      e.stable = orbit->stable();
      e.lambda1_after_k = NumberText::of(k1);
      e.lambda2_after_k = NumberText::of(k2);
      e.lambda1_asymptotic = NumberText::of(Real(m1 / orbit->n));
      e.lambda2_asymptotic = NumberText::of(Real(m2 / orbit->n));
      e.difference1 = NumberText::of(Real(abs(parse_real<Real>(l.lambda1_per_period.text) - k1)));
      e.difference2 = NumberText::of(Real(abs(parse_real<Real>(l.lambda2_per_period.text) - k2)));
      exact = e;
    }
  });
  return exact;
}

}  // namespace vibro
