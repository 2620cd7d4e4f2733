#include "vibro/external/external_program.hpp"

#include "vibro/external/program_processes.hpp"
#include "vibro/external/shown_output.hpp"
#include "vibro/scalar/shown_input.hpp"
#include "vibro/support/cancellation.hpp"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <spawn.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <utility>

extern char** environ;

namespace vibro {

std::vector<std::string> split_command_line(std::string_view line) {
  std::vector<std::string> words;
  std::string word;
  bool in_word = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (c == ' ' || c == '\t' || c == '\n') {
      if (in_word) words.push_back(std::exchange(word, {}));
      in_word = false;
    } else if (c == '\'') {
      const std::size_t close = line.find('\'', i + 1);
      if (close == std::string_view::npos) throw std::invalid_argument("a single quote is not closed");
      word.append(line.substr(i + 1, close - i - 1));
      in_word = true;
      i = close;
    } else if (c == '"') {
      in_word = true;
      for (++i;; ++i) {
        if (i == line.size()) throw std::invalid_argument("a double quote is not closed");
        if (line[i] == '"') break;
        if (line[i] == '\\' && i + 1 < line.size() && (line[i + 1] == '"' || line[i + 1] == '\\')) ++i;
        word += line[i];
      }
    } else if (c == '\\') {
      if (i + 1 == line.size()) throw std::invalid_argument("the line ends with a backslash");
      word += line[++i];
      in_word = true;
    } else {
      word += c;
      in_word = true;
    }
  }
  if (in_word) words.push_back(std::move(word));
  if (words.empty()) throw std::invalid_argument("the command is empty");
  return words;
}

namespace {

/// "600 s", "0.5 s".
std::string seconds_text(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%g s", seconds);
  return text;
}

/// A pipe whose two ends are closed on exec: a program started on another thread never
/// inherits this one's ends (it would hold the stdin of this program open, and its EOF would
/// never come).
void make_pipe(int fds[2]) {
  if (pipe2(fds, O_CLOEXEC) != 0) throw ProgramFailure(std::string("cannot make a pipe: ") + std::strerror(errno));
}

void set_nonblocking(int fd) { fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK); }

void close_fd(int& fd) {
  if (fd >= 0) close(fd);
  fd = -1;
}

/// Why posix_spawn could not start the program, for a user.
std::string start_failure(const std::string& program, int error) {
  const std::string shown = "'" + shown_input(program) + "'";
  switch (error) {
    case ENOENT: return shown + " was not found (give a path, or a program in PATH)";
    case EACCES: return shown + " is not executable (permission denied; chmod +x, or name its interpreter first)";
    case ENOEXEC: return shown + " is not a program this system can run (a script needs a #! line)";
    default: return shown + " cannot be started: " + std::strerror(error);
  }
}

/// Appends what `fd` has now to `into` and returns how many bytes that was; closes `fd` at
/// the end of its output or on an error.
std::size_t read_available(int& fd, std::string& into) {
  char chunk[1 << 16];
  const ssize_t n = read(fd, chunk, sizeof chunk);
  if (n > 0) {
    into.append(chunk, static_cast<std::size_t>(n));
    return static_cast<std::size_t>(n);
  }
  if (n == 0 || (errno != EAGAIN && errno != EINTR)) close_fd(fd);
  return 0;
}

}  // namespace

RunningProgram::RunningProgram(const std::vector<std::string>& argv, std::string input, const ProgramLimits& limits)
    : limits_(limits),
      deadline_(std::chrono::steady_clock::now() +
                std::chrono::duration_cast<std::chrono::steady_clock::duration>(limits.timeout)),
      input_(std::move(input)) {
  if (argv.empty()) throw std::logic_error("RunningProgram: no program");
  int in[2], out[2], err[2];
  make_pipe(in);
  make_pipe(out);
  make_pipe(err);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in[0], 0);  // dup2 clears close-on-exec on 0, 1, 2
  posix_spawn_file_actions_adddup2(&actions, out[1], 1);
  posix_spawn_file_actions_adddup2(&actions, err[1], 2);
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  // A group of its own, so that a timeout kills what it started too; default signal
  // handling (vibro's own, e.g. an ignored SIGPIPE, is not the program's business).
  sigset_t defaults, none;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGPIPE);
  sigaddset(&defaults, SIGINT);
  sigaddset(&defaults, SIGTERM);
  sigemptyset(&none);
  posix_spawnattr_setsigdefault(&attributes, &defaults);
  posix_spawnattr_setsigmask(&attributes, &none);
  posix_spawnattr_setpgroup(&attributes, 0);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  int started = 0;
  {
    const auto starting = hold_program_starts();
    started = posix_spawnp(&pid_, args[0], &actions, &attributes, args.data(), environ);
    if (started == 0) group_slot_ = register_program_group(pid_);
  }
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  close(in[0]);
  close(out[1]);
  close(err[1]);
  in_ = in[1];
  out_ = out[0];
  err_ = err[0];
  if (started != 0) {
    pid_ = -1;
    close_fd(in_);
    close_fd(out_);
    close_fd(err_);
    throw ProgramFailure(start_failure(argv[0], started));
  }
  for (const int fd : {in_, out_, err_}) set_nonblocking(fd);
  if (input_.empty()) close_fd(in_);
}

