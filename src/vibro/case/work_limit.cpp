#include "vibro/case/work_limit.hpp"

#include "vibro/support/input_error.hpp"
#include "vibro/case/system_setup_cost.hpp"
#include "vibro/scalar/format.hpp"

#include <fmt/format.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <cmath>

namespace vibro {

std::string duration_text(double seconds) {
  if (seconds < 120) return fmt::format("{:.2g} s", seconds);
  if (seconds < 7200) return fmt::format("{:.2g} min", seconds / 60);
  if (seconds < 172800) return fmt::format("{:.2g} h", seconds / 3600);
  return fmt::format("{:.2g} days", seconds / 86400);
}

namespace {

/// Steps of one run at a step choice, exactly.
rational steps_at(const CaseSpec& c, const StepSpec& step) {
  if (c.horizon.steps) return rational(*c.horizon.steps);
  if (c.horizon.periods) return rational(*c.horizon.periods) * rational(step.steps_per_period->value);
  return (c.horizon.t_end->exact - c.t0.exact) / step.h->exact;
}

}  // namespace

rational estimated_steps(const CaseSpec& c, bool has_step, WorkParts parts) {
  if (!has_step) return rational(0);
  rational total(0);
  long setups = 0;
  if (parts.run) {
    total += steps_at(c, c.step);
    for (const StepSpec& step : c.sweep) total += steps_at(c, step);
    setups += static_cast<long>(1 + c.sweep.size());
  }
  if (parts.study) {
    for (const StepSpec& step : c.convergence) total += steps_at(c, step);
    setups += static_cast<long>(c.convergence.size());
  }
  if (parts.lyapunov && c.lyapunov) total += 3 * steps_at(c, c.step);
  // An N-DOF scheme is set up once per step size before its first step: O(N³).
  if (const SystemSpec* s = c.model.system())
    total += rational(static_cast<long long>(system_setup_steps(s->dimension()))) * setups;
  return total;
}

double estimated_seconds(const CaseSpec& c, bool has_step, const Precision& precision, WorkParts parts) {
  if (has_step) return static_cast<double>(estimated_steps(c, true, parts)) * seconds_per_step(precision);
  // The reference: about a hundred events a period, for each run the parts make.
  double runs = 0;
  if (parts.run) runs += 1 + static_cast<double>(c.sweep.size());
  if (parts.study) runs += static_cast<double>(c.convergence.size());
  if (parts.lyapunov && c.lyapunov) runs += 1;
  return 100.0 * static_cast<double>(c.horizon.periods.value_or(1)) * runs * seconds_per_step(precision);
}

double seconds_per_step(const Precision& precision) {
  switch (precision.kind) {
    case ScalarKind::double_: return 5.5e-8;
    case ScalarKind::long_double: return 4e-7;
    case ScalarKind::float128: return 2.2e-6;
    case ScalarKind::rational: return 2e-6;
    case ScalarKind::mpfr: break;
  }
  // 4.3 µs at 50 digits, about linear in the digits above (10 µs at 200, 100 µs at 1000).
  return 4.5e-6 * std::max(1.0, static_cast<double>(precision.mpfr_digits) / 50);
}

std::int64_t default_max_steps(const Precision& precision) {
  return static_cast<std::int64_t>(work_limit_seconds / seconds_per_step(precision));
}

void require_within_limit(const CaseSpec& c, bool has_step, const Precision& precision,
                          const std::optional<std::int64_t>& max_steps) {
  const rational steps = estimated_steps(c, has_step);
  const std::int64_t limit = max_steps.value_or(default_max_steps(precision));
  if (steps <= limit) return;
  // In MPFR: h = 1e-400 asks for more steps than a double holds.
  const mpfr_real count(steps);
  throw InputError(c.file, c.step.key(),
                   "the case asks for about " + to_text_significant(count, 3) +
                       " steps (its run, sweep, study and Lyapunov trajectories, and an N-DOF scheme's setup), about " +
                       to_text_significant(mpfr_real(count * seconds_per_step(precision)), 3) + " s at " +
                       precision.name() + ", above the limit of " + std::to_string(limit) +
                       fmt::format(" steps (allowed: at most --max-steps, by default about {:.0f} minutes of one core "
                                   "at this precision)",
                                   work_limit_seconds / 60));
}

namespace {

/// Half the machine's physical memory, the most a run may hold; nullopt when not known.
std::optional<double> memory_budget() {
  const double pages = static_cast<double>(sysconf(_SC_PHYS_PAGES)), page = static_cast<double>(sysconf(_SC_PAGE_SIZE));
  if (!(pages > 0 && page > 0)) return std::nullopt;
  return pages * page / 2;
}

}  // namespace

void require_memory_for_periods(const CaseSpec& c, const std::string& key, double periods) {
  const std::optional<double> budget = memory_budget();
  const double needed = periods * held_bytes_per_period;
  if (!budget || needed <= *budget) return;
  throw InputError(c.file, key,
                   fmt::format("the run would hold about {:.3g} GB: {:.3g} periods' samples and events, about {:.0f} "
                               "bytes each, above half this machine's memory ({:.3g} GB) (allowed: fewer periods)",
                               needed / 1e9, periods, held_bytes_per_period, *budget / 1e9));
}

void require_memory_for_times(std::size_t count, double bytes_each) {
  const std::optional<double> budget = memory_budget();
  const double needed = static_cast<double>(count) * bytes_each;
  if (!budget || needed <= *budget) return;
  throw InputError("", "times",
                   fmt::format("{} times would hold about {:.3g} GB, about {:.0f} bytes each, above half this "
                               "machine's memory ({:.3g} GB) (allowed: fewer times, or several calls)",
                               count, needed / 1e9, bytes_each, *budget / 1e9));
}

double listed_bytes_per_period(long digits) {
  constexpr double numbers = 6, per_number = 9;  // a sign, a point, an exponent, a tab
  return numbers * (static_cast<double>(digits) + per_number) + 16;
}

void require_disk_for_listing(const CaseSpec& c, double periods, const std::vector<Precision>& precisions) {
  double needed = 0;
  for (const Precision& precision : precisions) {
    const long digits = precision.kind == ScalarKind::mpfr          ? precision.mpfr_digits
                        : precision.kind == ScalarKind::float128    ? 36
                        : precision.kind == ScalarKind::long_double ? 21
                                                                    : 17;
    needed += periods * listed_bytes_per_period(digits);
  }
  std::error_code error;
  const std::filesystem::path directory = std::filesystem::temp_directory_path(error);
  if (error) return;  // said when the spool is made
  const std::filesystem::space_info space = std::filesystem::space(directory, error);
  if (error || needed <= static_cast<double>(space.available)) return;
  throw InputError(c.file, "horizon.periods",
                   fmt::format("--json and a list of precisions list every event and sample: {:.3g} periods at {} "
                               "would take about {:.3g} GB in the temporary directory {}, which has {:.3g} GB free "
                               "(allowed: fewer periods, or TMPDIR on a larger disk)",
                               periods, precisions.size() == 1 ? precisions.front().name()
                                                               : std::to_string(precisions.size()) + " precisions",
                               needed / 1e9, directory.string(), static_cast<double>(space.available) / 1e9));
}

}  // namespace vibro
