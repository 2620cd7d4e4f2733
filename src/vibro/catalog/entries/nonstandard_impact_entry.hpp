#pragma once
// The registry entry of seed 003's schemes (scheme/nonstandard_impact.hpp, docs/mathematics.md §5):
// `nonstandard-impact` (denominator φ², the non-local Duffing term) and `standard-impact`
// (Δt²: Paoli–Schatzman, Störmer–Verlet without a constraint) on the conservative
// oscillator. A run records the discrete energy per flight and across impacts, the nodes
// that left K, plot samples, the amplitude of the scheme's own free recurrence and, on
// example 5.1 of seed 003, the comparison with its closed-form solution. No Lyapunov
// exponents: the model is autonomous, there is no stroboscopic map.

#include "vibro/analysis/convergence.hpp"
#include "vibro/analysis/convergence_study.hpp"
#include "vibro/analysis/nonstandard_experiments.hpp"
#include "vibro/catalog/scheme_entry.hpp"
#include "vibro/drive/recorded_run.hpp"
#include "vibro/drive/scheme_run.hpp"
#include "vibro/scalar/number_text_of.hpp"
#include "vibro/scheme/node_contact.hpp"
#include "vibro/scheme/nonstandard_impact.hpp"
#include "vibro/drive/projection_log.hpp"
#include "vibro/results/conservative_findings.hpp"
#include "vibro/results/plot_samples.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <string_view>

namespace vibro {

struct NonstandardImpactEntry {
  static constexpr std::array<std::string_view, 2> names = {"nonstandard-impact", "standard-impact"};
  static constexpr std::string_view display_name = "seed-003 impact scheme";
  static constexpr std::string_view study_note = "";
  static constexpr ModelKinds models = {ModelKind::conservative_oscillator};
  template <class Model>
  using scheme_type = NonstandardImpact<Model>;
  static constexpr ScalarSet scalars = scheme_scalars<NonstandardImpact<ConservativeOscillator<double>>>();
  static constexpr bool has_step = true;

  /// The denominator follows from the case-file name; `start` is the one option.
  using Options = NonstandardImpactOptions;
  static constexpr std::array<std::string_view, 1> option_keys = {"start"};

  static Options options(const SchemeSpec& s, const OptionFailure& fail) {
    constexpr std::array starts = {InitialStep::exact, InitialStep::centered};
    return Options{s.type == names[0] ? Denominator::nonstandard : Denominator::standard,
                   choose_option(s, "start", starts, &to_string, fail)};
  }

  static std::vector<std::pair<std::string, std::string>> describe(const Options& o) {
    return {{"start", std::string(to_string(o.start))}};
  }

  /// What the seed-003 schemes and their studies can do with a conservative oscillator.
  static void validate(const CaseSpec& c) {
    const auto& k = std::get<ConservativeSpec>(c.model.kind);
    const Options o = options(c.scheme, OptionFailure{c.file});
    if (k.beta.exact != 0 && o.start == InitialStep::exact)
      throw InputError(c.file, "scheme.start",
                       "the exact start needs the closed-form flow, which the harness has for β = 0 only "
                       "(allowed with β ≠ 0: centered)");
    // With Δt = T/N, ωΔt = 2π/N: a multiple of π for N ≤ 2, where φ = (2/ω) sin(ωΔt/2) or
    // sin ωΔt (the velocity of seed 003 eq. (3.14)) vanishes. A rational h gives a rational,
    // non-zero ωΔt, never a multiple of π.
    if (o.denominator == Denominator::nonstandard) {
      const auto check = [&](const StepSpec& step) {
        if (step.steps_per_period && step.steps_per_period->value <= 2)
          throw InputError(c.file, step.steps_per_period->key,
                           "ωΔt = 2π/" + std::to_string(step.steps_per_period->value) +
                               " is a multiple of π, where the non-standard denominator or sin ωΔt vanishes "
                               "(allowed: ≥ 3)");
      };
      check(c.step);
      for (const StepSpec& step : c.convergence) check(step);
      for (const StepSpec& step : c.sweep) check(step);
    }
    if (c.convergence.empty()) return;
    if (k.beta.exact != 0)
      throw InputError(c.file, "convergence",
                       "studies of the Duffing oscillator (β ≠ 0) need a dense reference of its flow, which the "
                       "harness does not have yet (allowed: β = 0)");
  }

  static std::optional<std::string> lyapunov_method(const LyapunovSpec&) { return std::nullopt; }

