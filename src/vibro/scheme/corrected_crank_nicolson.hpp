#pragma once
// The corrected scheme of seed 000 §3 ("CNS", docs/mathematics.md §3), for a force linear in the state,
// f(t, u, v) = g(t) − k v − c u (vibro/model/linear_force.hpp). One step from (t, U, V)
// over δ (the nominal Δt, or less, see below):
//
//  (i)  Crank–Nicolson predictor (Û, V̂), seed 000 eq. (26), solved in closed form;
//  (ii) Û ≥ u_min: accept (t + δ, Û, V̂), eq. (29);
//  (iii) otherwise an artificial impact at t + s0, s0 the smallest zero in [0, δ] of
//          ϕ(s) = (s²/2)(V̂ − V)/δ + s·P + U − u_min                         (eq. 31)
//        (not s = 0 when the mass leaves the obstacle there, ϕ(0) = 0 < ϕ'(0)):
//        (t, U, V) ← (t + s0, u_min, −e(P + s0 (V̂ − V)/δ)) = −e ϕ'(s0)   (eq. 35–37),
//        so the velocity reverses in ONE step (the PS scheme needs two, seed 000 §2).
//        P, the option impact_slope: (Û − U)/δ as seed 000 eq. (31) and (37) print it
//        (`printed`, the default), or V (`endpoint`). The printed P is the step's average
//        velocity V + (δ/2)a + O(δ²), so the reversed velocity carries an error (δ/2)·e·a
//        at every impact: first order on a forced problem, where the acceleration a at the
//        obstacle is not zero. With P = V, ϕ is the Taylor polynomial of the gap at t_n
//        with the step's mean acceleration (exact for a constant force), and −eϕ'(s0) the
//        velocity it reaches at the obstacle (scheme/corrected_crank_nicolson_options.hpp);
//  (iv) ϕ without a zero in [0, δ]: halve δ and retry from the same (t, U, V) (a dichotomy;
//        the shorter step may then be accepted by (ii)), at most max_dichotomies = 10 times;
//        if ϕ still has no zero in [0, 2^{−10} δ], the fallback of eq. (38):
//        (t, U, V) ← (t, U, −eV).
// The seed's "if ϕ does not change sign in [0, Δt]" before eq. (35) is read as "if ϕ has a
// zero in [0, Δt]" (docs/mathematics.md §3): that is the only reading under which s0 exists.
//
// The grid is not uniform: after an impact at t + s0, or an accepted shortened step, the
// next steps are nominal Δt from there (docs/mathematics.md §3). To sample the Poincaré map at
// t0 + kT, a step is given an upper limit t_limit (step(x, t_limit), advance_to): the
// last step before t_limit is shortened to δ = t_limit − t and its accepted node is put at
// t_limit itself, so the run lands on the section time exactly (not within rounding).
// This is the harness's choice; the seed does not say how it sampled the map.

#include "vibro/model/admissible.hpp"
#include "vibro/model/concepts.hpp"
#include "vibro/model/linear_force.hpp"
#include "vibro/scalar/format.hpp"
#include "vibro/scalar/traits.hpp"
#include "vibro/scheme/corrected_crank_nicolson_options.hpp"
#include "vibro/scheme/scheme.hpp"
#include "vibro/scheme/trajectory.hpp"

#include <cmath>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace vibro {

/// Which formula of seed 000 §3 gave the artificial impact time s0.
enum class ImpactRoot {
  linear,       ///< V̂ = V: ϕ is affine, s0 = Δt (U − u_min)/(U − Û), eq. (32)
  double_root,  ///< Δ = 0 (eq. 33): s0 = −(Û − U)/(V̂ − V)
  two_roots,    ///< Δ > 0: the smaller of s̃1, s̃2 (eq. 34) that lies in [0, Δt]
};

