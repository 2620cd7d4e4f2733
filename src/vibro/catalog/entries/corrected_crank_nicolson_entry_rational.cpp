// The corrected Crank–Nicolson scheme's run in the exact rational type (corrected_crank_nicolson_entry.cpp
// compiles the rest).

#include "vibro/catalog/entries/corrected_crank_nicolson_entry.hpp"
#include "vibro/catalog/entry_runners.hpp"

VIBRO_ENTRY_IN_UNITS_PER_TYPE(vibro::CorrectedCrankNicolsonEntry);
VIBRO_ENTRY_IN_THIS_UNIT(vibro::CorrectedCrankNicolsonEntry, vibro::rational);
