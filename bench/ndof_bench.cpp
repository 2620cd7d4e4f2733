// Cost of one step of the non-standard Paoli–Schatzman scheme for N degrees of freedom
// (seed 002 eq. (26), docs/mathematics.md §6) for N = 2, 10, 100, 2^14 steps per iteration,
// each iteration restarting from the same initial data, and the one-time cost of the
// eigen-decomposition behind it:
//
//   BM_baseline<N>         the step written out by hand below on plain arrays, with 2C, C and
//                          (Sb)⁻¹ precomputed: q^{n+2} = 2Cq^{n+1} − q^n, the per-coordinate
//                          projection, and the velocity v^{n+1} = (Sb)⁻¹(q^{n+2} − Cq^{n+1});
//   BM_positions<N>        the same loop without the velocity (one product per step instead
//                          of three): what the positions alone cost;
//   BM_library<N>          vibro::NonstandardPaoliSchatzman<double>::step;
//   BM_eigen<N>            the baseline's step with Eigen's products — fixed-size matrices
//                          (Eigen::Matrix<double, N, N>) for N = 2 and 10, dynamic-size for
//                          N = 100, where Eigen advises against fixed sizes; built only when
//                          Debian's libeigen3-dev is installed;
//   BM_decomposition_double<N>, BM_decomposition_mpfr50<N>
//                          ModalBasis + step_matrices (Jacobi on M⁻¹A²M⁻¹, then C, Sb, SB, Φ)
//                          in double and at 50 digits of MPFR.
//
// The systems: N = 2 is seed 002 experiment 2 with μ_m = 1000 (two_mass_spring(5, 1000),
// K = [0.2, 1] on q1, e = 0, q = (1, 0), v = (−1, 5), Δt = 0.005); N = 10 and 100 are chains of
// masses m_i² = 1 + (i mod 3) between two walls (A² = tridiag(−1, 2, −1)), every coordinate in
// [−0.1, 0.1] with e = 0.5, q = 0, v_i = ±0.5 alternating, Δt = 0.005.
//
// The machine this runs on is shared and noisy, so the figures that matter are the ratios
// measured in the same run, printed at the end (median over --benchmark_repetitions):
//   library / baseline     the library's overhead; target ≤ 1.5 for N = 2 (issue 14 item 8);
//   positions / baseline   the share of the velocity the scheme computes every step;
//   eigen / baseline       Eigen's products against the plain loop;
//   decomposition_mpfr50 / decomposition_double, and decomposition_double in steps of the library.
//
// Before measuring, main() checks for each N that the baseline and the library produce
// bitwise the same positions and velocity after 2^14 steps and the same number of steps with
// an active projection, and that this number is not 0.

#include "ratio_reporter.hpp"

#include "vibro/linalg/dense_matrix.hpp"
#include "vibro/linalg/matrix_functions.hpp"
#include "vibro/model/linear_impact_system.hpp"
#include "vibro/scalar/precision.hpp"
#include "vibro/scalar/types.hpp"
#include "vibro/scalar/with_scalar.hpp"
#include "vibro/scheme/nonstandard_paoli_schatzman.hpp"

#include <benchmark/benchmark.h>

