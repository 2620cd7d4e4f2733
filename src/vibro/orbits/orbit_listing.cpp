#include "vibro/orbits/orbit_listing.hpp"

#include "vibro/analysis/periodic_orbits.hpp"
#include "vibro/scalar/number_text_of.hpp"
#include "vibro/support/input_error.hpp"
#include "vibro/binding/model_binding.hpp"
#include "vibro/run/run_precision.hpp"
#include "vibro/scalar/with_scalar.hpp"

#include <fmt/format.h>

#include <cmath>
#include <string>
#include <type_traits>

namespace vibro {

namespace {

template <class Real>
OrbitRow row_of(const ImpactOscillator<Real>& model, const PeriodicOrbit<Real>& o) {
  using std::exp;
  OrbitRow r;
  r.n = o.n;
  r.phase = number_text_of(o.phase);
  r.impact_time = number_text_of(o.impact_time);
  r.velocity_before = number_text_of(o.velocity_before);
  r.velocity_after = number_text_of(o.velocity_after);
  r.admissible = o.admissible;
  r.rejected_because = o.rejected_because;
  r.real_multipliers = o.multipliers.real;
  r.multiplier1 = number_text_of(o.multipliers.first);
  r.multiplier2 = number_text_of(o.multipliers.second);
  r.largest_modulus = number_text_of(o.multipliers.largest_modulus());
  r.stable = o.stable();
  r.trace = number_text_of(Real(o.monodromy.a11 + o.monodromy.a22));
  r.determinant = number_text_of(o.monodromy.det());
  const Real& e = model.restitution();
  r.sum_rule = number_text_of(Real(e * e * exp(-2 * model.alpha() * model.period() * o.n)));
  const auto [l1, l2] = o.log_moduli;
  r.lambda1_per_period = number_text_of(Real(l1 / o.n));
  r.lambda2_per_period = number_text_of(Real(l2 / o.n));
  r.start_u = number_text_of(o.start_u);
  r.start_v = number_text_of(o.start_v);
  return r;
}

/// When the model is at the resonance α = 0, ω = 1 in Real only because α and ω rounded there
/// (ω = 1 + 1e−40 in double), what to say after the resonance's reason: that it is the
/// rounding's, and how far the model is from it (round 4: "resonance, no orbit" while the
/// proof found two orbits).
template <class Real>
std::string resonance_of_rounding(const CaseSpec& c, const ImpactOscillator<Real>& model, const Precision& precision) {
  const auto& osc = std::get<OscillatorSpec>(c.model.kind);
  if (osc.physical || !(model.alpha() == 0 && model.omega() == 1)) return "";
  const rational alpha = osc.alpha.exact, omega_off = abs(osc.omega.exact - 1);
  if (alpha == 0 && omega_off == 0) return "";
  return fmt::format(" in {} only: α = {} and ω = {} round to 0 and 1 there, but the model is {:.3g} from the "
                     "resonance (|α| + |ω − 1|), closer than this precision tells apart",
                     precision.name(), osc.alpha.text, osc.omega.text, static_cast<double>(abs(alpha) + omega_off));
}

}  // namespace

OrbitListing list_orbits(const CaseSpec& c, int n_min, int n_max, const Precision& precision) {
  if (c.model.model_kind() != ModelKind::impact_oscillator)
    throw InputError(c.file, "model.type", "closed-form periodic orbits exist for the impact oscillator only");
  if (precision.kind == ScalarKind::rational)
    throw InputError("", "--precision", "the orbits need a floating-point type (arccos, exp): not rational");
  if (n_min < 1 || n_max < n_min) throw InputError("", "--n", "expected 1 ≤ N1 ≤ N2");
  OrbitListing listing{case_info(c), precision, n_min, n_max, {}, {}};
  with_scalar(precision, [&](auto type) {
    using Real = typename decltype(type)::type;
    if constexpr (!std::is_same_v<Real, rational>) {
      const ImpactOscillator<Real> model = bind_oscillator<Real>(c.model);
      for (int n = n_min; n <= n_max; ++n) {
        try {
          int index = 0;
          for (const PeriodicOrbit<Real>& o : periodic_orbits(model, n)) {
            listing.orbits.push_back(row_of(model, o));
            listing.orbits.back().index = ++index;
          }
        } catch (const OrbitSearchFailure& why) {
          listing.degenerate.push_back({n, why.what() + resonance_of_rounding(c, model, precision)});
        }
      }
    }
  });
  return listing;
}

std::string orbit_case_name(const CaseSpec& c, const OrbitRow& o) {
  // At most 40 characters of the case's name, so that the name stays within a case name's 64.
  return c.name.substr(0, 40) + "-orbit-1-" + std::to_string(o.n) + "-" + std::to_string(o.index);
}

std::string orbit_case_text(const CaseSpec& c, const OrbitRow& o, std::int64_t periods, const Precision& precision) {
  const auto& osc = std::get<OscillatorSpec>(c.model.kind);
  if (osc.physical)
    throw InputError(c.file, "model", "a case with physical parameters cannot be written with its orbit yet: give α, a, ω");
  const std::string name = orbit_case_name(c, o);
  return "# Written by `vibro orbits --write-case` from " + c.file + ": the (1, " + std::to_string(o.n) +
         ") orbit with impact phase " + o.phase.text + ",\n# v− = " + o.velocity_before.text + ", multipliers " +
         (o.real_multipliers ? o.multiplier1.text + " and " + o.multiplier2.text
                             : o.multiplier1.text + " ± " + o.multiplier2.text + "i") +
         " (docs/periodic_orbits.md).\n# On the orbit the exponents per period are ln|μi|/n = " +
         o.lambda1_per_period.text + ", " + o.lambda2_per_period.text + ".\n\n[case]\nname = \"" + name +
         "\"\ndescription = \"IDED started on a closed-form (1, " + std::to_string(o.n) + ") orbit of " + c.name +
         ".\"\nprecision = \"" + precision.name() + "\"\n\n[model]\ntype = \"impact-oscillator\"\nalpha = \"" +
         osc.alpha.text + "\"\na = \"" + osc.amplitude.text + "\"\nomega = \"" + osc.omega.text + "\"\nu_min = \"" +
         c.model.u_min.text + "\"\ne = \"" + c.model.e.text + "\"\n\n[initial]\nu0 = \"" + o.start_u.text +
         "\"\nv0 = \"" + o.start_v.text + "\"\n\n[scheme]\ntype = \"reference\"\n\n[horizon]\nperiods = " +
         std::to_string(periods) + "\n\n[lyapunov]\n\n[orbits]\nn = " + std::to_string(o.n) + "\n";
}

}  // namespace vibro
