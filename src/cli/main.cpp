// The `vibro` command line: one executable, verbs (docs/architecture.md), one file each
// (cli/verb.hpp). Exit codes: 0 success; 1 a failed check or run (an expectation that does
// not hold, a run that cannot go on, a file that cannot be written); 2 bad input or usage.
// Every error is one line on stderr, "vibro: error: ...".

#include "common_options.hpp"
#include "progress_meter.hpp"
#include "verb.hpp"
#include "version_text.hpp"

#include "vibro/external/program_processes.hpp"
#include "vibro/io/interrupt_cleanup.hpp"
#include "vibro/support/input_error.hpp"

#include <CLI/CLI.hpp>
#include <dlfcn.h>
#include <fmt/format.h>

#include <algorithm>
#include <csignal>
#include <cstdint>
#include <exception>
#include <iostream>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace {

using vibro::cli::CommonOptions;

/// Memory held back for the way out of an exhausted heap. When an allocation fails, the
/// new-handler frees it and the failure is thrown as std::bad_alloc: the unwinding then has
/// room to free what was built, which itself allocates (nlohmann::json's destructor keeps a
/// stack of the values it frees), and main() its one-line error. Without it, round 4's
/// `run --precision double,long-double` of a long reference ended in std::terminate, exit 134.
void* memory_for_the_way_out = nullptr;
constexpr std::size_t memory_for_the_way_out_bytes = std::size_t{64} << 20;

void release_memory_for_the_way_out() {
  ::operator delete(std::exchange(memory_for_the_way_out, nullptr));
  std::set_new_handler(nullptr);
  throw std::bad_alloc();
}

/// The message for a command line the parser refused: an unknown verb or none is named with
/// the verbs there are.
void explain_parse_error(CLI::App& app, const CLI::ParseError& error) {
  const std::vector<std::string> left = app.remaining();
  std::string verbs;
  for (const CLI::App* verb : app.get_subcommands({})) verbs += (verbs.empty() ? "" : ", ") + verb->get_name();
  if (app.get_subcommands().empty() && !left.empty() && !left.front().starts_with("-")) {
    std::cerr << "vibro: error: unknown verb '" << vibro::shown_input(left.front()) << "' (allowed: " << verbs
              << "; see vibro --help)\n";
  } else if (app.get_subcommands().empty() && left.empty()) {
    std::cerr << "vibro: error: no verb given (allowed: " << verbs << "; see vibro --help)\n";
  } else {
    std::cerr << "vibro: error: " << vibro::one_line(error.what()) << " (see vibro --help)\n";
  }
}

/// Siconos (the peer) links OpenBLAS, whose threaded build starts a worker per core as it is
/// loaded and lets it spin (sched_yield) for about a tenth of a second before it sleeps: on two
/// cores, the core a user's program or a study's second thread would have. Nothing in vibro
/// calls BLAS but the Siconos peer, for which OpenBLAS starts its workers again. Found by name,
/// so that a build without OpenBLAS needs nothing.
void stop_idle_blas_threads() {
  using Shutdown = int (*)();
  if (const auto shutdown = reinterpret_cast<Shutdown>(dlsym(RTLD_DEFAULT, "blas_thread_shutdown_"))) shutdown();
}

}  // namespace

