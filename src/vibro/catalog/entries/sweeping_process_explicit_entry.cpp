// How seed 004's sweeping-process scheme with the explicit force runs: its registry entry
// compiled for the models and scalar types it declares (catalog/entry_runners.hpp), but for
// its MPFR run, compiled in a unit of its own (vibro_entry_units in src/CMakeLists.txt): the whole entry
// in one unit held 1.56 GB while compiling.

#include "vibro/catalog/entries/runner_list.hpp"
#include "vibro/catalog/entries/sweeping_process_entry.hpp"
#include "vibro/catalog/entry_runners.hpp"

VIBRO_ENTRY_TYPE_IN_OWN_UNIT(vibro::SweepingProcessExplicitEntry, ::vibro::scalar_of_kind<::vibro::ScalarKind::mpfr>);

namespace vibro {

SchemeRunners sweeping_process_explicit_runners() { return runners_of<SweepingProcessExplicitEntry>(); }

}  // namespace vibro
