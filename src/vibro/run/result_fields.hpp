#pragma once
// The fields of a run's findings sections, declared once: each field's name in every output,
// its member, and how an absent optional is written. From these declarations the archive
// (run/result_archive.cpp) writes and reads the sections, the JSON writer
// (io/result_json.cpp) writes them under these names, and tests/result_fields_test.cpp checks
// docs/schema/run.schema.json (the properties, their text twins, what is required) and
// docs/outputs.md against them. A member added to one of these structs and not declared here
// is a compile error (below), so no output can leave it out silently.
//
// A visitor is called as v(name, member) or v(name, member, Absent): the name as JSON writes
// it, the member (const or not, as the struct is).

#include "vibro/run/run_result.hpp"

#include <concepts>
#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>

namespace vibro {

/// How a field that is an empty optional appears in JSON: as null, or not at all.
enum class Absent { null, omitted };

/// `S` is `T` or `const T`: one declaration serves the writers (const) and the reader.
template <class S, class T>
concept ResultOf = std::same_as<std::remove_const_t<S>, T>;

// `escaped`: the step at which the state left the bound, and |u| there.
constexpr void declare_fields(auto& v, ResultOf<Escape> auto& x) {
  v("step", x.step);
  v("abs_u", x.value);
}

// `projection_active`.
constexpr void declare_fields(auto& v, ResultOf<ProjectionActivity> auto& x) {
  v("count", x.count);
  v("first_steps", x.first_steps);
  v("impacts", x.impacts);
}

// The corrected scheme's counters, written into the run's findings themselves.
constexpr void declare_fields(auto& v, ResultOf<CorrectedCounters> auto& x) {
  v("impacts", x.impacts);
  v("dichotomies", x.dichotomies);
  v("fallbacks", x.fallbacks);
}

// `energy` of a seed-003 run.
constexpr void declare_fields(auto& v, ResultOf<EnergyRecord> auto& x) {
  v("flights", x.flights);
  v("largest_relative_variation_in_a_flight", x.largest_relative_variation_in_a_flight);
  v("largest_relative_variation_in_a_flight_own", x.largest_relative_variation_in_a_flight_own);
  v("impact_ratios", x.impact_ratios);
  v("e_squared", x.e_squared);
  v("largest_ratio_deviation_from_e_squared", x.largest_ratio_deviation_from_e_squared, Absent::omitted);
}

// `example51`: seed 003's example 5.1 against its closed form.
constexpr void declare_fields(auto& v, ResultOf<Example51Comparison> auto& x) {
  v("max_error_before_first_impact", x.max_error_before_first_impact);
  v("delays_in_steps", x.delays_in_steps);
  v("largest_amplitude_defect", x.largest_amplitude_defect);
}

// A seed-003 run on the conservative oscillator, written into the run's findings themselves.
constexpr void declare_fields(auto& v, ResultOf<ConservativeFindings> auto& x) {
  v("denominator", x.denominator);
  v("largest_abs_y", x.largest_abs_y);
  v("nodes_outside_constraint", x.nodes_outside_constraint);
  v("initial_energy", x.initial_energy);
  v("final_energy", x.final_energy);
  v("energy", x.energy);
  v("discrete_amplitude", x.discrete_amplitude, Absent::omitted);
  v("example51", x.example51, Absent::omitted);
}

// One element of `system.coordinates`.
constexpr void declare_fields(auto& v, ResultOf<CoordinateRecord> auto& x) {
  v("constrained", x.constrained);
  v("impacts", x.impacts);
  v("contact_steps", x.contact_steps);
  v("max_penetration", x.max_penetration);
  v("nodes_outside", x.nodes_outside);
}

// `system` of an N-DOF run.
constexpr void declare_fields(auto& v, ResultOf<SystemFindings> auto& x) {
  v("omega", x.omega);
  v("coordinates", x.coordinates);
  v("initial_energy", x.initial_energy);
  v("final_energy", x.final_energy);
  v("largest_energy_variation_between_impacts", x.largest_energy_variation_between_impacts, Absent::null);
  v("flights", x.flights);
  v("max_error_exact", x.max_error_exact, Absent::null);
  v("max_error_rigid_wall_q1", x.max_error_rigid_wall_q1, Absent::null);
}

// `inertia` of a general-inertia run.
constexpr void declare_fields(auto& v, ResultOf<InertiaFindings> auto& x) {
  v("initial_energy", x.initial_energy);
  v("final_energy", x.final_energy);
  v("largest_energy_gain_at_impact", x.largest_energy_gain_at_impact, Absent::null);
  v("largest_energy_variation_in_flight", x.largest_energy_variation_in_flight);
  v("max_constraint_violation", x.max_constraint_violation);
  v("iterations_total", x.iterations_total, Absent::omitted);
  v("iterations_max", x.iterations_max, Absent::omitted);
}

/// A struct whose fields are declared above.
template <class T>
concept DeclaredResult = requires(T& x) { declare_fields(std::declval<void (&)(...)>(), x); };

namespace result_fields_detail {

/// Converts to any member type: counts an aggregate's members by how many it takes.
struct AnyMember {
  template <class T>
  operator T() const;  // NOLINT: only named in unevaluated contexts
};

template <class T, class... Members>
consteval std::size_t member_count() {
  if constexpr (requires { T{std::declval<Members>()..., AnyMember{}}; })
    return member_count<T, Members..., AnyMember>();
  else
    return sizeof...(Members);
}

struct Counter {
  std::size_t n = 0;
  constexpr void operator()(const char*, const auto&, Absent = Absent::omitted) { ++n; }
};

template <class T>
consteval std::size_t declared_count() {
  T x{};
  Counter counter;
  declare_fields(counter, x);
  return counter.n;
}

}  // namespace result_fields_detail

/// Every member declared: a member added to the struct and not to its declaration fails here.
template <class T>
inline constexpr bool all_members_declared =
    result_fields_detail::declared_count<T>() == result_fields_detail::member_count<T>();

/// Every declared section: what the archive, the JSON writer and the documentation test go over.
using DeclaredSections = std::tuple<Escape, ProjectionActivity, CorrectedCounters, EnergyRecord, Example51Comparison,
                                    ConservativeFindings, CoordinateRecord, SystemFindings, InertiaFindings>;

static_assert([]<class... Section>(std::type_identity<std::tuple<Section...>>) {
  return (all_members_declared<Section> && ...);
}(std::type_identity<DeclaredSections>{}), "a member of a declared section is missing from its declaration");

}  // namespace vibro
