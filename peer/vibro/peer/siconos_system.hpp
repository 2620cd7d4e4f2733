#pragma once
// Siconos (INRIA's kernel, Debian's libsiconos-kernel-dev) as a peer: its time-stepping
// integrators run on a linear Lagrangian system with unilateral contacts on coordinates,
//   M q'' + C q' + K q = f cos(ω t) + p,  y_j = ±(q_{i_j} − bound_j) ≥ 0,
//   Newton's restitution e_j at contact j,
// in double, one step at a time. Two of vibro's models are of this form
// (siconos_scheme.hpp): the impact oscillator of seed 000 eq. (15) (N = 1, M = K = 1,
// C = 2α, one lower bound) and the N-DOF system of seed 002 eq. (1)–(3) (M = M², K = A²,
// C = 0, a contact per finite bound of the box). The third, seed 004's double pendulum, is
// nonlinear: a LagrangianDS with its M(q) and forces plugged in (SiconosDoublePendulum).
// Siconos' headers stay inside the .cpp:
// nothing that includes this header sees them, and this header is C++17 as that .cpp is
// (docs/peer.md).

#include <cstddef>
#include <memory>
#include <string_view>
#include <vector>

namespace vibro::peer {

/// The integrators of Siconos the peer runs (docs/peer.md).
enum class SiconosIntegrator {
  moreau_jean,      ///< MoreauJeanOSI: θ-method on the velocity, impact law at velocity level
  schatzman_paoli,  ///< SchatzmanPaoliOSI: the two-step position scheme with the LCP of seed 000 eq. (14)
};

std::string_view to_string(SiconosIntegrator integrator);

/// One unilateral contact on coordinate i: the gap y = q_i − bound ≥ 0 (a lower bound) or
/// y = bound − q_i ≥ 0 (an upper bound), with Newton's law y'(t+) = −e y'(t−).
struct SiconosContact {
  std::size_t coordinate = 0;
  bool upper = false;
  double bound = 0;
  double restitution = 0;
};

/// M q'' + C q' + K q = f cos(ω t) + p with its contacts, as Siconos' LagrangianLinearTIDS
/// and LagrangianLinearTIRs take it. Matrices are N×N, row by row.
struct SiconosLinearSystem {
  std::size_t dimension = 0;
  std::vector<double> mass, stiffness;
  std::vector<double> damping;          ///< empty: no damping term
  std::vector<double> force_amplitude;  ///< f; empty: no external force
  double forcing_frequency = 0;         ///< ω
  std::vector<SiconosContact> contacts;
};

/// Seed 004's double pendulum (model/double_pendulum.hpp) as Siconos takes it: a
/// LagrangianDS M(q) q'' + F_gyr(q, q') = p with the pendulum's M(q) and F_gyr = −f(q, q')
/// (gravity and the centrifugal terms) and the Jacobians of F_gyr for Moreau–Jean's Newton
/// loop, and the wall g(q) = −cos θ1 ≤ 0 as the two contacts θ1 ≥ −π/2 and θ1 ≤ π/2 with the
/// restitution e (docs/peer.md "The double pendulum": the same admissible set for
/// |θ1| ≤ π/2, and the same normal at the wall).
struct SiconosDoublePendulum {
  double m1 = 0, m2 = 0, l1 = 0, l2 = 0, gravity = 0, restitution = 0;
};

/// One Siconos simulation (a NonSmoothDynamicalSystem, its integrator and an LCP in a
/// TimeStepping) advanced one step per call. The time is Siconos' own t0 + k h.
class SiconosSystem {
 public:
  /// Starts at Siconos' time `t0` with Siconos' initial data (q0, v0) for the integrator's
  /// θ. Throws std::invalid_argument for h ≤ 0, data of the wrong size or not finite, or a
  /// contact on a coordinate the system does not have.
  SiconosSystem(const SiconosLinearSystem& system, SiconosIntegrator integrator, double theta, double h, double t0,
                const std::vector<double>& q0, const std::vector<double>& v0);
  /// The pendulum from (θ1, θ2), (θ1', θ2') with Moreau–Jean; its Newton loop must converge
  /// in every step (step() throws std::runtime_error otherwise). Throws
  /// std::invalid_argument for Schatzman–Paoli (Siconos 4.4's SchatzmanPaoliOSI takes only a
  /// LagrangianLinearTIDS, and aborts on another), for parameters that are not positive and
  /// finite, and for θ1 outside [−π/2, π/2].
  SiconosSystem(const SiconosDoublePendulum& pendulum, SiconosIntegrator integrator, double theta, double h,
                double t0, const std::vector<double>& q0, const std::vector<double>& v0);
  ~SiconosSystem();
  SiconosSystem(SiconosSystem&&) noexcept;
  SiconosSystem& operator=(SiconosSystem&&) noexcept;

  /// One step of the integrator; returns true when some contact impulse of the step is
  /// nonzero (contact_active says which).
  bool step();
  double time() const;
  std::size_t dimension() const;
  double position(std::size_t i) const;
  double velocity(std::size_t i) const;
  /// Contact j's multiplier (the LCP's unknown) of the last step is nonzero.
  bool contact_active(std::size_t j) const;

 private:
  struct Simulation;
  std::unique_ptr<Simulation> simulation_;
};

}  // namespace vibro::peer
