// `vibro sweep` end to end through the executable (docs/sweeps.md): the sweep file's strict
// reader (one-line errors naming the file and the key, a bad point refused as the case
// reader refuses it), the result file's resume after a kill (a cut last line is computed
// again, a file of another sweep is refused), results independent of the thread count, and
// λ1 equal to what `vibro lyapunov` gives for the same case written out by hand.

#include "support/build_paths.hpp"
#include "support/cli_runner.hpp"

#include "vibro/analysis/order_band.hpp"
#include "vibro/io/case_file.hpp"
#include "vibro/io/sweep_file.hpp"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
using namespace vibro::testing;
using json = nlohmann::json;

/// IDED on the seeds' chaotic family (ω = 50, e = 0.5, u0 = 0, v0 = 0.1) over `periods`
/// periods: milliseconds a point.
std::string ided_case(int periods = 60, const std::string& alpha = "0.9") {
  return "[case]\nname = \"ided-small\"\nprecision = \"double\"\n"
         "[model]\ntype = \"impact-oscillator\"\nalpha = " + alpha + "\na = 2500\nomega = 50\nu_min = 0\ne = 0.5\n"
         "[initial]\nu0 = 0\nv0 = 0.1\n[scheme]\ntype = \"reference\"\n[horizon]\nperiods = " + std::to_string(periods) +
         "\n[lyapunov]\n";
}

/// A Paoli–Schatzman run of a periodic impacting orbit, for stroboscopic samples.
std::string ps_case() {
  return "[case]\nname = \"ps-small\"\nprecision = \"double\"\n"
         "[model]\ntype = \"impact-oscillator\"\nalpha = 0.1\na = 1\nomega = 2\nu_min = 0\ne = 0.8\n"
         "[initial]\nu0 = 0.5\nv0 = 0\n[scheme]\ntype = \"paoli-schatzman\"\n[step]\nsteps_per_period = 200\n"
         "[horizon]\nperiods = 10\n";
}

/// A sweep of ps_case() (written as base.toml) sampling `samples` periods after `transient`,
/// over `parameters` (its [[parameter]] tables).
std::string strobe_sweep(const std::string& name, int transient, int samples, const std::string& parameters) {
  return "[sweep]\nname = \"" + name + "\"\ncase = \"base.toml\"\ncompute = [\"strobe\", \"impacts\"]\n[strobe]\ntransient = " +
         std::to_string(transient) + "\nsamples = " + std::to_string(samples) + "\n" + parameters;
}

/// A sweep of `base` over α (linear) and u_min (a list): 3 × 2 points by default.
std::string alpha_sweep(const std::string& compute = R"(["lyapunov", "impacts"])", int count = 3) {
  return "[sweep]\nname = \"small\"\ncase = \"base.toml\"\ncompute = " + compute +
         "\n[[parameter]]\nkey = \"model.alpha\"\nfrom = 0.5\nto = 1\ncount = " + std::to_string(count) +
         "\n[[parameter]]\nkey = \"model.u_min\"\nvalues = [0, \"-1/10\"]\n";
}

/// A path as a TOML basic string (the test paths hold no quote or backslash).
std::string quoted_toml(const fs::path& path) { return "\"" + path.string() + "\""; }

class Sweep : public Cli {
 protected:
  /// The point lines of a result file by point index, each without its wall time.
  std::map<std::size_t, json> points(const fs::path& file) const {
    std::map<std::size_t, json> out;
    const std::vector<std::string> lines = lines_of(read_text(file));
    EXPECT_FALSE(lines.empty()) << file;
    for (std::size_t i = 1; i < lines.size(); ++i) {
      json line = json::parse(lines[i]);
      line.erase("seconds");
      const std::size_t point = line.at("point").get<std::size_t>();
      EXPECT_FALSE(out.contains(point)) << "point " << point << " twice in " << file;
      out[point] = line;
    }
    return out;
  }

  Outcome sweep(const fs::path& file, const std::string& more = "") const {
    return vibro("sweep " + quoted(file) + " --quiet " + more);
  }

  /// `text` written as `name` and swept into `out`, which must succeed.
  void swept(const std::string& name, const std::string& text, const fs::path& out) const {
    const Outcome run = sweep(write(name, text), "--out " + quoted(out));
    EXPECT_EQ(run.status, 0) << run.err;
  }
};

TEST_F(Sweep, RefusesAnUnknownKeyNamingFileAndKey) {
  write("base.toml", ided_case());
  const fs::path file = write("s.toml", alpha_sweep() + "[sweep.extra]\n");
  EXPECT_TRUE(bad_input(sweep(file), {"s.toml", "sweep.extra", "unknown key"}));
  const fs::path top = write("t.toml", alpha_sweep() + "[colour]\n");
  EXPECT_TRUE(bad_input(sweep(top), {"t.toml", "colour", "unknown key"}));
}