  template <class Model>
  static NonstandardImpact<Model> make(const BoundCase<Model>& b, const StepSpec& step, const Options& o) {
    return refused_as_input(b.spec, "scheme", [&] { return NonstandardImpact<Model>(b.model, b.step(step), b.t0, o); });
  }

  template <class Model>
  static void run(const BoundCase<Model>& b, const Options& o, const RunOptions& options, RunRecord& out) {
    using Real = typename Model::real_type;
    using Scheme = NonstandardImpact<Model>;
    using State = typename Scheme::State;
    using std::abs;
    using std::max;
    /// Rows of the samples kept for plots (energy against t, phase portraits).
    constexpr std::int64_t plotted_samples = 4000;
    /// How many impact energy ratios a result lists (the statistics cover all of them).
    constexpr std::size_t listed_ratios = 16;

    const CaseSpec& c = b.spec;
    const Model& model = b.model;
    const Scheme scheme = make(b, c.step, o);
    const RunHorizon<Real> horizon(b, c.step);
    auto x = refused_as_input(c, "initial", [&] { return scheme.start(b.u0, b.v0); });
    const State x0 = x;
    const std::int64_t stride = std::max<std::int64_t>(1, horizon.steps() / plotted_samples);
    PlotSamples samples{{"t", "y", "v", "energy"}, {}};
    std::int64_t outside = 0;
    Real largest(0);
    ProjectionLog projection;
    FlightRecorder<Scheme> flights(scheme, x0);
    SectionSamples sections(scheme, x0, horizon.stroboscopic(), options);
    std::optional<Example51Tracker<Scheme>> example51;
    if (is_example51(c, o)) example51.emplace(scheme, x0);
    const auto observe = [&](const State& y, bool active) {
      largest = max(largest, Real(abs(y.u)));
      outside += !model.contains(y.u);  // the schemes constrain (y^{k+1} + e y^{k−1})/(1+e), not y^{k+1}
      if (options.rows)
        options.rows->row({std::to_string(y.n), to_text(scheme.time(y)), to_text(y.u), to_text(scheme.velocity(y)),
                           active ? "1" : "0", to_text(scheme.energy(y))});
      if (y.n % stride == 0)
        samples.rows.push_back({static_cast<double>(scheme.time(y)), static_cast<double>(y.u),
                                static_cast<double>(scheme.velocity(y)), static_cast<double>(scheme.energy(y))});
    };
    if (options.rows) options.rows->header({{"n"}, {"t", true}, {"y", true}, {"v", true}, {"projection_active"}, {"energy", true}},
                                         has_text_twins<Real>);
    observe(x, false);
    const DriveEnd end = drive(
        scheme, x, horizon, options,
        [&](const State& y, const CarriedContact& contact) {
          // The flights follow the state's pair (y^n, y^{n+1}), whose energy the step's own
          // projection (of y^{n+1}) enters; the rows and the log show the node it made.
          projection.observe(contact.node, y.n);
          flights.observe(y, contact.step);
          if (example51) example51->observe(y, contact.step);
          observe(y, contact.node);
        },
        [&](const State& y, std::int64_t k) { sections.add(y, k); });
    const FlightLog<Real> log = flights.finish();

    ConservativeFindings found;
    found.denominator = std::string(to_string(o.denominator));
    found.largest_abs_y = number_text_of(largest);
    found.nodes_outside_constraint = outside;
    found.initial_energy = number_text_of(scheme.energy(x0));
    found.final_energy = number_text_of(scheme.energy(x));
    found.energy = energy_record(log, model.restitution(), listed_ratios);
    if (model.beta() == 0) found.discrete_amplitude = discrete_amplitude(scheme, x0);
    if (example51) found.example51 = example51->compare(log);
    if (!is_finite(largest))
      out.run.warnings.push_back("the run overflowed (|y| reached " + to_text(largest) +
                                 "): the scheme is unstable at this step (Störmer–Verlet needs ωΔt < 2)");
    record_run_end(scheme, x, end, out);
    out.run.stroboscopic = sections.take();
    projection.record(out.run);
    out.run.conservative = std::move(found);
    out.run.samples = std::move(samples);
  }

  template <class Model, class Observer>
  static typename Model::real_type study_run(const BoundCase<Model>& b, const Options& o, const StepSpec& step,
                                             Observer& observer) {
    return projection_study_run(make(b, step, o), b, step, observer);
  }

