#pragma once
// A case as `vibro list` lists it, and the list (docs/outputs.md "`vibro list --json`").

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

}  // namespace vibro
