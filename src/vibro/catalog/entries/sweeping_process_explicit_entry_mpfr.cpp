// Seed 004's sweeping-process scheme with the explicit force: its run in MPFR
// (sweeping_process_explicit_entry.cpp compiles the rest).

#include "vibro/catalog/entries/sweeping_process_entry.hpp"
#include "vibro/catalog/entry_runners.hpp"

VIBRO_ENTRY_TYPE_IN_OWN_UNIT(vibro::SweepingProcessExplicitEntry, vibro::mpfr_real);
VIBRO_ENTRY_IN_THIS_UNIT(vibro::SweepingProcessExplicitEntry, vibro::mpfr_real);
