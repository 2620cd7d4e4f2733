#pragma once
// The free flight of the linear N-DOF system M² q'' + A² q = f cos Ωt (seed 002 eq. (1),
// docs/mathematics.md §6) in balls, by an enclosed modal decomposition (docs/proofs.md "N-DOF
// systems"):
// - the modes of C = M⁻²A²: Arb's rigorous eigen-decomposition (acb_mat_eig_simple, from an
//   approximate QR one) gives balls holding C's eigenvalues λ_k and a matrix of eigenvectors.
//   C is similar to the symmetric positive definite M⁻¹A²M⁻¹, so each exact λ_k is real and
//   positive (its ball's real part is kept; a λ_k not proved positive, or eigenvalues not proved
//   simple, are refused), and each eigenspace is a real line: an exact eigenvector is c·r, r real,
//   c complex (Arb's normalisation need not be real). Each column divided by its largest entry
//   (a ball not holding 0) is r/r_j: real, so its balls' real parts hold it. R is that real ball
//   matrix, and L a ball matrix holding R⁻¹ for every matrix R holds (arb_mat_inv), so that
//   C = R diag(λ) R⁻¹ exactly for the exact R in the ball;
// - the periodic particular solution P cos Ωt, P = (A² − Ω²M²)⁻¹ f, by a ball solve (refused
//   when the matrix is not proved invertible: a resonance Ω² = λ_k);
// - from a state (t0, q, v), the homogeneous part x = q − P cos Ωt0, x' = v + ΩP sin Ωt0 in modal
//   coordinates α = L x, β = L x', and at flight time τ
//     q_i(τ) = P_i cos Ω(t0 + τ) + Σ_k R_ik α_k cos ω_k τ + R_ik β_k/ω_k sin ω_k τ,
//   ω_k = √λ_k, the coefficients R_ik α_k and R_ik β_k/ω_k computed once per flight.

#include "vibro/proof/ball.hpp"

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace vibro::proof {

/// The system's parameters as written (decimals or fractions P/Q).
struct SystemTexts {
  std::vector<std::string> mass;                    ///< the diagonal of M²
  std::vector<std::vector<std::string>> stiffness;  ///< A², by rows
  std::vector<std::string> force;                   ///< f; empty: free motion
  std::string omega = "0";                          ///< Ω (with f)
};

class SystemFlight;

/// The enclosed modes of the system and its particular solution, at the thread's BallPrecision.
class SystemModes {
 public:
  /// std::invalid_argument, saying why, for sizes that disagree, a text that is not a number,
  /// eigenvalues not proved simple and positive, or a resonance.
  explicit SystemModes(const SystemTexts& texts);

  std::size_t dimension() const { return frequencies_.size(); }
  /// ω_k = √λ_k.
  const std::vector<Ball>& frequencies() const { return frequencies_; }
  const Ball& forcing_frequency() const { return omega_; }
  /// f ≠ 0: the forcing has a period 2π/Ω.
  bool forced() const { return forced_; }
  /// P_i: the particular solution is P cos Ωt.
  const std::vector<Ball>& particular_amplitude() const { return particular_; }

  /// The flight from positions q and velocities v at time t0 (balls: every start they hold).
  SystemFlight flight(const Ball& t0, const std::vector<Ball>& q, const std::vector<Ball>& v) const;

 private:
  friend class SystemFlight;
  std::vector<Ball> frequencies_, particular_;
  Ball omega_;
  bool forced_ = false;
  /// R and L = R⁻¹, row-major N × N.
  std::vector<Ball> r_, l_;
};

/// A flight of the system: each coordinate's position and velocity at a flight time τ.
class SystemFlight {
 public:
  /// Coordinate i's position and velocity at flight time τ (a ball: every τ in it).
  std::pair<Ball, Ball> coordinate(std::size_t i, const Ball& tau) const;
  /// Every coordinate's position and velocity at τ.
  void state(const Ball& tau, std::vector<Ball>& q, std::vector<Ball>& v) const;

 private:
  friend class SystemModes;
  SystemFlight(const SystemModes& modes, Ball t0) : modes_(modes), t0_(std::move(t0)) {}
  const SystemModes& modes_;
  Ball t0_;
  /// R_ik α_k and R_ik β_k/ω_k, row-major N × N.
  std::vector<Ball> cos_part_, sin_part_;
};

}  // namespace vibro::proof
