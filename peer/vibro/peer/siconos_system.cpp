#include "vibro/peer/siconos_system.hpp"

#include "vibro/peer/siconos_pendulum_plugins.hpp"

#include <SiconosKernel.hpp>

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>

namespace vibro::peer {

namespace {

/// Siconos' external-force plugin (VectorFunctionOfTime): F_ext(t) = f cos(ω t), with
/// z = (ω, f_1, …, f_N) the system's parameter vector.
void harmonic_force(double time, unsigned int size, double* force, unsigned int, double* z) {
  const double c = std::cos(z[0] * time);
  for (unsigned int i = 0; i < size; ++i) force[i] = z[1 + i] * c;
}

void require_step(double h, double t0) {
  if (!std::isfinite(h) || !(h > 0)) throw std::invalid_argument("Siconos: the step h must be > 0 and finite");
  if (!std::isfinite(t0)) throw std::invalid_argument("Siconos: t0 must be finite");
}

void require_finite(const std::vector<double>& values, const char* what) {
  for (const double x : values)
    if (!std::isfinite(x)) throw std::invalid_argument(std::string("Siconos: ") + what + " must be finite");
}

/// An N×N matrix given row by row.
std::shared_ptr<SimpleMatrix> square_matrix(const std::vector<double>& rows, std::size_t n, const char* what) {
  if (rows.size() != n * n)
    throw std::invalid_argument(std::string("Siconos: the ") + what + " matrix has " + std::to_string(rows.size()) +
                                " entries, the system needs " + std::to_string(n * n));
  require_finite(rows, what);
  auto m = std::make_shared<SimpleMatrix>(static_cast<unsigned int>(n), static_cast<unsigned int>(n));
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) (*m)(static_cast<unsigned int>(i), static_cast<unsigned int>(j)) = rows[i * n + j];
  return m;
}

std::shared_ptr<SiconosVector> vector_of(const std::vector<double>& values, std::size_t n, const char* what) {
  if (values.size() != n)
    throw std::invalid_argument(std::string("Siconos: ") + what + " has " + std::to_string(values.size()) +
                                " entries, the system has " + std::to_string(n) + " coordinates");
  require_finite(values, what);
  auto v = std::make_shared<SiconosVector>(static_cast<unsigned int>(n));
  for (std::size_t i = 0; i < n; ++i) (*v)(static_cast<unsigned int>(i)) = values[i];
  return v;
}

/// The contact's gap as a LagrangianLinearTIR y = C q + e with its Newton law: a lower
/// bound is y = q_i − bound (C = e_iᵀ, e = −bound), an upper bound y = bound − q_i
/// (C = −e_iᵀ, e = bound).
std::shared_ptr<Interaction> contact_interaction(const SiconosContact& contact, std::size_t n) {
  if (contact.coordinate >= n)
    throw std::invalid_argument("Siconos: a contact on coordinate " + std::to_string(contact.coordinate + 1) +
                                ", the system has " + std::to_string(n));
  if (!std::isfinite(contact.bound) || !(contact.restitution >= 0 && contact.restitution <= 1))
    throw std::invalid_argument("Siconos: a contact needs a finite bound and e in [0, 1]");
  auto row = std::make_shared<SimpleMatrix>(1, static_cast<unsigned int>(n));
  (*row)(0, static_cast<unsigned int>(contact.coordinate)) = contact.upper ? -1 : 1;
  auto offset = std::make_shared<SiconosVector>(1);
  (*offset)(0) = contact.upper ? contact.bound : -contact.bound;
  return std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(contact.restitution),
                                       std::make_shared<LagrangianLinearTIR>(row, offset));
}

}  // namespace

std::string_view to_string(SiconosIntegrator integrator) {
  switch (integrator) {
    case SiconosIntegrator::moreau_jean: return "Moreau-Jean";
    case SiconosIntegrator::schatzman_paoli: return "Schatzman-Paoli";
  }
  return "?";
}

