// The Paoli–Schatzman scheme's run in long double (paoli_schatzman_entry.cpp compiles the rest).

#include "vibro/catalog/entries/paoli_schatzman_entry.hpp"
#include "vibro/catalog/entry_runners.hpp"

VIBRO_ENTRY_IN_UNITS_PER_TYPE(vibro::PaoliSchatzmanEntry);
VIBRO_ENTRY_IN_THIS_UNIT(vibro::PaoliSchatzmanEntry, long double);
