#include "vibro/case/scheme_catalog.hpp"

#include "vibro/case/case_spec.hpp"
#include "vibro/catalog/catalog_entry.hpp"
#include "vibro/catalog/entries/corrected_crank_nicolson_entry.hpp"
#include "vibro/catalog/entries/nonstandard_impact_entry.hpp"
#include "vibro/catalog/entries/paoli_schatzman_entry.hpp"
#include "vibro/catalog/entries/reference_entry.hpp"
#include "vibro/catalog/entries/peer_entries.hpp"
#include "vibro/catalog/entries/sweeping_process_entry.hpp"
#include "vibro/catalog/entries/system_entries.hpp"
#include "vibro/support/input_error.hpp"
#include "vibro/case/runnable.hpp"

namespace vibro {

/// Every scheme, one line each, in the order `vibro list --schemes` and the outputs show.
/// Each also has its runners, compiled in its own translation unit (catalog/entries/NAME_entry.cpp)
/// and listed in catalog/scheme_runners.cpp.
using BuiltInEntries = TypeList<PaoliSchatzmanEntry,             //
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
                               SweepingProcessImplicitEntry>;
/// Then the peers' schemes, when the build has them (catalog/entries/peer_entries.hpp).
using SchemeEntries = decltype([]<class... B, class... P>(TypeList<B...>, TypeList<P...>) {
  return TypeList<B..., P...>{};
}(BuiltInEntries{}, PeerEntries{}));

const std::vector<SchemeInfo>& scheme_infos() {
  static const std::vector<SchemeInfo> infos = []<class... E>(TypeList<E...>) {
    return std::vector<SchemeInfo>{catalog_info<E>()...};
  }(SchemeEntries{});
  return infos;
}

std::optional<std::size_t> entry_named(std::string_view name) {
  const auto& infos = scheme_infos();
  for (std::size_t i = 0; i < infos.size(); ++i)
    for (const auto& n : infos[i].names)
      if (n == name) return i;
  return std::nullopt;
}

std::string scheme_names_text() {
  std::string text;
  for (const auto& info : scheme_infos())
    for (const auto& n : info.names) text += (text.empty() ? "" : ", ") + n;
  return text;
}

ScalarSet runnable_scalars(const CaseSpec& c) {
  return scheme_infos().at(c.scheme.entry).scalars & model_scalars(c.model.model_kind());
}

void require_runnable(const CaseSpec& c, const Precision& precision, const std::string& key, const ScalarNeed& need) {
  const ScalarSet allowed = runnable_scalars(c) & need.scalars;
  if (allowed.contains(precision.kind)) return;
  std::vector<std::string> why;
  const ScalarSet& scheme_scalars = scheme_infos().at(c.scheme.entry).scalars;
  if (!scheme_scalars.contains(precision.kind))
    why.push_back("scheme '" + c.scheme.type + "' " +
                  (precision.kind == ScalarKind::rational ? std::string("needs a floating-point type")
                                                          : "runs only in " + scheme_scalars.text()));
  if (!model_scalars(c.model.model_kind()).contains(precision.kind))
    why.push_back("the exact rational type needs a rational model, and " + std::string(model_name(c.model.model_kind())) +
                  " uses cos(ωt) and T = 2π/ω");
  if (!need.scalars.contains(precision.kind)) why.push_back(need.why);
  std::string text;
  for (const auto& reason : why) text += (text.empty() ? "" : "; ") + reason;
  throw InputError(c.file, key, precision.name() + ": " + text + " (allowed here: " + allowed.text() + ")");
}

}  // namespace vibro
