#include "vibro/io/sweep_result_file.hpp"

#include "vibro/io/atomic_file.hpp"
#include "vibro/io/result_json.hpp"
#include "vibro/io/sweep_result_lines.hpp"
#include "vibro/support/input_error.hpp"

#include <fcntl.h>
#include <nlohmann/json.hpp>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

namespace vibro {

namespace {

using json = nlohmann::json;
using Clock = std::chrono::steady_clock;

std::string system_error() { return std::strerror(errno); }

}  // namespace

SweepHeader sweep_header(const SweepSpec& s, const std::optional<Precision>& precision) {
  SweepHeader header{s.name,
                     s.file,
                     s.hash,
                     s.base_case.lexically_normal().generic_string(),
                     precision ? std::optional(precision->name()) : std::nullopt,
                     s.points(),
                     {},
                     computed_quantities(s.compute),
                     std::nullopt};
  for (const SweepParameter& p : s.parameters) {
    SweptParameter& swept = header.parameters.emplace_back(SweptParameter{p.key, p.spacing, {}});
    for (const CaseOverride& v : p.values) swept.values.push_back(v.text);
  }
  if (s.compute.strobe) header.strobe = StrobeSampling{s.compute.strobe_transient, s.compute.strobe_samples};
  return header;
}

json sweep_point_line(const SweepSpec& s, const SweepPointResult& p) {
  json out = to_json(p);
  out["kind"] = "point";
  json parameters = json::object();
  for (const CaseOverride& o : s.overrides(p.index)) parameters[o.key] = o.text;
  out["parameters"] = parameters;
  return out;
}

SweepResultFile::SweepResultFile(const std::filesystem::path& path, const SweepSpec& s,
                                 const std::optional<Precision>& precision)
    : path_(path) {
  const std::string where = path.string();
  std::error_code error;
  if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path(), error);
  if (error) throw InputError("", "--out", "cannot make the directory of " + where + ": " + error.message());
  const auto status = std::filesystem::symlink_status(path, error);
  if (status.type() != std::filesystem::file_type::not_found && status.type() != std::filesystem::file_type::regular)
    throw InputError("", "--out", where + " exists and is not a regular file");
  fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0666);
  if (fd_ < 0) throw InputError("", "--out", "cannot open " + where + ": " + system_error());
  if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    ::close(fd_);
    throw InputError("", "--out", where + " is being written by another sweep (it holds the file's lock)");
  }
  try {
    std::string text;
    {
      std::ifstream in(path, std::ios::binary);
      std::ostringstream all;
      all << in.rdbuf();
      text = all.str();
    }
    // A last line without its newline is a write a kill cut short: cut it off.
    const std::size_t complete = text.empty() ? 0 : text.rfind('\n') == std::string::npos ? 0 : text.rfind('\n') + 1;
    if (complete < text.size()) {
      if (::ftruncate(fd_, static_cast<off_t>(complete)) != 0 || ::fdatasync(fd_) != 0)
        throw RunFailure("cannot cut the unfinished last line of " + where + ": " + system_error());
      text.resize(complete);
    }
    const json header = to_json(sweep_header(s, precision));
    if (text.empty()) {
      write_line(header.dump() + "\n");
      sync();
      return;
    }
    SweepResultLines lines = read_sweep_result_lines(text, header, s, precision, where);
    finished_ = std::move(lines.finished);
    if (lines.failed_points) replace_with(lines.kept);
  } catch (...) {
    ::close(fd_);
    throw;
  }
}

SweepResultFile::~SweepResultFile() {
  if (fd_ < 0) return;
  ::fdatasync(fd_);  // the lines since the last sync; a failure here has nobody left to tell
  ::close(fd_);
}

void SweepResultFile::append(const json& point) {
  const std::string line = point.dump() + "\n";
  bool sync_now = false;
  {
    const std::lock_guard lock(mutex_);
    write_line(line);
    finished_.insert(point.at("point").get<std::size_t>());
    const Clock::time_point now = Clock::now();
    if (now - synced_ >= sync_interval) {
      synced_ = now;
      sync_now = true;
    }
  }
  // Outside the lock: the other threads go on appending while this one waits for the disk.
  if (sync_now) sync();
}

void SweepResultFile::replace_with(const std::string& text) {
  write_file_atomically(path_, text);
  const int fd = ::open(path_.c_str(), O_RDWR | O_APPEND | O_CLOEXEC);
  if (fd < 0) throw RunFailure("cannot open " + path_.string() + ": " + system_error());
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    ::close(fd);
    throw InputError("", "--out", path_.string() + " is being written by another sweep (it holds the file's lock)");
  }
  ::close(fd_);
  fd_ = fd;
}

void SweepResultFile::sync() {
  if (::fdatasync(fd_) != 0) throw RunFailure("cannot sync " + path_.string() + ": " + system_error());
}

void SweepResultFile::write_line(const std::string& line) {
  // One write(2) of the whole line on an O_APPEND descriptor; a short write (a full disk,
  // a file-size limit) is completed or reported.
  std::size_t written = 0;
  while (written < line.size()) {
    const ssize_t n = ::write(fd_, line.data() + written, line.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw RunFailure("cannot write to " + path_.string() + ": " + system_error());
    written += static_cast<std::size_t>(n);
  }
}

}  // namespace vibro
