#pragma once
// How much work a case asks for, and the limit a run refuses beyond (so that no input can
// ask for a run of years, or overflow a step count). The count is exact (rational), so
// steps_per_period = 1e12 over 1e9 periods is refused with its true size instead of
// overflowing. The default limit is about ten minutes of one core at the measured cost of a
// step in the run's scalar type (docs/architecture.md, "Limits"); `--max-steps` overrides it.

#include "vibro/case/case_spec.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace vibro {

/// The budget every default work limit is sized for: ten minutes of one core.
inline constexpr double work_limit_seconds = 600;

/// "40 s", "3.2 h", "2.1 days": a duration as an estimate reads.
std::string duration_text(double seconds);

/// The parts of a case's work a count covers (all of them by default).
struct WorkParts {
  bool run = true;       ///< the run at the case's step, and each step of its sweep
  bool study = true;     ///< each step size of its convergence study
  bool lyapunov = true;  ///< the trajectories of a forward-difference Lyapunov method (three per period)
};

/// Steps of the runs a case makes at its step choices, for `parts` (with an N-DOF scheme's
/// set-up per step size). A scheme without a step counts none.
rational estimated_steps(const CaseSpec& c, bool has_step, WorkParts parts = {});

/// Seconds one step costs at most, about, in a scalar type: measured with `vibro run` on
/// the corrected scheme (the costlier one, about twice Paoli–Schatzman) on a period-1
/// impacting orbit on the development machine (double 52 ns, long double 0.39 µs, float128
/// 2.1 µs, MPFR 4.3 µs at 50 digits and 10 µs at 200; the rational free fall 2 µs), rounded up.
double seconds_per_step(const Precision& precision);

/// About how many seconds `parts` of a case take on one core at `precision`: its
/// estimated_steps at seconds_per_step, or for a scheme without a step (the reference) about
/// a hundred events a period and run. The one estimate of a job's cost: the order in which a
/// report or a sweep hands out its jobs and the length a progress line announces; no result
/// depends on it.
double estimated_seconds(const CaseSpec& c, bool has_step, const Precision& precision, WorkParts parts = {});

/// About ten minutes of steps at `precision`.
std::int64_t default_max_steps(const Precision& precision);

/// Throws InputError (key `--max-steps` or the case's step) when the case asks for more
/// steps than `max_steps` (default: default_max_steps(precision)), saying how many.
void require_within_limit(const CaseSpec& c, bool has_step, const Precision& precision,
                          const std::optional<std::int64_t>& max_steps);

/// Bytes a run holds for each period it keeps: its stroboscopic sample and, for the
/// reference, about one event, as texts with their doubles (measured 2026-11-29 on
/// cases/reference_periodic.toml, peak memory at 10^4 and 4·10^4 periods: 1.6 KB a period,
/// 2.1 KB with its JSON; the texts grow with the digits). The command line keeps only what its
/// text shows and spools the rest (io/spooled_run_json.hpp); the Python module holds all.
inline constexpr double held_bytes_per_period = 2048;

/// Throws InputError (key `key` of the case) when holding `periods` kept periods would take
/// more than half the machine's physical memory, saying how much. (The error estimate's run
/// at more digits holds none: run/error_estimate_in_step.hpp.)
void require_memory_for_periods(const CaseSpec& c, const std::string& key, double periods);

/// Bytes the reference's values hold for each time asked (the Python module's
/// `reference(times=…)`): the time, position and velocity as texts and in the result's JSON
/// (round 4 measured 10^6 times at 1.07 GB).
inline constexpr double held_bytes_per_time = 1100;
/// The same for the reference at times given as doubles, its states as doubles (the Python
/// module's `reference(times=…)` in double): a copy of the time, the position and the velocity
/// of one coordinate, and the module's array of times.
inline constexpr double held_bytes_per_double_time = 32;

/// Throws InputError (key "times") when `count` times of `bytes_each` would hold more than half
/// the machine's memory, saying how much.
void require_memory_for_times(std::size_t count, double bytes_each = held_bytes_per_time);

/// Bytes `vibro run --json` spools to the temporary directory for each period (one event and
/// one stroboscopic sample, six numbers of `digits` significant digits as text, and their
/// kinds and tabs; io/spooled_run_json.hpp).
double listed_bytes_per_period(long digits);

/// Throws InputError (key "horizon.periods") when the listing of `periods` periods at each of
/// `precisions` (what --json and a list of precisions list: every event and sample) would not
/// fit in the free space of the temporary directory, saying how much.
void require_disk_for_listing(const CaseSpec& c, double periods, const std::vector<Precision>& precisions);

}  // namespace vibro
