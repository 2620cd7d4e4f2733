// The reference's first contact on random oscillator flights against an independent oracle
// (dense sampling at 40 digits, then bisection), with no missed and no spurious contact:
// 240 flights here (label unit), 2100 in contact_oracle_study_test (label study, the same
// source built with VIBRO_ORACLE_STUDY).
//
// Flights are drawn over every damping regime (α < 1, α = 1, α > 1), forcing and starting
// state (fixed seed); the obstacle is then put near the flight's first minimum, δ above or
// below it (δ = 1e−2, 1e−5, 1e−8 of the size scale), so that most flights are near-grazing:
// a dip that just reaches the obstacle, or just misses it. The reference runs in double
// (ImpactReference::advance, its certified search with its own curvature bounds); the oracle
// evaluates the same closed-form flight in MPFR at 40 digits on 2000 points of the window,
// takes the first sample at or below the obstacle, and examines every sampled local minimum
// (refined by bisection on u'), so that a dip between two samples is not lost.
//
// Outcomes where the oracle's nearest approach is within 10³ times the reference's contact
// tolerance of the obstacle are ambiguous (a touch may be reported either way) and only
// counted; every other flight must agree: a clear crossing found as an impact at the
// oracle's time (to the root's conditioning), a clear miss found as no contact.

#include "support/scalar_types.hpp"

#include "vibro/model/impact_oscillator.hpp"
#include "vibro/reference/impact_reference.hpp"
#include "vibro/reference/oscillator_flight.hpp"
#include "vibro/reference/reference_settings.hpp"
#include "vibro/scalar/format.hpp"
#include "vibro/scalar/with_scalar.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <limits>
#include <vector>
#include <optional>
#include <random>
#include <string>