int main(int argc, char** argv) {
  stop_idle_blas_threads();
  // A file-size limit (ulimit -f) then makes a write fail with EFBIG, which every write
  // checks, instead of killing the process with a half-written file.
  std::signal(SIGXFSZ, SIG_IGN);
  memory_for_the_way_out = ::operator new(memory_for_the_way_out_bytes);
  std::set_new_handler(release_memory_for_the_way_out);
  // A user's program and everything it starts end with vibro and with the program's timeout,
  // even a descendant that leaves its process group (docs/own_scheme.md "What vibro stops").
  vibro::adopt_escaped_descendants();
  // Ctrl-C or a kill during a run stops those programs and removes the temporary file of an
  // output being written.
  vibro::InterruptCleanup::install(&vibro::stop_every_program);

  CLI::App app{"vibro: verification and reproducibility harness for vibro-impact time-stepping schemes"};
  app.require_subcommand(1);
  app.fallthrough();
  std::string precision_text;
  CommonOptions common;
  app.add_option("--precision", precision_text,
                 "Scalar type: double, long-double, float128, mpfr:DIGITS, rational; for run, a comma list "
                 "(double,mpfr:50) runs the case at each and prints the results side by side with their differences");
  app.add_flag("--json", common.json, "Machine-readable output on stdout");
  common.threads = std::max(1u, std::thread::hardware_concurrency());
  app.add_option("--threads", common.threads,
                 "Threads for the step sizes of a convergence study and the points of a sweep; for report, the runs "
                 "made at a time, each in a worker process (default: one per core)")
      ->check(CLI::Range(1u, 256u));
  std::int64_t max_steps = 0;
  app.add_option("--max-steps", max_steps,
                 "Most steps a case may ask for (its runs, sweep, study and Lyapunov trajectories; for run --enclose, "
                 "the most impacts enclosed); default: about ten minutes of one core at the run's precision (the "
                 "enclosure's digits)")
      ->check(CLI::Range(std::int64_t{1}, std::int64_t{1'000'000'000'000'000}));
  bool quiet = false;
  app.add_flag("--quiet", quiet, "No progress on stderr (by default: a line kept up to date on a terminal, else a "
                                 "line when long work starts and every 10 s)");
  app.set_version_flag("--version", vibro::cli::version_text());

  std::vector<std::unique_ptr<vibro::cli::Verb>> verbs;
  for (const auto make : {vibro::cli::list_verb, vibro::cli::run_verb, vibro::cli::converge_verb,
                          vibro::cli::lyapunov_verb, vibro::cli::orbits_verb, vibro::cli::check_verb,
                          vibro::cli::sweep_verb, vibro::cli::testset_verb, vibro::cli::report_verb})
    verbs.push_back(make(app, common));

  // Every verb takes the options above (fallthrough), so every verb's --help lists them.
  std::string shared_options = "Options of every verb (before or after it):\n";
  for (const CLI::Option* option : app.get_options())
    if (option->get_name() != "--help" && option->get_name() != "--version")
      shared_options += fmt::format("  {:<14}{}\n", option->get_name(), option->get_description());
  for (CLI::App* verb : app.get_subcommands({})) verb->footer(shared_options);

  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& done) {  // --help, --version
    return app.exit(done);
  } catch (const CLI::ParseError& error) {
    explain_parse_error(app, error);
    return vibro::cli::exit_bad_input;
  }

  try {
    if (!precision_text.empty() || app.count("--precision"))
      common.precisions = vibro::cli::parse_precisions(precision_text, "--precision");
    if (common.precisions.size() == 1) common.precision = common.precisions.front();
    const auto chosen = std::find_if(verbs.begin(), verbs.end(), [](const auto& verb) { return verb->chosen(); });
    if (chosen == verbs.end()) return vibro::cli::exit_bad_input;  // not reached: the parser requires one verb
    if (common.precisions.size() > 1 && !(*chosen)->takes_precision_list())
      throw vibro::InputError("", "--precision",
                              "a list of precisions ('" + precision_text + "') is for `vibro run` only (allowed here: one "
                                                                           "precision)");
    if (app.count("--max-steps")) common.max_steps = max_steps;
    std::optional<vibro::cli::ProgressMeter> meter;
    if (!quiet) common.progress = &meter.emplace(vibro::cli::stderr_is_terminal());
    // run and converge measure the rounding floor by default where it is cheap; the report
    // measures every study's (report_verb.cpp).
    if (common.no_measure_rounding) common.rounding_floor = vibro::RoundingFloor::model;
    else if (common.measure_rounding) common.rounding_floor = vibro::RoundingFloor::measured;
    common.command_line = "vibro";
    for (int i = 1; i < argc; ++i) common.command_line += std::string(" ") + argv[i];
    return (*chosen)->execute(common);
  } catch (const vibro::InputError& error) {
    std::cerr << "vibro: error: " << vibro::one_line(error.what()) << "\n";
    return vibro::cli::exit_bad_input;
  } catch (const std::bad_alloc&) {
    std::cerr << "vibro: error: out of memory: the computation needs more memory than it was given (ask for fewer "
                 "steps, a shorter horizon or a lower precision)\n";
    return vibro::cli::exit_failed;
  } catch (const std::exception& error) {
    std::cerr << "vibro: error: " << vibro::one_line(error.what()) << "\n";
    return vibro::cli::exit_failed;
  }
}
