#include "vibro/orbits/period_doubling_prediction.hpp"

#include "vibro/analysis/periodic_orbits.hpp"
#include "vibro/binding/model_binding.hpp"

#include <algorithm>
#include <exception>
#include <optional>
#include <variant>

namespace vibro {
namespace {

/// The oscillator `base` of case model `m` with the parameter whose case-file key is `key`
/// set to x (the keys are those the reader gave the spec's numbers); none for another key.
std::optional<ImpactOscillator<double>> oscillator_with(const ModelSpec& m, const ImpactOscillator<double>& base,
                                                        const std::string& key, double x) {
  const OscillatorSpec& osc = std::get<OscillatorSpec>(m.kind);
  const auto swept = [&](const NumberInput& parameter, double value) { return key == parameter.key ? x : value; };
  // An oscillator written in physical form has no keys for α, a and ω (their NumberInputs are unset).
  if (key != osc.alpha.key && key != osc.amplitude.key && key != osc.omega.key && key != m.u_min.key && key != m.e.key)
    return std::nullopt;
  return ImpactOscillator<double>(swept(osc.alpha, base.alpha()), swept(osc.amplitude, base.amplitude()),
                                  swept(osc.omega, base.omega()), swept(m.u_min, base.obstacle()),
                                  swept(m.e, base.restitution()));
}

}  // namespace

std::vector<PredictedDoubling> predicted_doublings(const CaseSpec& base, const std::string& key,
                                                   std::vector<double> values) {
  std::vector<PredictedDoubling> found;
  if (base.model.model_kind() != ModelKind::impact_oscillator || values.empty()) return found;
  const ImpactOscillator<double> model = bind_oscillator<double>(base.model);
  if (!oscillator_with(base.model, model, key, values.front())) return found;
  std::sort(values.begin(), values.end());
  const auto make = [&](double v) { return *oscillator_with(base.model, model, key, v); };
  for (const int n : {1, 2}) {
    // χ(−1) once per grid value; the root finder only where it changes sign.
    std::vector<std::optional<double>> chi;
    for (const double v : values) {
      try {
        chi.push_back(characteristic_at_minus_one(make(v), n));
      } catch (const std::exception&) {
        chi.push_back(std::nullopt);  // a degenerate phase equation, or a model out of range
      }
    }
    for (std::size_t k = 0; k + 1 < values.size(); ++k) {
      if (!chi[k] || !chi[k + 1] || (*chi[k] > 0) == (*chi[k + 1] > 0)) continue;
      try {
        if (const auto at = period_doubling_point<double>(make, n, values[k], values[k + 1])) found.push_back({n, *at});
      } catch (const OrbitSearchFailure&) {
        continue;  // the orbit stops being admissible between the two values
      }
    }
  }
  return found;
}

}  // namespace vibro
