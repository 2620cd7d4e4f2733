// How seed 002's standard one-step scheme (eq. (16)) runs: its registry entry compiled for the
// models and scalar types it declares (catalog/entry_runners.hpp).

#include "vibro/catalog/entries/runner_list.hpp"
#include "vibro/catalog/entries/system_entries.hpp"
#include "vibro/catalog/entry_runners.hpp"

namespace vibro {

SchemeRunners standard_one_step_runners() { return runners_of<StandardOneStepEntry>(); }

}  // namespace vibro
