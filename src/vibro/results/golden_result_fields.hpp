#pragma once
// The fields of a computed Lyapunov golden (results/golden_result.hpp).

#include "vibro/results/declared_fields.hpp"
#include "vibro/results/golden_result.hpp"

#include <array>
#include <string>
#include <tuple>
#include <type_traits>

namespace vibro {

// `case` of a computed golden.
constexpr auto declared_fields(std::type_identity<GoldenCase>) {
  return std::tuple{Field{"file", &GoldenCase::file}, Field{"name", &GoldenCase::name},
                    Field{"hash_fnv1a64", &GoldenCase::hash}};
}

// `short` of a computed golden: a short horizon at two high precisions.
constexpr auto declared_fields(std::type_identity<LyapunovGolden::Short>) {
  using S = LyapunovGolden::Short;
  return std::tuple{Field{"periods", &S::periods},
                    Field{"precision", &S::precision},
                    Field{"compared_with", &S::compared_with},
                    Field{"agreement_digits", &S::agreement_digits},
                    Field{"lambda1_per_period", &S::lambda1_per_period},
                    Field{"lambda2_per_period", &S::lambda2_per_period},
                    Field{"relative_tolerance", &S::relative_tolerance}};
}

// One element of a golden's `ensemble`: a nearby start and its exponents.
constexpr auto declared_fields(std::type_identity<LyapunovGolden::Run>) {
  using R = LyapunovGolden::Run;
  return std::tuple{Field{"u0", &R::u0}, Field{"v0", &R::v0}, Field{"lambda1_per_period", &R::lambda1_per_period},
                    Field{"lambda2_per_period", &R::lambda2_per_period}};
}

// `long` of a computed golden: the case's own horizon with its uncertainty.
inline std::string golden_tolerance_is(const LyapunovGolden::Long&) {
  return "the 95 % uncertainty of the run (batch means and ensemble spread)";
}
constexpr auto declared_fields(std::type_identity<LyapunovGolden::Long>) {
  using L = LyapunovGolden::Long;
  return std::tuple{Field{"periods", &L::periods},
                    Field{"precision", &L::precision},
                    Field{"u0", &L::u0},
                    Field{"v0", &L::v0},
                    Field{"lambda1_per_period", &L::lambda1_per_period},
                    Field{"lambda2_per_period", &L::lambda2_per_period},
                    Field{"tolerance_lambda1", &L::tolerance_lambda1},
                    Field{"tolerance_lambda2", &L::tolerance_lambda2},
                    Shown{"tolerance_is", &golden_tolerance_is},
                    Field{"ensemble_perturbation", &L::ensemble_perturbation},
                    Field{"ensemble", &L::ensemble}};
}

// A computed golden (tests/golden/lyapunov/*.json), written and read from this declaration.
inline std::string golden_what(const LyapunovGolden&) {
  return "computed Lyapunov golden (src/vibro/lyapunov/lyapunov_golden.hpp); do not edit by hand";
}
constexpr auto declared_fields(std::type_identity<LyapunovGolden>) {
  return std::tuple{Shown{"what", &golden_what},
                    Field{"written_by", &LyapunovGolden::written_by},
                    Field{"vibro_version", &LyapunovGolden::vibro_version},
                    Field{"case", &LyapunovGolden::case_info},
                    Field{"short", &LyapunovGolden::short_horizon},
                    Field{"long", &LyapunovGolden::long_horizon}};
}

}  // namespace vibro
