// Peak memory of a run against its number of steps: a run keeps what its result shows
// (final state, counters, one stroboscopic sample per period, the first projection steps),
// never its trajectory, and a convergence study accumulates its errors as each run goes
// (analysis/convergence.hpp). So peak RSS should not grow with the steps.
//
// Each figure is one child process (fork) that runs one case through vibro::run_case, as
// `vibro run` does, and exits; the parent reads the child's peak resident set size from
// wait4. The case is the period-1 impacting orbit of cases/study_ps_centered_periodic.toml
// (α = 0.1, a = 1, ω = 2, u_min = 0, e = 0.8) over 10 periods, with N/10 steps per period,
// by:
//   ps       Paoli–Schatzman (centered, taylor start);
//   ccn      the corrected Crank–Nicolson scheme;
//   ps-study the Paoli–Schatzman study at N/40, N/20 and N/10 steps per period against the
//            exact-detection reference (so N steps at the finest step size, 1.75 N in all).
// Printed: peak RSS in MiB per N = 1e3, 1e6, 1e7, 1e8, and its ratio to the N = 1e3 run of
// the same kind, measured in the same invocation. Target: every ratio ≤ 2.
//
// Then the exact-detection reference over P periods of the same orbit (one impact a period),
// for what is not kept — its memory must be flat in P:
//   reference        the reference run keeping neither events nor samples (RunOptions), as
//                    a sweep's transient is run;
//   plain-reference  the reference run as `vibro run CASE --no-error-estimate` prints it in
//                    text: its first 12 events, every event counted, and its last sample;
//   estimated-ref    the same with its error estimate, as `vibro run CASE` prints it: the
//                    case at 20 more digits run in step, each event compared as it comes;
//   json-reference   the plain reference run as `vibro run CASE --no-error-estimate --json`
//                    writes it: every event and sample spooled to the temporary directory as
//                    found, then spliced into its JSON (io/spooled_run_json.hpp), written to
//                    /dev/null;
//   precision-list   the same at double and long double, as `vibro run CASE --precision
//                    double,long-double --no-error-estimate --json` writes it: both runs
//                    spooled, compared element by element from the spools (ComparedRuns);
//   sweep-transient  one sweep point computing `strobe` with transient P and 10 samples
//                    (compute_point_quantities, as `vibro sweep` runs a point).
// Printed per P = 1e2, 1e4, 1e5 with the ratio to P = 1e2. Target: every ratio ≤ 1.1.
//
//   ./build/release/bench/bench_memory            # all sizes (about 60 s)
//   ./build/release/bench/bench_memory 1000000    # the step counts given, and P = 1e2, 1e4

#include "vibro/io/case_file.hpp"
#include "vibro/io/run_comparison.hpp"
#include "vibro/io/spooled_run_json.hpp"
#include "vibro/run/run_case.hpp"
#include "vibro/sweep/sweep_point.hpp"

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

