#include "vibro/case/sweep_spec.hpp"

namespace vibro {

std::vector<std::string> computed_quantities(const SweepComputation& compute) {
  std::vector<std::string> names;
  for (const auto& [name, flag] : sweep_quantities)
    if (compute.*flag) names.emplace_back(name);
  return names;
}

std::size_t SweepSpec::points() const {
  std::size_t n = 1;
  for (const SweepParameter& p : parameters) n *= p.values.size();
  return n;
}

std::vector<std::size_t> SweepSpec::swept() const {
  std::vector<std::size_t> axes;
  for (std::size_t k = 0; k < parameters.size(); ++k)
    if (parameters[k].values.size() > 1) axes.push_back(k);
  return axes;
}

std::vector<CaseOverride> SweepSpec::overrides(std::size_t index) const {
  std::vector<CaseOverride> out(parameters.size());
  for (std::size_t j = parameters.size(); j-- > 0;) {
    const std::size_t n = parameters[j].values.size();
    out[j] = parameters[j].values[index % n];
    index /= n;
  }
  return out;
}

}  // namespace vibro
