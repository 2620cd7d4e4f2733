#include "vibro/peer/siconos_oscillator.hpp"

#include <SiconosKernel.hpp>

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace vibro::peer {

namespace {

/// Siconos' external-force plugin (VectorFunctionOfTime): F_ext(t) = a cos(ω t), with
/// z = (a, ω) the system's parameter vector.
void harmonic_force(double time, unsigned int, double* force, unsigned int, double* z) {
  force[0] = z[0] * std::cos(z[1] * time);
}

std::shared_ptr<SimpleMatrix> scalar_matrix(double value) {
  auto m = std::make_shared<SimpleMatrix>(1, 1);
  (*m)(0, 0) = value;
  return m;
}

std::shared_ptr<SiconosVector> scalar_vector(double value) {
  auto v = std::make_shared<SiconosVector>(1);
  (*v)(0) = value;
  return v;
}

}  // namespace

std::string_view to_string(SiconosIntegrator integrator) {
  switch (integrator) {
    case SiconosIntegrator::moreau_jean: return "Moreau-Jean";
    case SiconosIntegrator::schatzman_paoli: return "Schatzman-Paoli";
  }
  return "?";
}

struct SiconosOscillator::Simulation {
  std::shared_ptr<LagrangianLinearTIDS> system;
  std::shared_ptr<Interaction> contact;
  std::shared_ptr<TimeStepping> stepping;
  /// The level of the multiplier λ the integrator's LCP solves for: velocity (1) for
  /// Moreau–Jean, position (0) for Schatzman–Paoli.
  unsigned int impulse_level = 0;
};

SiconosOscillator::SiconosOscillator(const OscillatorCoefficients& c, SiconosIntegrator integrator, double theta,
                                     double h, double t0, double q0, double v0)
    : simulation_(std::make_unique<Simulation>()) {
  if (!std::isfinite(h) || !(h > 0)) throw std::invalid_argument("Siconos: the step h must be > 0 and finite");
  if (!std::isfinite(t0) || !std::isfinite(q0) || !std::isfinite(v0))
    throw std::invalid_argument("Siconos: t0, u0 and v0 must be finite");
  // M u'' + C u' + K u = F_ext(t) + p with M = 1, C = 2α, K = 1 (seed 000 eq. (15)).
  auto system = std::make_shared<LagrangianLinearTIDS>(scalar_vector(q0), scalar_vector(v0), scalar_matrix(1),
                                                       scalar_matrix(1), scalar_matrix(2 * c.alpha));
  auto parameters = std::make_shared<SiconosVector>(2);
  (*parameters)(0) = c.amplitude;
  (*parameters)(1) = c.omega;
  system->setzPtr(parameters);
  system->setComputeFExtFunction(&harmonic_force);

  // The gap y = u − u_min ≥ 0 (LagrangianLinearTIR: y = C q + e with C = 1, e = −u_min)
  // and Newton's law y'(t+) = −e y'(t−).
  auto contact = std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(c.e),
                                               std::make_shared<LagrangianLinearTIR>(scalar_matrix(1), scalar_vector(-c.u_min)));
  // The horizon is the caller's: Siconos' final time is left unbounded.
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(t0, std::numeric_limits<double>::max());
  nsds->insertDynamicalSystem(system);
  nsds->link(contact, system);

  std::shared_ptr<OneStepIntegrator> osi;
  if (integrator == SiconosIntegrator::moreau_jean) {
    osi = std::make_shared<MoreauJeanOSI>(theta);
    simulation_->impulse_level = 1;
  } else {
    osi = std::make_shared<SchatzmanPaoliOSI>(theta);
    simulation_->impulse_level = 0;
  }
  simulation_->stepping = std::make_shared<TimeStepping>(nsds, std::make_shared<TimeDiscretisation>(t0, h), osi,
                                                         std::make_shared<LCP>());
  // Initialised now, not at the first step, so that the state before any step is
  // Siconos' own (Schatzman–Paoli's first position q0 + h v0).
  simulation_->stepping->initialize();
  simulation_->system = std::move(system);
  simulation_->contact = std::move(contact);
}

SiconosOscillator::~SiconosOscillator() = default;
SiconosOscillator::SiconosOscillator(SiconosOscillator&&) noexcept = default;
SiconosOscillator& SiconosOscillator::operator=(SiconosOscillator&&) noexcept = default;

bool SiconosOscillator::step() {
  TimeStepping& s = *simulation_->stepping;
  try {
    s.computeOneStep();
  } catch (const std::exception& why) {
    throw std::runtime_error(std::string("Siconos: the step at t = ") + std::to_string(s.startingTime()) +
                             " failed: " + why.what());
  }
  // The LCP's unknown of this step: nonzero exactly when the contact acts on the position
  // (Schatzman–Paoli) or velocity (Moreau–Jean) this step computes.
  const auto& multiplier = simulation_->contact->lambda(simulation_->impulse_level);
  const bool active = multiplier && (*multiplier)(0) != 0;
  s.nextStep();
  return active;
}

double SiconosOscillator::time() const { return simulation_->stepping->startingTime(); }
double SiconosOscillator::position() const { return (*simulation_->system->q())(0); }
double SiconosOscillator::velocity() const { return (*simulation_->system->velocity())(0); }

}  // namespace vibro::peer