namespace {

struct Kind {
  const char* name;
  const char* scheme;
  bool study;
};

std::string case_text(const Kind& kind, std::int64_t steps) {
  const std::int64_t per_period = steps / 10;
  std::string text =
      "[case]\nname = \"memory\"\nprecision = \"double\"\n"
      "[model]\ntype = \"impact-oscillator\"\nalpha = 0.1\na = 1\nomega = 2\nu_min = 0\ne = 0.8\n"
      "[initial]\nu0 = 0.5\nv0 = 0\n"
      "[scheme]\ntype = \"" + std::string(kind.scheme) + "\"\n" +
      "[step]\nsteps_per_period = " + std::to_string(kind.study ? per_period / 4 : per_period) + "\n" +
      "[horizon]\nperiods = 10\n";
  if (kind.study)
    text += "[convergence]\nsteps_per_period = [" + std::to_string(per_period / 4) + ", " +
            std::to_string(per_period / 2) + ", " + std::to_string(per_period) + "]\n";
  return text;
}

/// The orbit's reference case over `periods` periods.
std::string reference_case_text(std::int64_t periods) {
  return "[case]\nname = \"memory\"\nprecision = \"double\"\n"
         "[model]\ntype = \"impact-oscillator\"\nalpha = 0.1\na = 1\nomega = 2\nu_min = 0\ne = 0.8\n"
         "[initial]\nu0 = 0.5\nv0 = 0\n[scheme]\ntype = \"reference\"\n[horizon]\nperiods = " +
         std::to_string(periods) + "\n";
}

/// Peak RSS in KiB of a child that calls `work()`, or −1 when the child failed (`what` and
/// `size` name it on stderr).
template <class Work>
long peak_rss_kib_of(const char* what, std::int64_t size, const Work& work) {
  const pid_t child = ::fork();
  if (child == 0) {
    try {
      work();
    } catch (const std::exception& error) {
      std::fprintf(stderr, "%s at %lld: %s\n", what, static_cast<long long>(size), error.what());
      std::_Exit(1);
    }
    std::_Exit(0);
  }
  int status = 0;
  rusage usage{};
  if (child < 0 || ::wait4(child, &status, 0, &usage) != child || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
    return -1;
  return usage.ru_maxrss;
}

/// Peak RSS in KiB of a run of the case of `kind` with `steps` steps.
long peak_rss_kib(const Kind& kind, std::int64_t steps) {
  const std::string text = case_text(kind, steps);
  return peak_rss_kib_of(kind.name, steps, [&] {
    vibro::RunOptions options;
    options.threads = 1;
    options.error_estimate = false;
    vibro::run_case(vibro::parse_case(text, "memory.toml"), options);
  });
}

/// What the reference run over P periods keeps: nothing, what the text of `vibro run` shows
/// (without and with its error estimate), or a sweep point's samples after its transient.
enum class ReferenceKind { nothing, plain, estimated, json, precision_list, sweep };

const char* name_of(ReferenceKind kind) {
  switch (kind) {
    case ReferenceKind::nothing: return "reference";
    case ReferenceKind::plain: return "plain-reference";
    case ReferenceKind::estimated: return "estimated-ref";
    case ReferenceKind::json: return "json-reference";
    case ReferenceKind::precision_list: return "precision-list";
    case ReferenceKind::sweep: return "sweep-transient";
  }
  return "";
}

/// Peak RSS in KiB of the reference over `periods` periods keeping what `kind` keeps, or of a
/// sweep point computing `strobe` with that transient and 10 samples.
long reference_peak_rss_kib(ReferenceKind kind, std::int64_t periods) {
  return peak_rss_kib_of(name_of(kind), periods, [&] {
    vibro::RunOptions options;
    options.error_estimate = kind == ReferenceKind::estimated;
    if (kind != ReferenceKind::sweep) {
      // As cli/run_verb.cpp sets them (12 events listed, the last sample; the rest spooled
      // for the JSON).
      const bool text = kind != ReferenceKind::nothing;
      options.events_kept = text ? 12 : 0;
      options.keep_sections_from = text ? periods : periods + 1;
      const vibro::CaseSpec c = vibro::parse_case(reference_case_text(periods), "memory.toml");
      if (kind != ReferenceKind::json && kind != ReferenceKind::precision_list) {
        vibro::run_case(c, options);
        return;
      }
      std::ofstream out("/dev/null");
      const auto write = [&](std::string_view piece) { out << piece; };
      if (kind == ReferenceKind::json) {
        vibro::ListingSpool spool;
        options.listing = &spool;
        vibro::write_spooled_run_json(vibro::run_case(c, options), spool, write);
        return;
      }
      vibro::ListingSpool spools[2];
      std::vector<vibro::RunResult> results;
      for (int r = 0; r < 2; ++r) {
        options.precision = vibro::Precision::parse(r == 0 ? "double" : "long-double");
        options.listing = &spools[r];
        results.push_back(vibro::run_case(c, options));
      }
      vibro::ComparedRuns(results, {&spools[0], &spools[1]}).write_json(write);
      return;
    }
    vibro::SweepComputation compute;
    compute.strobe = true;
    compute.strobe_transient = periods;
    compute.strobe_samples = 10;
    vibro::SweepPointResult point;
    vibro::compute_point_quantities({vibro::parse_case(reference_case_text(1), "memory.toml"), {}}, compute, options,
                                    point);
  });
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::int64_t> sizes = {1'000, 1'000'000, 10'000'000, 100'000'000};
  if (argc > 1) {
    sizes.assign({1'000});
    for (int i = 1; i < argc; ++i) sizes.push_back(std::atoll(argv[i]));
  }
  const Kind kinds[] = {{"ps", "paoli-schatzman", false},
                        {"ccn", "corrected-crank-nicolson", false},
                        {"ps-study", "paoli-schatzman", true}};
  std::printf("%-9s %12s %14s %12s\n", "kind", "steps N", "peak RSS MiB", "/ N = 1e3");
  bool within_target = true;
  for (const Kind& kind : kinds) {
    long baseline = -1;
    for (const std::int64_t steps : sizes) {
      const long kib = peak_rss_kib(kind, steps);
      if (kib < 0) return 1;
      if (baseline < 0) baseline = kib;
      const double ratio = static_cast<double>(kib) / static_cast<double>(baseline);
      within_target = within_target && ratio <= 2;
      std::printf("%-9s %12lld %14.1f %12.2f\n", kind.name, static_cast<long long>(steps), kib / 1024.0, ratio);
    }
  }
  std::printf("target (every ratio <= 2): %s\n", within_target ? "met" : "NOT met");

  std::vector<std::int64_t> periods = {100, 10'000, 100'000};
  if (argc > 1) periods.assign({100, 10'000});
  std::printf("\n%-16s %10s %14s %12s\n", "kind", "periods P", "peak RSS MiB", "/ P = 1e2");
  bool flat = true;
  for (const ReferenceKind kind :
       {ReferenceKind::nothing, ReferenceKind::plain, ReferenceKind::estimated, ReferenceKind::json,
        ReferenceKind::precision_list, ReferenceKind::sweep}) {
    long baseline = -1;
    for (const std::int64_t p : periods) {
      const long kib = reference_peak_rss_kib(kind, p);
      if (kib < 0) return 1;
      if (baseline < 0) baseline = kib;
      const double ratio = static_cast<double>(kib) / static_cast<double>(baseline);
      flat = flat && ratio <= 1.1;
      std::printf("%-16s %10lld %14.1f %12.2f\n", name_of(kind), static_cast<long long>(p), kib / 1024.0, ratio);
    }
  }
  std::printf("target (every ratio <= 1.1): %s\n", flat ? "met" : "NOT met");
  return within_target && flat ? 0 : 1;
}