RunningProgram::~RunningProgram() { stop(); }

void RunningProgram::stop() noexcept {
  if (pid_ > 0) {
    kill(-pid_, SIGKILL);
    if (!exited_) {
      kill(pid_, SIGKILL);  // should it have left its group
      int status = 0;
      while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
      }
    }
    end_group();
  }
  close_fd(in_);
  close_fd(out_);
  close_fd(err_);
}

void RunningProgram::end_group() noexcept {
  kill(-pid_, SIGKILL);  // what it left running in its group (nothing, usually)
  pid_ = -1;
  unregister_program_group(std::exchange(group_slot_, -1));
  stop_escaped_descendants();
}

bool RunningProgram::leader_exited() {
  if (exited_) return true;
  const pid_t done = waitpid(pid_, &status_, WNOHANG);
  if (done == pid_) exited_ = true;
  else if (done < 0 && errno != EINTR) fail(std::string("waitpid failed: ") + std::strerror(errno));
  return exited_;
}

std::string RunningProgram::stopped_with() {
  return adopting_escaped_descendants() ? "it was stopped, with every process it started"
                                        : "it was stopped, with every process of its process group";
}

void RunningProgram::stop_if_asked() {
  if (!stop_requested()) return;
  stop();
  throw Cancelled();
}

void RunningProgram::fail(const std::string& message) {
  stop();
  throw ProgramFailure(message);
}

void RunningProgram::write_stdin() {
  // A program that stops reading makes write() fail with EPIPE, which must not end vibro by
  // SIGPIPE: the signal is blocked in this thread for the call, and one it raised consumed.
  sigset_t pipe_signal, previous;
  sigemptyset(&pipe_signal);
  sigaddset(&pipe_signal, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &pipe_signal, &previous);
  const ssize_t n = write(in_, input_.data() + written_, input_.size() - written_);
  const int error = errno;
  if (n < 0 && error == EPIPE) {
    const timespec no_wait{0, 0};
    sigtimedwait(&pipe_signal, nullptr, &no_wait);
  }
  pthread_sigmask(SIG_SETMASK, &previous, nullptr);
  if (n > 0) written_ += static_cast<std::size_t>(n);
  // All written, or the program closed its stdin (it read what it wanted, or it will fail on
  // its own): either way nothing more goes in.
  if (written_ == input_.size() || (n < 0 && error != EAGAIN && error != EINTR)) close_fd(in_);
}

void RunningProgram::read_stdout() {
  output_bytes_ += read_available(out_, buffer_);  // next_line() checks the bound, after the line's
}

void RunningProgram::read_stderr() {
  stderr_bytes_ += read_available(err_, stderr_);
  const std::size_t kept = limits_.kept_stderr_bytes;
  if (stderr_.size() > kept) stderr_.erase(0, stderr_.size() - kept);
}

void RunningProgram::exchange() {
  pollfd fds[3];
  nfds_t count = 0;
  const auto watch = [&](int fd, short events) {
    if (fd >= 0) fds[count++] = pollfd{fd, events, 0};
  };
  watch(in_, POLLOUT);
  watch(out_, POLLIN);
  watch(err_, POLLIN);
  // Waits in slices: between two, a request to stop (Ctrl-C in the Python module, or another
  // step size of the study that failed) stops the program, and a program that has exited
  // with a failure while a process it started still holds its output is named at once.
  constexpr long long slice_ms = 100;
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline_ - std::chrono::steady_clock::now());
  const int ready = left.count() > 0 ? poll(fds, count, static_cast<int>(std::min<long long>(left.count() + 1, slice_ms))) : 0;
  stop_if_asked();
  if (ready == 0 && leader_exited() && !(WIFEXITED(status_) && WEXITSTATUS(status_) == 0)) {
    stop();
    throw ProgramFailure(exit_failure());
  }
  if (ready == 0 && left.count() > slice_ms) return;
  if (ready == 0)
    fail("did not finish within " + seconds_text(limits_.timeout.count()) + " (--scheme-timeout; " + stopped_with() +
         (exited_ ? "; it had exited with status 0, but a process it started kept its output open)" : ")"));
  if (ready < 0) {
    if (errno == EINTR) return;
    fail(std::string("poll failed: ") + std::strerror(errno));
  }
  for (nfds_t i = 0; i < count; ++i) {
    if (fds[i].revents == 0) continue;
    if (fds[i].fd == in_) write_stdin();
    else if (fds[i].fd == out_) read_stdout();
    else if (fds[i].fd == err_) read_stderr();
  }
}

