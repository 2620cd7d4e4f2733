#pragma once
// The non-standard impact scheme of seed 003 §5 (eq. (5.8)/(5.9), docs/mathematics.md §5) for the
// conservative oscillator y'' + ω² y (1 + β y²) = 0 with y ∈ K, and, with the standard
// denominator, the Paoli–Schatzman scheme it is compared with (seed 003 eq. (5.3)–(5.5)).
//
// Free step. The NSFD scheme of docs/mathematics.md §5,
//   (y^{k+1} − 2y^k + y^{k−1})/φ² + ω² y^k + (ω²β/2)(y^k)²(y^{k+1} + y^{k−1}) = 0,
// multiplied by φ² reads (1 + c(y^k))(y^{k+1} + y^{k−1}) = (2 − ω²φ²) y^k with
// c(y) = (φ²ω²β/2) y², and 2 − ω²φ² = 2 − 4 sin²(θ/2) = 2 cos θ (θ = ωΔt). So
//   y^{k+1} = A(y^k) − y^{k−1},  A(y) = 2 cos θ · y / (1 + c(y)).
// 2 cos θ is used rather than 2 − ω²φ²: equal in exact arithmetic, and cos θ is correctly
// rounded while 2 − ω²φ² loses the low bits of ω²φ² ≈ θ². The standard scheme has
// A(y) = 2y + Δt² f(y), f(y) = −ω² y (1 + β y²); with β = 0 it is Störmer–Verlet (eq. (3.21))
// and the nonstandard one is the exact scheme (eq. (3.10)/(3.11)).
//
// Impact. Seed 003 eq. (5.8) adds the normal cone: with W = y^{k+1} + e y^{k−1},
//   (1 + c)(y^{k+1} + y^{k−1}) − 2 cos θ · y^k ∈ −N_{(1+e)K}(W).
// The non-local Duffing term is affine in y^{k+1} with the coefficient 1 + c > 0, and
// y^{k+1} + y^{k−1} = W + (1 − e) y^{k−1}, so (1 + c)(W − R) ∈ −N(W) with
// R = A(y^k) − (1 − e) y^{k−1}. N(W) is a cone: dividing by 1 + c leaves it unchanged, and
// W − R ∈ −N(W) is W = P_{(1+e)K}(R) (seed 003 lemma 5.1). Hence
//   y^{k+1} = P_{(1+e)K}(y_free + e y^{k−1}) − e y^{k−1},  y_free = A(y^k) − y^{k−1}.
// When the projection is inactive y^{k+1} is y_free itself (not W − e y^{k−1}, which would
// add a rounding), so a free step is the free recurrence to the bit.

#include "vibro/model/conservative_oscillator.hpp"
#include "vibro/scalar/format.hpp"
#include "vibro/scalar/traits.hpp"
#include "vibro/scheme/nonstandard_impact_options.hpp"
#include "vibro/scheme/scheme.hpp"

#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>

namespace vibro {

template <ConservativeModel Model>
class NonstandardImpact {
 public:
  using model_type = Model;
  using real_type = typename Model::real_type;
  using Real = real_type;

  /// docs/mathematics.md §5 (derived from seed 003 eq. (5.9)): each impact is the two-step reversal of
  /// seed 000 §2, which delays the flight after it by exactly 2Δt (example 5.1); so with
  /// impacts the position is O(Δt) in L∞ and the velocity O(Δt) in L1. Between impacts the
  /// nonstandard scheme is exact for β = 0 and Störmer–Verlet is second order.
  static constexpr DeclaredOrders declared_orders =
      declare_orders({{ErrorMetric::position_linf, {1, true, "seed 003 eq. (5.9), docs/mathematics.md §5"}},
                      {ErrorMetric::velocity_l1, {1, true, "seed 003 eq. (5.9), docs/mathematics.md §5"}}});
  /// The default configuration needs cos(ωΔt) (the denominator φ², the exact start).
  static constexpr bool rational_arithmetic = false;

