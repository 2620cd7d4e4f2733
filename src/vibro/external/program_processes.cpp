#include "vibro/external/program_processes.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include <array>
#include <atomic>
#include <cstddef>

namespace vibro {
namespace {

/// Programs running at once: one per thread of a study or a sweep, with room to spare.
constexpr std::size_t group_slot_count = 256;
std::array<std::atomic<pid_t>, group_slot_count> group_slots{};  // 0: free
std::atomic<bool> adopting{false};
std::mutex starts;
static_assert(std::atomic<pid_t>::is_always_lock_free, "a signal handler reads the slots");

bool is_registered(pid_t group) noexcept {
  for (const std::atomic<pid_t>& slot : group_slots)
    if (slot.load(std::memory_order_acquire) == group) return true;
  return false;
}

/// The parent and process group of `pid` from /proc/PID/stat ("pid (comm) state ppid pgrp …",
/// comm may hold blanks and parentheses: the fields follow its last ')'), and whether it is a
/// zombie. Only read(), open() and close(): no allocation, no stdio.
bool parent_and_group(const char* pid_text, pid_t& parent, pid_t& group, bool& zombie) noexcept {
  char path[64] = "/proc/";
  std::size_t n = 6;
  for (const char* c = pid_text; *c && n + 6 < sizeof path; ++c) path[n++] = *c;
  for (const char* c = "/stat"; *c; ++c) path[n++] = *c;
  path[n] = '\0';
  const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  char text[1024];
  const ssize_t got = ::read(fd, text, sizeof text - 1);
  ::close(fd);
  if (got <= 0) return false;
  std::size_t close_paren = 0;
  for (std::size_t i = 0; i < static_cast<std::size_t>(got); ++i)
    if (text[i] == ')') close_paren = i;
  std::size_t i = close_paren + 2;  // ") S ppid pgrp"
  if (close_paren == 0 || i >= static_cast<std::size_t>(got)) return false;
  zombie = text[i] == 'Z';
  const auto number = [&](pid_t& out) {
    while (i < static_cast<std::size_t>(got) && text[i] == ' ') ++i;
    out = 0;
    bool any = false;
    for (; i < static_cast<std::size_t>(got) && text[i] >= '0' && text[i] <= '9'; ++i, any = true)
      out = out * 10 + (text[i] - '0');
    return any;
  };
  ++i;
  return number(parent) && number(group);
}

/// One pass over /proc: kills each child of this process outside its group (and outside the
/// registered groups when `spare_registered`), with the group it leads, and reaps those that
/// are zombies. Returns how many it found.
int stop_escaped_children(bool spare_registered) noexcept {
  const int dir = ::open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir < 0) return 0;
  const pid_t self = ::getpid(), own_group = ::getpgrp();
  int found = 0;
  alignas(dirent64) char entries[4096];
  for (;;) {
    const ssize_t got = ::getdents64(dir, entries, sizeof entries);
    if (got <= 0) break;
    for (ssize_t offset = 0; offset < got;) {
      const auto* entry = reinterpret_cast<const dirent64*>(entries + offset);
      offset += entry->d_reclen;
      if (entry->d_name[0] < '1' || entry->d_name[0] > '9') continue;
      pid_t parent = 0, group = 0;
      bool zombie = false;
      if (!parent_and_group(entry->d_name, parent, group, zombie)) continue;
      if (parent != self || group == own_group || (spare_registered && is_registered(group))) continue;
      pid_t pid = 0;
      for (const char* c = entry->d_name; *c >= '0' && *c <= '9'; ++c) pid = pid * 10 + (*c - '0');
      ++found;
      if (zombie) {
        int status = 0;
        ::waitpid(pid, &status, WNOHANG);
      } else {
        ::kill(pid, SIGKILL);
        if (group == pid) ::kill(-group, SIGKILL);
      }
    }
  }
  ::close(dir);
  return found;
}

void sweep(bool spare_registered, double seconds) noexcept {
  if (!adopting.load(std::memory_order_acquire)) return;
  const timespec pause{0, 2'000'000};  // 2 ms: a killed process takes a moment to die
  const int passes = static_cast<int>(seconds / 0.002) + 1;
  for (int pass = 0; pass < passes; ++pass) {
    if (stop_escaped_children(spare_registered) == 0) return;
    ::nanosleep(&pause, nullptr);
  }
}

}  // namespace

bool adopt_escaped_descendants() {
#ifdef PR_SET_CHILD_SUBREAPER
  if (::prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0) return false;
  adopting.store(true, std::memory_order_release);
  return true;
#else
  return false;
#endif
}

bool adopting_escaped_descendants() { return adopting.load(std::memory_order_acquire); }

std::unique_lock<std::mutex> hold_program_starts() { return std::unique_lock(starts); }

int register_program_group(pid_t group) {
  for (std::size_t i = 0; i < group_slots.size(); ++i) {
    pid_t free = 0;
    if (group_slots[i].compare_exchange_strong(free, group, std::memory_order_acq_rel)) return static_cast<int>(i);
  }
  return -1;
}

void unregister_program_group(int slot) {
  if (slot >= 0) group_slots[static_cast<std::size_t>(slot)].store(0, std::memory_order_release);
}

void stop_escaped_descendants(double seconds) noexcept {
  if (!adopting.load(std::memory_order_acquire)) return;
  const std::lock_guard lock(starts);
  sweep(true, seconds);
}

void stop_every_program() noexcept {
  for (const std::atomic<pid_t>& slot : group_slots)
    if (const pid_t group = slot.load(std::memory_order_acquire); group > 0) ::kill(-group, SIGKILL);
  sweep(false, 0.5);
}

}  // namespace vibro
