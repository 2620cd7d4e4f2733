// How the corrected Crank–Nicolson scheme (seed 000 §3) runs: its registry entry compiled for
// the models and scalar types it declares (catalog/entry_runners.hpp).

#include "vibro/catalog/entries/corrected_crank_nicolson_entry.hpp"
#include "vibro/catalog/entries/runner_list.hpp"
#include "vibro/catalog/entry_runners.hpp"

// The scheme runs in every scalar type on two models: compiled in one unit per type
// (corrected_crank_nicolson_entry_TYPE.cpp), this one for double.
VIBRO_ENTRY_IN_UNITS_PER_TYPE(vibro::CorrectedCrankNicolsonEntry);
VIBRO_ENTRY_IN_THIS_UNIT(vibro::CorrectedCrankNicolsonEntry, double);

namespace vibro {

SchemeRunners corrected_crank_nicolson_runners() { return runners_of<CorrectedCrankNicolsonEntry>(); }

}  // namespace vibro
