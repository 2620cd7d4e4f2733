// How seed 002's MMM scheme (eq. (28)) runs: its registry entry compiled for the models and
// scalar types it declares (catalog/entry_runners.hpp).

#include "vibro/catalog/entries/runner_list.hpp"
#include "vibro/catalog/entries/system_entries.hpp"
#include "vibro/catalog/entry_runners.hpp"

namespace vibro {

SchemeRunners moreau_monteiro_marques_runners() { return runners_of<MoreauMonteiroMarquesEntry>(); }

}  // namespace vibro
