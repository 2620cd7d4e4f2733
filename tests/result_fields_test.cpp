// The result sections declared in results/declared_sections.hpp and report/report_fields.hpp against
// their documentation: for each section, its schema in docs/schema/ (run, lyapunov, check,
// sweep, sweep_summary, orbits, list, schemes, run_comparison, index, run_data or
// lyapunov_golden) lists exactly its declared fields (a number or a list of numbers in full
// with its "_text" twin, a summary to a few digits without), requires exactly those always
// written (every field but an optional declared Absent::omitted and one written on some
// objects only), and the reference section of its output has an entry for every field
// (written `name`): in docs/outputs.md, docs/sweeps.md for a sweep's lines and summary,
// docs/periodic_orbits.md for the orbits. A value per metric is an object keyed by the
// metrics' names. The expected sets come from the declarations, the one place the writers
// take the names from; the schema and the reference are what is checked.

#include "support/build_paths.hpp"
#include "support/documented_fields.hpp"
#include "support/read_text.hpp"

#include "vibro/report/report_fields.hpp"
#include "vibro/results/declared_sections.hpp"
#include "vibro/case/scheme_catalog.hpp"
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

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

namespace {

using nlohmann::json;

/// What a section's declaration says its JSON object holds.
struct DeclaredKeys {
  std::set<std::string> properties;   ///< every key it may write, twins included
  std::set<std::string> required;     ///< the keys it always writes
  std::set<std::string> conditional;  ///< the keys it writes on some objects only (When)
  std::set<std::string> names;        ///< the declared names
};

template <class T>
constexpr bool is_number_or_numbers = std::is_same_v<T, vibro::NumberText> ||
                                      std::is_same_v<T, std::vector<vibro::NumberText>> ||
                                      std::is_same_v<T, std::optional<vibro::NumberText>>;

template <class T>
DeclaredKeys declared_keys();

struct KeyCollector {
  DeclaredKeys& keys;
  template <class T>
  void operator()(const char* name, const T&, vibro::FieldUse use) {
    if constexpr (vibro::DeclaredResult<const T>) {
      if (vibro::inline_section(use.absent)) {  // always there: its fields beside ours, always written
        const DeclaredKeys inner = declared_keys<T>();
        keys.names.insert(inner.names.begin(), inner.names.end());
        keys.properties.insert(inner.properties.begin(), inner.properties.end());
        keys.required.insert(inner.required.begin(), inner.required.end());
        return;
      }
    }
    if constexpr (requires { requires vibro::DeclaredResult<const typename T::value_type>; }) {
      if (vibro::inline_section(use.absent)) {  // its fields beside ours; with nulls, always written
        const DeclaredKeys inner = declared_keys<typename T::value_type>();
        keys.names.insert(inner.names.begin(), inner.names.end());
        keys.properties.insert(inner.properties.begin(), inner.properties.end());
        if (use.absent == vibro::Absent::inline_nulls) keys.required.insert(inner.names.begin(), inner.names.end());
        return;
      }
    }
    keys.names.insert(name);
    keys.properties.insert(name);
    // A number in full has a text twin; a summary to a few digits has none.
    if (is_number_or_numbers<T> && use.digits == vibro::all_digits) keys.properties.insert(std::string(name) + "_text");
    const bool optional = requires(const T& x) { x.has_value(); };
    if (use.conditional) keys.conditional.insert(name);
    else if (!optional || use.absent == vibro::Absent::null) keys.required.insert(name);
  }
};

template <class T>
DeclaredKeys declared_keys() {
  DeclaredKeys keys;
  KeyCollector collector{keys};
  T x{};
  vibro::visit_fields(collector, x);
  return keys;
}

/// docs/schema/NAME.schema.json.
const json& schema_file(const std::string& name) {
  static std::map<std::string, json> files;
  if (!files.contains(name))
    files[name] = json::parse(vibro::testing::read_text(std::filesystem::path(test_paths::source_dir) / "docs/schema" /
                                                        (name + ".schema.json")));
  return files.at(name);
}

const json& run_schema() { return schema_file("run"); }

/// `node` of the schema `root`, or the definition its "$ref" names ("#/$defs/NAME").
const json& resolved(const json& node, const json& root) {
  const auto ref = node.find("$ref");
  if (ref == node.end()) return node;
  const std::string prefix = "#/$defs/";
  const std::string target = ref->get<std::string>();
  return root.at("$defs").at(target.substr(prefix.size()));
}

/// Where a section's object is in the schema `file`: a path of property names below a
/// definition, or below the root when `definition` is empty ("[]" steps into an array's
/// items, "{}" into an object's values under any key); `beside`: its fields are written into
/// that object, beside others; `added`: keys another writer puts into it.
struct SchemaPlace {
  std::string definition;
  std::vector<std::string> path;
  bool beside = false;
  std::set<std::string> added = {};
  std::string file = "run";
};

/// The objects (or arrays) `schema` admits: its alternatives when it is a "oneOf" (an output
/// whose shape depends on a flag, as `free_fall`'s on `applicable`; a table that is null
/// when the report has none), else itself; a null alternative is none.
std::vector<const json*> alternatives(const json& schema, const json& root) {
  std::vector<const json*> out;
  if (const auto one_of = schema.find("oneOf"); one_of != schema.end()) {
    for (const json& alternative : *one_of)
      if (const json& a = resolved(alternative, root); a.value("type", json()) != "null") out.push_back(&a);
  } else {
    out.push_back(&schema);
  }
  return out;
}

/// The items of the array `schema` (of its array alternative).
const json& items_of(const json& schema, const json& root) {
  for (const json* alternative : alternatives(schema, root))
    if (alternative->contains("items")) return alternative->at("items");
  throw std::out_of_range("no items");
}

/// The property `name` of the object `schema`, in whichever alternative has it.
const json& property(const json& schema, const std::string& name, const json& root) {
  for (const json* alternative : alternatives(schema, root))
    if (alternative->contains("properties") && alternative->at("properties").contains(name))
      return alternative->at("properties").at(name);
  throw std::out_of_range("no property " + name);
}

/// The object schema at `place`.
const json& schema_at(const SchemaPlace& place) {
  const json& root = schema_file(place.file);
  const json* at = place.definition.empty() ? &root : &root.at("$defs").at(place.definition);
  for (const std::string& step : place.path)
    at = &resolved(step == "[]"   ? items_of(*at, root)
                   : step == "{}" ? at->at("additionalProperties")
                                  : property(*at, step, root),
                   root);
  return *at;
}

std::set<std::string> keys_of(const json& object) {
  std::set<std::string> keys;
  for (const auto& [key, value] : object.items()) keys.insert(key);
  return keys;
}

/// Every property any alternative of `schema` has.
std::set<std::string> properties_of(const json& schema, const json& root) {
  std::set<std::string> keys;
  for (const json* alternative : alternatives(schema, root)) keys.merge(keys_of(alternative->at("properties")));
  return keys;
}

std::set<std::string> strings_of(const json& list) {
  std::set<std::string> out;
  for (const json& s : list) out.insert(s.get<std::string>());
  return out;
}

/// Where each declared section's object is in the schema: the findings sections below
/// $defs/findings, the fields of CorrectedCounters, ConservativeFindings and ReferenceFindings
/// beside the run's other findings, a study below $defs/study, an observed order at
/// $defs/order with its fit beside its other fields, the free-fall comparison beside
/// `applicable` in $defs/free_fall. A section added to DeclaredSections without a place here
/// does not compile.
SchemaPlace schema_place(std::type_identity<vibro::Escape>) { return {"findings", {"escaped"}}; }
SchemaPlace schema_place(std::type_identity<vibro::ProjectionActivity>) { return {"findings", {"projection_active"}}; }
SchemaPlace schema_place(std::type_identity<vibro::ReportedImpacts>) { return {"findings", {"reported_impacts"}}; }
SchemaPlace schema_place(std::type_identity<vibro::ReportedImpactText>) {
  return {"findings", {"reported_impacts", "first", "[]"}};
}
SchemaPlace schema_place(std::type_identity<vibro::CorrectedCounters>) { return {"findings", {}, true}; }
SchemaPlace schema_place(std::type_identity<vibro::EnergyRecord>) { return {"findings", {"energy"}}; }
SchemaPlace schema_place(std::type_identity<vibro::Example51Comparison>) { return {"findings", {"example51"}}; }
SchemaPlace schema_place(std::type_identity<vibro::ConservativeFindings>) { return {"findings", {}, true}; }
SchemaPlace schema_place(std::type_identity<vibro::ErrorEstimate>) { return {"findings", {"error_estimate"}}; }
SchemaPlace schema_place(std::type_identity<vibro::DigitsNeeded>) {
  return {"findings", {"lyapunov_estimate", "digits_needed"}};
}
SchemaPlace schema_place(std::type_identity<vibro::Lambda1Estimate>) { return {"findings", {"lyapunov_estimate"}, true}; }
SchemaPlace schema_place(std::type_identity<vibro::LyapunovEstimate>) { return {"findings", {"lyapunov_estimate"}}; }
SchemaPlace schema_place(std::type_identity<vibro::ReferenceEventText>) { return {"findings", {"events", "[]"}}; }
SchemaPlace schema_place(std::type_identity<vibro::StickingInterval>) {
  return {"findings", {"sticking_intervals", "[]"}};
}
SchemaPlace schema_place(std::type_identity<vibro::ReferenceSettingsText>) { return {"findings", {"settings"}}; }
SchemaPlace schema_place(std::type_identity<vibro::ReferenceFindings>) { return {"findings", {}, true}; }
SchemaPlace schema_place(std::type_identity<vibro::CoordinateRecord>) {
  return {"findings", {"system", "coordinates", "[]"}};
}
SchemaPlace schema_place(std::type_identity<vibro::SystemFindings>) { return {"findings", {"system"}}; }
SchemaPlace schema_place(std::type_identity<vibro::InertiaFindings>) { return {"findings", {"inertia"}}; }
SchemaPlace schema_place(std::type_identity<vibro::ImpactCounts>) { return {"study", {"rows", "[]", "impacts"}}; }
SchemaPlace schema_place(std::type_identity<vibro::StudyRow>) { return {"study", {"rows", "[]"}}; }
SchemaPlace schema_place(std::type_identity<vibro::OrderFit>) { return {"order", {}, true}; }
SchemaPlace schema_place(std::type_identity<vibro::OrderAnalysis>) { return {"order", {}}; }
SchemaPlace schema_place(std::type_identity<vibro::RoundingFloorBasis>) { return {"study", {"rounding_floor"}}; }
SchemaPlace schema_place(std::type_identity<vibro::StudyResult>) { return {"study", {}}; }
SchemaPlace schema_place(std::type_identity<vibro::ExpectationVerdict>) { return {"expected", {}}; }
SchemaPlace schema_place(std::type_identity<vibro::FreeFallRow>) { return {"free_fall", {"table", "[]"}}; }
SchemaPlace schema_place(std::type_identity<vibro::FreeFallReversalComparison>) { return {"free_fall", {}, true}; }
SchemaPlace schema_place(std::type_identity<vibro::FreeFallReversalResult>) { return {"free_fall", {}}; }
SchemaPlace schema_place(std::type_identity<vibro::StateText>) { return {"state", {}}; }
SchemaPlace schema_place(std::type_identity<vibro::StroboscopicSample>) { return {"findings", {"stroboscopic", "[]"}}; }
SchemaPlace schema_place(std::type_identity<vibro::PlotSamples>) { return {"findings", {"samples"}}; }
// The report's index.json writes the samples to a file of their own and names it.
SchemaPlace schema_place(std::type_identity<vibro::RunFindings>) { return {"findings", {}, false, {"data_file"}}; }
SchemaPlace schema_place(std::type_identity<vibro::SweepPoint>) { return {"", {"sweep", "[]"}}; }
SchemaPlace schema_place(std::type_identity<vibro::PrecisionInfo>) { return {"precision", {}}; }
SchemaPlace schema_place(std::type_identity<vibro::Provenance>) { return {"", {}, true}; }
SchemaPlace schema_place(std::type_identity<vibro::CaseInfo>) { return {"case", {}}; }
// The writer adds the layout's version.
SchemaPlace schema_place(std::type_identity<vibro::RunResult>) { return {"", {}, false, {"schema_version"}}; }

/// `place` in the schema `file` (a place is in run.schema.json unless said otherwise).
SchemaPlace in(std::string file, SchemaPlace place) {
  place.file = std::move(file);
  return place;
}

// `vibro lyapunov --json`, in docs/schema/lyapunov.schema.json.
SchemaPlace schema_place(std::type_identity<vibro::BatchMeans>) { return in("lyapunov", {"uncertainty", {"batch_means"}}); }
SchemaPlace schema_place(std::type_identity<vibro::ExponentUncertainty>) { return in("lyapunov", {"uncertainty", {}}); }
SchemaPlace schema_place(std::type_identity<vibro::ExponentUncertainties>) {
  return in("lyapunov", {"", {"lyapunov", "uncertainty"}});
}
SchemaPlace schema_place(std::type_identity<vibro::ExponentPair<double>>) {
  return in("lyapunov", {"", {"lyapunov", "spread_last_half"}});
}
SchemaPlace schema_place(std::type_identity<vibro::ExponentPair<int>>) {
  return in("lyapunov", {"", {"lyapunov", "second_precision", "shared_significant_digits"}});
}
SchemaPlace schema_place(std::type_identity<vibro::RunningEstimate>) { return in("lyapunov", {"running", {}}); }
SchemaPlace schema_place(std::type_identity<vibro::EnsembleMember>) {
  return in("lyapunov", {"", {"lyapunov", "ensemble", "members", "[]"}});
}
SchemaPlace schema_place(std::type_identity<vibro::LyapunovEnsemble>) { return in("lyapunov", {"", {"lyapunov", "ensemble"}}); }
SchemaPlace schema_place(std::type_identity<vibro::SecondPrecision>) {
  return in("lyapunov", {"", {"lyapunov", "second_precision"}});
}
SchemaPlace schema_place(std::type_identity<vibro::LyapunovFindings>) { return in("lyapunov", {"", {"lyapunov"}}); }
SchemaPlace schema_place(std::type_identity<vibro::LyapunovResult>) { return in("lyapunov", {"", {}, false, {"schema_version"}}); }
// `vibro check --json`, in docs/schema/check.schema.json.
SchemaPlace schema_place(std::type_identity<vibro::CheckSummary>) { return in("check", {"summary", {}}); }
SchemaPlace schema_place(std::type_identity<vibro::ComputedExponent>) { return in("check", {"member", {"exponents", "[]"}}); }
SchemaPlace schema_place(std::type_identity<vibro::MemberEvaluation>) { return in("check", {"member", {}, true}); }
SchemaPlace schema_place(std::type_identity<vibro::RecordedOutcome>) { return in("check", {"member", {"recorded"}}); }
SchemaPlace schema_place(std::type_identity<vibro::MemberVerdict>) { return in("check", {"member", {}}); }
SchemaPlace schema_place(std::type_identity<vibro::CoveredValue>) { return in("check", {"relations", {"[]", "covers", "[]"}}); }
SchemaPlace schema_place(std::type_identity<vibro::RelationVerdict>) { return in("check", {"relations", {"[]"}}); }
SchemaPlace schema_place(std::type_identity<vibro::UncheckedValue>) { return in("check", {"", {"not_reproducible", "[]"}}); }
SchemaPlace schema_place(std::type_identity<vibro::Reproduction>) { return in("check", {"", {"reproduced", "[]"}}); }
SchemaPlace schema_place(std::type_identity<vibro::CheckResult>) { return in("check", {"", {}, false, {"schema_version"}}); }
// A computed golden, in docs/schema/lyapunov_golden.schema.json; its writer adds nothing.
SchemaPlace schema_place(std::type_identity<vibro::GoldenCase>) { return in("lyapunov_golden", {"", {"case"}}); }
SchemaPlace schema_place(std::type_identity<vibro::LyapunovGolden::Short>) { return in("lyapunov_golden", {"", {"short"}}); }
SchemaPlace schema_place(std::type_identity<vibro::LyapunovGolden::Run>) { return in("lyapunov_golden", {"", {"long", "ensemble", "[]"}}); }
SchemaPlace schema_place(std::type_identity<vibro::LyapunovGolden::Long>) { return in("lyapunov_golden", {"", {"long"}}); }
SchemaPlace schema_place(std::type_identity<vibro::LyapunovGolden>) { return in("lyapunov_golden", {"", {}}); }
// `vibro orbits --json`, in docs/schema/orbits.schema.json.
SchemaPlace schema_place(std::type_identity<vibro::OrbitRow>) { return in("orbits", {"", {"orbits", "[]"}}); }
SchemaPlace schema_place(std::type_identity<vibro::DegenerateOrder>) { return in("orbits", {"", {"degenerate", "[]"}}); }
SchemaPlace schema_place(std::type_identity<vibro::OrbitListing>) { return in("orbits", {"", {}, false, {"schema_version"}}); }
// `vibro list --json`, in docs/schema/list.schema.json.
SchemaPlace schema_place(std::type_identity<vibro::ListedCase>) { return in("list", {"", {"cases", "[]"}}); }
SchemaPlace schema_place(std::type_identity<vibro::CaseListing>) { return in("list", {"", {}, false, {"schema_version"}}); }
// `vibro list --schemes --json`, in docs/schema/schemes.schema.json: a declared order is the
// same object under each metric's name (the test below checks the names).
SchemaPlace schema_place(std::type_identity<vibro::DeclaredOrder>) {
  return in("schemes", {"", {"schemes", "[]", "declared_orders", "position_linf"}});
}
SchemaPlace schema_place(std::type_identity<vibro::ListedScheme>) { return in("schemes", {"", {"schemes", "[]"}}); }
SchemaPlace schema_place(std::type_identity<vibro::SchemeListing>) {
  return in("schemes", {"", {}, false, {"schema_version"}});
}
// The `difference` of `vibro run --precision LIST --json`, in docs/schema/run_comparison.schema.json.
SchemaPlace schema_place(std::type_identity<vibro::PrecisionDifference>) {
  return in("run_comparison", {"", {"difference", "numbers", "[]", "runs", "[]"}});
}
SchemaPlace schema_place(std::type_identity<vibro::NumberDifferences>) {
  return in("run_comparison", {"", {"difference", "numbers", "[]"}});
}
SchemaPlace schema_place(std::type_identity<vibro::PrecisionDifferences>) {
  return in("run_comparison", {"", {"difference"}});
}
// A sweep's point line, in docs/schema/sweep.schema.json; its writer adds `kind` and the
// point's `parameters`.
SchemaPlace schema_place(std::type_identity<vibro::SweepExponents>) { return in("sweep", {"point", {"lyapunov"}}); }
SchemaPlace schema_place(std::type_identity<vibro::SweepImpacts>) { return in("sweep", {"point", {}, true}); }
SchemaPlace schema_place(std::type_identity<vibro::SweepStrobe>) { return in("sweep", {"point", {"strobe"}}); }
SchemaPlace schema_place(std::type_identity<vibro::SweepRelation>) { return in("sweep", {"point", {"relations", "{}"}}); }
SchemaPlace schema_place(std::type_identity<vibro::SweepPointResult>) {
  return in("sweep", {"point", {}, false, {"kind", "parameters"}});
}
// A sweep's header line, whose writer adds `kind` and the layout's version.
SchemaPlace schema_place(std::type_identity<vibro::SweptParameter>) { return in("sweep", {"header", {"parameters", "[]"}}); }
SchemaPlace schema_place(std::type_identity<vibro::StrobeSampling>) { return in("sweep", {"header", {"strobe"}}); }
SchemaPlace schema_place(std::type_identity<vibro::SweepHeader>) {
  return in("sweep", {"header", {}, false, {"kind", "schema_version"}});
}
// `vibro sweep --json`, in docs/schema/sweep_summary.schema.json.
SchemaPlace schema_place(std::type_identity<vibro::SweepRunSummary>) { return in("sweep_summary", {"", {}, true}); }
SchemaPlace schema_place(std::type_identity<vibro::SweepSummary>) {
  return in("sweep_summary", {"", {}, false, {"schema_version"}});
}

// The report's own parts of index.json, in docs/schema/index.schema.json: a quarter step's two
// schemes have one shape, and a two-stops table's (checked below).
SchemaPlace index_place(std::vector<std::string> path) { return in("index", {"", std::move(path)}); }
SchemaPlace schema_place(std::type_identity<vibro::OrderVerdict>) { return index_place({"summary", "orders", "rows", "[]"}); }
SchemaPlace schema_place(std::type_identity<vibro::ExpectationRow>) {
  return index_place({"summary", "expectations", "rows", "[]"});
}
SchemaPlace schema_place(std::type_identity<vibro::RelationRow>) { return index_place({"summary", "relations", "rows", "[]"}); }
SchemaPlace schema_place(std::type_identity<vibro::PublishedRow>) {
  return index_place({"summary", "published_values", "rows", "[]"});
}
SchemaPlace schema_place(std::type_identity<vibro::OrderVerdicts>) { return index_place({"summary", "orders"}); }
SchemaPlace schema_place(std::type_identity<vibro::ExpectationVerdicts>) { return index_place({"summary", "expectations"}); }
SchemaPlace schema_place(std::type_identity<vibro::RelationVerdicts>) { return index_place({"summary", "relations"}); }
SchemaPlace schema_place(std::type_identity<vibro::PublishedStatuses>) { return index_place({"summary", "published_values"}); }
SchemaPlace schema_place(std::type_identity<vibro::UncheckedStudy>) {
  return index_place({"summary", "orders_not_checked", "[]"});
}
SchemaPlace schema_place(std::type_identity<vibro::VerdictSummary>) { return index_place({"summary"}); }
SchemaPlace schema_place(std::type_identity<vibro::ShownUncertainty>) {
  return index_place({"lyapunov", "exponents", "[]", "uncertainty_95"});
}
SchemaPlace schema_place(std::type_identity<vibro::PublishedCounterpart>) {
  return index_place({"lyapunov", "exponents", "[]", "published"});
}
SchemaPlace schema_place(std::type_identity<vibro::OrbitExponents>) {
  return index_place({"lyapunov", "exponents", "[]", "on_orbit"});
}
SchemaPlace schema_place(std::type_identity<vibro::ExactOnOrbit>) {
  return index_place({"lyapunov", "exponents", "[]", "on_orbit", "exact"});
}
SchemaPlace schema_place(std::type_identity<vibro::LyapunovTableRow>) { return index_place({"lyapunov", "exponents", "[]"}); }
SchemaPlace schema_place(std::type_identity<vibro::LyapunovTable>) { return index_place({"lyapunov"}); }
SchemaPlace schema_place(std::type_identity<vibro::PiecewiseExactnessRow>) {
  return index_place({"seed003_claims", "piecewise_exactness", "[]"});
}
SchemaPlace schema_place(std::type_identity<vibro::FirstNodes>) {
  return index_place({"seed003_claims", "quarter_step", "nonstandard"});
}
SchemaPlace schema_place(std::type_identity<vibro::QuarterStep>) { return index_place({"seed003_claims", "quarter_step"}); }
SchemaPlace schema_place(std::type_identity<vibro::StabilityRow>) { return index_place({"seed003_claims", "stability", "[]"}); }
SchemaPlace schema_place(std::type_identity<vibro::ConstrainedRun>) {
  return index_place({"seed003_claims", "two_stops", "nonstandard"});
}
SchemaPlace schema_place(std::type_identity<vibro::SpuriousImpactRow>) {
  return index_place({"seed003_claims", "spurious_impacts", "[]"});
}
SchemaPlace schema_place(std::type_identity<vibro::TwoStops>) { return index_place({"seed003_claims", "two_stops"}); }
SchemaPlace schema_place(std::type_identity<vibro::DuffingObstacleRow>) {
  return index_place({"seed003_claims", "duffing_obstacle", "[]"});
}
SchemaPlace schema_place(std::type_identity<vibro::Seed003Claims>) { return index_place({"seed003_claims"}); }
SchemaPlace schema_place(std::type_identity<vibro::Seed002Value>) { return index_place({"seed002", "experiment1", "[]"}); }
SchemaPlace schema_place(std::type_identity<vibro::PenetrationRow>) {
  return index_place({"seed002", "experiment2_penetration", "[]"});
}
SchemaPlace schema_place(std::type_identity<vibro::Seed002Claims>) { return index_place({"seed002"}); }
SchemaPlace schema_place(std::type_identity<vibro::SlopeFit>) {
  return index_place({"seed004", "runs", "[]", "order_position_linf"});
}
SchemaPlace schema_place(std::type_identity<vibro::Seed004Run>) { return index_place({"seed004", "runs", "[]"}); }
SchemaPlace schema_place(std::type_identity<vibro::Seed004Runs>) { return index_place({"seed004"}); }
// The writer adds the layout's version, the executable's and the runs.
SchemaPlace schema_place(std::type_identity<vibro::IndexTables>) {
  return in("index", {"", {}, false, {"schema_version", "vibro_version", "cases"}});
}
// A run's bulky lists, in docs/schema/run_data.schema.json.
SchemaPlace schema_place(std::type_identity<vibro::RunData>) { return in("run_data", {"", {}, false, {"schema_version"}}); }

template <class F>
void for_each_section(F&& f) {
  [&]<class... Section>(std::type_identity<std::tuple<Section...>>) {
    (f(std::type_identity<Section>{}), ...);
  }(std::type_identity<vibro::DeclaredSections>{});
  [&]<class... Section>(std::type_identity<std::tuple<Section...>>) {
    (f(std::type_identity<Section>{}), ...);
  }(std::type_identity<vibro::ReportSections>{});
}

/// Objects the schema spells twice (the two schemes of index.json's quarter step and two
/// stops, the two orders of a seed-004 run), each checked once above: the two are the same.
TEST(ResultFields, TheIndexsTwinObjectsHaveOneShape) {
  EXPECT_EQ(schema_at(index_place({"seed003_claims", "quarter_step", "standard"})),
            schema_at(index_place({"seed003_claims", "quarter_step", "nonstandard"})));
  EXPECT_EQ(schema_at(index_place({"seed003_claims", "two_stops", "standard"})),
            schema_at(index_place({"seed003_claims", "two_stops", "nonstandard"})));
  EXPECT_EQ(schema_at(index_place({"seed004", "runs", "[]", "order_velocity_l1"})),
            schema_at(index_place({"seed004", "runs", "[]", "order_position_linf"})));
}

/// A section written as its own object: the schema lists exactly its keys and requires
/// exactly those always written, and admits no other. A section written into the findings
/// object: each of its keys is a property there.
TEST(ResultFields, EachSectionsSchemaHoldsExactlyItsDeclaredFields) {
  for_each_section([]<class Section>(std::type_identity<Section> section) {
    const DeclaredKeys keys = declared_keys<Section>();
    const SchemaPlace place = schema_place(section);
    const json& schema = schema_at(place);
    const json& root = schema_file(place.file);
    std::string where = place.file + ":" + place.definition;
    for (const std::string& step : place.path) where += "." + step;
    if (place.beside) {
      const std::set<std::string> enclosing = properties_of(schema, root);
      for (const std::string& key : keys.properties) EXPECT_TRUE(enclosing.contains(key)) << key << " in " << where;
      return;
    }
    // Of a "oneOf": every key some alternative has, and those every alternative requires
    // (a key written on some objects only may be required by the alternatives that have it).
    std::set<std::string> expected = keys.properties;
    expected.insert(place.added.begin(), place.added.end());
    EXPECT_EQ(properties_of(schema, root), expected) << where;
    std::optional<std::set<std::string>> always;
    for (const json* alternative : alternatives(schema, root)) {
      std::set<std::string> required = strings_of(alternative->value("required", json::array()));
      if (always) std::erase_if(*always, [&](const std::string& key) { return !required.contains(key); });
      else always = std::move(required);
      EXPECT_EQ(alternative->value("additionalProperties", true), false) << where << " admits no other key";
    }
    // Whether a number has its twin depends on the precision; a section that always twins its
    // numbers (a published value as printed) may have the schema require them.
    const auto twin = [&](const std::string& key) { return keys.properties.contains(key) && !keys.names.contains(key); };
    std::erase_if(*always, [&](const std::string& key) {
      return keys.conditional.contains(key) || place.added.contains(key) || twin(key);
    });
    EXPECT_EQ(always.value(), keys.required) << where;
  });
}

/// A value per metric (a row's errors and rounding parts, a study's orders) is an object with
/// exactly one key per metric, each always written: the schema's must be the metrics' names.
TEST(ResultFields, PerMetricObjectsHoldExactlyTheMetricsNames) {
  std::set<std::string> names, with_twins;
  for (const vibro::ErrorMetric m : vibro::error_metrics) {
    names.insert(std::string(vibro::name(m)));
    with_twins.insert(std::string(vibro::name(m)));
    with_twins.insert(std::string(vibro::name(m)) + "_text");
  }
  const json& numbers = run_schema().at("$defs").at("per_metric");
  EXPECT_EQ(keys_of(numbers.at("properties")), with_twins);
  EXPECT_EQ(strings_of(numbers.at("required")), names);
  const json& orders = schema_at({"study", {"orders"}});
  EXPECT_EQ(keys_of(orders.at("properties")), names);
  EXPECT_EQ(strings_of(orders.at("required")), names);
  for (const char* field : {"errors", "rounding_parts"})
    EXPECT_EQ(schema_at({"study", {"rows", "[]"}}).at("properties").at(field).at("$ref"), "#/$defs/per_metric") << field;
  // A scheme's declared orders: keyed by the metrics a source gives an order for, none required,
  // each key the same object.
  const json& declared = schema_at(in("schemes", {"", {"schemes", "[]", "declared_orders"}}));
  EXPECT_EQ(keys_of(declared.at("properties")), names);
  EXPECT_FALSE(declared.contains("required"));
  for (const auto& [metric, order] : declared.at("properties").items())
    EXPECT_EQ(order, declared.at("properties").at("position_linf")) << metric;
}

/// A run's `scheme` is keyed by the options' own names (shaped_json): the schema admits every
/// option of every registered scheme (the catalog is the list; a scheme's options were once
/// missing from it, and only a report over every shipped case saw it).
TEST(ResultFields, TheSchemeObjectAdmitsEveryRegisteredOption) {
  const json& scheme = run_schema().at("properties").at("scheme").at("properties");
  for (const vibro::SchemeInfo& info : vibro::scheme_infos())
    for (const std::string& key : info.option_keys)
      EXPECT_TRUE(scheme.contains(key)) << info.names.front() << "'s option " << key;
}

/// index.json's Lyapunov table holds `vibro check --json` without its version: the index
/// schema's copy of it is the check schema's (the runs it holds refer to run.schema.json).
TEST(ResultFields, TheIndexsCheckResultIsTheCheckSchemas) {
  const json& check = schema_file("check");
  const json& index = schema_file("index");
  for (const char* definition : {"relations", "member", "summary", "number"})
    EXPECT_EQ(index.at("$defs").at(definition), check.at("$defs").at(definition)) << definition;
  json without_version = check.at("properties");
  without_version.erase("schema_version");
  const json& relations = schema_at(index_place({"lyapunov", "relations"}));
  EXPECT_EQ(relations.at("properties"), without_version);
  std::set<std::string> required = strings_of(check.at("required"));
  required.erase("schema_version");
  EXPECT_EQ(strings_of(relations.at("required")), required);
  EXPECT_EQ(index.at("properties").at("cases").at("additionalProperties").at("items").at("$ref"), "run.schema.json");
}

/// The part of `text` from the line `heading` to the next heading of its level or above.
std::string section_of(const std::string& text, const std::string& heading) {
  const auto level_of = [](const std::string& line) {
    const std::size_t hashes = line.find_first_not_of('#');
    return hashes != std::string::npos && hashes > 0 && line[hashes] == ' ' ? hashes : 0;
  };
  std::istringstream in(text);
  std::string line, out;
  std::size_t level = 0;
  while (std::getline(in, line)) {
    if (level == 0) {
      if (line == heading) level = level_of(line), out = line + "\n";
      continue;
    }
    const std::size_t here = level_of(line);
    if (here > 0 && here <= level) break;
    out += line + "\n";
  }
  return out;
}

/// Every field has an entry in the reference of its output, in the part that describes that
/// output (a name as common as `n` or `why` is found where it belongs, not anywhere):
/// docs/outputs.md "Common to every result" and the output's own section, docs/sweeps.md
/// "The result file" for a sweep's point line, docs/periodic_orbits.md "`vibro orbits`".
TEST(ResultFields, EveryDeclaredFieldHasAnEntryInItsOutputsReference) {
  const auto read = [](const std::string& file) {
    return vibro::testing::read_text(std::filesystem::path(test_paths::source_dir) / "docs" / file);
  };
  const std::string outputs = read("outputs.md");
  const std::string common = section_of(outputs, "## Common to every result");
  const std::map<std::string, std::string> reference = {
      {"run", common + section_of(outputs, "## `vibro run --json` and `vibro converge --json`") +
                  section_of(outputs, "## Error metrics")},
      {"lyapunov", common + section_of(outputs, "## `vibro lyapunov --json`")},
      {"check", common + section_of(outputs, "## `vibro check --json`")},
      {"lyapunov_golden", section_of(outputs, "## Computed goldens (`tests/golden/lyapunov/*.json`)")},
      {"list", section_of(outputs, "## `vibro list --json`")},
      {"schemes", section_of(outputs, "## `vibro list --json`")},
      {"run_comparison", section_of(outputs, "## `vibro run --json` with a list of precisions")},
      {"sweep", section_of(read("sweeps.md"), "## The result file")},
      {"sweep_summary", section_of(read("sweeps.md"), "### The summary")},
      {"index", section_of(outputs, "## `reports/index.json`")},
      {"run_data", section_of(outputs, "### `reports/runs/NAME-PRECISION.json`")},
      {"orbits", common + section_of(read("periodic_orbits.md"), "## 5. `vibro orbits`")}};
  for (const auto& [schema, text] : reference) EXPECT_FALSE(text.empty()) << "no reference section for " << schema;
  for_each_section([&]<class Section>(std::type_identity<Section> section) {
    const std::string& file = schema_place(section).file;
    for (const std::string& name : declared_keys<Section>().names)
      EXPECT_TRUE(vibro::testing::documented(reference.at(file), name))
          << "`" << name << "` (" << file << " output) has no entry in its reference section";
  });
}

}  // namespace