namespace detail {

/// √x; for the exact type only when x is the square of a rational (otherwise the impact
/// time is irrational and the exact type cannot hold it: the run must use a floating type).
template <class Real>
Real square_root(const Real& x) {
  if constexpr (is_exact_v<Real>) {
    const auto& q = x.backend().data();
    if (mpz_perfect_square_p(mpq_numref(q)) != 0 && mpz_perfect_square_p(mpq_denref(q)) != 0) {
      bmp::mpz_int numerator, denominator;
      mpz_sqrt(numerator.backend().data(), mpq_numref(q));
      mpz_sqrt(denominator.backend().data(), mpq_denref(q));
      return Real(numerator, denominator);
    }
    throw std::domain_error("the discriminant " + to_text(x) +
                            " of seed 000 eq. (33) is not the square of a rational: the impact time is irrational "
                            "and the exact scalar type cannot represent it (use a floating type)");
  } else {
    using std::sqrt;
    return sqrt(x);
  }
}

}  // namespace detail

template <ImpactModel Model>
class CorrectedCrankNicolson {
  static_assert(LinearForceModel<Model>,
                "the corrected scheme's predictor has a closed form only for f = g(t) − k v − c u: "
                "specialise vibro::LinearForce for this model (vibro/model/linear_force.hpp)");

 public:
  using model_type = Model;
  using real_type = typename Model::real_type;
  using Real = real_type;

  /// The seeds give no convergence theory for this scheme. Measured: eq. (31) as printed
  /// gives first order in position and impact time on forced problems, second order where
  /// f vanishes at the obstacle; so 1 is a lower bound, not a sharp order. It is the bound
  /// for both impact slopes (tests/impact_slope_study_test.cpp measures each on the
  /// shipped studies).
  static constexpr DeclaredOrders declared_orders =
      declare_orders({{ErrorMetric::position_linf, {1, false, "seed 000 §3 eq. (31), measured"}},
                      {ErrorMetric::impact_time, {1, false, "seed 000 §3 eq. (31), measured"}}});
  /// +, −, ×, ÷ and the square root of eq. (33)'s discriminant, which the exact type takes
  /// when it is the square of a rational (the free fall) and refuses otherwise.
  static constexpr bool rational_arithmetic = true;

  /// (t_n, U^n, V^n); n counts the steps taken (an impact or a fallback is one step).
  /// An accepted predictor step also leaves g(t_{n+1}), which its predictor needed, so that
  /// the next step does not evaluate the forcing at the same time again (seed 000 eq. (26)
  /// uses g at both ends of a step): used only while forcing_time == t, so a state built or
  /// changed by hand simply evaluates g again.
  struct State {
    Real t;
    Real u;
    Real v;
    std::int64_t n = 0;
    std::optional<Real> forcing_time = std::nullopt;
    Real forcing_value{};
  };

  /// (Û, V̂): the Crank–Nicolson predictor of seed 000 eq. (26).
  struct Prediction {
    Real u;
    Real v;
  };

  /// What one step did.
  struct StepReport {
    /// Length of the step taken: δ when the predictor was accepted (after `dichotomies`
    /// halvings, or shortened to land on t_limit), s0 after an impact, 0 after the fallback.
    Real advanced;
    /// Set when the step ended with an artificial impact (eq. 35–37): the root formula used.
    std::optional<ImpactRoot> impact;
    /// Halvings of δ made before the step ended (0 … max_dichotomies).
    int dichotomies = 0;
    /// The fallback of seed 000 eq. (38) was applied.
    bool fallback = false;

    /// The step made contact: an artificial impact or the fallback.
    explicit operator bool() const { return impact.has_value() || fallback; }
  };

  /// Seed 000 §3: "a maximum of ten dichotomies".
  static constexpr int max_dichotomies = 10;

  /// advance_to gives up when this many consecutive steps leave t unchanged. That happens
  /// when the mass stays on the obstacle (U = u_min) with a force pushing into it: s0 = 0 is
  /// then the smallest zero of ϕ at every step, the seed has no rule for persistent contact
  /// (docs/mathematics.md §1.3), and time would never advance.
  static constexpr int max_steps_without_progress = 1000;

  /// Nominal step Δt > 0 from t0.
  CorrectedCrankNicolson(Model model, Real dt, Real t0 = Real(0), CorrectedCrankNicolsonOptions options = {})
      : model_(std::move(model)), dt_(std::move(dt)), t0_(std::move(t0)), options_(options) {
    if (!is_finite(dt_) || !(dt_ > 0))
      throw std::invalid_argument("step Δt = " + to_text(dt_) + " must be > 0 and finite");
    if (!is_finite(t0_)) throw std::invalid_argument("t0 must be finite");
  }

