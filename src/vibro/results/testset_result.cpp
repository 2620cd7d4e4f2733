#include "vibro/results/testset_result.hpp"

#include <cstdio>

namespace vibro {

const StoredValue* TestsetReference::value(const std::string& name) const {
  for (const StoredValue& v : values)
    if (v.name == name) return &v;
  return nullptr;
}

std::string digits_text(const std::optional<CorrectDigits>& d) {
  if (!d) return "–";
  if (d->exactness == Exactness::exact) return "exact";
  if (d->exactness == Exactness::to_rounding) return "exact to rounding";
  char text[32];
  std::snprintf(text, sizeof text, "%s%.1f", d->at_cap ? "≥ " : "", d->digits);
  return text;
}

std::string digits_terms() {
  return "\"≥ d\" where the error is within the stored values' own accuracy (at least d digits; the stored "
         "values carry no more), \"exact\" where every error is 0, \"exact to rounding\" where it is within that "
         "accuracy and no error is more than one rounding unit of the run's type at the quantity's scale (ε × the "
         "largest value: the run holds the exact values to every digit its type carries, as a ball at rest on the "
         "obstacle does)";
}

}  // namespace vibro
