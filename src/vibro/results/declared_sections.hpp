#pragma once
// Every declared result section in one list: what the archive (report_runs/result_archive.cpp)
// and the JSON writer (io/result_json.cpp) go over, and what tests/result_fields_test.cpp checks
// against the schemas in docs/schema/ and docs/outputs.md. Each family declares its fields
// beside its structs (results/*_fields.hpp, results/declared_fields.hpp says how); a member
// added to one of these structs and not declared there is a compile error (below), so no
// output can leave it out silently.

#include "vibro/results/golden_result_fields.hpp"
#include "vibro/results/listing_result_fields.hpp"
#include "vibro/results/lyapunov_result_fields.hpp"
#include "vibro/results/orbit_result_fields.hpp"
#include "vibro/results/precision_differences_fields.hpp"
#include "vibro/results/provenance_fields.hpp"
#include "vibro/results/published_check_result_fields.hpp"
#include "vibro/results/run_result_fields.hpp"
#include "vibro/results/sweep_result_fields.hpp"
#include "vibro/results/projection_activity.hpp"
#include "vibro/results/reported_impacts.hpp"
#include "vibro/results/corrected_counters.hpp"
#include "vibro/results/conservative_findings.hpp"
#include "vibro/results/reference_findings.hpp"
#include "vibro/results/system_findings.hpp"
#include "vibro/results/inertia_findings.hpp"
#include "vibro/results/plot_samples.hpp"
#include "vibro/results/free_fall_reversal.hpp"
#include "vibro/results/lyapunov_ensemble.hpp"
#include "vibro/results/second_precision.hpp"

#include <tuple>
#include <type_traits>

namespace vibro {

/// Every declared section: what the archive, the JSON writer and the documentation test go over.
using DeclaredSections = std::tuple<Escape, ProjectionActivity, ReportedImpactText, ReportedImpacts, CorrectedCounters,
                                    EnergyRecord, Example51Comparison, ConservativeFindings, ErrorEstimate, DigitsNeeded, Lambda1Estimate, LyapunovEstimate,
                                    ReferenceEventText, StickingInterval, ReferenceSettingsText,
                                    ReferenceFindings, CoordinateRecord, SystemFindings, InertiaFindings, ImpactCounts,
                                    StudyRow, OrderFit, OrderAnalysis, RoundingFloorBasis, StudyResult,
                                    ExpectationVerdict, FreeFallRow, FreeFallReversalComparison, FreeFallReversalResult,
                                    StateText, StroboscopicSample, PlotSamples, RunFindings, SweepPoint,
                                    PrecisionInfo, Provenance, CaseInfo, RunResult, BatchMeans, ExponentUncertainty,
                                    ExponentUncertainties, ExponentPair<double>, ExponentPair<int>, RunningEstimate,
                                    EnsembleMember, LyapunovEnsemble, SecondPrecision, LyapunovFindings,
                                    LyapunovResult, SweepExponents, SweepImpacts, SweepStrobe, SweepRelation,
                                    SweepPointResult, CheckSummary, ComputedExponent, MemberEvaluation,
                                    RecordedOutcome, MemberVerdict, CoveredValue, RelationVerdict, UncheckedValue,
                                    Reproduction, CheckResult, GoldenCase, LyapunovGolden::Short,
                                    LyapunovGolden::Run, LyapunovGolden::Long, LyapunovGolden, OrbitRow,
                                    DegenerateOrder, OrbitListing, ListedCase, CaseListing, DeclaredOrder,
                                    ListedScheme, SchemeListing, PrecisionDifference, NumberDifferences,
                                    PrecisionDifferences, SweptParameter, StrobeSampling, SweepHeader,
                                    SweepRunSummary, SweepSummary>;

static_assert(
    []<class... Section>(std::type_identity<std::tuple<Section...>>) {
      return (all_members_declared<Section> && ...);
    }(std::type_identity<DeclaredSections>{}),
    "a member of a declared section is missing from its declaration");

}  // namespace vibro
