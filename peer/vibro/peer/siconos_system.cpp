#include "vibro/peer/siconos_system.hpp"

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
  std::shared_ptr<LagrangianLinearTIDS> system;
  std::vector<std::shared_ptr<Interaction>> contacts;
  /// Per contact: its multiplier of the last step was nonzero.
  std::vector<char> active;
  std::shared_ptr<TimeStepping> stepping;
  /// The level of the multiplier λ the integrator's LCP solves for: velocity (1) for
  /// Moreau–Jean, position (0) for Schatzman–Paoli.
  unsigned int impulse_level = 0;
};

SiconosSystem::SiconosSystem(const SiconosLinearSystem& s, SiconosIntegrator integrator, double theta, double h,
                             double t0, const std::vector<double>& q0, const std::vector<double>& v0)
    : simulation_(std::make_unique<Simulation>()) {
  if (!std::isfinite(h) || !(h > 0)) throw std::invalid_argument("Siconos: the step h must be > 0 and finite");
  if (!std::isfinite(t0)) throw std::invalid_argument("Siconos: t0 must be finite");
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

  // The horizon is the caller's: Siconos' final time is left unbounded.
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(t0, std::numeric_limits<double>::max());
  nsds->insertDynamicalSystem(system);
  for (const SiconosContact& contact : s.contacts) {
    simulation_->contacts.push_back(contact_interaction(contact, n));
    nsds->link(simulation_->contacts.back(), system);
  }
  simulation_->active.assign(s.contacts.size(), 0);

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
