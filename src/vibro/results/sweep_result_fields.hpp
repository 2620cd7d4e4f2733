#pragma once
// The fields of a sweep's result lines, header and summary (results/sweep_result.hpp).

#include "vibro/results/declared_fields.hpp"
#include "vibro/results/run_result_fields.hpp"
#include "vibro/results/sweep_result.hpp"

#include <array>
#include <string>
#include <tuple>
#include <type_traits>

namespace vibro {

// `lyapunov` of a sweep's point line: the exponents, or why they are undefined.
constexpr auto declared_fields(std::type_identity<SweepExponents>) {
  using L = SweepExponents;
  return std::tuple_cat(std::tuple{Field{"method", &L::method}, Field{"epsilon", &L::epsilon},
                                   Field{"periods", &L::periods}, Field{"defined", &L::defined},
                                   When{"why_undefined", &L::why_undefined, &exponents_undefined<L>}},
                        exponents_found<L>(),
                        std::tuple{When{"spread_lambda1", &L::spread_lambda1, &exponents_defined<L>},
                                   When{"spread_lambda2", &L::spread_lambda2, &exponents_defined<L>}});
}

// A point's impacts and their rate per period, beside its other fields (each null when the
// scheme counts none).
constexpr auto declared_fields(std::type_identity<SweepImpacts>) {
  return std::tuple{Field{"impacts", &SweepImpacts::count, Absent::null},
                    Field{"impacts_per_period", &SweepImpacts::per_period, Absent::null}};
}

// `strobe` of a point: its stroboscopic samples.
constexpr auto declared_fields(std::type_identity<SweepStrobe>) {
  return std::tuple{Field{"first_period", &SweepStrobe::first_period}, Field{"u", &SweepStrobe::u},
                    Field{"v", &SweepStrobe::v},
                    Field{"escaped_at_step", &SweepStrobe::escaped_at_step, Absent::omitted}};
}

// A published relation at a point, under its name in `relations`: its outcome, and the
// test with its measures or why there is none.
inline bool relation_tested(const SweepRelation& r) {
  return r.outcome == SweepRelation::Outcome::holds || r.outcome == SweepRelation::Outcome::contradicted;
}
inline bool relation_untested(const SweepRelation& r) { return !relation_tested(r); }
constexpr auto declared_fields(std::type_identity<SweepRelation>) {
  return std::tuple{Field{"outcome", &SweepRelation::outcome}, When{"why", &SweepRelation::why, &relation_untested},
                    When{"test", &SweepRelation::test, &relation_tested},
                    When{"measures", &SweepRelation::measures, &relation_tested}};
}

// A sweep's point line (docs/sweeps.md "Result lines"); sweep/sweep_results.cpp adds its
// `kind` and the point's `parameters`, which the sweep file gives.
inline bool point_case_read(const SweepPointResult& p) { return p.precision.has_value(); }
constexpr auto declared_fields(std::type_identity<SweepPointResult>) {
  using P = SweepPointResult;
  return std::tuple{Field{"point", &P::index},
                    Field{"precision", &P::precision, Absent::omitted},
                    When{"case_hash", &P::case_hash, &point_case_read},
                    Field{"lyapunov", &P::lyapunov, Absent::omitted},
                    Field{"impacts", &P::impacts, Absent::inline_omitted},
                    Field{"strobe", &P::strobe, Absent::omitted},
                    Field{"relations", &P::relations, Absent::omitted},
                    Field{"order", &P::order, Absent::omitted},
                    Field{"error", &P::error, Absent::omitted},
                    Field{"seconds", &P::seconds, Absent::omitted}};
}

// One element of a sweep header's `parameters`.
constexpr auto declared_fields(std::type_identity<SweptParameter>) {
  return std::tuple{Field{"key", &SweptParameter::key}, Field{"spacing", &SweptParameter::spacing},
                    Field{"values", &SweptParameter::values}};
}

// A sweep header's `strobe`.
constexpr auto declared_fields(std::type_identity<StrobeSampling>) {
  return std::tuple{Field{"transient", &StrobeSampling::transient}, Field{"samples", &StrobeSampling::samples}};
}

// A sweep result file's first line; io/result_json.cpp adds `kind` and the layout's `schema_version`.
constexpr auto declared_fields(std::type_identity<SweepHeader>) {
  using H = SweepHeader;
  return std::tuple{Field{"sweep", &H::sweep},           Field{"sweep_file", &H::sweep_file},
                    Field{"sweep_hash", &H::sweep_hash}, Field{"base_case", &H::base_case},
                    Field{"precision", &H::precision, Absent::null},
                    Field{"points", &H::points},         Field{"parameters", &H::parameters},
                    Field{"compute", &H::compute},       Field{"strobe", &H::strobe, Absent::omitted}};
}

// The counts of `vibro sweep --json`'s summary, written beside its other fields.
constexpr auto declared_fields(std::type_identity<SweepRunSummary>) {
  using S = SweepRunSummary;
  return std::tuple{Field{"points", &S::points}, Field{"skipped", &S::skipped}, Field{"computed", &S::computed},
                    Field{"failed", &S::failed}, Field{"seconds", &S::seconds}};
}

// `vibro sweep --json`; io/result_json.cpp adds the layout's `schema_version`.
constexpr auto declared_fields(std::type_identity<SweepSummary>) {
  using S = SweepSummary;
  return std::tuple{Field{"sweep", &S::sweep}, Field{"file", &S::file},
                    Field{"counts", &S::counts, Absent::inline_omitted}, Field{"workers", &S::workers}};
}

}  // namespace vibro
