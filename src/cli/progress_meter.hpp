#pragma once
// How `vibro` tells a person that a long computation is under way (stderr). On a terminal:
// one line kept up to date — what, done/total, rate, time left. Otherwise (a log, a pipe, a
// CI job): one line when a piece of work estimated at 10 s or more starts, and one line
// every 10 s while any piece lasts, so that no run is silent for long. A background thread
// writes the periodic lines, so a run stuck inside one long step still speaks.

#include "vibro/support/progress.hpp"

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>

namespace vibro::cli {

class ProgressMeter final : public Progress {
 public:
  explicit ProgressMeter(bool terminal);
  ~ProgressMeter() override;
  ProgressMeter(const ProgressMeter&) = delete;
  ProgressMeter& operator=(const ProgressMeter&) = delete;

  void begin(const std::string& what, std::int64_t total, const std::string& unit,
             double estimated_seconds = 0) override;
  void advance(std::int64_t done) override;

 private:
  using Clock = std::chrono::steady_clock;
  /// "what: done/total unit (p %), rate unit/s, about T s left", or with no total (0: not known
  /// in advance) "what: done unit, rate unit/s, T s so far"; the caller holds the lock.
  std::string status_line() const;
  void draw_on_terminal(bool force);  // the caller holds the lock
  void watch(std::stop_token stop);

  bool terminal_;
  std::mutex mutex_;
  std::condition_variable_any wake_;
  std::string what_, unit_;
  std::int64_t total_ = 0, done_ = 0;
  Clock::time_point started_ = Clock::now(), drawn_ = Clock::now(), spoken_ = Clock::now();
  bool active_ = false, line_on_screen_ = false;
  std::jthread watcher_;
};

}  // namespace vibro::cli