namespace vibro::testing {
namespace {

using Oracle = mpfr_real;
constexpr long oracle_digits = 40;
constexpr int oracle_samples = 2000;

/// What the oracle finds on [t0, t_end]: the first crossing of the obstacle, if any, and the
/// nearest approach (the least gap over the window, up to the bottom of the dip crossed).
struct OracleFinding {
  std::optional<double> crossing;
  double nearest = 0;  ///< least gap up to the crossing's dip (negative: the depth of that dip)
  double slope = 0;    ///< |u'| at the crossing
};

/// A root of f on [a, b] with f(a) > 0 ≥ f(b) (or the reverse), by bisection to 40 digits.
template <class F>
Oracle bisect(const F& f, Oracle a, Oracle b) {
  const bool a_positive = f(a) > 0;
  for (int i = 0; i < 200; ++i) {
    const Oracle m = (a + b) / 2;
    if ((f(m) > 0) == a_positive) a = m;
    else b = m;
  }
  return (a + b) / 2;
}

OracleFinding oracle(const ImpactOscillator<Oracle>& model, const Oracle& t0, const Oracle& u0, const Oracle& v0,
                     const Oracle& t_end) {
  using std::abs;
  const OscillatorFlight<Oracle> flight(model, t0, u0, v0);
  const auto gap = [&](const Oracle& t) { return Oracle(flight.position(t) - model.obstacle()); };
  const auto rate = [&](const Oracle& t) { return flight.velocity(t); };
  OracleFinding found;
  found.nearest = static_cast<double>(gap(t0));
  const auto crossing_at = [&](const Oracle& root) {
    found.crossing = static_cast<double>(root);
    found.slope = static_cast<double>(abs(rate(root)));
  };
  std::vector<Oracle> t(oracle_samples + 1), g(oracle_samples + 1);
  for (int i = 0; i <= oracle_samples; ++i) {
    t[i] = t0 + (t_end - t0) * i / oracle_samples;
    g[i] = gap(t[i]);
  }
  for (int i = 1; i <= oracle_samples; ++i) {
    // A sampled local minimum at i − 1: refine it (u' changes sign there) before moving on.
    if (i >= 2 && g[i - 1] < g[i - 2] && g[i - 1] <= g[i] && rate(t[i - 2]) < 0 && rate(t[i]) > 0) {
      const Oracle t_min = bisect(rate, t[i - 2], t[i]);
      const Oracle g_min = gap(t_min);
      found.nearest = std::min(found.nearest, static_cast<double>(g_min));
      if (g_min <= 0) {
        crossing_at(bisect(gap, t[i - 2], t_min));
        return found;
      }
    }
    found.nearest = std::min(found.nearest, static_cast<double>(g[i]));
    if (g[i] <= 0) {
      crossing_at(bisect(gap, t[i - 1], t[i]));
      // The depth of the dip crossed: its minimum, where u' next turns non-negative (or the
      // window's end), so that a clear crossing is not judged by a sample just past it.
      int j = i;
      while (j < oracle_samples && rate(t[j]) < 0) ++j;
      const Oracle bottom = rate(t[j]) < 0 ? t[j] : bisect(rate, t[j - 1], t[j]);
      found.nearest = std::min(found.nearest, static_cast<double>(gap(bottom)));
      return found;
    }
  }
  return found;
}

/// The reference's first event on [t0, t_end] in double: its kind and time, or none.
std::optional<ReferenceEvent<double>> reference_first_contact(const ImpactOscillator<double>& model, double t0,
                                                              double u0, double v0, double t_end) {
  const ImpactReference<ImpactOscillator<double>> reference(model, default_reference_settings(model, u0, v0));
  auto state = reference.start(t0, u0, v0);
  std::optional<ReferenceEvent<double>> first;
  reference.advance(state, t_end, [&](const ReferenceEvent<double>& event) {
    if (!first) first = event;
  });
  return first;
}

// 80 flights per regime in the unit label; the study build (contact_oracle_study_test)
// draws 700 per regime, the many thousands of near-grazing flights a minute buys.
#ifdef VIBRO_ORACLE_STUDY
constexpr int flights_per_regime = 700;
#define VIBRO_ORACLE_SUITE ContactOracleStudy
#else
constexpr int flights_per_regime = 80;
#define VIBRO_ORACLE_SUITE ContactOracle
#endif

TEST(VIBRO_ORACLE_SUITE, NoMissedAndNoSpuriousContactOnRandomFlights) {
  const MpfrPrecisionGuard digits(oracle_digits);
  std::mt19937_64 random(17);  // fixed seed: the same flights every run
  const auto uniform = [&](double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(random); };
  int crossings = 0, misses = 0, ambiguous = 0, drawn = 0, crossed_first_dip = 0;
  for (int regime = 0; regime < 3; ++regime)
    for (int k = 0; k < flights_per_regime; ++k) {
      const double alpha = regime == 0 ? uniform(0.01, 0.9) : regime == 1 ? 1.0 : uniform(1.1, 3);
      const double omega = uniform(0.3, 5), a = uniform(-3, 3), t0 = uniform(0, 10);
      const double u0 = uniform(0.5, 2), v0 = uniform(-2, 2);
      const double t_end = t0 + 2 * 2 * M_PI / omega;
      // The flight does not depend on the obstacle: find its first interior minimum with the
      // oracle (obstacle far below), then put the obstacle δ above or below it.
      const ImpactOscillator<Oracle> far(Oracle(alpha), Oracle(a), Oracle(omega), Oracle(-1e6), Oracle(0.5));
      const OscillatorFlight<Oracle> flight(far, Oracle(t0), Oracle(u0), Oracle(v0));
      std::optional<double> first_min;
      for (int i = 1; i <= oracle_samples && !first_min; ++i) {
        const Oracle t_i = Oracle(t0) + Oracle(t_end - t0) * i / oracle_samples;
        const Oracle t_prev = Oracle(t0) + Oracle(t_end - t0) * (i - 1) / oracle_samples;
        if (flight.velocity(t_prev) < 0 && flight.velocity(t_i) >= 0)
          first_min = static_cast<double>(flight.position(bisect([&](const Oracle& t) { return flight.velocity(t); },
                                                                 t_prev, t_i)));
      }
      if (!first_min) continue;
      const double scale = 1 + std::abs(u0) + std::abs(v0) + std::abs(a);
      const double delta = scale * std::array<double, 3>{1e-2, 1e-5, 1e-8}[k % 3];
      const double u_min = *first_min + (k % 2 == 0 ? delta : -delta);  // even: crossed by δ; odd: missed by δ
      if (!(u0 > u_min)) continue;
      ++drawn;
      crossed_first_dip += k % 2 == 0;
      const ImpactOscillator<double> model(alpha, a, omega, u_min, 0.5);
      const ImpactOscillator<Oracle> exact(Oracle(alpha), Oracle(a), Oracle(omega), Oracle(u_min), Oracle(0.5));
      const OracleFinding truth = oracle(exact, Oracle(t0), Oracle(u0), Oracle(v0), Oracle(t_end));
      const auto got = reference_first_contact(model, t0, u0, v0, t_end);
      const double tolerance = default_reference_settings(model, u0, v0).contact_tolerance;
      const std::string where = "regime " + std::to_string(regime) + ", flight " + std::to_string(k) +
                                ": α = " + to_text(alpha) + ", ω = " + to_text(omega) + ", a = " + to_text(a) +
                                ", t0 = " + to_text(t0) + ", u0 = " + to_text(u0) + ", v0 = " + to_text(v0) +
                                ", u_min = " + to_text(u_min);
      if (std::abs(truth.nearest) <= 1000 * tolerance) {
        ++ambiguous;
        continue;
      }
      if (truth.crossing) {
        ++crossings;
        ASSERT_TRUE(got) << "missed contact at t = " << *truth.crossing << "; " << where;
        EXPECT_EQ(got->kind, EventKind::impact) << where;
        // The root moves by the gap's rounding (the tolerance) over the slope there.
        const double allowed = 1000 * tolerance / truth.slope + 1e3 * std::numeric_limits<double>::epsilon() * t_end;
        EXPECT_NEAR(got->t, *truth.crossing, allowed) << where;
      } else {
        ++misses;
        EXPECT_FALSE(got) << "spurious " << to_string(got->kind) << " at t = " << got->t << " (nearest approach "
                          << truth.nearest << "); " << where;
      }
    }
  // By construction every obstacle put δ above the first minimum is crossed there, by
  // δ ≥ 1e−8 of the size scale, far outside the ambiguity band (10³ × 64 ε of it): each is a
  // clear crossing. An obstacle δ below it misses the first dip, but the flight may meet it
  // at a later, deeper one: clear misses exist, their number is not fixed.
  EXPECT_GE(crossings, crossed_first_dip);
  EXPECT_GT(misses, 0);
  ::testing::Test::RecordProperty("crossings", crossings);
  ::testing::Test::RecordProperty("misses", misses);
  ::testing::Test::RecordProperty("ambiguous", ambiguous);
}

}  // namespace
}  // namespace vibro::testing
