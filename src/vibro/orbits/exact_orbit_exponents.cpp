#include "vibro/orbits/exact_orbit_exponents.hpp"

#include "vibro/analysis/periodic_orbits.hpp"
#include "vibro/scalar/number_text_of.hpp"
#include "vibro/support/input_error.hpp"
#include "vibro/binding/model_binding.hpp"
#include "vibro/orbits/orbit_proofs.hpp"
#include "vibro/scalar/parse.hpp"
#include "vibro/scalar/with_scalar.hpp"

#include <type_traits>

namespace vibro {

namespace {

/// The most impacts per orbit looked for: a case is matched against the (1, n) orbits with
/// n up to this.
constexpr int largest_n = 3;

/// The proof's enclosures of ln|μi|/n for the admissible root of the (1, n) orbits whose phase
/// enclosure holds `phase` (the orbit found at the case's precision, to within its rounding).
template <class Real>
void prove_exponents(const CaseSpec& c, int n, const Real& phase, ExactOnOrbit& e) {
  using std::abs;
  try {
    const OrbitProofListing proofs = prove_orbits(c, n, n, report_proof_digits);
    const Real slack = Real(1000) * epsilon<Real>() * (abs(phase) > 1 ? abs(phase) : Real(1));
    for (const ProvedOrbitRow& row : proofs.orbits) {
      if (parse_real<Real>(row.phase.lower) > phase + slack || parse_real<Real>(row.phase.upper) < phase - slack) continue;
      if (row.admissibility != "admissible" || !row.multipliers) {
        e.not_proved = row.not_proved.empty() ? "the orbit is not proved" : row.not_proved.front();
        return;
      }
      e.proved_lambda1 = row.multipliers->lambda1_per_period;
      e.proved_lambda2 = row.multipliers->lambda2_per_period;
      return;
    }
    e.not_proved = "no proved root holds the orbit's phase";
  } catch (const InputError& why) {
    e.not_proved = why.what();
  }
}

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
      e.lambda1_after_k = number_text_of(k1);
      e.lambda2_after_k = number_text_of(k2);
      e.lambda1_asymptotic = number_text_of(Real(m1 / orbit->n));
      e.lambda2_asymptotic = number_text_of(Real(m2 / orbit->n));
      e.difference1 = number_text_of(Real(abs(parse_real<Real>(l.lambda1_per_period.text) - k1)));
      e.difference2 = number_text_of(Real(abs(parse_real<Real>(l.lambda2_per_period.text) - k2)));
      prove_exponents(c, orbit->n, orbit->phase, e);
      exact = e;
    }
  });
  return exact;
}

}  // namespace vibro
