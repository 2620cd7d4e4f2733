#pragma once
// The fields of `vibro orbits`, `vibro orbits --prove` and `vibro run --enclose`
// (results/orbit_result.hpp).

#include "vibro/results/declared_fields.hpp"
#include "vibro/results/orbit_result.hpp"
#include "vibro/results/provenance_fields.hpp"

#include <array>
#include <string>
#include <tuple>
#include <type_traits>

namespace vibro {

// One element of `orbits` of `vibro orbits --json`: a (1, n) orbit in closed form, and why it
// was rejected when it was.
inline bool orbit_rejected(const OrbitRow& o) { return !o.admissible; }
constexpr auto declared_fields(std::type_identity<OrbitRow>) {
  using O = OrbitRow;
  return std::tuple{Field{"n", &O::n},
                    NotInJson{&O::index},
                    Field{"phase", &O::phase},
                    Field{"impact_time", &O::impact_time},
                    Field{"velocity_before", &O::velocity_before},
                    Field{"velocity_after", &O::velocity_after},
                    Field{"admissible", &O::admissible},
                    When{"rejected_because", &O::rejected_because, &orbit_rejected},
                    Field{"real_multipliers", &O::real_multipliers},
                    Field{"multiplier1", &O::multiplier1},
                    Field{"multiplier2", &O::multiplier2},
                    Field{"largest_modulus", &O::largest_modulus},
                    Field{"stable", &O::stable},
                    Field{"trace", &O::trace},
                    Field{"determinant", &O::determinant},
                    Field{"sum_rule", &O::sum_rule},
                    Field{"lambda1_per_period", &O::lambda1_per_period},
                    Field{"lambda2_per_period", &O::lambda2_per_period},
                    Field{"start_u", &O::start_u},
                    Field{"start_v", &O::start_v}};
}

// One element of `degenerate`.
constexpr auto declared_fields(std::type_identity<DegenerateOrder>) {
  return std::tuple{Field{"n", &DegenerateOrder::n}, Field{"why", &DegenerateOrder::why}};
}

// `vibro orbits --json`; io/result_json.cpp adds the layout's `schema_version`.
inline std::array<int, 2> orbit_orders(const OrbitListing& l) { return {l.n_min, l.n_max}; }
constexpr auto declared_fields(std::type_identity<OrbitListing>) {
  return std::tuple{Field{"case", &OrbitListing::case_info}, Field{"precision", &OrbitListing::precision},
                    NotInJson{&OrbitListing::n_min}, NotInJson{&OrbitListing::n_max}, Shown{"n", &orbit_orders},
                    Field{"orbits", &OrbitListing::orbits}, Field{"degenerate", &OrbitListing::degenerate}};
}

// The proofs' outputs, `vibro orbits --prove --json` and `vibro run --enclose --json`
// (docs/schema/orbit_proofs.schema.json, enclosure.schema.json).

constexpr auto declared_fields(std::type_identity<Enclosure>) {
  return std::tuple{Field{"midpoint", &Enclosure::midpoint}, Field{"radius", &Enclosure::radius},
                    Field{"lower", &Enclosure::lower}, Field{"upper", &Enclosure::upper},
                    Field{"proved_digits", &Enclosure::proved_digits},
                    Field{"proved_value", &Enclosure::proved_value}};
}

constexpr auto declared_fields(std::type_identity<ProvedMultiplierTexts>) {
  using M = ProvedMultiplierTexts;
  return std::tuple{Field{"kind", &M::kind},
                    Field{"first", &M::first},
                    Field{"second", &M::second},
                    Field{"lambda1_per_period", &M::lambda1_per_period},
                    Field{"lambda2_per_period", &M::lambda2_per_period},
                    Field{"stability", &M::stability}};
}

constexpr auto declared_fields(std::type_identity<ProvedOrbitRow>) {
  using O = ProvedOrbitRow;
  return std::tuple{Field{"n", &O::n},
                    Field{"index", &O::index},
                    Field{"unique", &O::unique},
                    Field{"transverse", &O::transverse},
                    Field{"admissibility", &O::admissibility},
                    Field{"phase", &O::phase},
                    Field{"impact_time", &O::impact_time},
                    Field{"velocity_before", &O::velocity_before},
                    Field{"velocity_after", &O::velocity_after},
                    Field{"multipliers", &O::multipliers, Absent::null},
                    Field{"not_proved", &O::not_proved}};
}

constexpr auto declared_fields(std::type_identity<ProvedRootCount>) {
  return std::tuple{Field{"n", &ProvedRootCount::n}, Field{"roots", &ProvedRootCount::roots, Absent::null},
                    Field{"undecided", &ProvedRootCount::undecided}};
}

inline std::array<int, 2> proved_orders(const OrbitProofListing& l) { return {l.n_min, l.n_max}; }
constexpr auto declared_fields(std::type_identity<OrbitProofListing>) {
  using L = OrbitProofListing;
  return std::tuple{Field{"case", &L::case_info},      Field{"digits", &L::digits},
                    Field{"bits", &L::bits},           NotInJson{&L::n_min},
                    NotInJson{&L::n_max},              Shown{"n", &proved_orders},
                    Field{"root_counts", &L::root_counts}, Field{"orbits", &L::orbits}};
}

constexpr auto declared_fields(std::type_identity<EnclosedImpactRow>) {
  using I = EnclosedImpactRow;
  return std::tuple{Field{"index", &I::index}, Field{"coordinate", &I::coordinate}, Field{"t", &I::t},
                    Field{"velocity_before", &I::velocity_before}, Field{"velocity_after", &I::velocity_after}};
}

constexpr auto declared_fields(std::type_identity<EnclosedReference>) {
  using E = EnclosedReference;
  return std::tuple{Field{"case", &E::case_info},
                    Field{"digits", &E::digits},
                    Field{"bits", &E::bits},
                    Field{"max_width", &E::max_width},
                    Field{"horizon_is", &E::horizon_is},
                    Field{"dimension", &E::dimension},
                    Field{"horizon", &E::horizon, Absent::null},
                    Field{"impacts", &E::impacts},
                    Field{"final_u", &E::final_u, Absent::null},
                    Field{"final_v", &E::final_v, Absent::null},
                    Field{"final_positions", &E::final_positions},
                    Field{"final_velocities", &E::final_velocities},
                    Field{"accumulation", &E::accumulation, Absent::null},
                    Field{"accumulations", &E::accumulations},
                    Field{"releases", &E::releases},
                    Field{"stopped_because", &E::stopped_because},
                    Field{"first_impact_radius", &E::first_impact_radius},
                    Field{"last_impact_radius", &E::last_impact_radius},
                    Field{"radius_growth_per_impact", &E::radius_growth_per_impact}};
}

static_assert(all_members_declared<EnclosedImpactRow> && all_members_declared<EnclosedReference>);

static_assert(all_members_declared<Enclosure> && all_members_declared<ProvedMultiplierTexts> &&
              all_members_declared<ProvedOrbitRow> && all_members_declared<ProvedRootCount> &&
              all_members_declared<OrbitProofListing>);

}  // namespace vibro