#ifdef VIBRO_BENCH_EIGEN
#include <Eigen/Core>
#endif

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace {

using vibro::LinearImpactSystem;
using vibro::Matrix;
using vibro::Vector;

/// Steps per benchmark iteration; every iteration restarts from the same initial data.
constexpr std::int64_t steps = std::int64_t{1} << 14;

template <class Real>
struct Problem {
  LinearImpactSystem<Real> model;
  Real dt;
  Vector<Real> q0, v0;
};

/// The system of size N described at the top of this file.
template <class Real>
Problem<Real> problem(std::size_t n) {
  const Real dt = Real(5) / 1000;
  if (n == 2)
    return {vibro::two_mass_spring(Real(5), Real(1000), std::optional<Real>(Real(2) / 10), std::optional<Real>(Real(1)),
                                   Real(0)),
            dt, {Real(1), Real(0)}, {Real(-1), Real(5)}};
  Vector<Real> mass(n), v0(n);
  Matrix<Real> stiffness(n, n);
  std::vector<vibro::CoordinateBounds<Real>> bounds(n);
  for (std::size_t i = 0; i < n; ++i) {
    mass[i] = Real(1 + static_cast<int>(i % 3));
    stiffness(i, i) = Real(2);
    if (i + 1 < n) stiffness(i, i + 1) = stiffness(i + 1, i) = Real(-1);
    bounds[i] = {Real(-1) / 10, Real(1) / 10, Real(1) / 2};
    v0[i] = Real(i % 2 == 0 ? 1 : -1) / 2;
  }
  return {LinearImpactSystem<Real>(std::move(mass), std::move(stiffness), std::move(bounds)), dt, Vector<Real>(n, Real(0)),
          std::move(v0)};
}

// ---------------------------------------------------------------------------------------
// Library.

using Scheme = vibro::NonstandardPaoliSchatzman<double>;

struct LibraryResult {
  Scheme::State state;
  std::int64_t active = 0;
};

LibraryResult library_run(const Scheme& scheme, const Vector<double>& q0, const Vector<double>& v0,
                          std::int64_t count) {
  LibraryResult result{scheme.start(q0, v0), 0};
  for (std::int64_t k = 0; k < count; ++k) result.active += scheme.step(result.state);
  return result;
}

// ---------------------------------------------------------------------------------------
// Baseline: the step written directly on plain arrays, no library code in the loop.

/// The precomputed matrices (row-major, n×n) and bounds of the hand-written loop, taken from
/// the library's own decomposition so that both loops multiply by the same numbers; a
/// missing bound is ∓∞.
struct Plain {
  std::size_t n = 0;
  std::vector<double> two_c, c, inverse_sb;
  std::vector<double> lower, upper, e;  ///< (1+e_i) q_i^min, (1+e_i) q_i^max, e_i
  std::vector<double> q0, q1;           ///< q^0 and q^1 of the library's start
};

Plain plain_setup(const Scheme& scheme, const Problem<double>& p) {
  using std::sin;
  const auto& flow = scheme.model();
  const vibro::ModalBasis<double> basis(flow.mass_squared(), flow.stiffness());
  const vibro::StepMatrices<double> m = vibro::step_matrices(basis, p.dt);
  const Matrix<double> two_c = m.cos_b + m.cos_b;
  const double dt = p.dt;
  const Matrix<double> inverse_sb = basis.function([&](const double& w) { return w / sin(dt * w); });
  Plain out;
  out.n = basis.dimension();
  for (std::size_t i = 0; i < out.n; ++i) {
    const auto& b = flow.bounds(i);
    out.lower.push_back(b.lower ? (1 + b.restitution) * *b.lower : -std::numeric_limits<double>::infinity());
    out.upper.push_back(b.upper ? (1 + b.restitution) * *b.upper : std::numeric_limits<double>::infinity());
    out.e.push_back(b.constrained() ? b.restitution : 0.0);
    for (std::size_t j = 0; j < out.n; ++j) {
      out.two_c.push_back(two_c(i, j));
      out.c.push_back(m.cos_b(i, j));
      out.inverse_sb.push_back(inverse_sb(i, j));
    }
  }
  const Scheme::State start = scheme.start(p.q0, p.v0);
  out.q0 = start.q;
  out.q1 = start.q_next;
  return out;
}

struct PlainResult {
  std::vector<double> q, q_next, v;
  std::int64_t active = 0;
};

/// out = a x for a row-major n×n array, summed in the order of vibro::multiply_into.
inline void product(std::size_t n, const double* a, const double* x, double* out) {
  for (std::size_t i = 0; i < n; ++i) {
    const double* r = a + i * n;
    double sum = r[0] * x[0];
    for (std::size_t j = 1; j < n; ++j) sum += r[j] * x[j];
    out[i] = sum;
  }
}

/// `count` steps of eq. (26) from (q^0, q^1): free value 2Cq^{n+1} − q^n, then for a
/// coordinate whose W = free + e q^n leaves (1+e)[q^min, q^max], the crossed bound minus
/// e q^n (the library's grouping, so that the two agree bitwise); with `velocity`, also
/// v = (Sb)⁻¹(q^{n+2} − Cq^{n+1}) each step, as the library does.
PlainResult plain_run(const Plain& p, std::int64_t count, bool velocity) {
  const std::size_t n = p.n;
  std::vector<double> q = p.q0, q_next = p.q1, next(n), scratch(n), v(n);
  std::int64_t active = 0;
  for (std::int64_t k = 0; k < count; ++k) {
    product(n, p.two_c.data(), q_next.data(), next.data());
    bool any = false;
    for (std::size_t i = 0; i < n; ++i) {
      next[i] -= q[i];
      const double w = next[i] + p.e[i] * q[i];
      if (w < p.lower[i]) {
        next[i] = p.lower[i] - p.e[i] * q[i];
        any = true;
      } else if (w > p.upper[i]) {
        next[i] = p.upper[i] - p.e[i] * q[i];
        any = true;
      }
    }
    active += any;
    std::swap(q, q_next);
    std::swap(q_next, next);
    if (velocity) {
      product(n, p.c.data(), q.data(), scratch.data());
      for (std::size_t i = 0; i < n; ++i) scratch[i] = q_next[i] - scratch[i];
      product(n, p.inverse_sb.data(), scratch.data(), v.data());
    }
  }
  return {std::move(q), std::move(q_next), std::move(v), active};
}

#ifdef VIBRO_BENCH_EIGEN
// ---------------------------------------------------------------------------------------
// Eigen: the baseline's step with Eigen's matrix-vector products.

template <int N>
using EigenMatrix = Eigen::Matrix<double, N <= 16 ? N : Eigen::Dynamic, N <= 16 ? N : Eigen::Dynamic>;
template <int N>
using EigenVector = Eigen::Matrix<double, N <= 16 ? N : Eigen::Dynamic, 1>;

template <int N>
struct EigenSetup {
  EigenMatrix<N> two_c, c, inverse_sb;
  EigenVector<N> lower, upper, e, q0, q1;

  explicit EigenSetup(const Plain& p)
      : two_c(N, N), c(N, N), inverse_sb(N, N), lower(N), upper(N), e(N), q0(N), q1(N) {
    for (int i = 0; i < N; ++i) {
      lower(i) = p.lower[i];
      upper(i) = p.upper[i];
      e(i) = p.e[i];
      q0(i) = p.q0[i];
      q1(i) = p.q1[i];
      for (int j = 0; j < N; ++j) {
        two_c(i, j) = p.two_c[i * N + j];
        c(i, j) = p.c[i * N + j];
        inverse_sb(i, j) = p.inverse_sb[i * N + j];
      }
    }
  }
};

template <int N>
std::int64_t eigen_run(const EigenSetup<N>& s, std::int64_t count, EigenVector<N>& v) {
  EigenVector<N> q = s.q0, q_next = s.q1, next(N), scratch(N);
  std::int64_t active = 0;
  for (std::int64_t k = 0; k < count; ++k) {
    next.noalias() = s.two_c * q_next;
    next -= q;
    bool any = false;
    for (int i = 0; i < N; ++i) {
      const double w = next(i) + s.e(i) * q(i);
      if (w < s.lower(i)) {
        next(i) = s.lower(i) - s.e(i) * q(i);
        any = true;
      } else if (w > s.upper(i)) {
        next(i) = s.upper(i) - s.e(i) * q(i);
        any = true;
      }
    }
    active += any;
    q.swap(q_next);
    q_next.swap(next);
    scratch.noalias() = q_next - s.c * q;
    v.noalias() = s.inverse_sb * scratch;
  }
  return active;
}
#endif

// ---------------------------------------------------------------------------------------
// Benchmarks.

/// seconds_per_iteration: what RatioReporter keeps (also from the median aggregate under
/// --benchmark_report_aggregates_only), for step and decomposition benchmarks alike.
void set_seconds_per_iteration(benchmark::State& state) {
  state.counters["seconds_per_iteration"] =
      benchmark::Counter(1, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

void set_counters(benchmark::State& state, std::int64_t active) {
  set_seconds_per_iteration(state);
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * steps);
  state.counters["ns_per_step"] = benchmark::Counter(static_cast<double>(steps),
                                                     benchmark::Counter::kIsIterationInvariantRate |
                                                         benchmark::Counter::kInvert);
  state.counters["active"] = static_cast<double>(active);
}

template <int N>
void BM_library(benchmark::State& state) {
  const Problem<double> p = problem<double>(N);
  const Scheme scheme(p.model, p.dt);
  LibraryResult result;
  for (auto _ : state) {
    result = library_run(scheme, p.q0, p.v0, steps);
    benchmark::DoNotOptimize(result);
  }
  set_counters(state, result.active);
}

template <int N, bool velocity>
void run_plain(benchmark::State& state) {
  const Problem<double> p = problem<double>(N);
  const Plain plain = plain_setup(Scheme(p.model, p.dt), p);
  PlainResult result;
  for (auto _ : state) {
    result = plain_run(plain, steps, velocity);
    benchmark::DoNotOptimize(result);
  }
  set_counters(state, result.active);
}

template <int N>
void BM_baseline(benchmark::State& state) {
  run_plain<N, true>(state);
}

template <int N>
void BM_positions(benchmark::State& state) {
  run_plain<N, false>(state);
}

#ifdef VIBRO_BENCH_EIGEN
template <int N>
void BM_eigen(benchmark::State& state) {
  const Problem<double> p = problem<double>(N);
  const EigenSetup<N> setup(plain_setup(Scheme(p.model, p.dt), p));
  EigenVector<N> v(N);
  std::int64_t active = 0;
  for (auto _ : state) {
    active = eigen_run(setup, steps, v);
    benchmark::DoNotOptimize(v.data());
    benchmark::DoNotOptimize(active);
  }
  set_counters(state, active);
}
#endif

/// The one-time work of every N-DOF scheme: the decomposition and the step matrices.
template <class Real>
void run_decomposition(benchmark::State& state, std::size_t n) {
  const Problem<Real> p = problem<Real>(n);
  for (auto _ : state) {
    const vibro::ModalBasis<Real> basis(p.model.mass_squared(), p.model.stiffness());
    vibro::StepMatrices<Real> m = vibro::step_matrices(basis, p.dt);
    benchmark::DoNotOptimize(m);
  }
  set_seconds_per_iteration(state);
}

template <int N>
void BM_decomposition_double(benchmark::State& state) {
  run_decomposition<double>(state, N);
}

template <int N>
void BM_decomposition_mpfr50(benchmark::State& state) {
  // The precision must be in place before any mpfr_real of the run is created.
  const vibro::MpfrPrecisionGuard guard(50);
  run_decomposition<vibro::mpfr_real>(state, N);
}

#define VIBRO_NDOF_STEP_BENCHMARKS(N)                                                                        \
  BENCHMARK_TEMPLATE(BM_baseline, N)->UseRealTime()->Unit(benchmark::kMicrosecond);                          \
  BENCHMARK_TEMPLATE(BM_positions, N)->UseRealTime()->Unit(benchmark::kMicrosecond);                         \
  BENCHMARK_TEMPLATE(BM_library, N)->UseRealTime()->Unit(benchmark::kMicrosecond);
VIBRO_NDOF_STEP_BENCHMARKS(2)
VIBRO_NDOF_STEP_BENCHMARKS(10)
VIBRO_NDOF_STEP_BENCHMARKS(100)
#ifdef VIBRO_BENCH_EIGEN
BENCHMARK_TEMPLATE(BM_eigen, 2)->UseRealTime()->Unit(benchmark::kMicrosecond);
BENCHMARK_TEMPLATE(BM_eigen, 10)->UseRealTime()->Unit(benchmark::kMicrosecond);
BENCHMARK_TEMPLATE(BM_eigen, 100)->UseRealTime()->Unit(benchmark::kMicrosecond);
#endif
BENCHMARK_TEMPLATE(BM_decomposition_double, 2)->UseRealTime()->Unit(benchmark::kMicrosecond);
BENCHMARK_TEMPLATE(BM_decomposition_double, 10)->UseRealTime()->Unit(benchmark::kMicrosecond);
BENCHMARK_TEMPLATE(BM_decomposition_double, 100)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(BM_decomposition_mpfr50, 2)->UseRealTime()->Unit(benchmark::kMicrosecond);
BENCHMARK_TEMPLATE(BM_decomposition_mpfr50, 10)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(BM_decomposition_mpfr50, 100)->UseRealTime()->Unit(benchmark::kMillisecond);

/// For each N, the baseline and the library agree bitwise in double — positions, velocity and
/// the number of steps with an active projection — and that number is not 0.
bool baseline_matches_library() {
  bool all = true;
  for (const std::size_t n : {2, 10, 100}) {
    const Problem<double> p = problem<double>(n);
    const Scheme scheme(p.model, p.dt);
    const LibraryResult library = library_run(scheme, p.q0, p.v0, steps);
    const PlainResult plain = plain_run(plain_setup(scheme, p), steps, true);
    const bool same = plain.q == library.state.q && plain.q_next == library.state.q_next &&
                      plain.v == library.state.v && plain.active == library.active;
    std::printf("check N = %zu: after %lld steps q_1 = %.17g (baseline) vs %.17g (library), %lld vs %lld steps with "
                "an active projection\n",
                n, static_cast<long long>(steps), plain.q[0], library.state.q[0], static_cast<long long>(plain.active),
                static_cast<long long>(library.active));
    all = vibro::bench::baseline_is_comparable(same, library.active, "bench_ndof", "NonstandardPaoliSchatzman::step") &&
          all;
  }
  return all;
}

}  // namespace

int main(int argc, char** argv) {
  if (!baseline_matches_library()) return EXIT_FAILURE;

  // Seconds per iteration (one unit = one iteration): the step benchmarks do `steps` steps.
  auto ran = vibro::bench::run_benchmarks(argc, argv, 1.0, "seconds_per_iteration");
  if (!ran) return EXIT_FAILURE;
  const vibro::bench::RatioReporter& reporter = *ran;
  const char* const sizes[] = {"2", "10", "100"};
  auto name = [](const char* kind, const char* n) { return std::string("BM_") + kind + "<" + n + ">"; };

  std::printf("\nns per step, median of the repetitions, real time:\n");
  for (const char* n : sizes)
    for (const char* kind : {"baseline", "positions", "library", "eigen"})
      if (const double s = reporter.median_seconds(name(kind, n)); !std::isnan(s))
        std::printf("  %-22s %10.2f ns\n", name(kind, n).c_str() + 3, s / static_cast<double>(steps) * 1e9);
  std::printf("\none-time decomposition (ModalBasis + step_matrices), median:\n");
  for (const char* n : sizes)
    for (const char* kind : {"decomposition_double", "decomposition_mpfr50"})
      if (const double s = reporter.median_seconds(name(kind, n)); !std::isnan(s))
        std::printf("  %-30s %12.1f us\n", name(kind, n).c_str() + 3, s * 1e6);

  std::printf("\n");
  double overhead_2 = std::nan("");
  for (const char* n : sizes) {
    const std::string base = name("baseline", n);
    const double overhead = vibro::bench::print_ratio(reporter, name("library", n).c_str(), base.c_str());
    if (std::string(n) == "2") overhead_2 = overhead;
    vibro::bench::print_ratio(reporter, name("positions", n).c_str(), base.c_str());
    vibro::bench::print_ratio(reporter, name("eigen", n).c_str(), base.c_str());
    vibro::bench::print_ratio(reporter, name("decomposition_mpfr50", n).c_str(), name("decomposition_double", n).c_str());
    const double in_steps = reporter.median_seconds(name("decomposition_double", n)) /
                            (reporter.median_seconds(name("library", n)) / static_cast<double>(steps));
    if (!std::isnan(in_steps)) std::printf("decomposition_double<%s> = %.3g library steps\n", n, in_steps);
  }
  vibro::bench::print_target(overhead_2, "BM_library<2>", "BM_baseline<2>", 1.5);
  return EXIT_SUCCESS;
}