/// The result file is never one of the sweep's inputs: --out naming the sweep file or its
/// base case is refused, and the file is unchanged (its last line, without a newline, would
/// otherwise be cut as a write a kill cut short).
TEST_F(Sweep, RefusesAResultFileThatIsOneOfItsInputs) {
  const fs::path base = write("base.toml", ided_case());
  const std::string text = alpha_sweep();
  const fs::path file = write("s.toml", text.substr(0, text.size() - 1));  // no final newline
  for (const fs::path& input : {file, base, dir() / "." / "s.toml"}) {
    EXPECT_TRUE(bad_input(sweep(file, "--out " + quoted(input)), {"key '--out'", "an input of this run"})) << input;
  }
  EXPECT_EQ(read_text(file), text.substr(0, text.size() - 1));
  EXPECT_EQ(read_text(base), ided_case());
}

TEST_F(Sweep, RefusesAWrongType) {
  write("base.toml", ided_case());
  std::string text = alpha_sweep();
  text.replace(text.find("count = 3"), 9, "count = \"3\"");
  EXPECT_TRUE(bad_input(sweep(write("s.toml", text)), {"s.toml", "parameter[0].count", "expected an integer"}));
  EXPECT_TRUE(bad_input(sweep(write("c.toml", alpha_sweep("\"lyapunov\""))), {"c.toml", "sweep.compute", "expected a list"}));
}

TEST_F(Sweep, RefusesAnEmptyRange) {
  write("base.toml", ided_case());
  std::string empty_list = alpha_sweep();
  empty_list.replace(empty_list.find("values = [0, \"-1/10\"]"), 21, "values = []");
  EXPECT_TRUE(bad_input(sweep(write("s.toml", empty_list)), {"s.toml", "parameter[1].values", "empty"}));
  std::string empty_range = alpha_sweep();
  empty_range.replace(empty_range.find("to = 1"), 6, "to = 0.5");
  EXPECT_TRUE(bad_input(sweep(write("r.toml", empty_range)), {"r.toml", "parameter[0].to", "empty"}));
  EXPECT_TRUE(bad_input(sweep(write("q.toml", alpha_sweep(R"(["lyapunov"])", 0))), {"q.toml", "parameter[0].count"}));
}

TEST_F(Sweep, RefusesAGridBeyondTheLimitWithoutForce) {
  write("base.toml", ided_case());
  const std::string text = "[sweep]\nname = \"big\"\ncase = \"base.toml\"\ncompute = [\"lyapunov\"]\n"
                           "[[parameter]]\nkey = \"model.alpha\"\nfrom = 0.5\nto = 1\ncount = 400\n"
                           "[[parameter]]\nkey = \"model.a\"\nfrom = 1000\nto = 3000\ncount = 401\n";
  EXPECT_TRUE(bad_input(sweep(write("s.toml", text)), {"s.toml", "parameter", "160400 points", "--force"}));
}

/// A typo in a count is refused from the counts, before any list of values is built: at once
/// and in little memory (a grid of 10^7 × 10^7 took 37 s and 2.35 GB; three such counts ran out
/// of memory). The bounds (10 s, 100 MB) are an order of magnitude above what a refusal costs
/// and below what building one list of 10^7 values costs.
TEST_F(Sweep, RefusesAHugeGridFromItsCountsAlone) {
  write("base.toml", ided_case());
  std::string text = "[sweep]\nname = \"typo\"\ncase = \"base.toml\"\ncompute = [\"lyapunov\"]\n";
  for (const char* key : {"model.alpha", "model.a", "model.omega"})
    text += std::string("[[parameter]]\nkey = \"") + key + "\"\nfrom = 1\nto = 2\ncount = 10000000\n";
  const fs::path file = write("s.toml", text);
  const auto start = std::chrono::steady_clock::now();
  EXPECT_TRUE(bad_input(sweep(file), {"s.toml", "parameter", "the grid has 1000000000000000000000 points"}));
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 10.0);
  rusage children{};  // the largest resident set of this test's child processes: the one sweep
  ::getrusage(RUSAGE_CHILDREN, &children);
  EXPECT_LT(children.ru_maxrss, 100 * 1024) << "KiB";
  // With --force it is still too many to number.
  EXPECT_TRUE(bad_input(sweep(file, "--force"), {"too many to number"}));
}

