// The Paoli–Schatzman scheme compiled once for the models that units run it with without
// defining it (scheme/paoli_schatzman_class.hpp): the impact oscillator in every floating type
// and the constant force in every scalar type, the types of the one list
// (scalar/scalar_list.hpp). A unit that includes only the class's header and runs another model
// fails to link: it includes scheme/paoli_schatzman.hpp instead.

#include "vibro/model/constant_force.hpp"
#include "vibro/model/impact_oscillator.hpp"
#include "vibro/scalar/scalar_list.hpp"
#include "vibro/scheme/paoli_schatzman.hpp"

namespace vibro {

#define VIBRO_PAOLI_SCHATZMAN_OF(Model, Real) template class PaoliSchatzman<Model<Real>>;
#define VIBRO_PAOLI_SCHATZMAN_OF_IMPACT_OSCILLATOR(A, Real) VIBRO_PAOLI_SCHATZMAN_OF(ImpactOscillator, Real)
#define VIBRO_PAOLI_SCHATZMAN_OF_CONSTANT_FORCE(A, Real) VIBRO_PAOLI_SCHATZMAN_OF(ConstantForce, Real)
VIBRO_FLOATING_SCALAR_TYPES(VIBRO_PAOLI_SCHATZMAN_OF_IMPACT_OSCILLATOR, ~)
VIBRO_SCALAR_TYPES(VIBRO_PAOLI_SCHATZMAN_OF_CONSTANT_FORCE, ~)

}  // namespace vibro
