#pragma once
// The temporary files of atomic writes (io/atomic_file.hpp) that a process interrupted by
// SIGINT, SIGTERM or SIGHUP must not leave behind: a `--csv` file is open for the whole
// of a run that may be stopped with Ctrl-C. The signal handler only unlinks the paths
// registered here (unlink is async-signal-safe), then lets the signal end the process as
// it would have. A report's staging directory is not covered: it exists only while the
// report is written, after all its runs, and removing a tree is not async-signal-safe.
// Before them, the handler calls what install() was given: the command line stops the
// users' programs running (external/program_processes.hpp), which io/ does not know.

#include <filesystem>

namespace vibro {

class InterruptCleanup {
 public:
  /// Registers `path`; returns its slot, or −1 when every slot is taken (the file is then
  /// not removed on an interruption, which is harmless).
  static int add(const std::filesystem::path& path);
  /// Forgets the slot (−1: nothing).
  static void remove(int slot);
  /// Installs the handler for SIGINT, SIGTERM and SIGHUP (the CLI does, once); the handler
  /// calls `first` (async-signal-safe, or null) before it removes the files.
  static void install(void (*first)() noexcept = nullptr);
};

}  // namespace vibro
