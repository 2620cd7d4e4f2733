#pragma once
// A scheme as `vibro list --schemes --json` lists it, and the list (docs/outputs.md
// "`vibro list --json`").

#include "vibro/scheme/scheme.hpp"

#include <map>
#include <string>
#include <vector>

namespace vibro {

/// A registered scheme: its case-file names, its name for people, the models it runs on, the
/// precisions it runs in, its option keys, whether it takes a step, and its declared order per
/// metric (only the metrics a source gives an order for).
struct ListedScheme {
  std::vector<std::string> names;
  std::string display_name;
  std::vector<std::string> models;
  std::string precisions;
  std::vector<std::string> options;
  bool has_step = true;
  std::map<std::string, DeclaredOrder> declared_orders;
};

/// Every registered scheme, in catalog order.
struct SchemeListing {
  std::vector<ListedScheme> schemes;
};

/// The catalog (run/scheme_catalog.hpp) as listed.
SchemeListing scheme_listing();

}  // namespace vibro