struct SiconosSystem::Simulation {
  std::shared_ptr<LagrangianDS> system;
  std::vector<std::shared_ptr<Interaction>> contacts;
  /// Per contact: its multiplier of the last step was nonzero.
  std::vector<char> active;
  std::shared_ptr<TimeStepping> stepping;
  /// The level of the multiplier λ the integrator's LCP solves for: velocity (1) for
  /// Moreau–Jean, position (0) for Schatzman–Paoli.
  unsigned int impulse_level = 0;
  /// A nonlinear system: each step is a Newton loop, which must converge.
  bool nonlinear = false;

  /// Links `ds` and its contacts in a simulation that starts at t0 with step h.
  void assemble(std::shared_ptr<LagrangianDS> ds, const std::vector<SiconosContact>& contacts, std::size_t n,
                SiconosIntegrator integrator, double theta, double h, double t0);
};

void SiconosSystem::Simulation::assemble(std::shared_ptr<LagrangianDS> ds, const std::vector<SiconosContact>& given,
                                         std::size_t n, SiconosIntegrator integrator, double theta, double h,
                                         double t0) {
  // The horizon is the caller's: Siconos' final time is left unbounded.
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(t0, std::numeric_limits<double>::max());
  nsds->insertDynamicalSystem(ds);
  for (const SiconosContact& contact : given) {
    contacts.push_back(contact_interaction(contact, n));
    nsds->link(contacts.back(), ds);
  }
  active.assign(given.size(), 0);

  std::shared_ptr<OneStepIntegrator> osi;
  if (integrator == SiconosIntegrator::moreau_jean) {
    osi = std::make_shared<MoreauJeanOSI>(theta);
    impulse_level = 1;
  } else {
    osi = std::make_shared<SchatzmanPaoliOSI>(theta);
    impulse_level = 0;
  }
  stepping = std::make_shared<TimeStepping>(nsds, std::make_shared<TimeDiscretisation>(t0, h), osi,
                                            std::make_shared<LCP>());
  if (nonlinear) {
    // Converged to the rounding of the step's residual M(q)(v − v_k) − h F, of the scale
    // of M v (at most about 10² on seed 004's pendulum), instead of Siconos' default 1e−6,
    // which would put a Newton error of the order of the scheme's own into fine steps.
    stepping->setNewtonTolerance(1e-12);
    stepping->setNewtonMaxIteration(50);
    stepping->setWarnOnNonConvergence(false);
  }
  // Initialised now, not at the first step, so that the state before any step is
  // Siconos' own (Schatzman–Paoli's first position q0 + h v0).
  stepping->initialize();
  system = std::move(ds);
}

SiconosSystem::SiconosSystem(const SiconosLinearSystem& s, SiconosIntegrator integrator, double theta, double h,
                             double t0, const std::vector<double>& q0, const std::vector<double>& v0)
    : simulation_(std::make_unique<Simulation>()) {
  require_step(h, t0);
  const std::size_t n = s.dimension;
  if (n == 0) throw std::invalid_argument("Siconos: the system has no coordinate");
  // M q'' + C q' + K q = F_ext(t) + p.
  auto system = std::make_shared<LagrangianLinearTIDS>(vector_of(q0, n, "q0"), vector_of(v0, n, "v0"),
                                                       square_matrix(s.mass, n, "mass"));
  system->setKPtr(square_matrix(s.stiffness, n, "stiffness"));
  if (!s.damping.empty()) system->setCPtr(square_matrix(s.damping, n, "damping"));
  if (!s.force_amplitude.empty()) {
    if (s.force_amplitude.size() != n)
      throw std::invalid_argument("Siconos: a force amplitude of " + std::to_string(s.force_amplitude.size()) +
                                  " entries, the system has " + std::to_string(n) + " coordinates");
    std::vector<double> parameters{s.forcing_frequency};
    parameters.insert(parameters.end(), s.force_amplitude.begin(), s.force_amplitude.end());
    system->setzPtr(vector_of(parameters, 1 + n, "the force (ω, f)"));
    system->setComputeFExtFunction(&harmonic_force);
  }
  simulation_->assemble(std::move(system), s.contacts, n, integrator, theta, h, t0);
}

