// The cancellation request (support/cancellation.hpp, the Python module's Ctrl-C): a run and
// a reference set going with the request standing stop at the next test of it — a scheme
// within 2^16 steps in double and at its first step in MPFR, a reference at its first segment,
// a contact search at its first window — by throwing vibro::Cancelled; without
// it they run to the end. The loops are instantiated here (drive, the reference's advance), so
// that a break of them in the headers shows here (scripts/mutation_check.py). The expected
// counts come from the interval the request is tested at, not from the code under test.

#include "vibro/support/cancellation.hpp"
#include "vibro/harness.hpp"
#include "vibro/reference/first_zero.hpp"
#include "vibro/reference/impact_reference.hpp"
#include "vibro/drive/scheme_run.hpp"
#include "vibro/scheme/paoli_schatzman_class.hpp"
#include "vibro/scalar/with_scalar.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <utility>

namespace {

using Model = vibro::ImpactOscillator<double>;

/// The impact oscillator from rest, with impacts every period (its forced response has
/// amplitude 1/3 > 0.2), with `rest`: its [scheme], [step] and [horizon].
vibro::CaseSpec long_case(const std::string& rest) {
  return vibro::parse_case(R"([case]
name = "long"
precision = "double"
[model]
type = "impact-oscillator"
alpha = "0.1"
a = 1
omega = 2
u_min = "-0.2"
e = "0.8"
[initial]
u0 = 0
v0 = 0
)" + rest,
                           "long.toml");
}

/// h = 0.003 up to t_end = 300: 10^5 steps in one piece (no stroboscopic section), more than 2^16.
const vibro::CaseSpec unsectioned =
    long_case("[scheme]\ntype = \"paoli-schatzman\"\n[step]\nh = \"0.003\"\n[horizon]\nt_end = 300\n");
/// 100 periods of 1000 steps: 10^5 steps in sections of 1000.
const vibro::CaseSpec sectioned =
    long_case("[scheme]\ntype = \"paoli-schatzman\"\n[step]\nsteps_per_period = 1000\n[horizon]\nperiods = 100\n");

/// The request stands for as long as it lives.
struct Requested {
  Requested() { vibro::cancellation_requested = true; }
  ~Requested() { vibro::cancellation_requested = false; }
};

/// The steps a PS run of `c` in scalar type Real takes before it ends or is cancelled, and the
/// steps its horizon has.
template <class Real = double>
std::pair<std::int64_t, std::int64_t> steps_taken(const vibro::CaseSpec& c, bool cancelled) {
  using M = vibro::ImpactOscillator<Real>;
  const vibro::BoundCase<M> b = vibro::bind_case<M>(c);
  const vibro::RunHorizon<Real> horizon(b, b.spec.step);
  const vibro::PaoliSchatzman<M> scheme(b.model, b.step(b.spec.step), b.t0);
  auto x = scheme.start(b.u0, b.v0);
  std::int64_t steps = 0;
  const auto run = [&] {
    vibro::drive(
        scheme, x, horizon, vibro::RunOptions{}, [&](const auto&, const auto&) { ++steps; },
        [](const auto&, std::int64_t) {});
  };
  if (!cancelled) {
    run();
  } else {
    const Requested requested;
    EXPECT_THROW(run(), vibro::Cancelled);
  }
  return {steps, horizon.steps()};
}

TEST(Cancellation, ARunStopsAtTheFirstTestOfTheRequest) {
  // In one piece: the first multiple of 2^16 steps.
  EXPECT_EQ(steps_taken(unsectioned, true).first, vibro::steps_between_cancellation_tests<double>);
  const auto [all, horizon] = steps_taken(unsectioned, false);
  EXPECT_EQ(all, horizon);
  EXPECT_GT(all, vibro::steps_between_cancellation_tests<double>);
  // In sections: the first section's end, before 2^16.
  EXPECT_EQ(steps_taken(sectioned, true).first, 1000);
  EXPECT_EQ(steps_taken(sectioned, false).first, 100'000);
}

// In MPFR a step costs microseconds to milliseconds (a millisecond at mpfr:5000): the request is
// tested at every step, so that Ctrl-C stops a run within a second at any precision.
TEST(Cancellation, AnMpfrRunStopsAtTheFirstStep) {
  const vibro::MpfrPrecisionGuard digits(30);
  EXPECT_EQ(steps_taken<vibro::mpfr_real>(unsectioned, true).first, 1);
  EXPECT_EQ(steps_taken<vibro::mpfr_real>(sectioned, true).first, 1);
}

TEST(Cancellation, AReferenceStopsAtItsFirstSegment) {
  const Model model(0.1, 1.0, 2.0, -0.2, 0.8);
  const double period = model.period();
  const vibro::ImpactReference<Model> reference(model, {period / 8, 1e-13, 1e-13});
  auto x = reference.start(0.0, 0.0, 0.0);
  std::int64_t events = 0;
  {
    const Requested requested;
    EXPECT_THROW(reference.advance(x, 100 * period, [&](const auto&) { ++events; }), vibro::Cancelled);
  }
  EXPECT_EQ(x.segments, 0);
  EXPECT_EQ(events, 0);
  reference.advance(x, 100 * period, [&](const auto&) { ++events; });
  EXPECT_GE(events, 100);  // an impact a period at least, a flight after each
  EXPECT_GE(x.segments, 100);
}

// A flight without a contact searches the whole horizon in one segment: tens of thousands of
// windows, seconds at high precision. The search tests the request at each window.
TEST(Cancellation, AContactSearchStopsAtItsFirstWindow) {
  const auto g = [](double t) { return 2.0 + std::cos(t); };  // no zero: the search goes to the end
  const auto dg = [](double t) { return -std::sin(t); };
  const auto bound = [](double, double) { return 1.0; };
  const vibro::ZeroSearchSettings<double> settings{0.5, 1e-12};
  const vibro::ZeroSearch<double> all = vibro::first_zero(g, dg, bound, 0.0, 1000.0, settings);
  EXPECT_EQ(all.kind, vibro::ZeroKind::none);
  EXPECT_GE(all.windows, 2000);
  const Requested requested;
  EXPECT_THROW(vibro::first_zero(g, dg, bound, 0.0, 1000.0, settings), vibro::Cancelled);
}

/// Through the library, the request arrives as itself: no handler that turns a failure into a
/// message (the reference entry's "cannot go on") takes it for a failure.
TEST(Cancellation, AStudyAndAReferenceRunThroughTheLibraryStopAsCancelled) {
  const Requested requested;
  vibro::CaseSpec c = sectioned;
  c.convergence = {c.step};
  vibro::RunOptions options;
  options.rounding_floor = vibro::RoundingFloor::model;
  EXPECT_THROW(vibro::run_case(c, options), vibro::Cancelled);
  EXPECT_THROW(vibro::run_case(long_case("[scheme]\ntype = \"reference\"\n[horizon]\nperiods = 100\n")),
               vibro::Cancelled);
}

}  // namespace
