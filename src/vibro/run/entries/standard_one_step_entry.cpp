// How seed 002's standard one-step scheme (eq. (16)) runs: its registry entry compiled for the
// models and scalar types it declares (run/entry_runners.hpp).

#include "vibro/run/entries/runner_list.hpp"
#include "vibro/run/entries/system_entries.hpp"
#include "vibro/run/entry_runners.hpp"

namespace vibro {

SchemeRunners standard_one_step_runners() { return runners_of<StandardOneStepEntry>(); }

}  // namespace vibro