SiconosSystem::SiconosSystem(const SiconosDoublePendulum& p, SiconosIntegrator integrator, double theta, double h,
                             double t0, const std::vector<double>& q0, const std::vector<double>& v0)
    : simulation_(std::make_unique<Simulation>()) {
  if (integrator != SiconosIntegrator::moreau_jean)
    throw std::invalid_argument(
        "Siconos: the double pendulum runs with Moreau-Jean only (Siconos 4.4's SchatzmanPaoliOSI takes a "
        "LagrangianLinearTIDS alone)");
  require_step(h, t0);
  const std::vector<double> parameters{p.m1, p.m2, p.l1, p.l2, p.gravity};  // pendulum_plugins' z
  require_finite(parameters, "the pendulum's m1, m2, l1, l2 and g");
  if (!(p.m1 > 0 && p.m2 > 0 && p.l1 > 0 && p.l2 > 0 && p.gravity >= 0))
    throw std::invalid_argument("Siconos: the pendulum needs m1, m2, l1, l2 > 0 and g >= 0");
  auto position = vector_of(q0, 2, "q0");
  auto velocity = vector_of(v0, 2, "v0");
  // The two bounds are the wall −cos θ1 ≤ 0 only for |θ1| ≤ π/2 (where they start).
  const double wall = std::acos(-1.0) / 2;
  if (!(std::abs(q0[0]) <= wall))
    throw std::invalid_argument("Siconos: the pendulum's θ1 = " + std::to_string(q0[0]) +
                                " lies outside [−π/2, π/2], where the peer's bounds are its wall");
  auto system = std::make_shared<LagrangianDS>(position, velocity);
  system->setzPtr(vector_of(parameters, parameters.size(), "the pendulum's parameters"));
  system->setComputeMassFunction(&pendulum_plugins::mass);
  system->setComputeFGyrFunction(&pendulum_plugins::gyroscopic);
  system->setComputeJacobianFGyrqFunction(&pendulum_plugins::gyroscopic_dq);
  system->setComputeJacobianFGyrqDotFunction(&pendulum_plugins::gyroscopic_dv);
  simulation_->nonlinear = true;
  simulation_->assemble(std::move(system), {{0, false, -wall, p.restitution}, {0, true, wall, p.restitution}}, 2,
                        integrator, theta, h, t0);
}

SiconosSystem::~SiconosSystem() = default;
SiconosSystem::SiconosSystem(SiconosSystem&&) noexcept = default;
SiconosSystem& SiconosSystem::operator=(SiconosSystem&&) noexcept = default;

bool SiconosSystem::step() {
  TimeStepping& s = *simulation_->stepping;
  try {
    s.computeOneStep();
  } catch (const std::exception& why) {
    throw std::runtime_error(std::string("Siconos: the step at t = ") + std::to_string(s.startingTime()) +
                             " failed: " + why.what());
  }
  if (simulation_->nonlinear && !s.isNewtonConverge())
    throw std::runtime_error("Siconos: Newton's loop of the step at t = " + std::to_string(s.startingTime()) +
                             " did not converge in " + std::to_string(s.getNewtonNbIterations()) + " iterations");
  // The LCP's unknown of this step: nonzero exactly when the contact acts on the position
  // (Schatzman–Paoli) or velocity (Moreau–Jean) this step computes.
  bool any = false;
  for (std::size_t j = 0; j < simulation_->contacts.size(); ++j) {
    const auto& multiplier = simulation_->contacts[j]->lambda(simulation_->impulse_level);
    simulation_->active[j] = multiplier && (*multiplier)(0) != 0;
    any = any || simulation_->active[j];
  }
  s.nextStep();
  return any;
}

bool SiconosSystem::contact_active(std::size_t j) const { return simulation_->active.at(j) != 0; }

double SiconosSystem::time() const { return simulation_->stepping->startingTime(); }
std::size_t SiconosSystem::dimension() const { return simulation_->system->dimension(); }
double SiconosSystem::position(std::size_t i) const {
  return (*simulation_->system->q())(static_cast<unsigned int>(i));
}
double SiconosSystem::velocity(std::size_t i) const {
  return (*simulation_->system->velocity())(static_cast<unsigned int>(i));
}

}  // namespace vibro::peer
