#pragma once
// Siconos (INRIA's kernel, Debian's libsiconos-kernel-dev) as a peer: its time-stepping
// integrators run on the impact oscillator of seed 000 eq. (15) (model/impact_oscillator.hpp),
//   u'' + 2α u' + u = a cos(ω t),  u ≥ u_min,  Newton's restitution e at contact,
// in double, one step at a time. Siconos' headers stay inside the .cpp: nothing that
// includes this header sees them (docs/peer.md).

#include <cstdint>
#include <memory>
#include <string_view>

namespace vibro::peer {

/// The integrators of Siconos the peer runs (docs/peer.md).
enum class SiconosIntegrator {
  moreau_jean,      ///< MoreauJeanOSI: θ-method on the velocity, impact law at velocity level
  schatzman_paoli,  ///< SchatzmanPaoliOSI: the two-step position scheme with the LCP of seed 000 eq. (14)
};

std::string_view to_string(SiconosIntegrator integrator);

/// The oscillator's coefficients, as ImpactOscillator<double> holds them.
struct OscillatorCoefficients {
  double alpha = 0;
  double amplitude = 0;
  double omega = 1;
  double u_min = 0;
  double e = 0;
};

/// One Siconos simulation (a NonSmoothDynamicalSystem, its integrator and an LCP in a
/// TimeStepping) advanced one step per call. The time is Siconos' own t0 + k h.
class SiconosOscillator {
 public:
  /// Starts at Siconos' time `t0` with Siconos' initial data (q0, v0) for the integrator's
  /// θ. Throws std::invalid_argument for h ≤ 0 or non-finite data.
  SiconosOscillator(const OscillatorCoefficients& coefficients, SiconosIntegrator integrator, double theta, double h,
                    double t0, double q0, double v0);
  ~SiconosOscillator();
  SiconosOscillator(SiconosOscillator&&) noexcept;
  SiconosOscillator& operator=(SiconosOscillator&&) noexcept;

  /// One step of the integrator; returns true when the contact impulse of the step is
  /// nonzero (the LCP's contact is active).
  bool step();
  double time() const;
  double position() const;
  double velocity() const;

 private:
  struct Simulation;
  std::unique_ptr<Simulation> simulation_;
};

}  // namespace vibro::peer
