#include "vibro/run/lyapunov_golden.hpp"

#include "vibro/run/input_error.hpp"
#include "vibro/run/run_lyapunov.hpp"
#include "vibro/scalar/parse.hpp"

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

Exponents run_exponents(CaseSpec c, const Precision& precision, std::int64_t periods, const NumberInput& v0,
                        const RunOptions& base = {}) {
  c.horizon.periods = periods;
  c.v0 = v0;
  RunOptions options = base;
  options.precision = precision;
  const LyapunovFindings l = run_lyapunov_case(c, options).lyapunov;
  if (!l.defined)
    throw InputError(c.file, "lyapunov",
                     "exponents undefined at " + precision.name() + ", v0 = " + v0.text + ": " + l.why_undefined);
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

std::string rational_text(const rational& x) { return x.str(); }

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
  const auto told = [&](const std::string& what) {
    if (progress) progress(what);
  };

  // Short horizon: MPFR at D and D + 20 digits must agree to the required digits.
  const Precision low = Precision::parse("mpfr:" + std::to_string(options.short_digits));
  const Precision high = Precision::parse("mpfr:" + std::to_string(options.short_digits + 20));
  told(fmt::format("short horizon, {} periods, {}", options.short_periods, low.name()));
  const Exponents at_low = run_exponents(c, low, options.short_periods, c.v0, options.run);
  told(fmt::format("short horizon, {} periods, {}", options.short_periods, high.name()));
  const Exponents at_high = run_exponents(c, high, options.short_periods, c.v0, options.run);
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
  golden.case_file = c.file;
  golden.case_name = c.name;
  golden.case_hash = c.hash;
  golden.short_horizon = {options.short_periods,
                          low.name(),
                          high.name(),
                          std::floor(digits * 10) / 10,
                          at_high.text1,
                          at_high.text2,
                          fmt::format("1e-{}", options.required_agreement_digits)};

  // Long horizon: the case's own run, and its spread over precisions × nearby v0.
  const std::int64_t periods = *c.horizon.periods;
  const rational r = exact_of(options.nearby_relative);
  std::vector<NumberInput> initial = {c.v0};
  for (const rational& factor : {rational(1 - r), rational(1 + r)})
    initial.push_back({c.v0.key, rational_text(c.v0.exact * factor), c.v0.exact * factor});
  std::vector<Precision> precisions = {c.precision};
  for (const Precision& p : options.spread_precisions)
    if (std::find(precisions.begin(), precisions.end(), p) == precisions.end()) precisions.push_back(p);

  std::vector<Exponents> results;
  for (const Precision& p : precisions) {
    for (const NumberInput& v0 : initial) {
      told(fmt::format("long horizon, {} periods, {}, v0 = {}", periods, p.name(), v0.text));
      results.push_back(run_exponents(c, p, periods, v0, options.run));
      golden.long_horizon.runs.push_back({p.name(), v0.text, results.back().text1, results.back().text2});
    }
  }
  const Exponents& stored = results.front();  // the case's precision and v0: what the test re-runs
  rational spread1(0), spread2(0);
  for (const Exponents& e : results) {
    spread1 = std::max(spread1, rational(abs(e.lambda1 - stored.lambda1)));
    spread2 = std::max(spread2, rational(abs(e.lambda2 - stored.lambda2)));
  }
  golden.long_horizon.periods = periods;
  golden.long_horizon.precision = c.precision.name();
  golden.long_horizon.v0 = c.v0.text;
  golden.long_horizon.lambda1_per_period = stored.text1;
  golden.long_horizon.lambda2_per_period = stored.text2;
  golden.long_horizon.tolerance_lambda1 = rounded_up_text(spread1);
  golden.long_horizon.tolerance_lambda2 = rounded_up_text(spread2);
  golden.long_horizon.nearby_relative = options.nearby_relative;
  return golden;
}

LyapunovGoldenCheck check_lyapunov_golden(const LyapunovGolden& golden, const CaseSpec& c) {
  LyapunovGoldenCheck check;
  const auto line = [&](bool ok, const std::string& text) {
    check.passed = check.passed && ok;
    check.lines.push_back((ok ? "ok    " : "FAIL  ") + text);
  };
  if (golden.case_hash != c.hash) {
    line(false, "the case file changed since the golden was written: regenerate with `" + golden.written_by + "`");
    return check;
  }
  const auto& s = golden.short_horizon;
  const Exponents short_run = run_exponents(c, Precision::parse(s.precision), s.periods, c.v0);
  const double allowed = std::stod(s.relative_tolerance);
  for (const auto& [name, computed, stored] : {std::tuple{"lambda1", short_run.lambda1, s.lambda1_per_period},
                                               std::tuple{"lambda2", short_run.lambda2, s.lambda2_per_period}}) {
    const double rel = relative_difference(computed, exact_of(stored));
    line(rel <= allowed, fmt::format("short {} ({} periods, {}): relative difference {:.2g} (allowed {:.0e})", name,
                                     s.periods, s.precision, rel, allowed));
  }
  const auto& l = golden.long_horizon;
  const Exponents long_run = run_exponents(c, Precision::parse(l.precision), l.periods, c.v0);
  for (const auto& [name, computed, stored, allowed_text] :
       {std::tuple{"lambda1", long_run.lambda1, l.lambda1_per_period, l.tolerance_lambda1},
        std::tuple{"lambda2", long_run.lambda2, l.lambda2_per_period, l.tolerance_lambda2}}) {
    const rational difference = abs(computed - exact_of(stored));
    const rational tolerance = exact_of(allowed_text);
    line(difference <= tolerance,
         fmt::format("long {} ({} periods, {}): difference {:.3g} (allowed: measured spread {:.3g})", name, l.periods,
                     l.precision, static_cast<double>(difference), static_cast<double>(tolerance)));
  }
  return check;
}

}  // namespace vibro