  const Model& model() const { return model_; }
  const Real& step_size() const { return dt_; }
  const Real& initial_time() const { return t0_; }
  const CorrectedCrankNicolsonOptions& options() const { return options_; }

  const Real& time(const State& x) const { return x.t; }
  const Real& position(const State& x) const { return x.u; }
  const Real& velocity(const State& x) const { return x.v; }

  /// (t0, u0, v0) as the first node. Throws std::invalid_argument when the data are not
  /// admissible (u0 ≥ u_min, and v0 ≥ 0 if u0 = u_min).
  State start(const Real& u0, const Real& v0) const {
    require_admissible(model_, u0, v0);
    return State{t0_, u0, v0, 0};
  }

  /// The predictor over [t, t + δ] from (U, V), seed 000 eq. (26) solved in closed form.
  Prediction predict(const Real& t, const Real& delta, const Real& u, const Real& v) const {
    return predict(forcing(t), t + delta, delta, u, v);
  }

  /// One step with nominal δ = Δt.
  StepReport step(State& x) const { return take_step(x, dt_, nullptr, false); }

  /// One step that does not pass t_limit > t: when t_limit − t ≤ Δt the step is shortened
  /// to δ = t_limit − t, and if its predictor is accepted the new node is at t_limit exactly.
  StepReport step(State& x, const Real& t_limit) const {
    if (!(t_limit > x.t))
      throw std::invalid_argument("t_limit = " + to_text(t_limit) + " must lie after t = " + to_text(x.t));
    const Real remaining = t_limit - x.t;
    if (remaining <= dt_) return take_step(x, remaining, &t_limit, true);
    return take_step(x, dt_, &t_limit, false);
  }

  /// Steps until x.t == t_target exactly (the last step shortened), calling
  /// observer(const State&, const StepReport&) after each step. Throws std::runtime_error
  /// when max_steps_without_progress consecutive steps leave t unchanged.
  template <class Observer>
  void advance_to(State& x, const Real& t_target, Observer&& observer) const {
    if (!(t_target >= x.t))
      throw std::invalid_argument("t_target = " + to_text(t_target) + " lies before t = " + to_text(x.t));
    int without_progress = 0;
    while (x.t < t_target) {
      const Real before = x.t;
      const StepReport report = step(x, t_target);
      observer(std::as_const(x), report);
      without_progress = x.t == before ? without_progress + 1 : 0;
      if (without_progress >= max_steps_without_progress)
        throw std::runtime_error("corrected Crank–Nicolson scheme: " + std::to_string(max_steps_without_progress) +
                                 " steps without advancing from t = " + to_text(x.t) + " (U = " + to_text(x.u) +
                                 ", V = " + to_text(x.v) +
                                 "): the mass stays on the obstacle, and seed 000 §3 has no rule for persistent "
                                 "contact (docs/mathematics.md §1.3)");
    }
  }

  void advance_to(State& x, const Real& t_target) const {
    advance_to(x, t_target, [](const State&, const StepReport&) {});
  }

 private:
  /// Root of ϕ (eq. 31) and the formula that gave it.
  struct Zero {
    Real s;
    ImpactRoot root;
  };

  Real forcing(const Real& t) const { return LinearForce<Model>::forcing(model_, t); }

  /// Seed 000 eq. (26) for f = g − kv − cu is the linear system
  ///   Û − (δ/2)V̂ = U + (δ/2)V,   (cδ/2)Û + (1 + kδ/2)V̂ = V + (δ/2)(g_n + g_{n+1} − kV − cU);
  /// multiplied through by 4, its solution (Cramer) is
  ///   Û = [(4 + 2kδ − cδ²)U + 4δV + δ²(g_n + g_{n+1})] / (4 + 2kδ + cδ²),
  ///   V̂ = [−4cδU + (4 − 2kδ − cδ²)V + 2δ(g_n + g_{n+1})] / (4 + 2kδ + cδ²),
  /// which for k = 2α, c = 1 is seed 000 eq. (27)–(28) term by term. Only +, −, ×, ÷:
  /// exact with the rational type. g_{n+1} is taken at t_end (= t_limit on a landing step).
  Prediction predict(const Real& g_now, const Real& t_end, const Real& delta, const Real& u, const Real& v) const {
    return predict_with(g_now, forcing(t_end), delta, u, v);
  }

