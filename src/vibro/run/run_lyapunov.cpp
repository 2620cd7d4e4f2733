#include "vibro/run/run_lyapunov.hpp"

#include "vibro/run/lyapunov_error_bars.hpp"
#include "vibro/run/lyapunov_findings.hpp"
#include "vibro/run/registry.hpp"
#include "vibro/run/run_case.hpp"
#include "vibro/run/work_limit.hpp"

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
    const bool stepped = scheme_infos().at(c.scheme.entry).has_step && c.step.steps_per_period;
    const double steps =
        stepped ? 3 * static_cast<double>(*c.horizon.periods) * static_cast<double>(*c.step.steps_per_period) : 0;
    options.progress->begin("Lyapunov exponents of " + c.name + " at " + precision.name(), *c.horizon.periods,
                            "periods", steps * seconds_per_step(precision));
  }
  with_entry(c.scheme.entry, [&]<class E>(std::type_identity<E>) {
    const auto o = E::options(c.scheme, OptionFailure{c.file});
    const auto by_model = [&](auto model) {
      using Model = decltype(model);
      const BoundCase<Model> b{c, std::move(model)};
      if constexpr (E::models.contains(model_kind_of<Model>) && PeriodicallyForced<Model> &&
                    requires { E::lyapunov(b, o, *c.lyapunov, options); }) {
        result.lyapunov = E::lyapunov(b, o, *c.lyapunov, options);
        add_sum_rule(result.lyapunov, b.model);
      } else {
        throw std::logic_error("scheme '" + c.scheme.type + "' on model " + std::string(model_name(model_kind_of<Model>)) +
                               " has no Lyapunov method (refused when the case was read)");
      }
    };
    naming_file(c, [&] {
      with_scalar(precision, [&]<class Real>(std::type_identity<Real>) {
        if constexpr (E::scalars.contains(scalar_kind_of<Real>) && !is_exact_v<Real>) with_model<Real>(c.model, by_model);
        else throw std::logic_error("precision refused by require_runnable");
      });
    });
  });
  result.lyapunov.epsilon = c.lyapunov->epsilon_text();
  result.lyapunov.clock = c.lyapunov->absolute_clock ? "absolute" : "folded";
  result.lyapunov.periods = *c.horizon.periods;
  add_lyapunov_error_bars(result, c, options);
  return result;
}

}  // namespace vibro
