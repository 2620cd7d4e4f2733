#include "vibro/io/atomic_file.hpp"

#include "vibro/support/input_error.hpp"

#include "vibro/io/interrupt_cleanup.hpp"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace vibro {
namespace {

/// mkstemp and mkdtemp create files 0600 and directories 0700; what vibro writes gets the
/// permissions any new file of the user gets (0666 or 0777 less the umask).
mode_t permissions_for_new(mode_t full) {
  const mode_t mask = ::umask(0);
  ::umask(mask);
  return full & ~mask;
}

}  // namespace

void require_regular_target(const std::filesystem::path& target) {
  std::error_code error;
  const auto status = std::filesystem::symlink_status(target, error);
  if (error || status.type() == std::filesystem::file_type::not_found) return;
  if (status.type() != std::filesystem::file_type::regular)
    throw RunFailure("refusing to write " + target.string() +
                     ": it exists and is not a regular file (a directory, a link or a device would be replaced)");
}

AtomicFile::AtomicFile(std::filesystem::path target) : target_(std::move(target)) {
  require_regular_target(target_);
  const std::filesystem::path directory = target_.has_parent_path() ? target_.parent_path() : ".";
  std::error_code error;
  std::filesystem::create_directories(directory, error);
  if (error) throw RunFailure("cannot create the directory " + directory.string() + ": " + error.message());
  std::string pattern = (directory / ("." + target_.filename().string() + ".tmp-XXXXXX")).string();
  const int fd = ::mkstemp(pattern.data());
  if (fd < 0) fail("create a temporary file in " + directory.string());
  temporary_ = pattern;
  cleanup_slot_ = InterruptCleanup::add(temporary_);
  if (::fchmod(fd, permissions_for_new(0666)) != 0) {
    ::close(fd);
    fail("set the permissions of " + temporary_.string());
  }
  file_ = ::fdopen(fd, "w");
  if (!file_) {
    ::close(fd);
    fail("open " + temporary_.string());
  }
}

AtomicFile::~AtomicFile() {
  if (file_) std::fclose(file_);
  if (!committed_ && !temporary_.empty()) {
    std::error_code ignored;
    std::filesystem::remove(temporary_, ignored);
  }
  InterruptCleanup::remove(cleanup_slot_);
}

void AtomicFile::write(std::string_view text) {
  if (std::fwrite(text.data(), 1, text.size(), file_) != text.size()) fail("write " + temporary_.string());
}

void AtomicFile::commit() {
  if (std::fflush(file_) != 0) fail("write " + temporary_.string());
  if (::fsync(::fileno(file_)) != 0) fail("sync " + temporary_.string());
  std::FILE* file = file_;
  file_ = nullptr;
  if (std::fclose(file) != 0) fail("close " + temporary_.string());
  require_regular_target(target_);  // it may have appeared since the temporary file was made
  if (std::rename(temporary_.c_str(), target_.c_str()) != 0) fail("rename " + temporary_.string() + " to the target");
  committed_ = true;
  InterruptCleanup::remove(cleanup_slot_);
  cleanup_slot_ = -1;
}

void AtomicFile::fail(const std::string& doing) {
  const int code = errno;
  throw RunFailure("cannot write " + target_.string() + " (could not " + doing + "): " + std::strerror(code) +
                   "; the previous file, if any, is unchanged");
}

StagingDirectory::StagingDirectory(const std::filesystem::path& target) : target_(target) {
  const std::filesystem::path absolute = std::filesystem::absolute(target_).lexically_normal();
  const std::filesystem::path parent = absolute.parent_path();
  std::error_code error;
  std::filesystem::create_directories(parent, error);
  if (error) throw RunFailure("cannot create the directory " + parent.string() + ": " + error.message());
  std::string pattern = (parent / ("." + absolute.filename().string() + ".tmp-XXXXXX")).string();
  if (!::mkdtemp(pattern.data()))
    throw RunFailure("cannot create a temporary directory in " + parent.string() + ": " + std::strerror(errno));
  path_ = pattern;
  if (::chmod(path_.c_str(), permissions_for_new(0777)) != 0)
    throw RunFailure("cannot set the permissions of " + path_.string() + ": " + std::strerror(errno));
}

StagingDirectory::~StagingDirectory() {
  std::error_code ignored;
  if (!swapped_) std::filesystem::remove_all(path_, ignored);
}

std::optional<std::string> StagingDirectory::refusal(const std::filesystem::path& target,
                                                     const PreviousOutput& previous) {
  std::error_code error;
  const auto status = std::filesystem::symlink_status(target, error);
  if (status.type() == std::filesystem::file_type::not_found) return std::nullopt;
  if (status.type() != std::filesystem::file_type::directory) return std::string("it is not a directory");
  if (!std::filesystem::is_empty(target, error) && !previous.recognise(target))
    return "it is neither empty nor " + std::string(previous.description) + ": choose a new directory";
  return std::nullopt;
}

void StagingDirectory::swap_in(const PreviousOutput& previous) {
  if (const auto why = refusal(target_, previous)) throw RunFailure("refusing to replace " + target_.string() + ": " + *why);
  std::error_code error;
  const auto status = std::filesystem::symlink_status(target_, error);
  if (status.type() == std::filesystem::file_type::not_found) {
    if (std::rename(path_.c_str(), target_.c_str()) != 0)
      throw RunFailure("cannot put the report in place at " + target_.string() + ": " + std::strerror(errno));
    swapped_ = true;
    return;
  }
  if (::renameat2(AT_FDCWD, path_.c_str(), AT_FDCWD, target_.c_str(), RENAME_EXCHANGE) != 0)
    throw RunFailure("cannot put the report in place at " + target_.string() + ": " + std::strerror(errno));
  swapped_ = true;
  std::filesystem::remove_all(path_, error);  // now the previous report
}

void write_file_atomically(const std::filesystem::path& target, std::string_view content) {
  AtomicFile file(target);
  file.write(content);
  file.commit();
}

}  // namespace vibro
