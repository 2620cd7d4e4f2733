#include "vibro/testset/testset_reference.hpp"

#include "vibro/support/input_error.hpp"
#include "vibro/drive/reference_values.hpp"
#include "vibro/scalar/parse.hpp"
#include "vibro/scalar/with_scalar.hpp"

#include <string>

namespace vibro {

ReferenceValuesAt testset_reference_at(const CaseSpec& c, long mpfr_digits, int samples) {
  if (!c.testset) throw std::logic_error("testset_reference_at: the case is not a test-set problem");
  using Real = mpfr_real;
  const MpfrPrecisionGuard guard(mpfr_digits);
  // The end of the horizon, then the samples' times when asked for.
  std::vector<Real> times;
  const ReferenceValues reference = reference_values_in<Real>(
      c,
      [&](const Real& t0, const Real& t_end) {
        times = {t_end};
        for (int k = 0; samples > 0 && k <= samples; ++k)
          times.push_back(k == samples ? t_end : Real(t0 + (t_end - t0) * k / samples));
        return times;
      },
      "horizon");
  if (!reference.events)
    throw InputError(c.file, "model",
                     "the test set needs the reference's events, which the reference of this model does not keep "
                     "(the conservative oscillator: give it two stops)");
  ReferenceValuesAt out;
  out.mpfr_digits = mpfr_digits;
  out.t_end = reference.t_end;
  out.position = reference.positions.front();
  out.velocity = reference.velocities.front();
  std::int64_t impacts = 0;
  for (const ReferenceEventValues& e : *reference.events) {
    if (e.kind == "accumulation") out.accumulations.push_back(e.t);
    if (e.kind != "impact") continue;
    ++impacts;
    if (std::ssize(out.first_impacts) < c.testset->impacts)
      out.first_impacts.push_back({e.t, e.v_minus, e.v_plus, e.coordinate});
  }
  if (out.accumulations.empty()) out.impacts = impacts;
  for (std::size_t k = 1; k < times.size(); ++k) {
    out.sample_times.push_back(static_cast<double>(times[k]));
    out.sample_positions.emplace_back();
    for (const NumberText& q : reference.positions[k]) out.sample_positions.back().push_back(parse_real<double>(q.text));
  }
  return out;
}

}  // namespace vibro
