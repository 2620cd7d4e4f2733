#pragma once
// One function per registry entry, each defined in the entry's own translation unit
// (catalog/entries/NAME_entry.cpp): how its scheme runs. catalog/scheme_runners.cpp lists them.

#include "vibro/catalog/scheme_runners.hpp"

namespace vibro {

SchemeRunners paoli_schatzman_runners();
SchemeRunners corrected_crank_nicolson_runners();
SchemeRunners nonstandard_impact_runners();
SchemeRunners reference_runners();
SchemeRunners exact_two_step_runners();
SchemeRunners exact_one_step_runners();
SchemeRunners standard_one_step_runners();
SchemeRunners nonstandard_paoli_schatzman_runners();
SchemeRunners moreau_monteiro_marques_runners();
SchemeRunners nonstandard_mmm_runners();
SchemeRunners sweeping_process_explicit_runners();
SchemeRunners sweeping_process_implicit_runners();

}  // namespace vibro
