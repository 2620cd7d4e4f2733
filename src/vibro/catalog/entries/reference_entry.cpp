// How the exact-detection reference runs: its registry entry compiled for the models and
// scalar types it declares (catalog/entry_runners.hpp).

#include "vibro/catalog/entries/reference_entry.hpp"
#include "vibro/catalog/entries/runner_list.hpp"
#include "vibro/catalog/entry_runners.hpp"

namespace vibro {

SchemeRunners reference_runners() { return runners_of<ReferenceEntry>(); }

}  // namespace vibro
