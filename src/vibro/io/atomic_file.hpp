#pragma once
// Every file vibro writes (CSV, report files, goldens) is written atomically: into a new
// temporary file in the target's directory, flushed, checked, fsynced and renamed over the
// target. A write error is a RunFailure naming the path and the system's reason, the
// temporary file is removed, and the old file is left as it was. A target that exists and
// is not a regular file (a directory, a device, a symbolic link) is refused: renaming over
// it would replace it. Files and directories get the permissions of any new file of the
// user (the umask applies). If the process is interrupted (InterruptCleanup), the
// temporary file is removed.

#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace vibro {

class AtomicFile {
 public:
  /// Creates the temporary file beside `target` (and `target`'s directory if missing).
  /// Throws RunFailure when that is impossible or `target` is not a regular file.
  explicit AtomicFile(std::filesystem::path target);
  /// Without commit(): removes the temporary file; the target is untouched.
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  void write(std::string_view text);
  /// Flushes, fsyncs and renames over the target; throws RunFailure on any error.
  void commit();

  const std::filesystem::path& target() const { return target_; }

 private:
  [[noreturn]] void fail(const std::string& doing);

  std::filesystem::path target_, temporary_;
  std::FILE* file_ = nullptr;
  bool committed_ = false;
  int cleanup_slot_ = -1;  ///< in InterruptCleanup while the temporary file exists
};

/// Writes `content` to `target` through an AtomicFile.
void write_file_atomically(const std::filesystem::path& target, std::string_view content);

/// Throws RunFailure unless `target` is absent or a regular file (not a link, a device, a
/// directory).
void require_regular_target(const std::filesystem::path& target);

/// How a directory this program wrote before is recognised, so that it may be replaced: by
/// what it holds (`recognise`), named in messages by `description`.
struct PreviousOutput {
  bool (*recognise)(const std::filesystem::path& directory);
  std::string_view description;  ///< "a previous report (an index.json written by vibro report)"
};

/// A new temporary directory beside `target` (for a whole report), removed when the object
/// dies unless it was swapped in.
class StagingDirectory {
 public:
  explicit StagingDirectory(const std::filesystem::path& target);
  ~StagingDirectory();
  StagingDirectory(const StagingDirectory&) = delete;
  StagingDirectory& operator=(const StagingDirectory&) = delete;

  const std::filesystem::path& path() const { return path_; }
  /// Puts the staged directory in place of the target in one step (the old one is then
  /// removed). The target must be absent, empty, or `previous`: any other directory is
  /// refused rather than replaced.
  void swap_in(const PreviousOutput& previous);
  /// Why swap_in would refuse `target` ("it is not a directory", or a directory that is
  /// neither empty nor `previous`), or nothing: to refuse before the work is done.
  static std::optional<std::string> refusal(const std::filesystem::path& target, const PreviousOutput& previous);

 private:
  std::filesystem::path target_, path_;
  bool swapped_ = false;
};

}  // namespace vibro
