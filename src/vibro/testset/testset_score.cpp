#include "vibro/testset/testset_score.hpp"

#include "vibro/scalar/parse_exact.hpp"
#include "vibro/scalar/rational.hpp"

#include <boost/multiprecision/gmp.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace vibro {

namespace {

/// −log10 of a positive rational, through its double (a mixed error is at most a few units
/// and at least 10^-1000 or so: a double's logarithm of it is good to far better than the
/// tenth of a digit shown); 0 gives +∞.
double minus_log10(const rational& x) {
  if (x == 0) return INFINITY;
  // Scale by powers of 10^100 so that the double neither underflows nor overflows.
  rational y = x;
  double shift = 0;
  const rational step(bmp::pow(bmp::mpz_int(10), 100));
  while (y < rational(1) / step) y *= step, shift += 100;
  return shift - std::log10(y.convert_to<double>());
}

/// The digits of a largest mixed error `error` against the stored values' own accuracy
/// `cap` (also a mixed error): at least −log10 cap when the error is within it; exact when
/// it is 0, exact to rounding when within the cap and `within_rounding` (every error at most
/// its rounding unit).
CorrectDigits digits_of(const rational& error, const rational& cap, bool within_rounding) {
  if (error == 0) return {minus_log10(cap), true, Exactness::exact};
  if (error <= cap) return {minus_log10(cap), true, within_rounding ? Exactness::to_rounding : Exactness::not_exact};
  return {minus_log10(error), false};
}

/// The rounding unit of `metric` in `row`, when the row has them.
std::optional<rational> rounding_unit(const StudyRow& row, ErrorMetric metric) {
  if (!row.rounding_units) return std::nullopt;
  return (*row.rounding_units)[index_of(metric)].exact();
}

const StoredValue& required_value(const TestsetReference& reference, const std::string& name) {
  if (const StoredValue* v = reference.value(name)) return *v;
  throw std::runtime_error(reference.id + ": the stored reference values have no '" + name +
                           "' (regenerate them with `vibro testset reference`)");
}

}  // namespace

TestsetScore testset_score(const StudyRow& row, const TestsetReference& reference) {
  TestsetScore score{.h = row.h,
                     .h_value = row.h_value,
                     .steps = row.steps,
                     .end_time = row.end_time,
                     .reached_horizon = false,  // below
                     .state = std::nullopt,
                     .impact_times = std::nullopt,
                     .impacts_seen = row.impacts.scheme,
                     .impacts_reference = reference.impacts,
                     .seconds = row.seconds,
                     .tolerance = row.tolerance,
                     .evaluations = row.evaluations};
  const rational t_end = *parse_exact(reference.t_end);
  const rational h = row.h_value.exact();
  score.reached_horizon = abs(row.end_time.exact() - t_end) * 2 <= h;
  if (row.end_position.empty() || row.end_position.size() != row.end_velocity.size())
    throw std::logic_error("testset_score: a study row without its end state");
  if (score.reached_horizon) {
    rational error = 0, cap = 0;
    bool within_rounding = true;
    const auto measure = [&](char letter, const std::vector<NumberText>& values, ErrorMetric metric) {
      const std::optional<rational> unit = rounding_unit(row, metric);
      for (std::size_t i = 0; i < values.size(); ++i) {
        const StoredAccuracy ref = stored_accuracy(required_value(reference, end_value_name(letter, i, values.size())));
        const rational scale = 1 + abs(ref.value), difference = abs(values[i].exact() - ref.value);
        error = std::max(error, rational(difference / scale));
        cap = std::max(cap, rational(ref.accuracy / scale));
        within_rounding = within_rounding && unit && difference <= *unit;
      }
    };
    measure('q', row.end_position, ErrorMetric::final_position);
    measure('v', row.end_velocity, ErrorMetric::final_velocity);
    score.state = digits_of(error, cap, within_rounding);
  }
  const std::size_t stored = reference.impact_coordinates.size();
  if (stored > 0 && !row.first_impacts.empty()) {
    rational error = 0, cap = 0;
    const std::optional<rational> unit = rounding_unit(row, ErrorMetric::impact_time);
    bool within_rounding = unit.has_value();
    for (std::size_t j = 0; j < stored; ++j) {
      const StoredAccuracy ref = stored_accuracy(required_value(reference, impact_value_name("t", j)));
      rational nearest = -1;
      for (const NumberText& s : row.first_impacts) {
        const rational distance = abs(s.exact() - ref.value);
        if (nearest < 0 || distance < nearest) nearest = distance;
      }
      const rational scale = 1 + abs(ref.value);
      error = std::max(error, rational(nearest / scale));
      cap = std::max(cap, rational(ref.accuracy / scale));
      within_rounding = within_rounding && nearest <= *unit;
    }
    score.impact_times = digits_of(error, cap, within_rounding);
  }
  return score;
}

}  // namespace vibro
