#include "vibro/run/listed_scheme.hpp"

#include "vibro/case/model_kind.hpp"
#include "vibro/case/scheme_catalog.hpp"

namespace vibro {

SchemeListing scheme_listing() {
  SchemeListing listing;
  for (const SchemeInfo& info : scheme_infos()) {
    ListedScheme& scheme = listing.schemes.emplace_back();
    scheme.names = info.names;
    scheme.display_name = info.display_name;
    for (const ModelKind k : model_kinds)
      if (info.models.contains(k)) scheme.models.emplace_back(model_name(k));
    scheme.precisions = info.scalars.text();
    scheme.options = info.option_keys;
    scheme.has_step = info.has_step;
    for (const ErrorMetric m : error_metrics)
      if (const auto& order = info.declared_orders[index_of(m)]) scheme.declared_orders.emplace(name(m), *order);
  }
  return listing;
}

}  // namespace vibro
