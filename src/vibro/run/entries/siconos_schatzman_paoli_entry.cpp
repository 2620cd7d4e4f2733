// How the Siconos peer's Schatzman–Paoli integrator runs: its registry entry compiled for the
// models and scalar types it declares (run/entry_runners.hpp).

#include "vibro/run/entries/runner_list.hpp"
#include "vibro/run/entries/siconos_entries.hpp"
#include "vibro/run/entry_runners.hpp"

namespace vibro {

SchemeRunners siconos_schatzman_paoli_runners() { return runners_of<SiconosSchatzmanPaoliEntry>(); }

}  // namespace vibro
