#pragma once
// The fields of who made an output (results/provenance.hpp).

#include "vibro/results/declared_fields.hpp"
#include "vibro/results/provenance.hpp"

#include <tuple>
#include <type_traits>

namespace vibro {

// `precision` of every output: the scalar type the run used.
constexpr auto declared_fields(std::type_identity<PrecisionInfo>) {
  return std::tuple{Field{"name", &PrecisionInfo::name}, Field{"scalar", &PrecisionInfo::scalar},
                    Field{"significand_bits", &PrecisionInfo::significand_bits},
                    Field{"decimal_digits", &PrecisionInfo::decimal_digits}};
}

// Who made an output, written at its top level.
constexpr auto declared_fields(std::type_identity<Provenance>) {
  return std::tuple{Field{"vibro_version", &Provenance::vibro_version}, Field{"precision", &Provenance::precision}};
}

// `case`: the case file run.
constexpr auto declared_fields(std::type_identity<CaseInfo>) {
  return std::tuple{Field{"name", &CaseInfo::name}, Field{"file", &CaseInfo::file},
                    Field{"hash_fnv1a64", &CaseInfo::hash}, Field{"description", &CaseInfo::description}};
}

}  // namespace vibro