  /// A step computes the node after the new state's (its result is that step's projection):
  /// scheme/node_contact.hpp gives the flag with the node it made.
  static constexpr bool contact_makes_next_node = true;

  /// The pair (y^n, y^{n+1}) as (u, u_next), and the index n (t_n = t0 + n Δt).
  struct State {
    Real u;
    Real u_next;
    std::int64_t n = 0;
  };

  /// Throws std::invalid_argument for a step that is not finite and positive; for the
  /// nonstandard denominator when sin(ωΔt) vanishes to rounding (φ = 0 at multiples of 2π,
  /// and the velocity of seed 003 eq. (3.14) divides by sin ωΔt); for the exact start with
  /// β ≠ 0; and, for the exact scalar type, for anything that needs sin/cos.
  NonstandardImpact(model_type model, Real dt, Real t0 = Real(0), NonstandardImpactOptions options = {})
      : model_(std::move(model)), h_(std::move(dt)), t0_(std::move(t0)), options_(options) {
    if (!is_finite(h_) || !(h_ > 0))
      throw std::invalid_argument("step dt = " + to_text(h_) + " must be > 0 and finite");
    if (!is_finite(t0_)) throw std::invalid_argument("t0 must be finite");
    if (options_.start == InitialStep::exact && model_.beta() != 0)
      throw std::invalid_argument(
          "the exact start needs the closed-form flow, which the harness has only for the "
          "harmonic case beta = 0 (got beta = " +
          to_text(model_.beta()) + "): use the centered start");
    const Real& omega = model_.omega();
    h2w2_ = h_ * h_ * omega * omega;
    if constexpr (is_exact_v<Real>) {
      if (options_.denominator == Denominator::nonstandard || options_.start == InitialStep::exact)
        throw std::invalid_argument(
            "the nonstandard denominator and the exact start need sin and cos, which the "
            "exact scalar type does not have: use the standard denominator, centered start");
      own_inverse_d_ = 1 / (h_ * h_);
      sqrt_d_ = h_;
    } else {
      using std::abs;
      using std::cos;
      using std::sin;
      const Real theta = omega * h_;
      cos_theta_ = cos(theta);
      sin_theta_ = sin(theta);
      const Real half_sin = sin(theta / 2);
      const Real phi_squared = 4 * half_sin * half_sin / (omega * omega);  // docs/mathematics.md §5
      inverse_phi_squared_ = 1 / phi_squared;
      if (options_.denominator == Denominator::nonstandard) {
        // θ carries a rounding of ε θ / 2, so a computed |sin θ| below a few ε θ is a zero
        // (θ = kπ, k ≥ 1); a small θ is no multiple of π: sin θ ≈ θ.
        if (!(abs(sin_theta_) > 4 * epsilon<Real>() * theta))
          throw std::invalid_argument("omega dt = " + to_text(theta) +
                                      " is a multiple of pi to rounding: the nonstandard denominator phi vanishes "
                                      "or the velocity of seed 003 eq. (3.14) divides by sin(omega dt) = 0");
        two_cos_theta_ = 2 * cos_theta_;
        duffing_coefficient_ = phi_squared * omega * omega * model_.beta() / 2;
        omega_over_sin_ = omega / sin_theta_;
        own_inverse_d_ = inverse_phi_squared_;
        sqrt_d_ = 2 * half_sin / omega;
      } else {
        own_inverse_d_ = 1 / (h_ * h_);
        sqrt_d_ = h_;
      }
    }
  }

  const model_type& model() const { return model_; }
  const Real& step_size() const { return h_; }
  const Real& initial_time() const { return t0_; }
  const NonstandardImpactOptions& options() const { return options_; }

  Real time(std::int64_t n) const { return t0_ + h_ * n; }
  Real time(const State& x) const { return time(x.n); }
  const Real& position(const State& x) const { return x.u; }

