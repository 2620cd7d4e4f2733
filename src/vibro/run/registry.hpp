#pragma once
// The scheme registry: the one place that knows every scheme. Case files, runs, studies,
// Lyapunov exponents, `vibro list`, the text output and the report loop over it; a scheme
// is added by its header (scheme/), its entry (run/entries/, the contract is in
// run/scheme_entry.hpp) and one line in SchemeEntries below. Dispatch to an entry happens
// once per run (with_entry); everything inside a run is a template instantiation.

#include "vibro/run/entries/corrected_crank_nicolson_entry.hpp"
#include "vibro/run/entries/nonstandard_impact_entry.hpp"
#include "vibro/run/entries/paoli_schatzman_entry.hpp"
#include "vibro/run/entries/reference_entry.hpp"
#ifdef VIBRO_WITH_SICONOS
#include "vibro/run/entries/siconos_entries.hpp"
#endif
#include "vibro/run/entries/sweeping_process_entry.hpp"
#include "vibro/run/entries/system_entries.hpp"
#include "vibro/run/runnable.hpp"
#include "vibro/run/scheme_entry.hpp"
#include "vibro/scalar/scalar_list.hpp"

#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace vibro {

/// Every scheme, one registration line each.
using SchemeEntries = TypeList<PaoliSchatzmanEntry,             //
                               CorrectedCrankNicolsonEntry,      //
                               NonstandardImpactEntry,           //
                               ReferenceEntry,                   //
                               ExactTwoStepEntry,                //
                               ExactOneStepEntry,                //
                               StandardOneStepEntry,             //
                               NonstandardPaoliSchatzmanEntry,   //
                               MoreauMonteiroMarquesEntry,       //
                               NonstandardMmmEntry,              //
                               SweepingProcessExplicitEntry,     //
                               SweepingProcessImplicitEntry      //
#ifdef VIBRO_WITH_SICONOS  // the Siconos peer (docs/peer.md), when the build has it
                               ,
                               SiconosMoreauJeanEntry,           //
                               SiconosSchatzmanPaoliEntry        //
#endif
                               >;

namespace detail {

template <class F, class First, class... Rest>
decltype(auto) dispatch_entry(std::size_t index, F& f, TypeList<First, Rest...>) {
  static_assert(SchemeEntry<First>, "a registry entry must provide what run/scheme_entry.hpp lists");
  if (index == 0) return f(std::type_identity<First>{});
  if constexpr (sizeof...(Rest) > 0) return dispatch_entry(index - 1, f, TypeList<Rest...>{});
  else throw std::logic_error("with_entry: no registry entry at this index");
}

}  // namespace detail

/// Calls `f(std::type_identity<Entry>{})` with the entry at `index` of SchemeEntries.
template <class F>
decltype(auto) with_entry(std::size_t index, F&& f) {
  return detail::dispatch_entry(index, f, SchemeEntries{});
}

/// Calls `f(std::type_identity<Entry>{}, index)` for every entry, in order.
template <class F>
void for_each_entry(F&& f) {
  [&]<class... E>(TypeList<E...>) {
    std::size_t index = 0;
    (f(std::type_identity<E>{}, index++), ...);
  }(SchemeEntries{});
}

/// What a person or a listing needs to know of a scheme, without running it.
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
};

/// One SchemeInfo per entry, in registry order.
const std::vector<SchemeInfo>& scheme_infos();

/// The index of the entry with this case-file name.
std::optional<std::size_t> entry_named(std::string_view name);

/// Every case-file name of every scheme: "paoli-schatzman, corrected-crank-nicolson, …".
std::string scheme_names_text();

}  // namespace vibro
