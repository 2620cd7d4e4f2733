#include "vibro/run/run_lyapunov.hpp"

#include "vibro/run/registry.hpp"
#include "vibro/run/run_case.hpp"

namespace vibro {

LyapunovResult run_lyapunov_case(const CaseSpec& c, const RunOptions& options) {
  if (!c.lyapunov) throw InputError(c.file, "lyapunov", "the case has no [lyapunov] table");
  const Precision precision =
      run_precision(c, options, {ScalarSet::floating(), "Lyapunov exponents need a floating-point type"});
  LyapunovResult result;
  result.provenance = provenance(precision);
  result.case_info = case_info(c);
  result.published = c.lyapunov->published;
  with_entry(c.scheme.entry, [&]<class E>(std::type_identity<E>) {
    const auto o = E::options(c.scheme, OptionFailure{c.file});
    with_scalar(precision, [&]<class Real>(std::type_identity<Real>) {
      if constexpr (E::scalars.contains(scalar_kind_of<Real>) && !is_exact_v<Real>) {
        with_model<Real>(c.model, [&](auto model) {
          using Model = decltype(model);
          const BoundCase<Model> b{c, std::move(model)};
          if constexpr (E::models.contains(model_kind_of<Model>) && PeriodicallyForced<Model> &&
                        requires { E::lyapunov(b, o, *c.lyapunov); }) {
            result.lyapunov = E::lyapunov(b, o, *c.lyapunov);
          } else {
            throw InputError(c.file, "lyapunov", "scheme '" + c.scheme.type + "' on model " +
                                                     std::string(model_name(model_kind_of<Model>)) +
                                                     " has no Lyapunov method (refused when the case was read)");
          }
        });
      }
    });
  });
  result.lyapunov.epsilon = c.lyapunov->epsilon_text();
  result.lyapunov.clock = c.lyapunov->absolute_clock ? "absolute" : "folded";
  result.lyapunov.periods = *c.horizon.periods;
  return result;
}

}  // namespace vibro