 private:
  /// Example 5.1 of seed 003 (docs/mathematics.md §5): harmonic, obstacle at the equilibrium z0 = 0,
  /// released from rest at y0 = 1 at t0 = 0, by the non-standard scheme with the exact
  /// start — the setting of the piecewise-exactness claim, whose solution has a closed form.
  static bool is_example51(const CaseSpec& c, const Options& o) {
    const auto& k = std::get<ConservativeSpec>(c.model.kind);
    return k.beta.exact == 0 && k.obstacle && k.obstacle->exact == 0 && c.u0.exact == 1 && c.v0.exact == 0 &&
           c.t0.exact == 0 && o.denominator == Denominator::nonstandard && o.start == InitialStep::exact;
  }

  /// The state nodes up to the first impact against the closed form, then the flights
  /// against the exact flights (example51_shifts).
  template <class Scheme>
  class Example51Tracker {
   public:
    using Real = typename Scheme::Real;
    Example51Tracker(const Scheme& scheme, const typename Scheme::State& x0)
        : scheme_(scheme), exact_(scheme.model().omega(), scheme.model().restitution()) {
      check(x0);
    }
    void observe(const typename Scheme::State& y, bool active) {
      before_impact_ = before_impact_ && !active;
      if (before_impact_) check(y);
    }
    Example51Comparison compare(const FlightLog<Real>& log) const {
      using std::abs;
      using std::max;
      Example51Comparison c;
      c.max_error_before_first_impact = number_text_of(largest_before_);
      Real amplitude_defect(0);
      for (const auto& s : example51_shifts(scheme_, log, exact_)) {
        amplitude_defect = max(amplitude_defect, Real(abs(s.amplitude_ratio - 1)));
        c.delays_in_steps.push_back(number_text_of(Real(s.delay / scheme_.step_size())));
      }
      c.largest_amplitude_defect = number_text_of(amplitude_defect);
      return c;
    }

   private:
    void check(const typename Scheme::State& y) {
      using std::abs;
      using std::max;
      largest_before_ = max(largest_before_, Real(abs(y.u - exact_.position(scheme_.time(y)))));
    }
    const Scheme& scheme_;
    Example51Solution<Real> exact_;
    bool before_impact_ = true;
    Real largest_before_ = Real(0);
  };

  /// Energy per flight and across impacts (docs/mathematics.md §5), from the run's flight log.
  template <class Real>
  static EnergyRecord energy_record(const FlightLog<Real>& log, const Real& e, std::size_t listed) {
    using std::abs;
    using std::max;
    Real variation(0), own_variation(0);
    for (const auto& f : log.flights) {
      variation = max(variation, f.energy_variation());
      own_variation = max(own_variation, f.own_energy_variation());
    }
    const std::vector<Real> ratios = impact_energy_ratios(log);
    EnergyRecord record;
    record.flights = static_cast<std::int64_t>(log.flights.size());
    record.largest_relative_variation_in_a_flight = number_text_of(variation);
    record.largest_relative_variation_in_a_flight_own = number_text_of(own_variation);
    record.e_squared = number_text_of(Real(e * e));
    Real worst(0);
    for (std::size_t i = 0; i < ratios.size(); ++i) {
      if (i < listed) record.impact_ratios.push_back(number_text_of(ratios[i]));
      worst = max(worst, Real(abs(ratios[i] - e * e)));
    }
    if (!ratios.empty()) record.largest_ratio_deviation_from_e_squared = number_text_of(worst);
    return record;
  }

  /// The amplitude of y^{k+1} = 2c y^k − y^{k−1} through the start (two_step_amplitude):
  /// c = cos ωΔt for the non-standard scheme, 1 − (ωΔt)²/2 for Störmer–Verlet; none when
  /// |c| ≥ 1 (ωΔt ≥ 2 for Störmer–Verlet: a growing mode).
  template <class Scheme>
  static std::optional<NumberText> discrete_amplitude(const Scheme& scheme, const typename Scheme::State& x0) {
    using Real = typename Scheme::Real;
    using std::cos;
    const Real theta = scheme.model().omega() * scheme.step_size();
    const Real c = scheme.options().denominator == Denominator::nonstandard ? Real(cos(theta))
                                                                            : Real(1 - theta * theta / 2);
    if (!(c < 1 && c > -1)) return std::nullopt;
    return number_text_of(two_step_amplitude(c, x0.u, x0.u_next));
  }
};

}  // namespace vibro
