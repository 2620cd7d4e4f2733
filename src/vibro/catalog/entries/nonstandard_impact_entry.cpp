// How seed 003's non-standard impact scheme and its standard counterpart run: their registry
// entry compiled for the models and scalar types it declares (catalog/entry_runners.hpp).

#include "vibro/catalog/entries/nonstandard_impact_entry.hpp"
#include "vibro/catalog/entries/runner_list.hpp"
#include "vibro/catalog/entry_runners.hpp"

namespace vibro {

SchemeRunners nonstandard_impact_runners() { return runners_of<NonstandardImpactEntry>(); }

}  // namespace vibro
