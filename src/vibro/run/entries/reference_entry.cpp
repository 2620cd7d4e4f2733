// How the exact-detection reference runs: its registry entry compiled for the models and
// scalar types it declares (run/entry_runners.hpp).

#include "vibro/run/entries/reference_entry.hpp"
#include "vibro/run/entries/runner_list.hpp"
#include "vibro/run/entry_runners.hpp"

namespace vibro {

SchemeRunners reference_runners() { return runners_of<ReferenceEntry>(); }

}  // namespace vibro
