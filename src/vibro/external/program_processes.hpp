#pragma once
// Every process a user's program starts, stopped with it (docs/own_scheme.md "What vibro
// stops"). A program runs in a process group of its own (external_program.hpp), and killing
// the group stops what stays in it; a descendant that leaves the group (setsid, setpgid)
// escapes that kill. The command line therefore makes vibro a child subreaper (Linux's
// PR_SET_CHILD_SUBREAPER): a descendant whose parent exits becomes vibro's child instead of
// init's, and once a program has ended, each child of vibro outside vibro's own group and
// outside the group of a program still running is such an escaped descendant, and is killed
// and reaped. The programs' groups running at a time are registered here so that a signal
// that ends vibro (SIGINT, SIGTERM, SIGHUP: io/interrupt_cleanup.hpp) kills them and their
// escaped descendants first; the handler only calls what is async-signal-safe.
//
// Only the command line makes itself a subreaper: in another process (a user's program that
// links the library) it would adopt the orphans of all its other children. There a
// descendant that leaves the program's group is not followed. SIGKILL of vibro cannot be
// handled.

#include <sys/types.h>

#include <mutex>

namespace vibro {

/// Makes this process the subreaper of its descendants (the command line does, once, at
/// start). Returns false where the system has no subreapers (then only the program groups
/// are killed).
bool adopt_escaped_descendants();

/// Whether adopt_escaped_descendants() made this process their subreaper.
bool adopting_escaped_descendants();

/// Held while a program is started and its group registered: a sweep in another thread
/// (stop_escaped_descendants) would otherwise take a program just started, in its group and
/// not registered yet, for an escaped descendant.
[[nodiscard]] std::unique_lock<std::mutex> hold_program_starts();

/// Registers a running program's process group; returns its slot (−1 when every slot is
/// taken: the group is then not killed by a signal that ends vibro, only by its own stop).
int register_program_group(pid_t group);
/// Forgets the slot (−1: nothing).
void unregister_program_group(int slot);

/// After a program has ended and its group was killed: kills and reaps every child of this
/// process that is neither in this process's group nor in a registered group, until none is
/// left (a killed descendant's own children are adopted in turn), for at most `seconds`. Does
/// nothing unless adopt_escaped_descendants() was called.
void stop_escaped_descendants(double seconds = 1.0) noexcept;

/// For a signal that ends vibro: kills every registered group and every escaped descendant.
/// Async-signal-safe.
void stop_every_program() noexcept;

}  // namespace vibro