TEST_F(Sweep, RefusesAPointTheCaseReaderRefuses) {
  write("base.toml", ided_case());
  const std::string text = "[sweep]\nname = \"bad\"\ncase = \"base.toml\"\ncompute = [\"lyapunov\"]\n"
                           "[[parameter]]\nkey = \"model.e\"\nvalues = [0.5, 1.5]\n";
  EXPECT_TRUE(bad_input(sweep(write("s.toml", text)), {"s.toml", "point 1", "model.e = 1.5", "base.toml", "[0, 1]"}));
  const std::string unknown = "[sweep]\nname = \"bad\"\ncase = \"base.toml\"\ncompute = [\"lyapunov\"]\n"
                              "[[parameter]]\nkey = \"model.colour\"\nvalues = [1]\n";
  EXPECT_TRUE(bad_input(sweep(write("u.toml", unknown)), {"u.toml", "model.colour", "unknown key"}));
  const std::string integer = "[sweep]\nname = \"bad\"\ncase = \"base.toml\"\ncompute = [\"lyapunov\"]\n"
                              "[[parameter]]\nkey = \"horizon.periods\"\nvalues = [10, 20.5]\n";
  EXPECT_TRUE(bad_input(sweep(write("i.toml", integer)), {"i.toml", "horizon.periods", "integer"}));
}

/// A point's strobe holds u and v: a forced N-DOF system (seed 002's 2-DOF system, forced) is
/// refused for "strobe", not swept into empty lists.
TEST_F(Sweep, RefusesStroboscopicSamplesOfAnNdofSystem) {
  write("base.toml", read_text(fs::path(test_paths::cases_dir) / "seed002" / "study_exact1_forced_free.toml"));
  const std::string text = "[sweep]\nname = \"ndof\"\ncase = \"base.toml\"\ncompute = [\"strobe\"]\n"
                           "[strobe]\ntransient = 1\nsamples = 2\n"
                           "[[parameter]]\nkey = \"model.Omega\"\nvalues = [2, 3]\n";
  EXPECT_TRUE(bad_input(sweep(write("s.toml", text)), {"s.toml", "sweep.compute", "N-DOF system", "vibro run"}));
  // Impacts per period of the same system are swept.
  std::string impacts = text;
  impacts.replace(impacts.find("[\"strobe\"]"), 10, "[\"impacts\"]");
  impacts.erase(impacts.find("[strobe]"), impacts.find("[[parameter]]") - impacts.find("[strobe]"));
  EXPECT_EQ(sweep(write("i.toml", impacts), "--out " + quoted(dir() / "i.jsonl")).status, 0);
}

TEST_F(Sweep, WritesOneLinePerPointAndSkipsThemOnARerun) {
  write("base.toml", ided_case());
  const fs::path file = write("s.toml", alpha_sweep());
  const fs::path out = dir() / "out.jsonl";
  const Outcome first = sweep(file, "--out " + quoted(out));
  ASSERT_EQ(first.status, 0) << first.err;
  const auto lines = lines_of(read_text(out));
  ASSERT_EQ(lines.size(), 7u);
  const json header = json::parse(lines[0]);
  EXPECT_EQ(header.at("kind"), "sweep");
  EXPECT_EQ(header.at("points"), 6);
  const std::map<std::size_t, json> found = points(out);
  ASSERT_EQ(found.size(), 6u);
  EXPECT_EQ(found.at(0).at("parameters").at("model.alpha"), "0.5");
  EXPECT_EQ(found.at(3).at("parameters").at("model.alpha"), "0.75");
  EXPECT_EQ(found.at(3).at("parameters").at("model.u_min"), "-1/10");
  for (const auto& [i, line] : found) {
    EXPECT_FALSE(line.contains("error")) << line.dump();
    EXPECT_EQ(line.at("precision"), "double");
    EXPECT_EQ(line.at("case_hash").get<std::string>().size(), 16u);
    EXPECT_TRUE(line.at("lyapunov").at("defined").get<bool>()) << line.dump();
    EXPECT_TRUE(line.at("impacts_per_period").is_number());
  }
  EXPECT_NE(found.at(0).at("case_hash"), found.at(1).at("case_hash"));
  const Outcome again = sweep(file, "--out " + quoted(out) + " --json");
  ASSERT_EQ(again.status, 0) << again.err;
  EXPECT_EQ(json::parse(again.out).at("computed"), 0);
  EXPECT_EQ(json::parse(again.out).at("skipped"), 6);
  EXPECT_EQ(read_text(out).size(), [&] {
    std::size_t n = 0;
    for (const auto& l : lines) n += l.size() + 1;
    return n;
  }());
}