  /// The same with g_{n+1} = g_end given.
  Prediction predict_with(const Real& g_now, const Real& g_end, const Real& delta, const Real& u, const Real& v) const {
    const Real forcing_sum = g_now + g_end;
    const Real k_term = 2 * k_ * delta;
    const Real c_term = c_ * delta * delta;
    const Real denominator = 4 + k_term + c_term;
    Real u_hat = ((4 + k_term - c_term) * u + 4 * delta * v + delta * delta * forcing_sum) / denominator;
    Real v_hat = (-4 * c_ * delta * u + (4 - k_term - c_term) * v + 2 * delta * forcing_sum) / denominator;
    return Prediction{std::move(u_hat), std::move(v_hat)};
  }

  /// ϕ'(0), the linear coefficient of ϕ (eq. 31): P of the header comment.
  Real impact_slope(const Real& u, const Real& v, const Prediction& p, const Real& delta) const {
    if (options_.impact_slope == ImpactSlope::endpoint) return v;
    return (p.u - u) / delta;  // (Û − U)/Δt, eq. (31) as printed
  }

  /// The smallest zero of ϕ (eq. 31) in [0, δ], if any, with ϕ'(0) = slope. ϕ(0) = U − u_min
  /// ≥ 0 and, in the linear case, ϕ(δ) = Û − u_min < 0, so eq. (32) always gives a zero
  /// there. Eq. (32) serves both slopes: V̂ = V makes the predictor's first equation
  /// Û = U + (δ/2)(V̂ + V) = U + δV, so (Û − U)/δ = V and the two ϕ coincide.
  std::optional<Zero> smallest_zero(const Real& u, const Real& v, const Prediction& p, const Real& delta,
                                    const Real& slope) const {
    const Real gap = u - model_.obstacle();  // ϕ(0)
    if (p.v == v) return Zero{delta * gap / (u - p.u), ImpactRoot::linear};  // eq. (32)
    const Real curvature = (p.v - v) / delta;  // (V̂ − V)/Δt: ϕ''
    const Real discriminant = slope * slope - 2 * curvature * gap;  // eq. (33)
    // A step that starts on the obstacle and leaves it (ϕ(0) = 0 < ϕ'(0)) has the zero s = 0
    // without meeting the obstacle there: it is not an impact. Only the endpoint slope gets
    // here (the printed ϕ'(0) = (Û − U)/δ < 0 whenever Û < u_min = U), after an impact whose
    // next flight is shorter than the step: taking s0 = 0 would reverse the outgoing V to
    // −eV, and again at every step, until the mass stalls on the obstacle.
    auto in_step = [&](const Real& s) { return s >= 0 && s <= delta && !(s == 0 && slope > 0); };
    if (discriminant < 0) return std::nullopt;
    if (discriminant == 0) {
      Real s = -slope / curvature;  // s̃0 of seed 000 §3 (−(Û − U)/(V̂ − V) for the printed slope)
      if (!in_step(s)) return std::nullopt;
      return Zero{std::move(s), ImpactRoot::double_root};
    }
    // The roots of eq. (34), s̃1,2 = (−slope ± √Δ)/curvature, computed without cancellation:
    // with q = −(slope + sign(slope)√Δ) they are q/curvature and 2·gap/q (the product of the
    // roots is 2·gap/curvature). For slope < 0 these are s̃1 and s̃2, for slope ≥ 0 s̃2 and
    // s̃1: the same two roots, each with its relative rounding error a few ε.
    const Real root = detail::square_root(discriminant);
    const Real q = slope < 0 ? Real(root - slope) : Real(-(slope + root));
    const Real first = q / curvature;
    const Real second = 2 * gap / q;
    std::optional<Zero> smallest;
    for (const Real* s : {&first, &second})
      if (in_step(*s) && (!smallest || *s < smallest->s)) smallest = Zero{*s, ImpactRoot::two_roots};
    return smallest;
  }