  /// Nonstandard: v^n = ω (y^{n+1} − cos θ · y^n) / sin θ, the velocity at t_n of the
  /// harmonic free flight through (t_n, y^n) and (t_{n+1}, y^{n+1}) (seed 003 eq. (3.14));
  /// exact for β = 0 between impacts. Standard: (y^{n+1} − y^n)/Δt, as Paoli–Schatzman.
  Real velocity(const State& x) const {
    if (options_.denominator == Denominator::nonstandard) return omega_over_sin_ * (x.u_next - cos_theta_ * x.u);
    return (x.u_next - x.u) / h_;
  }

  /// (y^0, y^1) from the Cauchy data (y0, v0) at t0. On ∂K with v0 pointing out of K the
  /// data are a collision at t0 (seed 003 eq. (5.2)/(5.10)): v0 is replaced by −e v0.
  /// Throws std::invalid_argument when y0 ∉ K or the data are not finite, and for the
  /// exact start when the exact flow leaves K within the first step (an impact inside the
  /// first step is not resolved).
  State start(const Real& y0, const Real& v0) const {
    if (!is_finite(y0) || !is_finite(v0)) throw std::invalid_argument("initial data y0, v0 must be finite");
    if (!model_.contains(y0))
      throw std::invalid_argument("y0 = " + to_text(y0) + " lies outside K = " + model_.constraint_text());
    const Real v = leaves_constraint(y0, v0) ? Real(-model_.restitution() * v0) : v0;
    Real y1 = options_.start == InitialStep::exact ? exact_start(y0, v) : centered_start(y0, v);
    return State{y0, std::move(y1), 0};
  }

  /// (y^n, y^{n+1}) → (y^{n+1}, y^{n+2}) by seed 003 eq. (5.9). Returns true when the
  /// projection on (1+e)K was active.
  bool step(State& x) const {
    const Real& previous = x.u;
    Real next = free_update(x.u_next) - previous;
    bool active = false;
    if (model_.constrained()) {
      const Real& e = model_.restitution();
      if (const Real* bound = model_.scaled_bound_crossed(next + e * previous)) {  // W beyond (1+e)K
        active = true;
        next = *bound - e * previous;
      }
    }
    x.u = std::move(x.u_next);
    x.u_next = std::move(next);
    ++x.n;
    return active;
  }

  /// E^n = ½[((y^{n+1} − y^n)/φ)² + ω² y^{n+1} y^n + (ω²β/2)(y^{n+1} y^n)²] with the
  /// nonstandard φ whatever the scheme (docs/mathematics.md §5): the quantity the nonstandard scheme
  /// conserves, and the yardstick of seed 003's energy claims. Between free steps
  /// E^n − E^{n−1} = ½(y^{n+1} − y^{n−1}) · (scheme residual). Not finite when ωΔt is a
  /// multiple of 2π (φ = 0), which only the standard scheme accepts.
  Real energy(const State& x) const requires(!is_exact_v<Real>) { return energy_form(x, inverse_phi_squared_); }

  /// The same form with the scheme's own denominator D (φ² or Δt²): for the standard
  /// scheme with β = 0 it is the modified energy Störmer–Verlet conserves (seed 003 §3:
  /// "both schemes satisfy the principle of conservation of energy").
  Real own_energy(const State& x) const { return energy_form(x, own_inverse_d_); }

 private:
  /// A(y) of the free step y^{k+1} = A(y^k) − y^{k−1}.
  Real free_update(const Real& y) const {
    if (options_.denominator == Denominator::standard) {
      // With β = 0 the factor (1 + βy²) is exactly 1: the same value, two operations fewer.
      if (harmonic_) return 2 * y - h2w2_ * y;
      return 2 * y - h2w2_ * y * (1 + model_.beta() * y * y);
    }
    if (harmonic_) return two_cos_theta_ * y;
    const Real scale = 1 + duffing_coefficient_ * y * y;
    // β < 0 (softening) with |y| beyond the well: the scheme has no solution of the
    // projection form (it needs 1 + c > 0) and no meaning.
    if (!(scale > 0)) throw_nonpositive_scale(scale, y);
    return two_cos_theta_ * y / scale;
  }

