// How the Siconos peer's Moreau–Jean integrator runs: its registry entry compiled for the
// models and scalar types it declares (catalog/entry_runners.hpp).

#include "vibro/catalog/entries/runner_list.hpp"
#include "vibro/catalog/entries/siconos_entries.hpp"
#include "vibro/catalog/entry_runners.hpp"

namespace vibro {

SchemeRunners siconos_moreau_jean_runners() { return runners_of<SiconosMoreauJeanEntry>(); }

}  // namespace vibro