  /// Steps (i)–(iv) of the header comment from x with first trial step delta. A non-null
  /// limit is the t_limit the step must not pass; `shortened` says that delta is
  /// t_limit − t, so that the untouched first trial ends at t_limit itself.
  StepReport take_step(State& x, Real delta, const Real* limit, bool shortened) const {
    if (x.u < model_.obstacle())
      throw std::invalid_argument("U = " + to_text(x.u) + " lies below u_min = " + to_text(model_.obstacle()) +
                                  ": the scheme's state must lie in K");
    const Real g_now = x.forcing_time && *x.forcing_time == x.t ? x.forcing_value : forcing(x.t);
    const Real& e = model_.restitution();
    for (int dichotomies = 0;; ++dichotomies) {
      Real t_end = shortened && dichotomies == 0 ? *limit : Real(x.t + delta);
      if (limit != nullptr && t_end > *limit) t_end = *limit;  // never: rounding is monotone
      Real g_end = forcing(t_end);
      Prediction p = predict_with(g_now, g_end, delta, x.u, x.v);
      if (p.u >= model_.obstacle()) {  // eq. (29)
        x = State{t_end, std::move(p.u), std::move(p.v), x.n + 1, t_end, std::move(g_end)};
        return StepReport{delta, std::nullopt, dichotomies, false};
      }
      const Real slope = impact_slope(x.u, x.v, p, delta);
      if (std::optional<Zero> zero = smallest_zero(x.u, x.v, p, delta, slope)) {
        Real t_impact = x.t + zero->s;  // eq. (36)
        if (limit != nullptr && t_impact > *limit) t_impact = *limit;  // rounding only: s0 ≤ δ
        Real v_after = -e * (slope + zero->s * (p.v - x.v) / delta);  // eq. (37): −e ϕ'(s0)
        x = State{std::move(t_impact), model_.obstacle(), std::move(v_after), x.n + 1};  // eq. (35)
        return StepReport{std::move(zero->s), zero->root, dichotomies, false};
      }
      if (dichotomies == max_dichotomies) break;
      delta /= 2;
    }
    x.v = -e * x.v;  // eq. (38): U and t unchanged
    ++x.n;
    return StepReport{Real(0), std::nullopt, max_dichotomies, true};
  }

  Model model_;
  Real dt_;
  Real t0_;
  CorrectedCrankNicolsonOptions options_;
  Real k_ = LinearForce<Model>::velocity_coefficient(model_);
  Real c_ = LinearForce<Model>::position_coefficient(model_);
};

/// t0 + kT for k = 1, …, count, each formed as t0 + T·k (not by accumulating T), so that a
/// run landing on them samples the stroboscopic map at the same times in every run.
template <class Real>
std::vector<Real> section_times(const Real& t0, const Real& period, std::int64_t count) {
  std::vector<Real> times;
  times.reserve(static_cast<std::size_t>(count > 0 ? count : 0));
  for (std::int64_t k = 1; k <= count; ++k) times.push_back(t0 + period * k);
  return times;
}

/// Runs the corrected scheme from x through each of landing_times in turn (increasing, none
/// before x.t), landing on each exactly, and records every node, the impact times (t after
/// each artificial impact), and the numbers of dichotomies and fallbacks. active_steps stays
/// empty: the corrected scheme has no projection.
template <class Model>
Trajectory<typename Model::real_type> record_trajectory_through(
    const CorrectedCrankNicolson<Model>& scheme, typename CorrectedCrankNicolson<Model>::State x,
    const std::vector<typename Model::real_type>& landing_times) {
  using Scheme = CorrectedCrankNicolson<Model>;
  Trajectory<typename Model::real_type> trajectory;
  auto record = [&](const typename Scheme::State& y) {
    trajectory.t.push_back(y.t);
    trajectory.u.push_back(y.u);
    trajectory.v.push_back(y.v);
  };
  record(x);
  for (const auto& t_target : landing_times) {
    scheme.advance_to(x, t_target, [&](const typename Scheme::State& y, const typename Scheme::StepReport& report) {
      record(y);
      if (report.impact) trajectory.impact_times.push_back(y.t);
      trajectory.dichotomies += report.dichotomies;
      if (report.fallback) ++trajectory.fallbacks;
    });
  }
  return trajectory;
}

}  // namespace vibro
