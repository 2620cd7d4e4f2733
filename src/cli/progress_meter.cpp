#include "progress_meter.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>

namespace vibro::cli {
namespace {

/// Seconds between two lines when stderr is not a terminal, and the estimate from which a
/// piece of work announces itself.
constexpr double speak_every_seconds = 10;
/// Seconds between two redraws on a terminal.
constexpr double redraw_every_seconds = 0.2;

double seconds(std::chrono::steady_clock::duration d) { return std::chrono::duration<double>(d).count(); }

}  // namespace

ProgressMeter::ProgressMeter(bool terminal) : terminal_(terminal) {
  watcher_ = std::jthread([this](std::stop_token stop) { watch(stop); });
}

ProgressMeter::~ProgressMeter() {
  watcher_.request_stop();
  wake_.notify_all();
  watcher_.join();
  const std::lock_guard lock(mutex_);
  if (line_on_screen_) std::fprintf(stderr, "\r\033[K");
}

void ProgressMeter::begin(const std::string& what, std::int64_t total, const std::string& unit,
                          double estimated_seconds) {
  const std::lock_guard lock(mutex_);
  what_ = what;
  unit_ = unit;
  total_ = total;
  done_ = 0;
  active_ = true;
  started_ = spoken_ = Clock::now();
  if (terminal_) {
    draw_on_terminal(true);
  } else if (estimated_seconds >= speak_every_seconds) {
    std::fprintf(stderr, "vibro: %s: %lld %s, up to about %.0f s\n", what_.c_str(), static_cast<long long>(total_),
                 unit_.c_str(), estimated_seconds);
  }
}

void ProgressMeter::advance(std::int64_t done) {
  const std::lock_guard lock(mutex_);
  done_ = std::max(done_, done);
  if (terminal_) draw_on_terminal(false);
}

std::string ProgressMeter::status_line() const {
  const double elapsed = seconds(Clock::now() - started_);
  // A total of 0 is not known in advance (a horizon's impacts): the count so far, no time left.
  if (total_ <= 0)
    return fmt::format("{}: {} {}{}, {:.0f} s so far", what_, done_, unit_,
                       done_ > 0 && elapsed > 0 ? fmt::format(", {:.3g} {}/s", static_cast<double>(done_) / elapsed, unit_)
                                                : std::string(),
                       elapsed);
  std::string line = fmt::format("{}: {}/{} {}", what_, done_, total_, unit_);
  line += fmt::format(" ({:.1f} %)", 100.0 * static_cast<double>(done_) / static_cast<double>(total_));
  if (done_ > 0 && elapsed > 0) {
    const double rate = static_cast<double>(done_) / elapsed;
    line += fmt::format(", {:.3g} {}/s, about {:.0f} s left", rate, unit_,
                        static_cast<double>(total_ - done_) / rate);
  } else {
    line += fmt::format(", {:.0f} s so far", elapsed);
  }
  return line;
}

void ProgressMeter::draw_on_terminal(bool force) {
  const auto now = Clock::now();
  if (!force && seconds(now - drawn_) < redraw_every_seconds) return;
  drawn_ = now;
  std::fprintf(stderr, "\r\033[K  %s", status_line().c_str());
  line_on_screen_ = true;
}

void ProgressMeter::watch(std::stop_token stop) {
  std::unique_lock lock(mutex_);
  while (!stop.stop_requested()) {
    // On a terminal, a redraw every second; otherwise, a wake-up when the current piece has
    // been silent for speak_every_seconds.
    double wait = terminal_ ? 1.0 : speak_every_seconds;
    if (!terminal_ && active_) wait = std::max(0.05, speak_every_seconds - seconds(Clock::now() - spoken_));
    wake_.wait_for(lock, stop, std::chrono::duration<double>(wait), [] { return false; });
    if (stop.stop_requested() || !active_) continue;
    if (terminal_) {
      draw_on_terminal(true);
    } else if (seconds(Clock::now() - spoken_) >= speak_every_seconds) {
      spoken_ = Clock::now();
      std::fprintf(stderr, "vibro: %s\n", status_line().c_str());
    }
  }
}

}  // namespace vibro::cli
