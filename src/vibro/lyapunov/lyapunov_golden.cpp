#include "vibro/lyapunov/lyapunov_golden.hpp"

#include "vibro/support/input_error.hpp"
#include "vibro/support/option_blamed.hpp"
#include "vibro/lyapunov/run_lyapunov.hpp"
#include "vibro/scalar/parse_exact.hpp"
#include "vibro/results/lyapunov_ensemble.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <tuple>

namespace vibro {
namespace {

/// λ1, λ2 per period as printed by the run (round-trip text), and their exact values.
struct Exponents {
  std::string text1, text2;
  rational lambda1, lambda2;
};

rational exact_of(const std::string& text) {
  const auto value = parse_exact(text);
  if (!value) throw std::runtime_error("not a number: '" + text + "'");
  return *value;
}

/// The exponents of the case over `periods` at `precision`, without error bars.
Exponents run_exponents(CaseSpec c, const Precision& precision, std::int64_t periods, const RunOptions& base = {}) {
  c.horizon.periods = periods;
  RunOptions options = base;
  options.precision = precision;
  options.lyapunov_ensemble = 0;
  options.lyapunov_second_precision.reset();
  const LyapunovFindings l = run_lyapunov_case(c, options).lyapunov;
  if (!l.defined)
    throw InputError(c.file, "lyapunov",
                     "exponents undefined at " + precision.name() + ": " + l.why_undefined);
  const std::string& t1 = l.lambda1_per_period.text;
  const std::string& t2 = l.lambda2_per_period.text;
  return {t1, t2, exact_of(t1), exact_of(t2)};
}

/// |a − b| / |b| as a double (b ≠ 0 for Lyapunov exponents of a dissipative map).
double relative_difference(const rational& a, const rational& b) {
  const rational d = abs(a - b);
  return b == 0 ? (d == 0 ? 0.0 : std::numeric_limits<double>::infinity()) : static_cast<double>(d / abs(b));
}

/// Significant digits two values share: −log10 of the relative difference (capped).
double agreement_digits(double relative) {
  constexpr double identical = 1000;
  return relative == 0 ? identical : -std::log10(relative);
}

/// A short decimal not below x ≥ 0 (a tolerance must not shrink in printing).
std::string rounded_up_text(const rational& x) {
  double d = static_cast<double>(x);
  while (exact_of(fmt::format("{:.3e}", d)) < x) d = std::nextafter(d * (1 + 1e-3), std::numeric_limits<double>::infinity());
  return fmt::format("{:.3e}", d);
}

}  // namespace

LyapunovGolden write_lyapunov_golden(const CaseSpec& c, const LyapunovGoldenOptions& options,
                           const std::function<void(const std::string&)>& progress) {
  if (!c.lyapunov) throw InputError(c.file, "lyapunov", "the case has no [lyapunov] table");
  if (options.short_periods < 1) throw InputError(c.file, "--golden-periods", "must be ≥ 1");
  if (options.run.lyapunov_ensemble < 2)
    throw InputError(c.file, "--ensemble", "a golden's long-horizon tolerance needs an ensemble of at least 2 starts");
  const auto told = [&](const std::string& what) {
    if (progress) progress(what);
  };

  // Short horizon: MPFR at D and D + 20 digits must agree to the required digits.
  const Precision low = Precision::parse("mpfr:" + std::to_string(options.short_digits));
  const Precision high = Precision::parse("mpfr:" + std::to_string(options.short_digits + 20));
  told(fmt::format("short horizon, {} periods, {}", options.short_periods, low.name()));
  // The short horizon is --golden-periods, not the case's horizon.periods.
  const auto short_run = [&](const Precision& precision) {
    return with_option_blamed(
        "--golden-periods", "the golden's short run of " + std::to_string(options.short_periods) + " periods at " + precision.name(),
        [](const std::string& key) { return key == "horizon.periods"; },
        [&] { return run_exponents(c, precision, options.short_periods, options.run); });
  };
  const Exponents at_low = short_run(low);
  told(fmt::format("short horizon, {} periods, {}", options.short_periods, high.name()));
  const Exponents at_high = short_run(high);
  const double digits = std::min(agreement_digits(relative_difference(at_low.lambda1, at_high.lambda1)),
                                 agreement_digits(relative_difference(at_low.lambda2, at_high.lambda2)));
  if (digits < options.required_agreement_digits)
    throw InputError(c.file, "--golden-periods",
                     fmt::format("over {} periods {} and {} agree to only {:.1f} digits (need {}): shorten the "
                                 "horizon or raise --golden-digits",
                                 options.short_periods, low.name(), high.name(), digits,
                                 options.required_agreement_digits));
  LyapunovGolden golden;
  golden.written_by = options.command;
  golden.vibro_version = VIBRO_VERSION;
  golden.case_info = {c.file, c.name, c.hash};
  golden.short_horizon = {options.short_periods,
                          low.name(),
                          high.name(),
                          std::floor(digits * 10) / 10,
                          at_high.text1,
                          at_high.text2,
                          fmt::format("1e-{}", options.required_agreement_digits)};

  // Long horizon: the case's own run with its error bars.
  told(fmt::format("long horizon, {} periods, {}, with an ensemble of {} nearby starts", *c.horizon.periods,
                   c.precision.name(), options.run.lyapunov_ensemble));
  RunOptions long_options = options.run;
  long_options.precision = c.precision;
  const LyapunovFindings l = run_lyapunov_case(c, long_options).lyapunov;
  if (!l.defined)
    throw InputError(c.file, "lyapunov", "exponents undefined at " + c.precision.name() + ": " + l.why_undefined);
  auto& h = golden.long_horizon;
  h.periods = *c.horizon.periods;
  h.precision = c.precision.name();
  h.u0 = c.u0.text;
  h.v0 = c.v0.text;
  h.lambda1_per_period = l.lambda1_per_period.text;
  h.lambda2_per_period = l.lambda2_per_period.text;
  h.tolerance_lambda1 = rounded_up_text(rational(l.uncertainty->lambda1.half_width));
  h.tolerance_lambda2 = rounded_up_text(rational(l.uncertainty->lambda2.half_width));
  if (l.ensemble) {
    h.ensemble_perturbation = l.ensemble->perturbation.text;
    for (const EnsembleMember& member : l.ensemble->members)
      if (member.defined)
        h.ensemble.push_back({member.u0.text, member.v0.text, member.lambda1_per_period.text,
                              member.lambda2_per_period.text});
  }
  return golden;
}

LyapunovGoldenCheck check_lyapunov_golden(const LyapunovGolden& golden, const CaseSpec& c) {
  LyapunovGoldenCheck check;
  const auto line = [&](bool ok, const std::string& text) {
    check.passed = check.passed && ok;
    check.lines.push_back((ok ? "ok    " : "FAIL  ") + text);
  };
  if (golden.case_info.hash != c.hash) {
    line(false, "the case file changed since the golden was written: regenerate with `" + golden.written_by + "`");
    return check;
  }
  const auto& s = golden.short_horizon;
  const Exponents short_run = run_exponents(c, Precision::parse(s.precision), s.periods);
  const double allowed = std::stod(s.relative_tolerance);
  for (const auto& [name, computed, stored] : {std::tuple{"lambda1", short_run.lambda1, s.lambda1_per_period},
                                               std::tuple{"lambda2", short_run.lambda2, s.lambda2_per_period}}) {
    const double rel = relative_difference(computed, exact_of(stored));
    line(rel <= allowed, fmt::format("short {} ({} periods, {}): relative difference {:.2g} (allowed {:.0e})", name,
                                     s.periods, s.precision, rel, allowed));
  }
  const auto& l = golden.long_horizon;
  const Exponents long_run = run_exponents(c, Precision::parse(l.precision), l.periods);
  for (const auto& [name, computed, stored, allowed_text] :
       {std::tuple{"lambda1", long_run.lambda1, l.lambda1_per_period, l.tolerance_lambda1},
        std::tuple{"lambda2", long_run.lambda2, l.lambda2_per_period, l.tolerance_lambda2}}) {
    const rational difference = abs(computed - exact_of(stored));
    const rational tolerance = exact_of(allowed_text);
    line(difference <= tolerance,
         fmt::format("long {} ({} periods, {}): difference {:.3g} (allowed: its 95 % uncertainty {:.3g})", name, l.periods,
                     l.precision, static_cast<double>(difference), static_cast<double>(tolerance)));
  }
  return check;
}

}  // namespace vibro