TEST_F(Sweep, ResumesAfterAKillComputingTheCutLineAgain) {
  write("base.toml", ided_case());
  const fs::path file = write("s.toml", alpha_sweep());
  const fs::path out = dir() / "out.jsonl";
  ASSERT_EQ(sweep(file, "--out " + quoted(out)).status, 0);
  const std::map<std::size_t, json> whole = points(out);
  // What a kill leaves: the last two lines gone, and the one before them cut half-way.
  const std::vector<std::string> lines = lines_of(read_text(out));
  std::string cut;
  for (std::size_t i = 0; i + 3 < lines.size(); ++i) cut += lines[i] + "\n";
  cut += lines[lines.size() - 3].substr(0, lines[lines.size() - 3].size() / 2);
  write("out.jsonl", cut);
  const Outcome resumed = sweep(file, "--out " + quoted(out) + " --json");
  ASSERT_EQ(resumed.status, 0) << resumed.err;
  EXPECT_EQ(json::parse(resumed.out).at("computed"), 3);
  EXPECT_EQ(json::parse(resumed.out).at("skipped"), 3);
  EXPECT_EQ(points(out), whole);
}

// A real kill: SIGKILL once the result file holds the header and two points (polled every
// 10 ms; 20 points of ~20 ms each on 2 threads leave ~0.2 s to land in). The kill must have
// landed part-way (some points finished, not all), and the rerun finishes the sweep with every
// point equal to the uninterrupted run's.
TEST_F(Sweep, ResumesAfterSigkill) {
  constexpr std::size_t total = 20;
  write("base.toml", ided_case(20000));
  const fs::path file = write("s.toml", alpha_sweep(R"(["lyapunov", "impacts"])", total));
  const fs::path whole = dir() / "whole.jsonl", killed = dir() / "killed.jsonl";
  ASSERT_EQ(sweep(file, "--threads 2 --out " + quoted(whole)).status, 0);
  const std::string command =
      "(" + quoted(test_paths::vibro_executable) + " sweep " + quoted(file) + " --quiet --threads 2 --out " +
      quoted(killed) + " >/dev/null 2>&1 & pid=$!; n=0; while [ $n -lt 1000 ] && [ \"$(cat " + quoted(killed) +
      " 2>/dev/null | wc -l)\" -lt 3 ]; do sleep 0.01; n=$((n+1)); done; " + "kill -9 $pid; wait $pid) 2>/dev/null";
  ASSERT_NE(std::system(command.c_str()), -1);
  // Whole lines only: the header, then the finished points (a last line may be cut).
  const std::string left = read_text(killed);
  const auto newlines = static_cast<std::size_t>(std::count(left.begin(), left.end(), '\n'));
  const std::size_t before = newlines > 0 ? newlines - 1 : 0;
  EXPECT_GE(before, 2u) << "the kill came before two points were written";
  EXPECT_LT(before, total) << "the sweep finished before the kill: nothing was resumed";
  const Outcome resumed = sweep(file, "--threads 2 --json --out " + quoted(killed));
  ASSERT_EQ(resumed.status, 0) << resumed.err;
  EXPECT_EQ(json::parse(resumed.out).at("skipped"), before);
  EXPECT_EQ(points(killed), points(whole));
}

/// A point refused by --max-steps (or whose run failed) is not finished: a rerun with a
/// larger limit computes it again and the file ends with one line per point, none an error.
TEST_F(Sweep, AFailedPointIsComputedAgainByTheNextRun) {
  write("base.toml", ps_case());  // 2000 steps a point
  const fs::path file = write("s.toml", "[sweep]\nname = \"retry\"\ncase = \"base.toml\"\ncompute = [\"impacts\"]\n"
                                        "[[parameter]]\nkey = \"model.alpha\"\nvalues = [0.1, 0.2]\n");
  const fs::path out = dir() / "out.jsonl";
  const Outcome limited = sweep(file, "--json --max-steps 100 --out " + quoted(out));
  ASSERT_EQ(limited.status, 0) << limited.err;
  EXPECT_EQ(json::parse(limited.out).at("failed"), 2);
  for (const auto& [point, line] : points(out)) EXPECT_TRUE(line.contains("error")) << point;
  const Outcome rerun = sweep(file, "--json --out " + quoted(out));
  ASSERT_EQ(rerun.status, 0) << rerun.err;
  EXPECT_EQ(json::parse(rerun.out).at("computed"), 2);
  EXPECT_EQ(json::parse(rerun.out).at("skipped"), 0);
  EXPECT_EQ(json::parse(rerun.out).at("failed"), 0);
  const std::map<std::size_t, json> done = points(out);
  EXPECT_EQ(done.size(), 2u);
  for (const auto& [point, line] : done) {
    EXPECT_FALSE(line.contains("error")) << line.dump();
    EXPECT_TRUE(line.contains("impacts")) << line.dump();
  }
  // A third run finds both finished.
  EXPECT_EQ(json::parse(sweep(file, "--json --out " + quoted(out)).out).at("skipped"), 2);
}

