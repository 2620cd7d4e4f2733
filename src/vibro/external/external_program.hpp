#pragma once
// A program the user names on the command line (`--scheme-command`, docs/own_scheme.md), run
// as untrusted: started without a shell in a process group of its own, its stdin fed from a
// string, its stdout read line by line within a bound on each line and on the whole output,
// its stderr's last lines kept for the message when it fails, and everything within a
// deadline. On any failure, and when its output is no longer wanted, the whole group is
// killed and the program reaped: no process is left behind, no zombie; with the command
// line's subreaper, neither is a descendant that left the group (program_processes.hpp).
// While it runs, a request to stop (support/cancellation.hpp: the Python module's Ctrl-C,
// or another step size of a study that failed) stops it within 0.1 s and throws Cancelled.

#include <chrono>
#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <sys/types.h>
#include <vector>

namespace vibro {

/// What went wrong with the program (not found, timed out, a line or output too long, a
/// non-zero exit): one line, which the caller prefixes with what the program was asked.
class ProgramFailure : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// The words of a command line as a POSIX shell splits it, without expanding anything:
/// blanks separate words; '…' keeps everything literally; "…" keeps everything but \" and
/// \\; a backslash outside quotes keeps the next character. Throws std::invalid_argument for
/// an unclosed quote or a line without words.
std::vector<std::string> split_command_line(std::string_view line);

struct ProgramLimits {
  std::chrono::duration<double> timeout{600.0};  ///< from the start to the exit
  std::size_t max_line_bytes = 4096;             ///< a line of stdout, without its newline
  std::size_t max_output_bytes = 1 << 20;        ///< all of stdout
  std::size_t kept_stderr_bytes = 1 << 13;       ///< the last bytes of stderr kept (a traceback's last lines)
};

class RunningProgram {
 public:
  /// Starts argv[0] (looked up in PATH when it has no '/') with `input` as its stdin.
  /// Throws ProgramFailure when it cannot be started (not found, not executable).
  RunningProgram(const std::vector<std::string>& argv, std::string input, const ProgramLimits& limits);
  RunningProgram(const RunningProgram&) = delete;
  RunningProgram& operator=(const RunningProgram&) = delete;
  /// Kills the group and reaps the program if it is still running.
  ~RunningProgram();

  /// The next line of stdout, without its newline (a last line without one counts), a view
  /// into the read buffer valid until the next call; nullopt at the end of the output. Throws ProgramFailure past the
  /// deadline or a bound (the program is then stopped).
  std::optional<std::string_view> next_line();

  /// The next `n` bytes of stdout (fewer only at its end: what is left, possibly nothing), a
  /// view into the read buffer valid until the next call. Throws as next_line() does.
  std::string_view next_bytes(std::size_t n);

  /// After the end of stdout: waits for the program to exit within the deadline. Throws
  /// ProgramFailure when it does not, or exits with a non-zero status or by a signal (with
  /// its last stderr lines).
  void wait_for_exit();

  /// Stops the program when its output is no longer wanted: the group is killed, the
  /// program reaped.
  void stop() noexcept;

  /// Its last stderr lines (at most `lines`), joined by " | ", as a message quotes a program's
  /// output (shown_output.hpp: escaped, and cut after max_stderr_shown bytes with the length).
  std::string stderr_tail(std::size_t lines = 5) const;
  /// Every line of stderr kept (ProgramLimits::kept_stderr_bytes), each as a message quotes it;
  /// first, when more was written than kept, a line saying how much.
  std::vector<std::string> stderr_lines() const;
  static constexpr std::size_t max_stderr_shown = 400;

 private:
  /// One round of poll(): writes what stdin takes, reads what stdout and stderr have.
  /// Throws ProgramFailure (after stopping the program) past the deadline.
  void exchange();
  void read_stdout();
  void read_stderr();
  /// Drops, now and then, the bytes before what is to be returned next.
  void drop_returned();
  /// Stops the program and throws past ProgramLimits::max_output_bytes.
  void check_output_bound();
  void write_stdin();
  [[noreturn]] void fail(const std::string& message);
  /// Stops the program and throws Cancelled when a stop is requested (support/cancellation.hpp).
  void stop_if_asked();
  /// Whether the program (the group's leader) has exited; reaps it and keeps its status.
  bool leader_exited();
  /// After the leader was reaped: kills what it left in its group and its escaped descendants.
  void end_group() noexcept;
  /// "exited with status 5; its last stderr lines: …", or the signal that ended it.
  std::string exit_failure() const;
  /// What a timeout stopped: every descendant with the subreaper, else the process group.
  static std::string stopped_with();

  ProgramLimits limits_;
  std::chrono::steady_clock::time_point deadline_;
  pid_t pid_ = -1;
  int group_slot_ = -1;  ///< its group's registration (program_processes.hpp)
  bool exited_ = false;  ///< the leader was reaped; its status is status_
  int status_ = 0;
  int in_ = -1, out_ = -1, err_ = -1;
  std::string input_;
  std::size_t written_ = 0;
  std::string buffer_;         ///< stdout read and not yet returned, from `line_start_`
  std::size_t line_start_ = 0, scanned_ = 0, output_bytes_ = 0;
  std::string stderr_;         ///< the last bytes of stderr
  std::size_t stderr_bytes_ = 0;  ///< all it wrote there
};

}  // namespace vibro
