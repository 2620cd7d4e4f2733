// Heap allocations of a Paoli–Schatzman step (increment form, centered velocity, the impact
// oscillator): none in double; in MPFR none between two anchors of the forcing grid
// (model/harmonic_forcing_grid.hpp), because the step works in place on the state's scratch.
// operator new is counted by support/allocation_counter.cpp; MPFR's numbers take their limbs
// from GMP's allocation functions, counted here through mp_set_memory_functions.

#include "support/allocation_counter.hpp"
#include "support/scalar_types.hpp"

#include "vibro/model/impact_oscillator.hpp"
#include "vibro/scalar/with_scalar.hpp"
#include "vibro/scheme/paoli_schatzman.hpp"

#include <gmp.h>
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>

namespace vibro::testing {
namespace {

std::int64_t gmp_allocations = 0;
void* (*gmp_allocate)(std::size_t) = nullptr;
void* (*gmp_reallocate)(void*, std::size_t, std::size_t) = nullptr;
void (*gmp_free)(void*, std::size_t) = nullptr;

void* counting_allocate(std::size_t size) {
  ++gmp_allocations;
  return gmp_allocate(size);
}
void* counting_reallocate(void* p, std::size_t old_size, std::size_t new_size) {
  ++gmp_allocations;
  return gmp_reallocate(p, old_size, new_size);
}

/// Counts GMP's (and so MPFR's) allocations while it lives.
class GmpAllocationCount {
 public:
  GmpAllocationCount() {
    mp_get_memory_functions(&gmp_allocate, &gmp_reallocate, &gmp_free);
    mp_set_memory_functions(&counting_allocate, &counting_reallocate, gmp_free);
  }
  ~GmpAllocationCount() { mp_set_memory_functions(gmp_allocate, gmp_reallocate, gmp_free); }
  GmpAllocationCount(const GmpAllocationCount&) = delete;
  GmpAllocationCount& operator=(const GmpAllocationCount&) = delete;
  std::int64_t count() const { return gmp_allocations; }
};

template <class Real>
PaoliSchatzman<ImpactOscillator<Real>> periodic_case_scheme() {
  ImpactOscillator<Real> model(num<Real>("0.1"), Real(1), Real(2), Real(0), num<Real>("0.8"));
  Real h = model.period() / 1000;
  return PaoliSchatzman<ImpactOscillator<Real>>(std::move(model), std::move(h));
}

TEST(PaoliSchatzmanAllocations, DoubleStepAllocatesNothing) {
  const auto scheme = periodic_case_scheme<double>();
  auto x = scheme.start(0.5, 0.0);
  int active = 0;
  const std::int64_t before = allocation_count();
  for (int n = 0; n < 10'000; ++n) active += scheme.step(x);
  EXPECT_EQ(allocation_count() - before, 0);
  EXPECT_GT(active, 0) << "the run must exercise the projection";
}

/// Every step whose n + 1 is not a multiple of the grid's anchor interval allocates nothing;
/// an anchor step evaluates cos and sin of ω t_{n+1} directly and allocates no more than that
/// evaluation does on its own (counted here at the same arguments). Before the in-place step,
/// every step made about 16 allocations.
TEST(PaoliSchatzmanAllocations, MpfrStepAllocatesOnlyAtForcingAnchors) {
  MpfrPrecisionGuard digits(50);
  using Grid = HarmonicForcingGrid<mpfr_real>;
  static_assert(Grid::rotates);
  const auto scheme = periodic_case_scheme<mpfr_real>();
  auto x = scheme.start(num<mpfr_real>("0.5"), mpfr_real(0));
  for (int n = 0; n < 3 * Grid::anchor_interval; ++n) scheme.step(x);  // past the first anchors
  int active = 0;
  std::int64_t at_anchors = 0, elsewhere = 0, direct_evaluations = 0;
  const mpfr_real& omega = scheme.model().omega();
  const std::int64_t new_before = allocation_count();
  {
    const GmpAllocationCount gmp;
    for (int n = 0; n < 2000; ++n) {
      const bool anchor = (x.n + 1) % Grid::anchor_interval == 0;
      if (anchor) {
        const std::int64_t direct_before = gmp.count();
        const mpfr_real argument = omega * (scheme.initial_time() + scheme.step_size() * (x.n + 1));
        const mpfr_real c = cos(argument), s = sin(argument);
        direct_evaluations += gmp.count() - direct_before;
      }
      const std::int64_t before = gmp.count();
      active += scheme.step(x);
      (anchor ? at_anchors : elsewhere) += gmp.count() - before;
    }
  }
  EXPECT_EQ(elsewhere, 0);
  EXPECT_EQ(allocation_count() - new_before, 0);
  EXPECT_LE(at_anchors, direct_evaluations);
  EXPECT_GT(active, 0) << "the run must exercise the projection";
}

}  // namespace
}  // namespace vibro::testing
