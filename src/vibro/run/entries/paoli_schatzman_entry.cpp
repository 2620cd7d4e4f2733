// How the Paoli–Schatzman scheme (seed 000 eq. (14)) runs: its registry entry compiled for the
// models and scalar types it declares (run/entry_runners.hpp).

#include "vibro/run/entries/paoli_schatzman_entry.hpp"
#include "vibro/run/entries/runner_list.hpp"
#include "vibro/run/entry_runners.hpp"

// The scheme runs in every scalar type on three models: compiled in one unit per type
// (paoli_schatzman_entry_TYPE.cpp), this one for double.
VIBRO_ENTRY_IN_OTHER_UNIT(vibro::PaoliSchatzmanEntry, long double);
VIBRO_ENTRY_IN_OTHER_UNIT(vibro::PaoliSchatzmanEntry, vibro::float128);
VIBRO_ENTRY_IN_OTHER_UNIT(vibro::PaoliSchatzmanEntry, vibro::mpfr_real);
VIBRO_ENTRY_IN_OTHER_UNIT(vibro::PaoliSchatzmanEntry, vibro::rational);

namespace vibro {

SchemeRunners paoli_schatzman_runners() { return runners_of<PaoliSchatzmanEntry>(); }

}  // namespace vibro