/// One result file holds one precision: resuming with another --precision is refused (it
/// mixed 19 double and 21 long-double points, exit 0), with the same one it goes on.
TEST_F(Sweep, RefusesToResumeAtAnotherPrecision) {
  write("base.toml", ided_case());
  const fs::path file = write("s.toml", alpha_sweep());
  const fs::path out = dir() / "out.jsonl";
  ASSERT_EQ(sweep(file, "--precision double --out " + quoted(out)).status, 0);
  const std::string written = read_text(out);
  EXPECT_EQ(json::parse(lines_of(written).front()).at("precision"), "double");
  EXPECT_TRUE(bad_input(sweep(file, "--precision long-double --out " + quoted(out)),
                        {"key '--precision'", "computed at double", "this run is at long-double"}));
  EXPECT_TRUE(bad_input(sweep(file, "--out " + quoted(out)), {"key '--precision'", "each case's own precision"}));
  EXPECT_EQ(read_text(out), written);
  const Outcome same = sweep(file, "--precision double --json --out " + quoted(out));
  ASSERT_EQ(same.status, 0) << same.err;
  EXPECT_EQ(json::parse(same.out).at("skipped"), 6);
}

/// Resume trusts nothing of the file beyond what it can check: a point line with another
/// point's parameters, a negative impact count, a missing quantity, a point twice, or a header
/// changed in any field is refused (exit 2), the file untouched.
TEST_F(Sweep, ResumeRefusesLinesAndHeadersThisSweepDidNotWrite) {
  write("base.toml", ided_case());
  const fs::path file = write("s.toml", alpha_sweep());
  const fs::path out = dir() / "out.jsonl";
  ASSERT_EQ(sweep(file, "--out " + quoted(out)).status, 0);
  const std::vector<std::string> lines = lines_of(read_text(out));
  ASSERT_EQ(lines.size(), 7u);
  const auto forged = [&](const std::string& name, const std::function<void(std::vector<json>&)>& edit) {
    std::vector<json> parsed;
    for (const std::string& line : lines) parsed.push_back(json::parse(line));
    edit(parsed);
    std::string text;
    for (const json& j : parsed) text += j.dump() + "\n";
    const fs::path path = write(name + ".jsonl", text);
    EXPECT_TRUE(bad_input(sweep(file, "--out " + quoted(path)), {"key '--out'", name + ".jsonl"})) << name;
    EXPECT_EQ(read_text(path), text) << name;
  };
  forged("other-parameters", [](std::vector<json>& l) { l[1]["parameters"]["model.alpha"] = "42"; });
  forged("negative-impacts", [](std::vector<json>& l) { l[2]["impacts"] = -7; });
  forged("missing-lyapunov", [](std::vector<json>& l) { l[3].erase("lyapunov"); });
  forged("twice", [](std::vector<json>& l) { l.push_back(l[4]); });
  forged("not-a-point", [](std::vector<json>& l) { l[5]["kind"] = "garbage"; });
  for (const char* key : {"points", "sweep", "compute", "parameters"})
    forged(std::string("header-") + key, [key](std::vector<json>& l) {
      l[0][key] = std::string(key) == "points" ? json(41) : json("forged");
    });
  forged("header-extra", [](std::vector<json>& l) { l[0]["extra"] = 1; });
  forged("header-hash-number", [](std::vector<json>& l) { l[0]["sweep_hash"] = 5; });
  // Round 4: a forged case hash, a negative rate or wall time, an unknown member were kept.
  forged("forged-hash", [](std::vector<json>& l) { l[1]["case_hash"] = "0123456789abcdef"; });
  forged("negative-rate", [](std::vector<json>& l) { l[2]["impacts_per_period"] = -0.5; });
  forged("negative-seconds", [](std::vector<json>& l) { l[3]["seconds"] = -1; });
  forged("unknown-member", [](std::vector<json>& l) { l[4]["extra"] = 1; });
  // The file as written resumes.
  EXPECT_EQ(json::parse(sweep(file, "--json --out " + quoted(out)).out).at("skipped"), 6);
}

