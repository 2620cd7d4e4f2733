#pragma once
// What the verbs of `vibro` share: the options every verb takes, the exit codes, the help
// texts of options several verbs have, and the helpers they all use (the default cases
// directory, precisions from option text, --json-out).

#include "vibro/io/atomic_file.hpp"
#include "vibro/io/case_file.hpp"
#include "vibro/case/case_spec.hpp"
#include "vibro/case/run_options.hpp"
#include "vibro/scalar/precision.hpp"

#include <CLI/CLI.hpp>
#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace vibro::cli {

/// Exit codes: 0 success; 1 a failed check or run (an expectation that does not hold, a run
/// that cannot go on, a file that cannot be written); 2 bad input or usage.
inline constexpr int exit_failed = 1;
inline constexpr int exit_bad_input = 2;

/// The options every verb takes, as the command line set them.
struct CommonOptions {
  std::vector<Precision> precisions;  ///< --precision: one, or a list for `vibro run`
  std::optional<Precision> precision;  ///< the one precision when a single one was given
  bool json = false;
  /// --json-out: the JSON result written to this file too (given empty: an error).
  std::optional<std::filesystem::path> json_out;
  unsigned threads = 1;
  std::optional<std::int64_t> max_steps;
  Progress* progress = nullptr;
  bool measure_rounding = false;     ///< --measure-rounding (run, converge)
  bool no_measure_rounding = false;  ///< --no-measure-rounding (run, converge, report)
  RoundingFloor rounding_floor = RoundingFloor::automatic;
  std::string command_line;  ///< "vibro ARGS…", for the provenance of a written golden

  RunOptions run_options() const;
};

inline constexpr const char* json_out_help =
    "Also write the JSON result (what --json prints) to this file, whatever stdout shows: the text for a reader and "
    "the JSON for a script from one run";
// By default a double or long double study is run again in the next wider fixed-width type
// (a few times its cost); an MPFR or float128 study again in MPFR only when asked.
inline constexpr const char* measure_rounding_help =
    "Measure the rounding floor of the convergence study in every type: run it again in the next wider type (double "
    "-> long double -> float128 -> MPFR at twice its digits; MPFR -> 20 more digits) and label the points whose "
    "rounding part |error - wider error| is at least 10 % of their error (default: measured for double and long "
    "double studies only)";
inline constexpr const char* no_measure_rounding_help =
    "Do not measure the rounding floor of the convergence study; label the points with the model's bound "
    "(error <= 64 eps steps scale) instead";

/// `cases/` in the working directory when there is one, else the shipped cases beside the
/// executable: …/bin/vibro finds …/share/vibro/cases (installed), and build/src/vibro finds
/// build/share/vibro/cases (links into the source tree made at configure time). The
/// published tables and the goldens are found from there, as in the source tree.
std::filesystem::path default_cases_dir();

bool stderr_is_terminal();

/// The precision or list of precisions `text` of `option`; bad text is an InputError.
Precision parse_precision(const std::string& text, const char* option);
std::vector<Precision> parse_precisions(const std::string& text, const char* option);

/// The cases of `cases_dir` whose scheme this build has; the others are named on stderr
/// (the Siconos peer's cases in a build without Siconos, docs/peer.md).
std::vector<CaseSpec> load_cases_built_in(const std::filesystem::path& cases_dir,
                                          CaseFileNames names = CaseFileNames::from_parent);

/// The check of every option that names a path to write: an empty path names nothing and is
/// refused when the command line is read (round 4: `report --out ""` failed after its work,
/// `sweep --out ""` took the default, `orbits --write-case ""` wrote nothing and said nothing).
CLI::Validator path_to_write();

/// The check of a real option between `low` and `high` (both allowed), whose message shows the
/// bounds as they are (CLI::Range printed 2.2e-308 and 1 as "0.000000 to 1.000000").
CLI::Validator real_between(double low, double high);

/// Refuses (InputError naming `option`) an output path that is empty, that exists and is not a
/// regular file (a directory, a symbolic link, a device: io/atomic_file.hpp), or that names one
/// of `inputs`, the files the same run reads: writing it would replace the input.
void require_output_apart_from_inputs(const std::filesystem::path& output, const char* option,
                                      const std::vector<std::filesystem::path>& inputs);

/// --json-out FILE: the result's JSON (what --json prints) written to FILE too, whatever
/// stdout shows. The file is opened before the run, so that a path that cannot be written
/// fails at once and not after a long run, and replaced in one step after it. An empty FILE,
/// or one of the run's `inputs`, is refused.
class JsonOut {
 public:
  JsonOut(const std::optional<std::filesystem::path>& target, const std::vector<std::filesystem::path>& inputs);
  void write(const nlohmann::json& result);
  /// The same for a text too long to hold whole: `produce(piece)` is called with each piece of
  /// it in order (io/spooled_run_json.hpp).
  void write_pieces(const std::function<void(const std::function<void(std::string_view)>&)>& produce);

 private:
  std::optional<AtomicFile> file_;
};

}  // namespace vibro::cli
