// How an external program runs as a scheme (catalog/entries/external_program_entry.hpp): compiled
// for every model in the floating types, double and long double here, float128 and MPFR in
// their own units.

#include "vibro/catalog/entries/external_program_entry.hpp"

VIBRO_ENTRY_IN_UNITS_PER_TYPE(vibro::ExternalProgramEntry);
VIBRO_ENTRY_IN_THIS_UNIT(vibro::ExternalProgramEntry, double);
VIBRO_ENTRY_IN_THIS_UNIT(vibro::ExternalProgramEntry, long double);

namespace vibro {

SchemeRunners external_program_runners() { return runners_of<ExternalProgramEntry>(); }

}  // namespace vibro
