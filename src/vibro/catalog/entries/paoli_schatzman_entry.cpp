// How the Paoli–Schatzman scheme (seed 000 eq. (14)) runs: its registry entry compiled for the
// models and scalar types it declares (catalog/entry_runners.hpp).

#include "vibro/catalog/entries/paoli_schatzman_entry.hpp"
#include "vibro/catalog/entries/runner_list.hpp"
#include "vibro/catalog/entry_runners.hpp"

// The scheme runs in every scalar type on three models: compiled in one unit per type
// (paoli_schatzman_entry_TYPE.cpp), this one for double.
VIBRO_ENTRY_IN_UNITS_PER_TYPE(vibro::PaoliSchatzmanEntry);
VIBRO_ENTRY_IN_THIS_UNIT(vibro::PaoliSchatzmanEntry, double);

namespace vibro {

SchemeRunners paoli_schatzman_runners() { return runners_of<PaoliSchatzmanEntry>(); }

}  // namespace vibro
