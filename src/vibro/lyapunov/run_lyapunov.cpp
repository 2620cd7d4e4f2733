#include "vibro/lyapunov/run_lyapunov.hpp"

#include "vibro/lyapunov/lyapunov_error_bars.hpp"
#include "vibro/drive/lyapunov_findings.hpp"
#include "vibro/run/run_precision.hpp"
#include "vibro/case/scheme_catalog.hpp"
#include "vibro/catalog/scheme_runners.hpp"
#include "vibro/case/work_limit.hpp"

namespace vibro {

LyapunovResult run_lyapunov_case(const CaseSpec& c, const RunOptions& given) {
  if (!c.lyapunov) throw InputError(c.file, "lyapunov", "the case has no [lyapunov] table");
  const Precision precision =
      run_precision(c, given, {ScalarSet::floating(), "Lyapunov exponents need a floating-point type"});
  RunOptions options = given;
  options.max_steps = given.max_steps.value_or(default_max_steps(precision));  // for the reference's windows
  LyapunovResult result;
  result.provenance = provenance(precision);
  result.case_info = case_info(c);
  result.published = c.lyapunov->published;
  if (options.progress) {
    // A forward-difference map runs three flows per period, so the bound counts three
    // trajectories. In double it is about three times too high (the three flows of
    // lyapunov-nsnd-3h, 1.2e8 steps, take the 2 s of one run: they are not recorded), but in
    // MPFR each step costs what the cost model says (nsnd-small-epsilon at mpfr:30: 75 s for
    // 2.3e7 steps), and "up to" must hold there too.
    const bool has_step = scheme_infos().at(c.scheme.entry).has_step;
    options.progress->begin("Lyapunov exponents of " + c.name + " at " + precision.name(), *c.horizon.periods,
                            "periods",
                            has_step ? estimated_seconds(c, true, precision, {.run = false, .study = false}) : 0);
  }
  result.lyapunov = scheme_runners(c.scheme.entry).lyapunov(c, precision, options);
  result.lyapunov.epsilon = c.lyapunov->epsilon_text();
  result.lyapunov.clock = c.lyapunov->absolute_clock ? "absolute" : "folded";
  result.lyapunov.periods = *c.horizon.periods;
  add_lyapunov_error_bars(result, c, options);
  return result;
}

}  // namespace vibro
