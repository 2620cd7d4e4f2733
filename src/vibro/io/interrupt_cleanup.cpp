#include "vibro/io/interrupt_cleanup.hpp"

#include <signal.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <climits>
#include <cstring>
#include <mutex>

namespace vibro {
namespace {

/// Atomic files open at once: one CSV, or the files of a report being written one by one.
constexpr std::size_t slot_count = 16;

struct Slot {
  std::atomic<bool> used{false};
  char path[PATH_MAX] = {};
};

std::array<Slot, slot_count> slots;
std::mutex slots_mutex;  // between threads that register; the handler takes no lock
std::atomic<void (*)() noexcept> first_action{nullptr};

extern "C" void remove_registered_and_reraise(int signal_number) {
  if (const auto first = first_action.load(std::memory_order_acquire)) first();
  for (Slot& slot : slots)
    if (slot.used.load(std::memory_order_acquire)) ::unlink(slot.path);
  ::signal(signal_number, SIG_DFL);
  ::raise(signal_number);
}

}  // namespace

int InterruptCleanup::add(const std::filesystem::path& path) {
  const std::string text = std::filesystem::absolute(path).string();
  if (text.size() >= PATH_MAX) return -1;
  const std::lock_guard lock(slots_mutex);
  for (std::size_t i = 0; i < slots.size(); ++i) {
    if (slots[i].used.load(std::memory_order_relaxed)) continue;
    std::memcpy(slots[i].path, text.c_str(), text.size() + 1);
    slots[i].used.store(true, std::memory_order_release);
    return static_cast<int>(i);
  }
  return -1;
}

void InterruptCleanup::remove(int slot) {
  if (slot < 0) return;
  const std::lock_guard lock(slots_mutex);
  slots[static_cast<std::size_t>(slot)].used.store(false, std::memory_order_release);
}

void InterruptCleanup::install(void (*first)() noexcept) {
  first_action.store(first, std::memory_order_release);
  struct sigaction action {};
  action.sa_handler = remove_registered_and_reraise;
  sigemptyset(&action.sa_mask);
  for (const int signal_number : {SIGINT, SIGTERM, SIGHUP}) ::sigaction(signal_number, &action, nullptr);
}

}  // namespace vibro
