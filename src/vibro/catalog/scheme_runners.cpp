#include "vibro/catalog/scheme_runners.hpp"

#include "vibro/catalog/entries/peer_entries.hpp"
#include "vibro/catalog/entries/runner_list.hpp"
#include "vibro/case/scheme_catalog.hpp"

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace vibro {
namespace {

/// Every entry's runners, in any order: each is found by its scheme's name; the peers' last.
std::vector<SchemeRunners> every_runner() {
  std::vector<SchemeRunners> runners = {
      paoli_schatzman_runners(),
      corrected_crank_nicolson_runners(),
      nonstandard_impact_runners(),
      reference_runners(),
      exact_two_step_runners(),
      exact_one_step_runners(),
      standard_one_step_runners(),
      nonstandard_paoli_schatzman_runners(),
      moreau_monteiro_marques_runners(),
      nonstandard_mmm_runners(),
      sweeping_process_explicit_runners(),
      sweeping_process_implicit_runners(),
  };
  for (SchemeRunners& r : peer_runners()) runners.push_back(std::move(r));
  return runners;
}

/// The runners in catalog order; an entry without runners has an empty SchemeRunners.
std::vector<SchemeRunners> in_catalog_order() {
  const std::vector<SchemeRunners> all = every_runner();
  std::vector<SchemeRunners> ordered(scheme_infos().size());
  for (const SchemeRunners& r : all) {
    const std::optional<std::size_t> entry = entry_named(r.scheme);
    if (!entry) throw std::logic_error("runners for '" + std::string(r.scheme) + "', which the scheme catalog does not list");
    ordered[*entry] = r;
  }
  return ordered;
}

}  // namespace

const SchemeRunners& scheme_runners(std::size_t entry) {
  static const std::vector<SchemeRunners> runners = in_catalog_order();
  const SchemeRunners& r = runners.at(entry);
  if (!r.run)
    throw std::logic_error("scheme '" + scheme_infos().at(entry).names.front() +
                           "' is in the catalog but has no runners (catalog/scheme_runners.cpp)");
  return r;
}

}  // namespace vibro
