#pragma once
// A sweep as its file defines it (docs/sweeps.md): the base case, the swept keys with their
// values, what every point computes. io/sweep_file.hpp reads it; sweep/ computes its points.

#include "vibro/case/case_spec.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace vibro {

/// A key of a case given another value before the case is read (a point of a sweep,
/// io/sweep_file.hpp). `kind` says how the value was written: a TOML integer, a number (a
/// TOML float or a string holding a decimal or P/Q) or another string ("mpfr:30").
struct CaseOverride {
  enum class Kind { integer, number, string };
  std::string key;   ///< "model.alpha": a table of the case, a dot, one of its keys
  std::string text;  ///< the value's text: "0.5", "1/3", "100", "mpfr:30"
  Kind kind = Kind::number;
};

/// What a sweep computes at every point: the quantities its file's `compute` names.
struct SweepComputation {
  bool lyapunov = false, impacts = false, strobe = false, relations = false, order = false;
  std::int64_t strobe_transient = 0, strobe_samples = 0;  ///< periods (with strobe)
};

/// The quantities by name, in the order the sweep file, the result header and the report
/// list them: the one list of them.
inline constexpr std::array<std::pair<std::string_view, bool SweepComputation::*>, 5> sweep_quantities = {{
    {"lyapunov", &SweepComputation::lyapunov},
    {"impacts", &SweepComputation::impacts},
    {"strobe", &SweepComputation::strobe},
    {"relations", &SweepComputation::relations},
    {"order", &SweepComputation::order},
}};

/// The names of the quantities `compute` asks for, in sweep_quantities' order.
std::vector<std::string> computed_quantities(const SweepComputation& compute);

/// The cases of one point: the base case with the point's keys, and the relation cases
/// with the same keys (empty unless the sweep computes relations).
struct SweepPointCases {
  CaseSpec base;
  std::vector<CaseSpec> relation_cases;
};

/// One swept key and its values in grid order, each as the case reader will read it.
struct SweepParameter {
  std::string key;          ///< dotted case key, "model.alpha"
  std::string spacing;      ///< "linear", "log" or "list"
  std::vector<CaseOverride> values;
};

struct SweepSpec {
  std::string file;  ///< the sweep file as named (messages, outputs)
  std::string name, description;
  std::filesystem::path base_case;                   ///< resolved against the sweep file's directory
  std::string base_text;                             ///< its bytes, read once
  std::vector<std::filesystem::path> relation_cases;  ///< further cases of the base's family
  std::vector<std::string> relation_texts;
  std::vector<SweepParameter> parameters;
  SweepComputation compute;  ///< what every point computes
  /// FNV-1a (64 bits, hex) of the sweep file's bytes, then of the base case's and every
  /// relation case's: a result file written by another definition is refused.
  std::string hash;

  /// Points of the grid: the product of the parameters' value counts.
  std::size_t points() const;
  /// The indices of the parameters that take more than one value (the grid's axes), in order.
  std::vector<std::size_t> swept() const;
  /// The overrides of point `index`: the last parameter varies fastest.
  std::vector<CaseOverride> overrides(std::size_t index) const;
};

}  // namespace vibro
