#pragma once
// Where a long computation says how far it is (the CLI shows it on stderr: cli/progress_meter).
// Calls come now and then (every 2^16 steps, each section, each finished step size), from
// any thread, never from inside a step loop's iteration.

#include <cstdint>
#include <string>

namespace vibro {

class Progress {
 public:
  virtual ~Progress() = default;
  /// A new piece of work: what it is, how many units it has, what a unit is, and about how
  /// many seconds it may take at most (work_limit.hpp's cost model; 0 when not known).
  virtual void begin(const std::string& what, std::int64_t total, const std::string& unit,
                     double estimated_seconds = 0) = 0;
  /// `done` units of the current piece are done.
  virtual void advance(std::int64_t done) = 0;
};

}  // namespace vibro
