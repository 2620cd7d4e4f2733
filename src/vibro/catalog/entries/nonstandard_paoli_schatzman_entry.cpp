// How seed 002's NSPS scheme (eq. (26)) runs: its registry entry compiled for the models and
// scalar types it declares (catalog/entry_runners.hpp).

#include "vibro/catalog/entries/runner_list.hpp"
#include "vibro/catalog/entries/system_entries.hpp"
#include "vibro/catalog/entry_runners.hpp"

namespace vibro {

SchemeRunners nonstandard_paoli_schatzman_runners() { return runners_of<NonstandardPaoliSchatzmanEntry>(); }

}  // namespace vibro
