#pragma once
// The fields of `vibro lyapunov`'s result (results/lyapunov_result.hpp).

#include "vibro/results/declared_fields.hpp"
#include "vibro/results/lyapunov_result.hpp"
#include "vibro/results/provenance_fields.hpp"
#include "vibro/results/lyapunov_ensemble.hpp"
#include "vibro/results/second_precision.hpp"

#include <array>
#include <string>
#include <tuple>
#include <type_traits>

namespace vibro {

// `batch_means` of an uncertainty.
constexpr auto declared_fields(std::type_identity<BatchMeans>) {
  return std::tuple{Field{"blocks", &BatchMeans::blocks}, Field{"standard_error", &BatchMeans::standard_error}};
}

// How uncertain one exponent (or the sum) is.
constexpr auto declared_fields(std::type_identity<ExponentUncertainty>) {
  return std::tuple{Field{"batch_means", &ExponentUncertainty::batch, Absent::omitted},
                    Field{"ensemble_size", &ExponentUncertainty::ensemble_size},
                    Field{"ensemble_sd", &ExponentUncertainty::ensemble_sd},
                    Field{"half_width_95", &ExponentUncertainty::half_width}};
}

// `uncertainty` of a Lyapunov result.
constexpr auto declared_fields(std::type_identity<ExponentUncertainties>) {
  return std::tuple{Field{"lambda1", &ExponentUncertainties::lambda1}, Field{"lambda2", &ExponentUncertainties::lambda2},
                    Field{"sum", &ExponentUncertainties::sum}};
}

// A value for each exponent: `spread_last_half`, `shared_significant_digits`.
template <class T>
constexpr auto declared_fields(std::type_identity<ExponentPair<T>>) {
  return std::tuple{Field{"lambda1", &ExponentPair<T>::lambda1}, Field{"lambda2", &ExponentPair<T>::lambda2}};
}

// One element of `history`.
constexpr auto declared_fields(std::type_identity<RunningEstimate>) {
  return std::tuple{Field{"k", &RunningEstimate::k}, Field{"lambda1", &RunningEstimate::lambda1},
                    Field{"lambda2", &RunningEstimate::lambda2}};
}

// Of a result with exponents (a Lyapunov result, an ensemble member, a second precision, a
// sweep point's): whether they are defined, and the three numbers per period and two per unit
// time written when they are.
template <class T>
bool exponents_defined(const T& x) {
  return x.defined;
}
template <class T>
bool exponents_undefined(const T& x) {
  return !x.defined;
}
template <class T>
constexpr auto exponents_found() {
  return std::tuple{When{"lambda1_per_period", &T::lambda1_per_period, &exponents_defined<T>},
                    When{"lambda2_per_period", &T::lambda2_per_period, &exponents_defined<T>},
                    When{"sum_per_period", &T::sum_per_period, &exponents_defined<T>},
                    When{"lambda1_per_unit_time", &T::lambda1_per_unit_time, &exponents_defined<T>},
                    When{"lambda2_per_unit_time", &T::lambda2_per_unit_time, &exponents_defined<T>}};
}

// One element of the ensemble's `members`: its start, and its exponents or why it has none.
constexpr auto declared_fields(std::type_identity<EnsembleMember>) {
  using M = EnsembleMember;
  return std::tuple{Field{"u0", &M::u0}, Field{"v0", &M::v0}, Field{"defined", &M::defined},
                    When{"lambda1_per_period", &M::lambda1_per_period, &exponents_defined<M>},
                    When{"lambda2_per_period", &M::lambda2_per_period, &exponents_defined<M>},
                    When{"why_undefined", &M::why_undefined, &exponents_undefined<M>}};
}

// `ensemble` of a Lyapunov result.
constexpr auto declared_fields(std::type_identity<LyapunovEnsemble>) {
  return std::tuple{Field{"perturbation", &LyapunovEnsemble::perturbation},
                    Field{"members", &LyapunovEnsemble::members}};
}

// `second_precision`: its exponents and the digits they share with the run's, or why it has
// none. Computed at a precision of its own, it twins its numbers as that precision's
// (own_twins), not as the output's.
inline bool own_twins(const SecondPrecision& s) { return s.precision != "double"; }
constexpr auto declared_fields(std::type_identity<SecondPrecision>) {
  using S = SecondPrecision;
  return std::tuple{Field{"precision", &S::precision}, Field{"defined", &S::defined},
                    When{"lambda1_per_period", &S::lambda1_per_period, &exponents_defined<S>},
                    When{"lambda2_per_period", &S::lambda2_per_period, &exponents_defined<S>},
                    When{"shared_significant_digits", &S::shared_significant_digits, &exponents_defined<S>},
                    When{"why_undefined", &S::why_undefined, &exponents_undefined<S>}};
}

// `lyapunov` of `vibro lyapunov --json`: the method and its horizon, the exponents (or why
// they are undefined), their history and diagnostics.
inline bool has_sum_rule(const LyapunovFindings& l) { return l.sum_rule_per_period.has_value(); }
inline bool sum_rule_holds(const LyapunovFindings& l) { return !l.sum_rule_warning; }
constexpr auto declared_fields(std::type_identity<LyapunovFindings>) {
  using L = LyapunovFindings;
  return std::tuple_cat(
      std::tuple{Field{"method", &L::method}, Field{"epsilon", &L::epsilon}, Field{"clock", &L::clock},
                 Field{"periods", &L::periods}, Field{"periods_done", &L::periods_done}, Field{"defined", &L::defined},
                 When{"why_undefined", &L::why_undefined, &exponents_undefined<L>}},
      exponents_found<L>(),
      std::tuple{When{"spread_last_half", &L::spread_last_half, &exponents_defined<L>},
                 When{"history", &L::history, &exponents_defined<L>},
                 When{"running_samples", &L::running_samples, &exponents_defined<L>},
                 Field{"impacts", &L::impacts, Absent::omitted},
                 Field{"sum_rule_per_period", &L::sum_rule_per_period, Absent::omitted},
                 When{"sum_rule_rounding", &L::sum_rule_rounding, &has_sum_rule},
                 ShownWhen{"sum_rule_holds", &sum_rule_holds, &has_sum_rule},
                 Field{"sum_rule_warning", &L::sum_rule_warning, Absent::omitted},
                 Field{"section_impact_warning", &L::section_impact_warning, Absent::omitted},
                 Field{"periods_with_changed_contacts", &L::periods_with_changed_contacts, Absent::omitted},
                 Field{"uncertainty", &L::uncertainty, Absent::omitted},
                 Field{"ensemble", &L::ensemble, Absent::omitted},
                 Field{"second_precision", &L::second_precision, Absent::omitted}});
}

// `vibro lyapunov --json`; io/result_json.cpp adds the layout's `schema_version`.
constexpr auto declared_fields(std::type_identity<LyapunovResult>) {
  return std::tuple{Field{"provenance", &LyapunovResult::provenance, Absent::inline_omitted},
                    Field{"case", &LyapunovResult::case_info},
                    Field{"published", &LyapunovResult::published, Absent::omitted},
                    Field{"lyapunov", &LyapunovResult::lyapunov}};
}

}  // namespace vibro