/// A strobe's samples are checked as the strobe writes them (round 4 kept {"u": ["garbage"]}
/// and one sample of five).
TEST_F(Sweep, ResumeRefusesStrobeSamplesTheStrobeDidNotWrite) {
  write("base.toml", ps_case());
  const fs::path file = write("s.toml", strobe_sweep("bif", 2, 5, "[[parameter]]\nkey = \"model.omega\"\nvalues = [1.5, 2]\n"));
  const fs::path out = dir() / "out.jsonl";
  ASSERT_EQ(sweep(file, "--out " + quoted(out)).status, 0);
  const std::vector<std::string> lines = lines_of(read_text(out));
  ASSERT_EQ(lines.size(), 3u);
  for (const auto& [name, edit] : std::vector<std::pair<std::string, std::function<void(json&)>>>{
           {"garbage", [](json& p) { p["strobe"]["u"] = json::array({"garbage"}); }},
           {"one-sample", [](json& p) { p["strobe"]["u"] = json::array({0.5}); }},
           {"late-start", [](json& p) { p["strobe"]["first_period"] = 7; }},
           {"extra-member", [](json& p) { p["strobe"]["w"] = json::array(); }}}) {
    json point = json::parse(lines[1]);
    edit(point);
    const std::string text = lines[0] + "\n" + point.dump() + "\n" + lines[2] + "\n";
    const fs::path path = write(name + ".jsonl", text);
    EXPECT_TRUE(bad_input(sweep(file, "--out " + quoted(path)), {"key '--out'", name + ".jsonl", "strobe"})) << name;
    EXPECT_EQ(read_text(path), text) << name;
  }
  EXPECT_EQ(json::parse(sweep(file, "--json --out " + quoted(out)).out).at("skipped"), 2);
}

TEST_F(Sweep, RefusesAResultFileOfAnotherSweep) {
  write("base.toml", ided_case());
  const fs::path out = dir() / "out.jsonl";
  ASSERT_EQ(sweep(write("s.toml", alpha_sweep()), "--out " + quoted(out)).status, 0);
  const std::string before = read_text(out);
  EXPECT_TRUE(bad_input(sweep(write("s.toml", alpha_sweep(R"(["lyapunov", "impacts"])", 4)), "--out " + quoted(out)),
                        {"out.jsonl", "different sweep definition"}));
  // A changed base case is another definition too.
  write("s.toml", alpha_sweep());
  write("base.toml", ided_case(61));
  EXPECT_TRUE(bad_input(sweep(dir() / "s.toml", "--out " + quoted(out)), {"different sweep definition"}));
  EXPECT_EQ(read_text(out), before);
  EXPECT_TRUE(bad_input(sweep(dir() / "s.toml", "--out " + quoted(write("other.txt", "hello\n"))),
                        {"other.txt", "not a JSON object"}));
}

TEST_F(Sweep, ResultsDoNotDependOnTheThreadCount) {
  write("base.toml", ided_case());
  const fs::path file = write("s.toml", alpha_sweep(R"(["lyapunov", "impacts"])", 5));
  const fs::path one = dir() / "one.jsonl", two = dir() / "two.jsonl";
  ASSERT_EQ(sweep(file, "--threads 1 --out " + quoted(one)).status, 0);
  ASSERT_EQ(sweep(file, "--threads 2 --out " + quoted(two)).status, 0);
  EXPECT_EQ(points(one).size(), 10u);
  EXPECT_EQ(points(one), points(two));
}

// The same exponent through an independent path: the case written out by hand with the
// point's values, run by `vibro lyapunov`.
TEST_F(Sweep, LambdaEqualsVibroLyapunovOnTheSameCase) {
  write("base.toml", ided_case());
  const fs::path out = dir() / "out.jsonl";
  ASSERT_EQ(sweep(write("s.toml", alpha_sweep()), "--out " + quoted(out)).status, 0);
  for (const auto& [i, line] : points(out)) {
    const std::string alpha = line.at("parameters").at("model.alpha");
    const std::string u_min = line.at("parameters").at("model.u_min");
    std::string text = ided_case(60, "\"" + alpha + "\"");
    text.replace(text.find("u_min = 0"), 9, "u_min = \"" + u_min + "\"");
    const Outcome single = vibro("lyapunov " + quoted(write("point.toml", text)) + " --ensemble 0 --quiet --json");
    ASSERT_EQ(single.status, 0) << single.err;
    const json l = json::parse(single.out).at("lyapunov");
    EXPECT_EQ(l.at("lambda1_per_period"), line.at("lyapunov").at("lambda1_per_period")) << "point " << i;
    EXPECT_EQ(l.at("lambda2_per_period"), line.at("lyapunov").at("lambda2_per_period")) << "point " << i;
  }
}

