// Seed 004's sweeping-process scheme with the implicit force: its run in MPFR
// (sweeping_process_implicit_entry.cpp compiles the rest).

#include "vibro/catalog/entries/sweeping_process_entry.hpp"
#include "vibro/catalog/entry_runners.hpp"

VIBRO_ENTRY_TYPE_IN_OWN_UNIT(vibro::SweepingProcessImplicitEntry, vibro::mpfr_real);
VIBRO_ENTRY_IN_THIS_UNIT(vibro::SweepingProcessImplicitEntry, vibro::mpfr_real);
