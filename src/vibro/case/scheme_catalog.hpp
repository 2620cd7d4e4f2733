#pragma once
// The scheme catalog: what io/, report/, cli/ and the run layer know of the schemes, without
// compiling one. Each scheme has a registry entry (catalog/entries/NAME_entry.hpp; the contract
// is in catalog/scheme_entry.hpp); catalog/scheme_catalog.cpp lists them, once, and turns each into a
// SchemeInfo: its names, models, scalar types, option keys and declared orders, and the
// checks of its [scheme] table. How a scheme runs is in catalog/scheme_runners.hpp, compiled per
// entry in its own translation unit.

#include "vibro/case/model_kind.hpp"
#include "vibro/scalar/scalar_kind.hpp"
#include "vibro/scheme/scheme.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace vibro {

struct CaseSpec;
struct LyapunovSpec;

/// An option of a scheme with its value, for outputs: ("velocity", "centered").
using OptionValues = std::vector<std::pair<std::string, std::string>>;

/// What a person, a listing or a run needs to know of a scheme.
struct SchemeInfo {
  std::vector<std::string> names;
  std::string display_name;
  std::string study_note;
  ModelKinds models{};
  ScalarSet scalars;
  /// The scalar types in which the report runs its studies and the order test checks its
  /// shipped studies: `scalars`, unless the entry names fewer (study_scalars) because its
  /// studies' reference is too slow in the others (its runs there have no study; without
  /// MPFR, its rounding floor is the model's bound, not measured in MPFR).
  ScalarSet study_scalars;
  bool has_step = true;
  std::vector<std::string> option_keys;
  DeclaredOrders declared_orders{};
  /// Parses and checks the case's [scheme] table (InputError naming `scheme.KEY`), and
  /// returns every option with its value, defaults included.
  OptionValues (*options)(const CaseSpec&) = nullptr;
  /// Checks of the case that depend on the scheme (InputError).
  void (*validate)(const CaseSpec&) = nullptr;
  /// The name of the Lyapunov method a [lyapunov] table gives, or none.
  std::optional<std::string> (*lyapunov_method)(const LyapunovSpec&) = nullptr;
};

/// One SchemeInfo per entry, in catalog order.
const std::vector<SchemeInfo>& scheme_infos();

/// The index of the entry with this case-file name.
std::optional<std::size_t> entry_named(std::string_view name);

/// Every case-file name of every scheme: "paoli-schatzman, corrected-crank-nicolson, …".
std::string scheme_names_text();

}  // namespace vibro
