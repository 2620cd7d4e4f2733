// How seed 004's sweeping-process scheme with the explicit force runs: its registry entry
// compiled for the models and scalar types it declares (run/entry_runners.hpp).

#include "vibro/run/entries/runner_list.hpp"
#include "vibro/run/entries/sweeping_process_entry.hpp"
#include "vibro/run/entry_runners.hpp"

namespace vibro {

SchemeRunners sweeping_process_explicit_runners() { return runners_of<SweepingProcessExplicitEntry>(); }

}  // namespace vibro
