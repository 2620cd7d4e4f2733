#pragma once
// What `vibro list` shows: the case files of a directory and the registered schemes.

#include "vibro/scheme/scheme.hpp"

#include <map>
#include <string>
#include <vector>

namespace vibro {

/// A case file found: its name, file, model and scheme types, precision and description.
struct ListedCase {
  std::string name, file, model, scheme, precision, description;
};

/// The cases `vibro list` found, in the order found.
struct CaseListing {
  std::vector<ListedCase> cases;
};

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

}  // namespace vibro
