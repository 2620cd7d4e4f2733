#pragma once
// The schemes of the peers, in the catalog when the build has them: the one place that asks
// whether it does (VIBRO_WITH_SICONOS, set by CMake when Siconos is found; docs/peer.md).
// catalog/scheme_catalog.cpp appends PeerEntries to its list, catalog/scheme_runners.cpp
// appends peer_runners().

#include "vibro/catalog/scheme_runners.hpp"
#include "vibro/scalar/scalar_list.hpp"

#include <vector>

#ifdef VIBRO_WITH_SICONOS
#include "vibro/catalog/entries/siconos_entries.hpp"

namespace vibro {

SchemeRunners siconos_moreau_jean_runners();
SchemeRunners siconos_schatzman_paoli_runners();

using PeerEntries = TypeList<SiconosMoreauJeanEntry, SiconosSchatzmanPaoliEntry>;
inline std::vector<SchemeRunners> peer_runners() {
  return {siconos_moreau_jean_runners(), siconos_schatzman_paoli_runners()};
}

}  // namespace vibro
#else
namespace vibro {

using PeerEntries = TypeList<>;
inline std::vector<SchemeRunners> peer_runners() { return {}; }

}  // namespace vibro
#endif
