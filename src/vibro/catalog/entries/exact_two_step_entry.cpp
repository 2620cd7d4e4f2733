// How seed 002's exact two-step scheme (eq. (13)) runs: its registry entry compiled for the
// models and scalar types it declares (catalog/entry_runners.hpp).

#include "vibro/catalog/entries/runner_list.hpp"
#include "vibro/catalog/entries/system_entries.hpp"
#include "vibro/catalog/entry_runners.hpp"

namespace vibro {

SchemeRunners exact_two_step_runners() { return runners_of<ExactTwoStepEntry>(); }

}  // namespace vibro
