#include "vibro/io/output_directory.hpp"

#include "vibro/support/input_error.hpp"

#include <system_error>

namespace vibro {

namespace fs = std::filesystem;

void require_output_directory(const fs::path& dir, const std::string& option, const std::vector<fs::path>& inputs) {
  if (dir.empty()) throw InputError("", option, "is empty: give the directory to write into");
  std::error_code error;
  const fs::file_status status = fs::symlink_status(dir, error);
  if (fs::is_symlink(status)) {
    const fs::path target = fs::read_symlink(dir, error);
    throw InputError("", option,
                     dir.string() + " is a symbolic link" + (error ? std::string() : " to " + target.string()) +
                         ": the files would be written into its target; give the directory itself");
  }
  if (fs::exists(status) && !fs::is_directory(status))
    throw InputError("", option, dir.string() + " exists and is not a directory");
  for (const fs::path& input : inputs) {
    // The same directory by any name (./x, ../dir/x, a link to it); a missing one names none.
    if (fs::equivalent(dir, input, error))
      throw InputError("", option,
                       dir.string() + " is a directory this command reads" +
                           (dir == input ? std::string() : " (" + input.string() + ")") +
                           ": writing there would replace its files; give another directory");
  }
}

void make_output_directory(const fs::path& dir, const std::string& option, const std::vector<fs::path>& inputs) {
  require_output_directory(dir, option, inputs);
  std::error_code error;
  fs::create_directories(dir, error);
  if (error) throw InputError("", option, "cannot make the directory " + dir.string() + ": " + error.message());
}

}  // namespace vibro