// A convergence order per point: the point's study equals `vibro converge --json`'s on the
// case written out by hand with the point's ω (its study settings, floor and orders), and
// the fitted position order is the scheme's first order (seed 000 §2) within the widest band
// an order is ever given (max_order_band) — Paoli–Schatzman on a periodic impacting orbit.
TEST_F(Sweep, OrderEqualsVibroConvergeOnTheSameCase) {
  const std::string study = ps_case() + "[convergence]\nsteps_per_period = [200, 400, 800, 1600, 3200, 6400]\n";
  write("base.toml", study);
  const fs::path out = dir() / "out.jsonl";
  const std::string file = write("o.sweep.toml", "[sweep]\nname = \"o\"\ncase = \"base.toml\"\ncompute = [\"order\"]\n"
                                                  "[[parameter]]\nkey = \"model.omega\"\nvalues = [2, \"2.1\"]\n");
  ASSERT_EQ(sweep(file, "--out " + quoted(out)).status, 0);
  const auto lines = points(out);
  ASSERT_EQ(lines.size(), 2u);
  for (const auto& [i, line] : lines) {
    ASSERT_TRUE(line.contains("order")) << line.dump();
    std::string text = study;
    text.replace(text.find("omega = 2"), 9, "omega = \"" + line.at("parameters").at("model.omega").get<std::string>() + "\"");
    const Outcome single = vibro("converge " + quoted(write("point.toml", text)) + " --quiet --json --timing-repeats 0");
    ASSERT_EQ(single.status, 0) << single.err;
    const json convergence = json::parse(single.out).at("convergence");
    EXPECT_EQ(convergence.at("orders"), line.at("order").at("orders")) << "point " << i;
    EXPECT_EQ(convergence.at("rows"), line.at("order").at("rows")) << "point " << i;
    const json& position = line.at("order").at("orders").at("position_linf");
    ASSERT_TRUE(position.at("least_squares").is_number()) << position.dump();
    EXPECT_NEAR(position.at("least_squares").get<double>(), 1.0, vibro::max_order_band) << position.dump();
  }
  // A base case without a [convergence] table is refused before any work.
  write("base.toml", ps_case());
  EXPECT_TRUE(bad_input(sweep(file), {"o.sweep.toml", "sweep.compute", "no [convergence] table"}));
}

TEST_F(Sweep, StroboscopicSamplesAfterTheTransient) {
  write("base.toml", ps_case());
  const fs::path out = dir() / "out.jsonl";
  swept("s.toml",
        strobe_sweep("bif", 5, 7,
                     "[[parameter]]\nkey = \"model.omega\"\nfrom = 1.5\nto = 2.5\ncount = 3\n"
                     "[[parameter]]\nkey = \"step.steps_per_period\"\nfrom = 100\nto = 400\ncount = 2\nspacing = \"log\"\n"),
        out);
  const auto found = points(out);
  ASSERT_EQ(found.size(), 6u);
  for (const auto& [i, line] : found) {
    EXPECT_FALSE(line.contains("error")) << line.dump();
    EXPECT_EQ(line.at("strobe").at("first_period"), 6);
    EXPECT_EQ(line.at("strobe").at("u").size(), 7u);
    EXPECT_EQ(line.at("strobe").at("v").size(), 7u);
    EXPECT_TRUE(line.at("impacts").is_number_integer());
  }
  EXPECT_EQ(found.at(1).at("parameters").at("step.steps_per_period"), "400");
}

// The relations of the published tables at every point, by `vibro check`'s code, on the
// shipped family's IDED and IDND cases set to the point's α (30 periods): the relation
// between them is evaluated, those needing a method the sweep lacks are not computable.
TEST_F(Sweep, RelationOutcomesOnTheSweptFamily) {
  const fs::path cases = fs::path(test_paths::cases_dir) / "lyapunov";
  const std::string text = "[sweep]\nname = \"rel\"\ncase = " + quoted_toml(cases / "ided.toml") +
                           "\nrelation_cases = [" + quoted_toml(cases / "idnd.toml") +
                           "]\ncompute = [\"lyapunov\", \"relations\"]\n"
                           "[[parameter]]\nkey = \"model.alpha\"\nvalues = [0.9, 1]\n"
                           "[[parameter]]\nkey = \"horizon.periods\"\nvalues = [30]\n";
  const fs::path out = dir() / "out.jsonl";
  const Outcome run = sweep(write("s.sweep.toml", text), "--out " + quoted(out));
  ASSERT_EQ(run.status, 0) << run.err;
  const auto found = points(out);
  ASSERT_EQ(found.size(), 2u);
  for (const auto& [i, line] : found) {
    const json& relations = line.at("relations");
    const std::string agree = relations.at("ided-idnd-agree").at("outcome");
    EXPECT_TRUE(agree == "holds" || agree == "contradicted") << line.dump();
    EXPECT_TRUE(relations.at("ided-idnd-agree").contains("measures"));
    EXPECT_EQ(relations.at("nsnd-3h-close").at("outcome"), "not computable");
  }
  // Without a relation case the sweep is refused before any work.
  std::string alone = text;
  alone.erase(alone.find("relation_cases"), alone.find("compute") - alone.find("relation_cases"));
  EXPECT_TRUE(bad_input(sweep(write("a.sweep.toml", alone)), {"a.sweep.toml", "sweep.relation_cases"}));
}

