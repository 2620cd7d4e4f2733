// `vibro run --json` of a run whose listing was spooled (io/spooled_run_json.hpp) is the text of
// the same run held whole. Independent method: nlohmann's own dump(2) of to_json of the run with
// every event and sample kept in memory (RunOptions' defaults). On the sticking oscillator
// (events, closed sticking intervals and an open one at the end), the periodic reference
// (stroboscopic samples), the Paoli–Schatzman scheme with a [sweep] (whose runs keep their own
// samples, not the case's listing), and an N-DOF system (samples of coordinate lists); in double
// and in MPFR (numbers with their text twins). A list of precisions (io/run_comparison.hpp:
// ComparedRuns) reads its runs' spools side by side: its JSON is the one made of the runs held
// whole (to_json of each, compare_runs of their JSON, as `vibro run` made it before the spool).

#include "vibro/io/case_file.hpp"
#include "vibro/io/result_json.hpp"
#include "vibro/io/run_comparison.hpp"
#include "vibro/io/spooled_run_json.hpp"
#include "vibro/run/run_case.hpp"
#include "vibro/results/reference_findings.hpp"

#include "support/build_paths.hpp"
#include "support/read_text.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace vibro::testing {
namespace {

constexpr std::size_t text_events = 12;

RunOptions at(const Precision& precision) {
  RunOptions options;
  options.precision = precision;
  options.error_estimate = false;
  options.study = false;  // a convergence study is not listed
  return options;
}

/// The JSON of `c` run as `vibro run --json` runs it: `kept` events (12 there) and the last
/// sample kept, the rest spooled.
std::string spooled_json(const CaseSpec& c, RunOptions options, std::size_t kept) {
  ListingSpool spool;
  options.listing = &spool;
  options.events_kept = kept;
  if (c.horizon.periods) options.keep_sections_from = *c.horizon.periods;
  const RunResult result = run_case(c, options);
  if (result.run.reference) {
    EXPECT_LE(result.run.reference->events.size(), kept);
    EXPECT_LE(result.run.reference->sticking_intervals.size(), kept);
  }
  if (result.run.stroboscopic) {
    EXPECT_LE(result.run.stroboscopic->size(), 1u);
  }
  std::string text;
  write_spooled_run_json(result, spool, [&](std::string_view piece) { text += piece; });
  return text;
}

/// The spooled JSON of `c` is the held one's, and the held one lists more than the run kept
/// (`events`, `samples`: at least this many), so that the spool made the difference.
void expect_spooled_as_held(const CaseSpec& c, const Precision& precision, std::size_t events, std::size_t samples,
                            std::size_t kept = text_events) {
  const RunOptions options = at(precision);
  const RunResult held = run_case(c, options);
  if (events > 0) {
    EXPECT_GE(held.run.reference->events.size(), events) << c.name;
  }
  if (samples > 0) {
    EXPECT_GE(held.run.stroboscopic->size(), samples) << c.name;
  }
  EXPECT_EQ(spooled_json(c, options, kept), to_json(held).dump(2) + "\n") << c.name << " at " << precision.name();
}

CaseSpec shipped(const std::string& name) { return load_case(std::filesystem::path(test_paths::cases_dir) / name); }

TEST(SpooledRunJson, TheStickingOscillatorsEventsAndIntervalsAreThoseOfTheRunHeldWhole) {
  const CaseSpec c = shipped("reference_sticking_oscillator.toml");
  expect_spooled_as_held(c, Precision::parse("double"), 2 * text_events, 0);
  expect_spooled_as_held(c, Precision::parse("mpfr:30"), 2 * text_events, 0);
  // Two events and intervals kept, so that the intervals (5 of them) are spooled too; and a
  // horizon inside the last one, open at the run's end.
  const RunResult held = run_case(c, at(Precision::parse("double")));
  EXPECT_EQ(held.run.reference->sticking_intervals.size(), 5u);
  expect_spooled_as_held(c, Precision::parse("double"), 3, 0, 2);
  std::string text = read_text(std::filesystem::path(test_paths::cases_dir) / "reference_sticking_oscillator.toml");
  text.replace(text.find("periods = 6"), std::string("periods = 6").size(), "t_end = 28");
  const CaseSpec open = parse_case(text, "open_interval.toml");
  const RunResult open_held = run_case(open, at(Precision::parse("double")));
  ASSERT_FALSE(open_held.run.reference->sticking_intervals.back().end) << "the run ends while sticking";
  expect_spooled_as_held(open, Precision::parse("double"), 3, 0, 2);
}

TEST(SpooledRunJson, ThePeriodicReferencesSamplesAreThoseOfTheRunHeldWhole) {
  const CaseSpec c = shipped("reference_periodic.toml");
  expect_spooled_as_held(c, Precision::parse("double"), 0, 2);
  expect_spooled_as_held(c, Precision::parse("mpfr:40"), 0, 2);
}

TEST(SpooledRunJson, ASchemesSamplesAreSpooledAndItsSweepKeepsItsOwn) {
  const std::string text = read_text(std::filesystem::path(test_paths::cases_dir) / "ps_forced_oscillator.toml") +
                           "\n[sweep]\nsteps_per_period = [100, 400]\n";
  const CaseSpec c = parse_case(text, "ps_with_sweep.toml");
  expect_spooled_as_held(c, Precision::parse("double"), 0, 21);
  expect_spooled_as_held(c, Precision::parse("mpfr:25"), 0, 21);
  const RunResult held = run_case(c, at(Precision::parse("double")));
  ASSERT_EQ(held.sweep.size(), 2u);
  EXPECT_EQ(held.sweep[0].run.stroboscopic->size(), 21u);
}

TEST(SpooledRunJson, AnNDofSystemsSamplesOfCoordinateListsAreThoseOfTheRunHeldWhole) {
  const CaseSpec c = shipped("seed002/study_mmm_impacts.toml");
  expect_spooled_as_held(c, Precision::parse("double"), 0, 3);
  expect_spooled_as_held(c, Precision::parse("mpfr:20"), 0, 3);
}

/// The runs of `c` at `precisions` as `vibro run --precision LIST` runs them: each keeps what
/// one run's text shows and spools the rest.
struct SpooledRuns {
  std::vector<std::unique_ptr<ListingSpool>> spools;
  std::vector<RunResult> results;
  std::vector<const ListingSpool*> spooled() const {
    std::vector<const ListingSpool*> out;
    for (const auto& spool : spools) out.push_back(spool.get());
    return out;
  }
};

SpooledRuns spooled_runs(const CaseSpec& c, const std::vector<Precision>& precisions) {
  SpooledRuns runs;
  for (const Precision& precision : precisions) {
    RunOptions options = at(precision);
    options.listing = runs.spools.emplace_back(std::make_unique<ListingSpool>()).get();
    options.events_kept = text_events;
    if (c.horizon.periods) options.keep_sections_from = *c.horizon.periods;
    runs.results.push_back(run_case(c, options));
  }
  return runs;
}

std::vector<RunResult> held_runs(const CaseSpec& c, const std::vector<Precision>& precisions) {
  std::vector<RunResult> held;
  for (const Precision& precision : precisions) held.push_back(run_case(c, at(precision)));
  return held;
}

/// The JSON `vibro run --precision LIST --json` wrote when it held every run.
std::string held_comparison_json(const std::vector<RunResult>& held) {
  std::vector<nlohmann::json> runs;
  std::vector<PrecisionInfo> infos;
  for (const RunResult& r : held) {
    runs.push_back(to_json(r));
    infos.push_back(r.provenance.precision);
  }
  const nlohmann::json json{{"schema_version", schema_version::run_comparison},
                            {"runs", runs},
                            {"difference", to_json(differences(compare_runs(runs, infos)))}};
  return json.dump(2) + "\n";
}

std::string written(const ComparedRuns& compared) {
  std::string text;
  compared.write_json([&](std::string_view piece) { text += piece; });
  return text;
}

TEST(SpooledRunJson, AListOfPrecisionsWritesTheJsonOfItsRunsHeldWhole) {
  for (const char* name : {"reference_periodic.toml", "ps_forced_oscillator.toml"}) {
    const CaseSpec c = shipped(name);
    const std::vector<Precision> precisions{Precision::parse("double"), Precision::parse("mpfr:30")};
    const SpooledRuns spooled = spooled_runs(c, precisions);
    const std::vector<RunResult> held = held_runs(c, precisions);
    ASSERT_GT(held[0].run.stroboscopic->size(), 2u) << name;
    EXPECT_EQ(written(ComparedRuns(spooled.results, spooled.spooled())), held_comparison_json(held)) << name;
    EXPECT_EQ(written(ComparedRuns(held, {})), held_comparison_json(held)) << name;
  }
}

/// Lists of different lengths (the sticking oscillator's chatter in double and at 30 digits):
/// every number of the held comparison is in the spooled one, with the same values and
/// differences; a longer list's extra elements come in the list's place.
TEST(SpooledRunJson, AListOfPrecisionsComparesListsOfDifferentLengthsElementByElement) {
  const CaseSpec c = shipped("reference_sticking_oscillator.toml");
  const std::vector<Precision> precisions{Precision::parse("double"), Precision::parse("mpfr:30")};
  const SpooledRuns spooled = spooled_runs(c, precisions);
  const std::vector<RunResult> held = held_runs(c, precisions);
  ASSERT_NE(held[0].run.reference->events.size(), held[1].run.reference->events.size())
      << "the case is here for its lists of different lengths";
  std::vector<nlohmann::json> runs{to_json(held[0]), to_json(held[1])};
  const RunComparison expected =
      compare_runs(runs, {held[0].provenance.precision, held[1].provenance.precision});
  std::map<std::string, std::vector<std::string>> by_pointer;
  const auto texts = [](const ComparedNumber& n) {
    std::vector<std::string> out;
    for (const ComparedValue& v : n.values)
      out.push_back((v.value ? v.value->text : "-") + "|" + (v.difference ? v.difference->text : "-") + "|" +
                    (v.agreeing_digits ? std::to_string(*v.agreeing_digits) : "-"));
    return out;
  };
  std::vector<std::string> order;
  ComparedRuns(spooled.results, spooled.spooled()).for_each_number([&](const ComparedNumber& n) {
    by_pointer[n.pointer] = texts(n);
    order.push_back(n.pointer);
  });
  EXPECT_EQ(by_pointer.size(), expected.numbers.size());
  for (const ComparedNumber& n : expected.numbers) EXPECT_EQ(by_pointer[n.pointer], texts(n)) << n.pointer;
  const std::size_t longer = std::max(held[0].run.reference->events.size(), held[1].run.reference->events.size());
  const auto last_event = std::find(order.begin(), order.end(), "/run/events/" + std::to_string(longer - 1) + "/t");
  const auto final_u = std::find(order.begin(), order.end(), "/run/final/u");
  ASSERT_NE(last_event, order.end());
  EXPECT_LT(last_event, final_u) << "the longer list's last event in the list's place";
}

/// A case description holding what a marker of the splice looks like is written as it is.
TEST(SpooledRunJson, ACaseTextThatLooksLikeAMarkerIsNotSpliced) {
  std::string text = read_text(std::filesystem::path(test_paths::cases_dir) / "reference_periodic.toml");
  const std::string description = "description = \"";
  text.insert(text.find(description) + description.size(), "\\u0001spooled-1:events ");
  expect_spooled_as_held(parse_case(text, "marker.toml"), Precision::parse("double"), 0, 2);
}

}  // namespace
}  // namespace vibro::testing