void RunningProgram::drop_returned() {
  // What was returned last is no longer wanted: what was read before it is dropped now and
  // then, not per line (the next one is returned in place, never copied).
  if (line_start_ > (1u << 16)) {
    buffer_.erase(0, line_start_);
    scanned_ -= line_start_;
    line_start_ = 0;
  }
}

void RunningProgram::check_output_bound() {
  if (output_bytes_ > limits_.max_output_bytes)
    fail("wrote more than " + std::to_string(limits_.max_output_bytes) +
         " bytes to stdout, more than the trajectory asked for can take (it was stopped)");
}

std::string_view RunningProgram::next_bytes(std::size_t n) {
  drop_returned();
  while (buffer_.size() - line_start_ < n && out_ >= 0) {
    check_output_bound();
    exchange();
  }
  check_output_bound();
  const std::string_view bytes(buffer_.data() + line_start_, std::min(n, buffer_.size() - line_start_));
  line_start_ = scanned_ = line_start_ + bytes.size();
  return bytes;
}

std::optional<std::string_view> RunningProgram::next_line() {
  drop_returned();
  for (;;) {
    const std::size_t newline = buffer_.find('\n', scanned_);
    if (newline != std::string::npos) {
      if (newline - line_start_ > limits_.max_line_bytes) break;
      const std::string_view line(buffer_.data() + line_start_, newline - line_start_);
      line_start_ = scanned_ = newline + 1;
      return line;
    }
    scanned_ = buffer_.size();
    if (scanned_ - line_start_ > limits_.max_line_bytes) break;
    check_output_bound();
    if (out_ < 0) {  // the end of stdout: a last line without its newline still counts
      if (line_start_ == buffer_.size()) return std::nullopt;
      const std::string_view line(buffer_.data() + line_start_, buffer_.size() - line_start_);
      line_start_ = scanned_ = buffer_.size();
      return line;
    }
    exchange();  // may grow buffer_: no line of this call has been handed out yet
  }
  fail("wrote a line longer than " + std::to_string(limits_.max_line_bytes) + " bytes (it was stopped)");
}

void RunningProgram::wait_for_exit() {
  while (err_ >= 0 || in_ >= 0 || out_ >= 0) exchange();
  while (!leader_exited()) {
    stop_if_asked();
    if (std::chrono::steady_clock::now() > deadline_)
      fail("closed its output but did not exit within " + seconds_text(limits_.timeout.count()) +
           " (--scheme-timeout; " + stopped_with() + ")");
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  end_group();
  if (!(WIFEXITED(status_) && WEXITSTATUS(status_) == 0)) throw ProgramFailure(exit_failure());
}

std::string RunningProgram::exit_failure() const {
  const std::string tail = stderr_tail();
  const std::string said = tail.empty() ? " (it wrote nothing to stderr)" : "; its last stderr lines: " + tail;
  if (WIFSIGNALED(status_))
    return "was ended by signal " + std::to_string(WTERMSIG(status_)) + " (" + strsignal(WTERMSIG(status_)) + ")" +
           said;
  return "exited with status " + std::to_string(WEXITSTATUS(status_)) + said;
}

std::string RunningProgram::stderr_tail(std::size_t lines) const {
  std::vector<std::string_view> found;
  std::string_view text(stderr_);
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.remove_suffix(1);
  while (!text.empty() && found.size() < lines) {
    const std::size_t cut = text.rfind('\n');
    const std::string_view line = cut == std::string_view::npos ? text : text.substr(cut + 1);
    if (!line.empty()) found.push_back(line);
    if (cut == std::string_view::npos) break;
    text = text.substr(0, cut);
  }
  std::string joined;
  for (auto it = found.rbegin(); it != found.rend(); ++it) joined += (joined.empty() ? "" : " | ") + std::string(*it);
  return shown_output(joined, max_stderr_shown);
}

std::vector<std::string> RunningProgram::stderr_lines() const {
  std::vector<std::string> lines;
  std::string_view text(stderr_);
  if (stderr_bytes_ > stderr_.size()) {
    lines.push_back("(its first " + std::to_string(stderr_bytes_ - stderr_.size()) + " of " +
                    std::to_string(stderr_bytes_) + " bytes not kept)");
    const std::size_t first = text.find('\n');  // the first line kept is cut
    text = first == std::string_view::npos ? std::string_view() : text.substr(first + 1);
  }
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (!line.empty()) lines.push_back(shown_output(line, max_stderr_shown));
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
  return lines;
}

}  // namespace vibro
