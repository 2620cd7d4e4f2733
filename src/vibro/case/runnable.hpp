#pragma once
// Which precisions a case can run at: what its scheme's arithmetic allows and its model can
// be bound to (and what a computation needs besides). The one place that says so, and the
// one refusal message (defined with the scheme catalog, which knows every scheme).

#include "vibro/case/case_spec.hpp"
#include "vibro/scalar/scalar_kind.hpp"

#include <string>

namespace vibro {

/// The scalar types a case's scheme runs in on its model (the one place that says so):
/// what the scheme's arithmetic allows and the model can be bound to.
ScalarSet runnable_scalars(const CaseSpec& c);

/// What else a computation needs of the scalar type, besides the scheme and the model.
struct ScalarNeed {
  ScalarSet scalars = ScalarSet::all();
  std::string why;  ///< "Lyapunov exponents need a floating-point type"
};

/// Throws InputError (naming the file and `key`) unless the case runs at `precision`, and,
/// for a computation with a need of its own (Lyapunov exponents), unless that holds too.
void require_runnable(const CaseSpec& c, const Precision& precision, const std::string& key,
                      const ScalarNeed& need = {});

}  // namespace vibro
