#pragma once
// The six N-DOF schemes of seed 002 (docs/mathematics.md §6) as registry entries: each is
// SystemSchemeEntry (catalog/entries/system_scheme_entry.hpp) with its names.

#include "vibro/catalog/entries/system_scheme_entry.hpp"
#include "vibro/scheme/exact_one_step.hpp"
#include "vibro/scheme/exact_two_step.hpp"
#include "vibro/scheme/moreau_monteiro_marques.hpp"
#include "vibro/scheme/nonstandard_mmm.hpp"
#include "vibro/scheme/nonstandard_paoli_schatzman.hpp"
#include "vibro/scheme/standard_one_step.hpp"

#include <array>
#include <string_view>

namespace vibro {

struct ExactTwoStepNames {
  static constexpr std::array<std::string_view, 1> names = {"exact-two-step"};
  static constexpr std::string_view display_name = "exact two-step scheme (seed 002 eq. 13)";
  static constexpr std::string_view study_note = "exact for free motion: its errors are rounding";
  static constexpr bool free_motion_only = true;
  static constexpr std::string_view equation = "seed 002 eq. (13)";
  static constexpr std::string_view constrained_scheme = "nonstandard-paoli-schatzman";
};

struct ExactOneStepNames {
  static constexpr std::array<std::string_view, 1> names = {"exact-one-step"};
  static constexpr std::string_view display_name = "exact one-step scheme (seed 002 eq. 17)";
  static constexpr std::string_view study_note = "exact for free motion: its errors are rounding";
  static constexpr bool free_motion_only = true;
  static constexpr std::string_view equation = "seed 002 eq. (17)";
  static constexpr std::string_view constrained_scheme = "nonstandard-mmm";
};

struct StandardOneStepNames {
  static constexpr std::array<std::string_view, 1> names = {"standard-one-step"};
  static constexpr std::string_view display_name = "standard one-step scheme (seed 002 eq. 16)";
  static constexpr std::string_view study_note = "";
  static constexpr bool free_motion_only = true;
  static constexpr std::string_view equation = "seed 002 eq. (16)";
  static constexpr std::string_view constrained_scheme = "moreau-monteiro-marques";
};

struct NonstandardPaoliSchatzmanNames {
  static constexpr std::array<std::string_view, 1> names = {"nonstandard-paoli-schatzman"};
  static constexpr std::string_view display_name = "NSPS scheme (seed 002 eq. 26)";
  static constexpr std::string_view study_note = "";
  static constexpr bool free_motion_only = false;
  static constexpr std::string_view equation = "seed 002 eq. (26)";
  static constexpr std::string_view constrained_scheme = "";
};

struct MoreauMonteiroMarquesNames {
  static constexpr std::array<std::string_view, 1> names = {"moreau-monteiro-marques"};
  static constexpr std::string_view display_name = "MMM scheme (seed 002 eq. 28)";
  static constexpr std::string_view study_note = "";
  static constexpr bool free_motion_only = false;
  static constexpr std::string_view equation = "seed 002 eq. (28)";
  static constexpr std::string_view constrained_scheme = "";
};

struct NonstandardMmmNames {
  static constexpr std::array<std::string_view, 1> names = {"nonstandard-mmm"};
  static constexpr std::string_view display_name = "NSMMM scheme (seed 002 eq. 29)";
  static constexpr std::string_view study_note = "";
  static constexpr bool free_motion_only = false;
  static constexpr std::string_view equation = "seed 002 eq. (29)";
  static constexpr std::string_view constrained_scheme = "";
};

using ExactTwoStepEntry = SystemSchemeEntry<ExactTwoStep, ExactTwoStepNames>;
using ExactOneStepEntry = SystemSchemeEntry<ExactOneStep, ExactOneStepNames>;
using StandardOneStepEntry = SystemSchemeEntry<StandardOneStep, StandardOneStepNames>;
using NonstandardPaoliSchatzmanEntry = SystemSchemeEntry<NonstandardPaoliSchatzman, NonstandardPaoliSchatzmanNames>;
using MoreauMonteiroMarquesEntry = SystemSchemeEntry<MoreauMonteiroMarques, MoreauMonteiroMarquesNames>;
using NonstandardMmmEntry = SystemSchemeEntry<NonstandardMmm, NonstandardMmmNames>;

}  // namespace vibro
