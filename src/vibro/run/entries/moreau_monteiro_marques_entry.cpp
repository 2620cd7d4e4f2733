// How seed 002's MMM scheme (eq. (28)) runs: its registry entry compiled for the models and
// scalar types it declares (run/entry_runners.hpp).

#include "vibro/run/entries/runner_list.hpp"
#include "vibro/run/entries/system_entries.hpp"
#include "vibro/run/entry_runners.hpp"

namespace vibro {

SchemeRunners moreau_monteiro_marques_runners() { return runners_of<MoreauMonteiroMarquesEntry>(); }

}  // namespace vibro
