#include "vibro/orbits/orbit_proofs.hpp"

#include "vibro/case/work_limit.hpp"
#include "vibro/orbits/exact_oscillator_parameters.hpp"
#include "vibro/support/input_error.hpp"
#include "vibro/run/run_precision.hpp"

#if VIBRO_WITH_ARB
#include "vibro/proof/enclosure_text.hpp"
#include "vibro/proof/orbit_phase_proof.hpp"
#endif

#include <fmt/format.h>

#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>
#include <variant>

namespace vibro {

double proof_seconds_per_n(long digits) {
  // Fitted to `vibro orbits cases/lyapunov/idp.toml --prove --n N N+3` (ω = 50, the shipped
  // case with the costliest roots), 2026-11-29, the largest time per n over n = 1, 40 and 200:
  // 0.03 s at 1000 digits, 0.1 s at 3000, 0.8 s at 10 000 (n = 40; n = 1 and 200 cost a
  // half and a quarter of it). Cases of smaller ω cost about ten times less.
  return 0.03 * std::pow(static_cast<double>(digits) / 1000, 1.4);
}

#if VIBRO_WITH_ARB

namespace {

ProvedOrbitRow row_of(const proof::ProvedPhase& p, const proof::Ball& omega, const proof::Ball& e, int n,
                      int index, int digits) {
  ProvedOrbitRow row;
  row.n = n;
  row.index = index;
  row.unique = p.unique;
  row.transverse = p.impact;
  row.phase = proof::enclosure_text(p.theta, digits);
  row.impact_time = proof::enclosure_text(p.theta / omega, digits);
  row.velocity_before = proof::enclosure_text(p.velocity_before, digits);
  row.velocity_after = proof::enclosure_text(-(e * p.velocity_before), digits);
  if (!p.not_proved.empty()) row.not_proved.push_back(p.not_proved);
  if (!p.unique || !p.impact) {
    row.admissibility = "not proved";
    return row;
  }
  row.admissibility = p.admissible ? "admissible" : p.penetrating ? "not admissible" : "not proved";
  if (!p.admissible) row.not_proved.push_back("admissibility: " + p.admissibility_not_proved);
  if (!p.multipliers_not_proved.empty()) row.not_proved.push_back("multipliers: " + p.multipliers_not_proved);
  if (p.multipliers) {
    const proof::ProvedMultipliers& mu = *p.multipliers;
    const proof::Ball periods(n);
    row.multipliers = ProvedMultiplierTexts{mu.real ? "real" : "complex",
                                            proof::enclosure_text(mu.first, digits),
                                            proof::enclosure_text(mu.second, digits),
                                            proof::enclosure_text(mu.log_first / periods, digits),
                                            proof::enclosure_text(mu.log_second / periods, digits),
                                            mu.stable ? (*mu.stable ? "stable" : "unstable") : "not proved"};
  }
  return row;
}

}  // namespace

OrbitProofListing prove_orbits(const CaseSpec& c, int n_min, int n_max, long digits, Progress* progress) {
  if (c.model.model_kind() != ModelKind::impact_oscillator)
    throw InputError(c.file, "model.type", "closed-form periodic orbits exist for the impact oscillator only");
  const auto& oscillator = std::get<OscillatorSpec>(c.model.kind);
  if (n_min < 1 || n_max < n_min) throw InputError("", "--n", "expected 1 ≤ N1 ≤ N2");
  if (digits < 20 || digits > 10000) throw InputError("", "--digits", "expected 20 to 10000 digits");
  const int values = n_max - n_min + 1;
  const double estimate = values * proof_seconds_per_n(digits);
  if (estimate > work_limit_seconds)
    throw InputError("", "--n",
                     fmt::format("the proofs of {} values of n at {} digits would take about {} (about {:.2g} s each), "
                                 "above the limit of about {:.0f} minutes of one core: give fewer values of n or "
                                 "fewer --digits",
                                 values, digits, duration_text(estimate), proof_seconds_per_n(digits),
                                 work_limit_seconds / 60));
  if (progress)
    progress->begin("proofs of (1, n) orbits at " + std::to_string(digits) + " digits", values, "values of n", estimate);
  const ExactOscillatorParameters exact = exact_oscillator_parameters(oscillator);
  const proof::OscillatorTexts texts{exact.alpha, exact.a, exact.omega, c.model.u_min.text, c.model.e.text};
  // Bounds printed with 10 digits more than the working precision's: the outward rounding
  // then widens them by less than the ball's radius.
  const int shown = static_cast<int>(digits) + 10;
  OrbitProofListing listing{case_info(c), digits, proof::proof_bits(digits), n_min, n_max, {}, {}};
  for (int n = n_min; n <= n_max; ++n) {
    proof::PhaseProof proof;
    try {
      proof = proof::prove_orbit_phases(texts, n, digits);
    } catch (const std::invalid_argument& why) {
      throw InputError(c.file, "model", why.what());
    }
    listing.root_counts.push_back({n, proof.roots ? std::optional(static_cast<int>(*proof.roots)) : std::nullopt,
                                   proof.undecided});
    const proof::BallPrecision precision(listing.bits);
    const proof::Ball omega = proof::Ball::of_text(texts.omega), e = proof::Ball::of_text(texts.e);
    int index = 0;
    for (const proof::ProvedPhase& phase : proof.phases)
      listing.orbits.push_back(row_of(phase, omega, e, n, ++index, shown));
    if (progress) progress->advance(n - n_min + 1);
  }
  return listing;
}

#else

OrbitProofListing prove_orbits(const CaseSpec&, int, int, long, Progress*) {
  throw InputError("", "--prove", "this vibro was built without Arb (Debian libflint-arb-dev): no proofs");
}

#endif

}  // namespace vibro
