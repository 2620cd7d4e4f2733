// The reference's values in double, and the dispatch on the precision
// (drive/reference_values.hpp); MPFR's are compiled in reference_values_mpfr.cpp.

#include "vibro/drive/reference_values_in.hpp"

#include "vibro/case/work_limit.hpp"
#include "vibro/scalar/with_scalar.hpp"

#include <algorithm>
#include <cstddef>
#include <optional>
#include <stdexcept>

namespace vibro {

template ReferenceValues reference_values_in<double>(const CaseSpec&, const TimesOf<double>&, const std::string&,
                                                     const StateAt<double>&);

namespace {

template <class Real>
ReferenceValues at_texts(const CaseSpec& c, const std::vector<std::string>& texts) {
  std::vector<Real> times;
  for (const std::string& text : texts) {
    try {
      times.push_back(parse_real<Real>(text));
    } catch (const std::invalid_argument& why) {
      throw InputError("", "times", why.what());
    }
  }
  return reference_values_in<Real>(c, [&](const Real&, const Real&) { return times; }, "times");
}

}  // namespace

ReferenceValues reference_values(const CaseSpec& c, const Precision& precision, const std::vector<std::string>& times) {
  require_memory_for_times(times.size());
  if (precision.kind == ScalarKind::double_) return at_texts<double>(c, times);
  if (precision.kind == ScalarKind::mpfr) {
    const MpfrPrecisionGuard guard(precision.mpfr_digits);
    return at_texts<mpfr_real>(c, times);
  }
  throw InputError("", "precision",
                   "the reference's values are computed in double or MPFR, not in " + precision.name() +
                       " (allowed: double, mpfr:DIGITS)");
}

ReferenceDoubles reference_doubles(const CaseSpec& c, std::span<const double> times) {
  require_memory_for_times(times.size(), held_bytes_per_double_time);
  ReferenceDoubles out;
  out.about = reference_values_in<double>(
      c, [&](const double&, const double&) { return std::vector<double>(times.begin(), times.end()); }, "times",
      [&](std::size_t k, const std::vector<double>& q, const std::vector<double>& v) {
        if (k == 0) {
          out.positions.resize(times.size() * q.size());
          out.velocities.resize(times.size() * v.size());
        }
        std::copy(q.begin(), q.end(), out.positions.begin() + static_cast<std::ptrdiff_t>(k * q.size()));
        std::copy(v.begin(), v.end(), out.velocities.begin() + static_cast<std::ptrdiff_t>(k * v.size()));
      });
  return out;
}

}  // namespace vibro