  /// Out of line and cold, so that the message's formatting does not keep the step from
  /// being inlined (bench/nonstandard_bench.cpp measured 2.7× the hand-written loop with it inline).
  [[gnu::cold, gnu::noinline]] static void throw_nonpositive_scale(const Real& scale, const Real& y) {
    throw std::domain_error("nonstandard Duffing step: 1 + (phi^2 omega^2 beta/2) y^2 = " + to_text(scale) +
                            " <= 0 at y = " + to_text(y));
  }

  bool leaves_constraint(const Real& y0, const Real& v0) const {
    return (model_.lower() && y0 == *model_.lower() && v0 < 0) || (model_.upper() && y0 == *model_.upper() && v0 > 0);
  }

  /// y^1 = cos θ · y0 + (sin θ / ω) v0, the harmonic flow over one step.
  Real exact_start(const Real& y0, const Real& v0) const {
    if constexpr (is_exact_v<Real>) {
      throw std::logic_error("unreachable: the constructor rejects the exact start for the exact type");
    } else {
      Real y1 = cos_theta_ * y0 + sin_theta_ / model_.omega() * v0;
      if (!model_.contains(y1))
        throw std::invalid_argument("exact start: the free flow leaves K = " + model_.constraint_text() +
                                    " within the first step (y1 = " + to_text(y1) +
                                    "); an impact inside the first step is not resolved: reduce dt or use the "
                                    "centered start");
      return y1;
    }
  }

  /// Seed 003 eq. (3.17)–(3.19), (5.10): put y^{−1} = y^1 − b, b = 2√D v0, into the step at
  /// k = 0. Free: y^1 + y^{−1} = A(y^0) gives y^1 = A(y^0)/2 + √D v0. With the impact law,
  /// W = y^1 + e y^{−1} = (1+e) y^1 − e b and A(y^0) − (1−e) y^{−1} = A − (1−e)(W − b)/(1+e),
  /// so the inclusion W − (A − (1−e)y^{−1}) ∈ −N(W) becomes (2/(1+e)) W − (A + (1−e)b/(1+e))
  /// ∈ −N(W), i.e. W = P(((1+e)A + (1−e)b)/2) = P((1+e) y^1_free − e b) (a cone again), and
  /// y^1 = (W + e b)/(1+e). For the standard scheme the free value is seed 000 eq. (9),
  /// y0 + Δt v0 + (Δt²/2) f(y0).
  Real centered_start(const Real& y0, const Real& v0) const {
    Real y1 = free_update(y0) / 2 + sqrt_d_ * v0;
    if (model_.constrained()) {
      const Real& e = model_.restitution();
      const Real b = 2 * sqrt_d_ * v0;
      const Real weighted = (1 + e) * y1 - e * b;
      if (const Real* bound = model_.scaled_bound_crossed(weighted)) y1 = (*bound + e * b) / (1 + e);
    }
    return y1;
  }

  Real energy_form(const State& x, const Real& inverse_d) const {
    const Real& omega = model_.omega();
    const Real difference = x.u_next - x.u;
    const Real product = x.u_next * x.u;
    return (difference * difference * inverse_d + omega * omega * product +
            omega * omega * model_.beta() / 2 * product * product) /
           2;
  }

  model_type model_;
  Real h_;
  Real t0_;
  NonstandardImpactOptions options_;
  bool harmonic_ = model_.beta() == 0;  // β = 0: A(y) is linear
  Real h2w2_ = Real(0);                 // (ωΔt)², standard A(y)
  Real two_cos_theta_ = Real(0);        // 2 cos θ, nonstandard A(y)
  Real duffing_coefficient_ = Real(0);  // c(y)/y² = φ²ω²β/2
  Real cos_theta_ = Real(0);            // exact start, velocity
  Real sin_theta_ = Real(0);
  Real omega_over_sin_ = Real(0);       // velocity of seed 003 eq. (3.14)
  Real inverse_phi_squared_ = Real(0);  // energy()
  Real own_inverse_d_ = Real(0);        // own_energy(): 1/φ² or 1/Δt²
  Real sqrt_d_ = Real(0);               // φ or Δt, centered start
};

}  // namespace vibro
