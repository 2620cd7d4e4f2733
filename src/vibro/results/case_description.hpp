#pragma once
// The case as a result repeats it: its model with its parameters, and its scheme with every
// option, as written (results/run_result.hpp and the other families carry them). Apart from the
// run's findings so that the code that describes a model or a scheme (binding/model_binding.hpp,
// the catalog's entries) does not see the results it does not write.

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace vibro {

/// A named parameter as written in the case (several texts for a list, such as stops).
struct Parameter {
  std::string key;
  std::vector<std::string> texts;
  bool list = false;  ///< a list even with one entry (an N-DOF system's per-coordinate values)
};

/// The model as written: its type and its parameters.
struct ModelDescription {
  std::string type;
  std::vector<Parameter> parameters;
};

/// The scheme as run: its case-file name, every option with its value (defaults
/// included), and its step as written (none for a scheme without a step).
struct SchemeDescription {
  std::string type;
  std::string display_name;
  std::vector<std::pair<std::string, std::string>> options;
  std::optional<std::string> step;
  /// A program of the user's ran in place of the case's scheme (docs/own_scheme.md): `type` is
  /// its name, the options its command and timeout, and no order is declared for it.
  bool external = false;
};

}  // namespace vibro
