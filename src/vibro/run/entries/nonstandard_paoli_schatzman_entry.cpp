// How seed 002's NSPS scheme (eq. (26)) runs: its registry entry compiled for the models and
// scalar types it declares (run/entry_runners.hpp).

#include "vibro/run/entries/runner_list.hpp"
#include "vibro/run/entries/system_entries.hpp"
#include "vibro/run/entry_runners.hpp"

namespace vibro {

SchemeRunners nonstandard_paoli_schatzman_runners() { return runners_of<NonstandardPaoliSchatzmanEntry>(); }

}  // namespace vibro
