// How seed 004's sweeping-process scheme with the implicit force runs: its registry entry
// compiled for the models and scalar types it declares (run/entry_runners.hpp).

#include "vibro/run/entries/runner_list.hpp"
#include "vibro/run/entries/sweeping_process_entry.hpp"
#include "vibro/run/entry_runners.hpp"

namespace vibro {

SchemeRunners sweeping_process_implicit_runners() { return runners_of<SweepingProcessImplicitEntry>(); }

}  // namespace vibro
