#pragma once
// Who made an output and from what: the scalar type, the tool's version, the case file. Every
// result family carries these (results/provenance_fields.hpp declares their fields).

#include <string>

namespace vibro {

/// The scalar type of a run, as every output states it.
struct PrecisionInfo {
  std::string name;  ///< "mpfr:50", as in --precision
  std::string scalar;
  long significand_bits = 0;  ///< 0 for the exact type
  long decimal_digits = 0;    ///< 0 for the exact type
};

/// The tool version and the precision: what every machine output carries.
struct Provenance {
  std::string vibro_version;
  PrecisionInfo precision;
};

struct CaseInfo {
  std::string name, file, hash, description;
};

}  // namespace vibro
