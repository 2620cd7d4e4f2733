#include "vibro/lyapunov/lyapunov_error_bars.hpp"

#include "vibro/analysis/significant_digits.hpp"
#include "vibro/support/input_error.hpp"
#include "vibro/support/option_blamed.hpp"
#include "vibro/lyapunov/run_lyapunov.hpp"
#include "vibro/scalar/parse_exact.hpp"
#include "vibro/results/lyapunov_ensemble.hpp"
#include "vibro/results/second_precision.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>

namespace vibro {
namespace {

double double_of(const NumberText& x) { return static_cast<double>(x.exact()); }

/// The run's options for a run that only gives exponents: no progress, no error bars.
RunOptions plain(RunOptions options) {
  options.progress = nullptr;
  options.lyapunov_ensemble = 0;
  options.lyapunov_second_precision.reset();
  return options;
}

/// Start j of M: u0 + δ·j/M, v0 + (−1)^j δ·(M + 1 − j)/M, δ = r·max(|u0|, |v0|, 1). The
/// position only grows (a start on the obstacle stays admissible) and by at least δ/M, so no
/// member repeats the run; the velocity offsets alternate in sign.
std::pair<NumberInput, NumberInput> nearby_start(const CaseSpec& c, const rational& r, std::size_t j, std::size_t m) {
  const rational scale = std::max({rational(abs(c.u0.exact)), rational(abs(c.v0.exact)), rational(1)});
  const rational delta = r * scale;
  const rational du = delta * rational(static_cast<long>(j), static_cast<long>(m));
  rational dv = delta * rational(static_cast<long>(m + 1 - j), static_cast<long>(m));
  if (j % 2 == 1) dv = -dv;
  const rational u = c.u0.exact + du, v = c.v0.exact + dv;
  return {NumberInput{c.u0.key, u.str(), u}, NumberInput{c.v0.key, v.str(), v}};
}

void run_ensemble(LyapunovFindings& l, const CaseSpec& c, const RunOptions& options) {
  const std::size_t m = options.lyapunov_ensemble;
  const auto r = parse_exact(options.lyapunov_perturbation);
  if (!r || *r <= 0) throw InputError(c.file, "--ensemble-perturbation", "must be a positive number, not '" + options.lyapunov_perturbation + "'");
  LyapunovEnsemble& ensemble = l.ensemble.emplace();
  ensemble.perturbation = NumberText{options.lyapunov_perturbation};
  if (options.progress) options.progress->begin("the ensemble of " + c.name + ": nearby starts", static_cast<std::int64_t>(m), "runs", 0);
  for (std::size_t j = 1; j <= m; ++j) {
    CaseSpec member = c;
    std::tie(member.u0, member.v0) = nearby_start(c, *r, j, m);
    EnsembleMember out;
    out.u0 = NumberText{member.u0.text};
    out.v0 = NumberText{member.v0.text};
    // A start the perturbation made that the case's type cannot hold (a velocity moved from 0
    // by 1e−320: below the normal range of double) is the option's doing, not initial.v0's.
    const LyapunovFindings found =
        with_option_blamed("--ensemble-perturbation",
                           "member " + std::to_string(j) + " starts at u0 = " + member.u0.text + ", v0 = " + member.v0.text +
                               " (the case's start moved by " + options.lyapunov_perturbation + ")",
                           [&](const std::string& key) { return key == c.u0.key || key == c.v0.key; },
                           [&] { return run_lyapunov_case(member, plain(options)).lyapunov; });
    out.defined = found.defined;
    if (found.defined) {
      out.lambda1_per_period = found.lambda1_per_period;
      out.lambda2_per_period = found.lambda2_per_period;
    } else {
      out.why_undefined = found.why_undefined;
    }
    ensemble.members.push_back(std::move(out));
    if (options.progress) options.progress->advance(static_cast<std::int64_t>(j));
  }
}

void run_second_precision(LyapunovResult& result, const CaseSpec& c, const RunOptions& options) {
  LyapunovFindings& l = result.lyapunov;
  RunOptions second = plain(options);
  second.precision = *options.lyapunov_second_precision;
  const LyapunovResult other =
      with_option_blamed("--second-precision", "the run at " + second.precision->name(),
                         [](const std::string&) { return true; }, [&] { return run_lyapunov_case(c, second); });
  SecondPrecision s;
  s.precision = other.provenance.precision.name;
  s.defined = other.lyapunov.defined;
  if (!s.defined) {
    s.why_undefined = other.lyapunov.why_undefined;
  } else {
    s.lambda1_per_period = other.lyapunov.lambda1_per_period;
    s.lambda2_per_period = other.lyapunov.lambda2_per_period;
    // Digits of the more precise value that the other shares.
    const bool other_wider = other.provenance.precision.decimal_digits > result.provenance.precision.decimal_digits;
    const int cap = static_cast<int>(std::min(other.provenance.precision.decimal_digits,
                                              result.provenance.precision.decimal_digits));
    const auto digits = [&](const NumberText& here, const NumberText& there) {
      const std::optional<int> shared = other_wider ? shared_significant_digits(there.exact(), here.exact())
                                                    : shared_significant_digits(here.exact(), there.exact());
      return std::min(shared.value_or(cap), cap);  // equal values share every digit the narrower type has
    };
    s.shared_significant_digits = {digits(l.lambda1_per_period, s.lambda1_per_period),
                                   digits(l.lambda2_per_period, s.lambda2_per_period)};
  }
  l.second_precision = std::move(s);
}

/// The ensemble's part of each uncertainty: the run's own value and every defined member's.
void combine(LyapunovFindings& l) {
  std::vector<double> values1 = {double_of(l.lambda1_per_period)}, values2 = {double_of(l.lambda2_per_period)},
                      sums = {double_of(l.sum_per_period)};
  if (l.ensemble)
    for (const EnsembleMember& member : l.ensemble->members) {
      if (!member.defined) continue;
      values1.push_back(double_of(member.lambda1_per_period));
      values2.push_back(double_of(member.lambda2_per_period));
      sums.push_back(values1.back() + values2.back());
    }
  ExponentUncertainties& u = *l.uncertainty;
  u = {exponent_uncertainty(u.lambda1.batch, values1), exponent_uncertainty(u.lambda2.batch, values2),
       exponent_uncertainty(u.sum.batch, sums)};
}

/// The exact flow's sum rule holds for the exact derivative to rounding and for any map
/// whose area contraction is the flow's; a method whose λ1 + λ2 is off it by more than the
/// sum's uncertainty (and the rounding) contracts area otherwise.
void decide_sum_rule(LyapunovFindings& l) {
  if (!l.sum_rule_per_period) return;
  const double difference = static_cast<double>(abs(l.sum_per_period.exact() - l.sum_rule_per_period->exact()));
  const double allowed = std::max(l.uncertainty ? l.uncertainty->sum.half_width : 0.0, l.sum_rule_rounding);
  if (!(difference > allowed)) return;
  l.sum_rule_warning = fmt::format(
      "lambda1 + lambda2 = {:.6g} per period is {:.3g} from the sum rule {:.6g} of the exact flow with this run's {} "
      "impacts, more than the sum's uncertainty {:.3g}: this method's map does not contract area as the flow does",
      double_of(l.sum_per_period), difference, double_of(*l.sum_rule_per_period), l.impacts.value_or(0), allowed);
}

}  // namespace

void add_lyapunov_error_bars(LyapunovResult& result, const CaseSpec& c, const RunOptions& options) {
  LyapunovFindings& l = result.lyapunov;
  if (!l.defined) return;
  if (options.lyapunov_ensemble > 0) run_ensemble(l, c, options);
  if (options.lyapunov_second_precision) run_second_precision(result, c, options);
  combine(l);
  decide_sum_rule(l);
}

}  // namespace vibro
