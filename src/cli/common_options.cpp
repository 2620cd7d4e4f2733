#include "common_options.hpp"

#include "vibro/io/atomic_file.hpp"
#include "vibro/io/case_file.hpp"
#include "vibro/support/input_error.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <unistd.h>

#include <iostream>
#include <stdexcept>
#include <system_error>

namespace vibro::cli {

namespace fs = std::filesystem;

RunOptions CommonOptions::run_options() const {
  RunOptions options;
  options.precision = precision;
  options.threads = threads;
  options.rounding_floor = rounding_floor;
  options.max_steps = max_steps;
  options.progress = progress;
  return options;
}

fs::path default_cases_dir() {
  if (fs::is_directory("cases")) return "cases";
  std::error_code error;
  const fs::path executable = fs::read_symlink("/proc/self/exe", error);
  if (error) return "cases";  // no /proc: the working directory's (missing) cases/ is what an error names
  return executable.parent_path().parent_path() / "share" / "vibro" / "cases";
}

bool stderr_is_terminal() { return ::isatty(STDERR_FILENO) != 0; }

Precision parse_precision(const std::string& text, const char* option) {
  try {
    return Precision::parse(text);
  } catch (const std::invalid_argument& error) {
    throw InputError("", option, error.what());
  }
}

std::vector<Precision> parse_precisions(const std::string& text, const char* option) {
  try {
    return Precision::parse_list(text);
  } catch (const std::invalid_argument& error) {
    throw InputError("", option, error.what());
  }
}

std::vector<CaseSpec> load_cases_built_in(const fs::path& cases_dir, CaseFileNames names) {
  std::vector<std::string> left_out;
  std::vector<CaseSpec> cases = load_cases(cases_dir, &left_out, names);
  for (const std::string& why : left_out) std::cerr << "skipped " << why << "\n";
  return cases;
}

CLI::Validator path_to_write() {
  return CLI::Validator(
      [](std::string& path) { return path.empty() ? std::string("is empty: give the path to write") : std::string(); },
      "");
}

CLI::Validator real_between(double low, double high) {
  return CLI::Validator(
      [low, high](std::string& text) {
        double value = 0;
        if (!CLI::detail::lexical_cast(text, value)) return fmt::format("'{}' is not a number", shown_input(text));
        if (value >= low && value <= high) return std::string();
        return fmt::format("{} is not in [{}, {}]", shown_input(text), low, high);
      },
      fmt::format("FLOAT in [{}, {}]", low, high));
}

void require_output_apart_from_inputs(const fs::path& output, const char* option, const std::vector<fs::path>& inputs) {
  if (output.empty()) throw InputError("", option, "is empty: give the file to write");
  for (const fs::path& input : inputs) {
    std::error_code error;
    // The same file by any name (a link, ./x, ../dir/x); a missing output names no input.
    if (fs::equivalent(output, input, error))
      throw InputError("", option,
                       output.string() + " is an input of this run" +
                           (output == input ? std::string() : " (" + input.string() + ")") +
                           ": writing it would replace it");
  }
  try {
    require_regular_target(output);  // a directory, a link or a device would be replaced
  } catch (const RunFailure& why) {
    throw InputError("", option, why.what());
  }
}

JsonOut::JsonOut(const std::optional<fs::path>& target, const std::vector<fs::path>& inputs) {
  if (!target) return;
  require_output_apart_from_inputs(*target, "--json-out", inputs);
  try {
    file_.emplace(*target);
  } catch (const RunFailure& why) {
    throw InputError("", "--json-out", why.what());  // a directory, a device, a missing parent
  }
}

void JsonOut::write(const nlohmann::json& result) {
  if (!file_) return;
  file_->write(result.dump(2) + "\n");
  file_->commit();
}

void JsonOut::write_pieces(const std::function<void(const std::function<void(std::string_view)>&)>& produce) {
  if (!file_) return;
  produce([&](std::string_view piece) { file_->write(piece); });
  file_->commit();
}

}  // namespace vibro::cli
