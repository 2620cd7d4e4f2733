// Prints how many digits the double computation of seed 002's 2-DOF matrix functions loses
// against MPFR-50 (vibro/analysis/ndof_conditioning.hpp, docs/mathematics.md §6
// "Conditioning of the 2-DOF system"), with the bounds theory gives:
//
//   ./build/release/bench/ndof_conditioning                    μ_m = 1, 1000, 10¹²; μ_k = 5, Δt = 0.01
//   ./build/release/bench/ndof_conditioning --mu-k 5 --dt 0.005 1e6 1e12
//
// tests/matrix_functions_test.cpp asserts the μ_m = 10¹² figures against the same bounds.

#include "vibro/analysis/ndof_conditioning.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <limits>
#include <string>
#include <vector>

namespace {

/// A finite positive number from the whole of `text`, or nothing.
bool parse_positive(const char* text, double& out) {
  char* end = nullptr;
  const double x = std::strtod(text, &end);
  if (end == text || *end != '\0' || !std::isfinite(x) || !(x > 0)) return false;
  out = x;
  return true;
}

int usage(const char* program) {
  std::fprintf(stderr, "usage: %s [--mu-k X] [--dt X] [MU_M ...]   (positive numbers; default MU_M: 1 1000 1e12)\n",
               program);
  return EXIT_FAILURE;
}

void print(const vibro::TwoMassSpringConditioning& c) {
  const double eps = std::numeric_limits<double>::epsilon();
  std::printf("\nmu_k = %g, mu_m = %g, dt = %g (double against MPFR-%ld from the same double inputs)\n", c.mu_k, c.mu_m,
              c.dt, c.reference_digits);
  std::printf("  kappa = omega2^2/omega1^2 = %.4g: a backward-stable eigensolver would lose %.1f digits on omega1^2\n",
              c.condition_number, std::log10(c.condition_number));
  std::printf("  scaled kappa~ = %.4g, kappa(M) = %.4g, Jacobi sweeps %d\n", c.scaled_condition_number,
              c.mass_condition_number, c.sweeps);
  std::printf("  Jacobi's relative bound on omega^2: %.1f digits; modal-sum bound: %.0f eps x sum|terms| per entry\n",
              std::log10(vibro::jacobi_relative_eigenvalue_bound(2, c.sweeps, c.scaled_condition_number)),
              vibro::modal_function_bound(2, c.sweeps, c.scaled_condition_number));
  if (c.dt_omega_max > std::acos(0.0))
    std::printf("  dt omega2 = %.3g > pi/2: outside the range where the modal-sum bound holds (g's own condition)\n",
                c.dt_omega_max);
  std::printf("  %-9s %12s %8s %12s %8s %12s %10s\n", "quantity", "rel. error", "digits", "entrywise", "digits",
              "entry cond", "units");
  for (const vibro::ConditioningFigure& f : c.figures)
    std::printf("  %-9s %12.3e %8.2f %12.3e %8.2f %12.3g %10.3g\n", f.quantity.c_str(), f.normwise,
                vibro::digits_lost(f.normwise, eps), f.entrywise, vibro::digits_lost(f.entrywise, eps),
                f.entrywise_condition, f.units);
}

}  // namespace

int main(int argc, char** argv) {
  double mu_k = 5, dt = 0.01;
  std::vector<double> mu_m;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--mu-k" || arg == "--dt") {
      if (i + 1 >= argc || !parse_positive(argv[i + 1], arg == "--mu-k" ? mu_k : dt)) return usage(argv[0]);
      ++i;
    } else if (double x = 0; parse_positive(argv[i], x)) {
      mu_m.push_back(x);
    } else {
      return usage(argv[0]);
    }
  }
  if (mu_m.empty()) mu_m = {1, 1000, 1e12};
  std::printf("digits lost = log10(relative error / eps_double); 'units' = worst entry error / (eps x sum_k |terms|)\n");
  try {
    for (const double m : mu_m) print(vibro::measure_two_mass_spring_conditioning(mu_k, m, dt));
  } catch (const std::exception& e) {
    std::fprintf(stderr, "ndof_conditioning: %s\n", e.what());
    return EXIT_FAILURE;
  }
  return EXIT_SUCCESS;
}
