#include "vibro/binding/model_description.hpp"

#include "vibro/model/physical_oscillator.hpp"

#include <cstddef>
#include <string>
#include <variant>
#include <vector>

namespace vibro {
namespace {

// The parameters of each spec type as written, for outputs (describe_model): one overload
// per kind, after the e that the 1-DOF models and the pendulum share.

/// The matrices, the bounds ("-inf"/"inf" where there is none), the restitutions and the forcing.
void add_parameters(const SystemSpec& s, const ModelSpec&, std::vector<Parameter>& out) {
  out.push_back({"mass", texts_of(s.mass), true});
  for (std::size_t i = 0; i < s.dimension(); ++i)
    out.push_back({"stiffness[" + std::to_string(i + 1) + "]", texts_of(s.stiffness[i]), true});
  std::vector<std::string> lower, upper;
  for (std::size_t i = 0; i < s.dimension(); ++i) {
    lower.push_back(s.lower[i] ? s.lower[i]->text : "-inf");
    upper.push_back(s.upper[i] ? s.upper[i]->text : "inf");
  }
  out.push_back({"lower", lower, true});
  out.push_back({"upper", upper, true});
  out.push_back({"e", texts_of(s.restitution), true});
  if (s.forced()) {
    out.push_back({"force", texts_of(s.force), true});
    out.push_back({"Omega", {s.forcing_frequency->text}});
  }
}

/// The named parameters of the 2-DOF system, then the N-DOF system they define.
void add_parameters(const TwoMassSpringSpec& two, const ModelSpec& m, std::vector<Parameter>& out) {
  out.push_back({"mu_k", {two.mu_k.text}});
  out.push_back({"mu_m", {two.mu_m.text}});
  add_parameters(two.system, m, out);
}

/// u_min, then the normalised numbers, or the physical ones and the normalised form they
/// convert to, exactly (docs/mathematics.md §1).
void add_parameters(const OscillatorSpec& osc, const ModelSpec& m, std::vector<Parameter>& out) {
  out.push_back({"e", {m.e.text}});
  out.push_back({"u_min", {m.u_min.text}});
  if (const auto& p = osc.physical) {
    out.push_back({"m", {p->mass.text}});
    out.push_back({"c", {p->damping.text}});
    out.push_back({"k", {p->stiffness.text}});
    out.push_back({"F", {p->force.text}});
    out.push_back({"Omega", {p->forcing_frequency.text}});
    const PhysicalOscillator exact = p->exact();
    out.push_back({"alpha", {root_text(exact.alpha_squared())}});
    out.push_back({"a", {exact.amplitude().str()}});
    out.push_back({"omega", {root_text(exact.omega_squared())}});
    out.push_back({"omega0", {root_text(exact.omega0_squared())}});
    out.push_back({"time", {"tau = omega0 t"}});
  } else {
    out.push_back({"alpha", {osc.alpha.text}});
    out.push_back({"a", {osc.amplitude.text}});
    out.push_back({"omega", {osc.omega.text}});
  }
}

void add_parameters(const ConservativeSpec& k, const ModelSpec& m, std::vector<Parameter>& out) {
  out.push_back({"e", {m.e.text}});
  out.push_back({"omega", {k.omega.text}});
  out.push_back({"beta", {k.beta.text}});
  if (k.obstacle) out.push_back({"obstacle", {k.obstacle->text}});
  if (k.stop_lower) out.push_back({"stops", {k.stop_lower->text, k.stop_upper->text}});
}

void add_parameters(const DuffingSpec& d, const ModelSpec& m, std::vector<Parameter>& out) {
  out.push_back({"e", {m.e.text}});
  out.push_back({"u_min", {m.u_min.text}});
  out.push_back({"alpha", {d.alpha.text}});
  out.push_back({"beta", {d.beta.text}});
  out.push_back({"a", {d.amplitude.text}});
  out.push_back({"omega", {d.omega.text}});
}

void add_parameters(const DoublePendulumSpec& p, const ModelSpec& m, std::vector<Parameter>& out) {
  out.push_back({"e", {m.e.text}});
  out.push_back({"m1", {p.m1.text}});
  out.push_back({"m2", {p.m2.text}});
  out.push_back({"l1", {p.l1.text}});
  out.push_back({"l2", {p.l2.text}});
  out.push_back({"gravity", {p.gravity.text}});
}

void add_parameters(const ConstantForceSpec& f, const ModelSpec& m, std::vector<Parameter>& out) {
  out.push_back({"e", {m.e.text}});
  out.push_back({"u_min", {m.u_min.text}});
  out.push_back({"g", {f.g.text}});
}

}  // namespace

ModelDescription describe_model(const ModelSpec& m) {
  ModelDescription d{std::string(model_name(m.model_kind())), {}};
  std::visit([&](const auto& spec) { add_parameters(spec, m, d.parameters); }, m.kind);
  return d;
}

}  // namespace vibro
