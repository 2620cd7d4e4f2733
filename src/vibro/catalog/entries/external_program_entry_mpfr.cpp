// An external program's run in mpfr (external_program_entry.cpp compiles the rest).

#include "vibro/catalog/entries/external_program_entry.hpp"

VIBRO_ENTRY_IN_UNITS_PER_TYPE(vibro::ExternalProgramEntry);
VIBRO_ENTRY_IN_THIS_UNIT(vibro::ExternalProgramEntry, vibro::mpfr_real);
