#pragma once
// The Paoli–Schatzman scheme's registry entry (scheme/paoli_schatzman.hpp, seed 000 eq.
// (14)): its case-file options, its run (projection steps, stroboscopic samples and, on
// the free fall, seed 000 §2's predicted reversal), its study runs, and its Lyapunov
// exponents by forward differences (NSND / I.N.S.P, docs/mathematics.md §4).

#include "vibro/analysis/convergence_study.hpp"
#include "vibro/analysis/free_fall.hpp"
#include "vibro/analysis/paoli_schatzman_flow.hpp"
#include "vibro/drive/forward_difference_findings.hpp"
#include "vibro/catalog/scheme_entry.hpp"
#include "vibro/drive/recorded_run.hpp"
#include "vibro/drive/scheme_run.hpp"
#include "vibro/scalar/number_text_of.hpp"
#include "vibro/scheme/paoli_schatzman.hpp"
#include "vibro/results/free_fall_reversal.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <stdexcept>
#include <string_view>

namespace vibro {

struct PaoliSchatzmanEntry {
  static constexpr std::array<std::string_view, 1> names = {"paoli-schatzman"};
  static constexpr std::string_view display_name = "Paoli–Schatzman";
  static constexpr std::string_view study_note = "";
  static constexpr ModelKinds models = {ModelKind::impact_oscillator, ModelKind::constant_force,
                                        ModelKind::duffing_oscillator};
  template <class Model>
  using scheme_type = PaoliSchatzman<Model>;
  static constexpr ScalarSet scalars = scheme_scalars<PaoliSchatzman<ConstantForce<double>>>();
  static constexpr bool has_step = true;

  using Options = PaoliSchatzmanOptions;
  static constexpr std::array<std::string_view, 3> option_keys = {"velocity", "start", "form"};

  static Options options(const SchemeSpec& s, const OptionFailure& fail) {
    constexpr std::array velocities = {VelocityApproximation::centered, VelocityApproximation::forward,
                                       VelocityApproximation::backward};
    constexpr std::array starts = {StartingValue::taylor, StartingValue::linear};
    constexpr std::array forms = {RecurrenceForm::increment, RecurrenceForm::two_step};
    return Options{choose_option(s, "velocity", velocities, &to_string, fail),
                   choose_option(s, "start", starts, &to_string, fail),
                   choose_option(s, "form", forms, &to_string, fail)};
  }

  static std::vector<std::pair<std::string, std::string>> describe(const Options& o) {
    return {{"velocity", std::string(to_string(o.velocity))},
            {"start", std::string(to_string(o.start))},
            {"form", std::string(to_string(o.form))}};
  }

  static void validate(const CaseSpec&) {}

  /// NSND (seed 001) / I.N.S.P (seed 000): forward differences of the scheme's map.
  static std::optional<std::string> lyapunov_method(const LyapunovSpec& spec) {
    if (!spec.has_epsilon()) return std::nullopt;
    return "NSND / I.N.S.P";
  }

  template <class Model>
  static PaoliSchatzman<Model> make(const BoundCase<Model>& b, const StepSpec& step, const Options& o) {
    return refused_as_input(b.spec, "step", [&] { return PaoliSchatzman<Model>(b.model, b.step(step), b.t0, o); });
  }

  template <class Model>
  static void run(const BoundCase<Model>& b, const Options& o, const RunOptions& options, RunRecord& out) {
    using Real = typename Model::real_type;
    std::optional<FreeFallComparison<Real>> free_fall;  // seed 000 §2, g = 0 only
    if constexpr (std::is_same_v<Model, ConstantForce<Real>>)
      if (is_free_fall(b.spec)) free_fall.emplace(b);
    run_projection_scheme(make(b, b.spec.step, o), b, options, out, [&](const auto& y) {
      if (free_fall) free_fall->node(y.u);
    });
    if (free_fall) out.free_fall = free_fall->result();
  }

  template <class Model, class Observer>
  static typename Model::real_type study_run(const BoundCase<Model>& b, const Options& o, const StepSpec& step,
                                             Observer& observer) {
    return projection_study_run(make(b, step, o), b, step, observer);
  }

  template <class Model>
  static LyapunovFindings lyapunov(const BoundCase<Model>& b, const Options& o, const LyapunovSpec& spec,
                                   const RunOptions& options) {
    return forward_difference_findings(
        PaoliSchatzmanFlow<Model>(make(b, b.spec.step, o), b.spec.step.steps_per_period->value, section_clock(spec)), b,
        spec, options, *lyapunov_method(spec));
  }

 private:
  /// The setting of seed 000 §2: constant force g = 0 (exactly, as written).
  static bool is_free_fall(const CaseSpec& c) {
    const auto* force = std::get_if<ConstantForceSpec>(&c.model.kind);
    return force && force->g.exact == 0;
  }

  /// Seed 000 §2: the predicted reversal against the computed positions U^0, U^1, … as they
  /// come (node), keeping the largest deviation and the rows around the reversal only.
  template <class Real>
  class FreeFallComparison {
   public:
    /// Rows shown before m and after the post-impact line starts.
    static constexpr std::int64_t margin = 2;

    explicit FreeFallComparison(const BoundCase<ConstantForce<Real>>& b) {
      try {
        prediction_.emplace(b.model.obstacle(), b.u0, b.v0, to_real<Real>(*b.spec.step.h), b.model.restitution());
      } catch (const std::invalid_argument& why) {
        result_.reason = why.what();
        return;
      }
      const FreeFallReversal<Real>& p = *prediction_;
      FreeFallReversalComparison& c = result_.comparison.emplace();
      c.m = p.m();
      c.reversal_case = to_string(p.reversal_case());
      c.reversal_steps = {p.first_reversal_step(), p.first_reversal_step() + 1};
      c.line_start = p.line_start();
      c.slope_per_step = number_text_of(p.slope_per_step());
    }

    /// The next computed position U^n.
    void node(const Real& computed) {
      const std::int64_t n = nodes_++;
      if (!prediction_) return;
      using std::abs;
      const Real predicted = prediction_->position(n);
      const Real difference = computed - predicted;
      if (abs(difference) > largest_deviation_) largest_deviation_ = abs(difference);
      if (n >= prediction_->m() - margin && n <= prediction_->line_start() + margin)
        result_.comparison->table.push_back(
            {n, number_text_of(predicted), number_text_of(computed), number_text_of(difference)});
    }

    FreeFallReversalResult result() const {
      FreeFallReversalResult out = result_;
      if (prediction_) out.comparison->max_deviation_from_prediction = number_text_of(largest_deviation_);
      return out;
    }

   private:
    std::optional<FreeFallReversal<Real>> prediction_;
    FreeFallReversalResult result_;
    std::int64_t nodes_ = 0;
    Real largest_deviation_ = Real(0);
  };
};

}  // namespace vibro
