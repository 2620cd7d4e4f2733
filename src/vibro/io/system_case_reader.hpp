#pragma once
// Reading the N-DOF models of seed 002 from a case file (docs/case_files.md): the general
// linear system (mass, stiffness, lower, upper, e, force, Omega) and the named 2-DOF
// mass–spring system of seed 002 §3 (mu_k, mu_m, q_min, q_max, e, force, Omega), and their
// initial data (initial.q0, initial.v0 as lists). Internal to the library (toml++).

#include "vibro/io/toml_reader.hpp"
#include "vibro/case/case_spec.hpp"

#include <string>

namespace vibro {

/// The most coordinates a case may give: the matrices are dense and every run decomposes
/// one, O(N³).
inline constexpr std::size_t max_system_dimension = 500;

/// A list of `size` numbers, or of any size in [1, max_system_dimension] when size = 0;
/// one-line errors naming `key` for anything else.
std::vector<NumberInput> number_list(const TomlReader& r, const toml::node& node, const std::string& key,
                                     std::size_t size);

/// [model] of type linear-system.
SystemSpec read_linear_system(const TomlReader& r, const toml::table& t);

/// [model] of type two-mass-spring.
TwoMassSpringSpec read_two_mass_spring(const TomlReader& r, const toml::table& t);

/// initial.q0 and initial.v0 of an N-DOF system: lists of its dimension, q0 in K, and on a
/// face of K a velocity that does not point out of it.
void read_system_initial(const TomlReader& r, const toml::table& initial, const SystemSpec& system, CaseSpec& c);

}  // namespace vibro
