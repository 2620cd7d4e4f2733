#include "vibro/run/run_precision.hpp"

#include "vibro/case/scheme_catalog.hpp"
#include "vibro/case/work_limit.hpp"
#include "vibro/scalar/traits.hpp"
#include "vibro/scalar/with_scalar.hpp"

#include <type_traits>

namespace vibro {

Provenance provenance(const Precision& precision) {
  return with_scalar(precision, [&]<class Real>(std::type_identity<Real>) {
    return Provenance{VIBRO_VERSION, PrecisionInfo{precision.name(), scalar_name<Real>(), significand_bits<Real>(),
                                                   decimal_digits<Real>()}};
  });
}

CaseInfo case_info(const CaseSpec& c) { return {c.name, c.file, c.hash, c.description}; }

Precision run_precision(const CaseSpec& c, const RunOptions& options, const ScalarNeed& need) {
  const Precision precision = options.precision.value_or(c.precision);
  require_runnable(c, precision, options.precision ? "--precision" : "case.precision", need);
  require_within_limit(c, scheme_infos().at(c.scheme.entry).has_step, precision, options.max_steps);
  return precision;
}

}  // namespace vibro
