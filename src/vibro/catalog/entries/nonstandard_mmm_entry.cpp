// How seed 002's NSMMM scheme (eq. (29)) runs: its registry entry compiled for the models and
// scalar types it declares (catalog/entry_runners.hpp).

#include "vibro/catalog/entries/runner_list.hpp"
#include "vibro/catalog/entries/system_entries.hpp"
#include "vibro/catalog/entry_runners.hpp"

namespace vibro {

SchemeRunners nonstandard_mmm_runners() { return runners_of<NonstandardMmmEntry>(); }

}  // namespace vibro