// Every line of a result file with every kind of content against docs/schema/sweep.schema.json.
TEST_F(Sweep, ResultLinesMatchTheirSchema) {
  write("base.toml", ps_case());
  const fs::path out = dir() / "out.jsonl", out2 = dir() / "out2.jsonl";
  swept("s.sweep.toml",
        strobe_sweep("schema", 2, 3,
                     "[[parameter]]\nkey = \"model.omega\"\nvalues = [2, 2.5]\n"
                     "[[parameter]]\nkey = \"case.precision\"\nvalues = [\"double\", \"mpfr:20\"]\n"),
        out);
  write("base_ided.toml", ided_case(20));
  std::string lyapunov = alpha_sweep(R"(["lyapunov", "impacts"])", 2);
  lyapunov.replace(lyapunov.find("base.toml"), 9, "base_ided.toml");
  swept("l.sweep.toml", lyapunov, out2);
  write("base_study.toml", ps_case() + "[convergence]\nsteps_per_period = [100, 200, 400, 800, 1600]\n");
  const fs::path out3 = dir() / "out3.jsonl";
  swept("o.sweep.toml",
        "[sweep]\nname = \"o\"\ncase = \"base_study.toml\"\ncompute = [\"order\"]\n"
        "[[parameter]]\nkey = \"case.precision\"\nvalues = [\"double\", \"mpfr:20\"]\n",
        out3);
  const fs::path source = fs::path(test_paths::cases_dir).parent_path();
  std::string command = "/usr/bin/python3 " + quoted(source / "tests/support/validate_json.py") + " " +
                        quoted(source / "docs/schema/sweep.schema.json");
  std::size_t n = 0;
  for (const fs::path& file : {out, out2, out3})
    for (const std::string& line : lines_of(read_text(file))) command += " " + quoted(write("line" + std::to_string(n++) + ".json", line));
  EXPECT_EQ(n, 13u);
  EXPECT_EQ(std::system((command + " >" + quoted(dir() / "validator.txt") + " 2>&1").c_str()), 0)
      << read_text(dir() / "validator.txt");
  // The MPFR points carry their numbers' full texts.
  for (const auto& [i, line] : points(out))
    EXPECT_EQ(line.at("strobe").contains("u_text"), line.at("precision") == "mpfr:20") << line.dump();
}

TEST(SweepFiles, ShippedSweepsLoadAndAreNoCases) {
  for (const fs::path& file : vibro::case_files(test_paths::cases_dir))
    EXPECT_FALSE(file.filename().string().ends_with(".sweep.toml")) << file;
  std::size_t sweeps = 0;
  for (const auto& entry : fs::directory_iterator(fs::path(test_paths::cases_dir) / "sweeps")) {
    ASSERT_TRUE(entry.path().filename().string().ends_with(".sweep.toml")) << entry.path();
    const vibro::SweepSpec sweep = vibro::load_sweep(entry.path(), false);
    EXPECT_GE(sweep.points(), 2u);
    ++sweeps;
  }
  EXPECT_GE(sweeps, 1u);
}

TEST(SweepFiles, LinearValuesAreExactAndLogValuesRoundTrip) {
  const fs::path dir = fs::path(::testing::TempDir()) / ("sweep_values_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "base.toml") << ided_case();
  const std::string text = "[sweep]\nname = \"v\"\ncase = \"base.toml\"\ncompute = [\"lyapunov\"]\n"
                           "[[parameter]]\nkey = \"model.alpha\"\nfrom = 0\nto = 1\ncount = 4\n"
                           "[[parameter]]\nkey = \"model.a\"\nfrom = 100\nto = 10000\ncount = 3\nspacing = \"log\"\n";
  const vibro::SweepSpec sweep = vibro::parse_sweep(text, "v.sweep.toml", dir, false);
  ASSERT_EQ(sweep.points(), 12u);
  std::vector<std::string> alphas, amplitudes;
  for (const auto& v : sweep.parameters[0].values) alphas.push_back(v.text);
  for (const auto& v : sweep.parameters[1].values) amplitudes.push_back(v.text);
  EXPECT_EQ(alphas, (std::vector<std::string>{"0", "1/3", "2/3", "1"}));
  EXPECT_EQ(amplitudes, (std::vector<std::string>{"100", "1000", "10000"}));
  // The last parameter varies fastest.
  EXPECT_EQ(vibro::overrides_text(sweep.overrides(4)), "model.alpha = 1/3, model.a = 1000");
  fs::remove_all(dir);
}

}  // namespace
