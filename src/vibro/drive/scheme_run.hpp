#pragma once
// The pieces every scheme's run is made of (the registry entries in catalog/entries/ put them
// together): the case bound to a scalar type, the loop that drives a scheme over the
// case's horizon (stroboscopic sections, escape, progress) and the conversion of states to
// result text; a projection scheme's log of its active steps is drive/projection_log.hpp. All
// templates: the scheme is known at compile time inside a run, so nothing in a step loop is
// virtual or allocates (the rows of --csv are built only when asked for).

#include "vibro/scalar/number_text_of.hpp"
#include "vibro/support/cancellation.hpp"
#include "vibro/analysis/convergence_study.hpp"
#include "vibro/linalg/coordinates.hpp"
#include "vibro/case/case_spec.hpp"
#include "vibro/support/input_error.hpp"
#include "vibro/binding/model_binding.hpp"
#include "vibro/case/run_options.hpp"
#include "vibro/results/run_findings.hpp"
#include "vibro/scalar/format.hpp"
#include "vibro/scheme/node_contact.hpp"
#include "vibro/scheme/scheme.hpp"

#include <boost/math/constants/constants.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace vibro {

/// Initial data at Real: the scalar of a 1-DOF model, or the list of an N-DOF system (times
/// π, rounded once at Real, for angles given as multiples of π).
template <class Model>
coordinates_t<Model> bind_initial(const NumberInput& scalar, const std::vector<NumberInput>& list,
                                  bool times_pi = false) {
  using Real = typename Model::real_type;
  if constexpr (std::is_same_v<coordinates_t<Model>, Real>) {
    return to_real<Real>(scalar);
  } else {
    coordinates_t<Model> x;
    for (const NumberInput& xi : list)
      x.push_back(times_pi ? Real(to_real<Real>(xi) * boost::math::constants::pi<Real>()) : to_real<Real>(xi));
    return x;
  }
}

/// A case with its model and initial data bound to one scalar type.
template <class Model>
struct BoundCase {
  using Real = typename Model::real_type;
  const CaseSpec& spec;
  Model model;
  coordinates_t<Model> u0 = bind_initial<Model>(spec.u0, spec.q0, spec.q0_over_pi), v0 = bind_initial<Model>(spec.v0, spec.q0_velocity);
  Real t0 = to_real<Real>(spec.t0);

  /// h of a step choice of this case.
  Real step(const StepSpec& s) const { return step_size(model, s); }
};

/// A scheme that can be told where to stop: its steps land exactly on a given time (the
/// corrected scheme, seed 000 §3; the references). Stroboscopic sections are then times,
/// not step counts.
template <class S>
concept LandingScheme = Scheme<S> && requires(const S& scheme, typename S::State& x, const typename S::real_type& t) {
  scheme.advance_to(x, t, [](const typename S::State&, const auto&) {});
};

/// Runs `make()` and turns the scheme's std::invalid_argument (a step it refuses, data
/// outside its constraint set) into an InputError naming the case file and `key`.
template <class Make>
auto refused_as_input(const CaseSpec& c, const std::string& key, Make&& make) {
  try {
    return make();
  } catch (const std::invalid_argument& why) {
    throw InputError(c.file, key, why.what());
  }
}

/// Where a run goes: its number of steps (a scheme with a fixed step) or its section times
/// (a landing scheme), and how often it passes a stroboscopic section t0 + kT.
template <class Real>
class RunHorizon {
 public:
  /// The case's horizon with step choice `step` (absent for a scheme without a step).
  /// Throws InputError when the step, or the sections, do not advance time in Real (t + h
  /// rounds to t), naming the key to change.
  template <class Model>
  RunHorizon(const BoundCase<Model>& b, const std::optional<StepSpec>& step) : file_(b.spec.file), t0_(b.t0) {
    const CaseSpec& c = b.spec;
    std::optional<Real> h;
    if (step) {
      steps_ = step_count(c, *step);
      if (step->steps_per_period) steps_per_period_ = step->steps_per_period->value;
      h = b.step(*step);
      const std::string key = step->key();
      context_ = "the step is h = " + to_text_significant(*h, 6) + " (" + key + " = " +
                 (step->h ? step->h->text : std::to_string(step->steps_per_period->value)) +
                 (step->h ? "" : " of the period T = 2π/ω") + ")";
      require_advance(c, "initial.t0", b.t0, Real(b.t0 + *h), *h);
      const Real last = b.t0 + *h * Real(steps_);
      require_advance(c, key, Real(last - *h), last, *h);
    }
    if (c.horizon.periods) {
      if constexpr (HasPeriod<Model>) period_ = b.model.period();
      sections_ = *c.horizon.periods;
    } else if (c.horizon.t_end) {
      t_end_ = to_real<Real>(*c.horizon.t_end);
      sections_ = 1;
    } else if (step) {
      t_end_ = b.t0 + *h * Real(steps_);  // horizon.steps, for a landing scheme
      sections_ = 1;
    }
    if (sections_ > 0) {
      const std::string key = c.horizon.periods ? "horizon.periods" : "horizon";
      // The increment as meant: T for a horizon in periods (rounded away, it would show 0).
      require_advance(c, "initial.t0", b.t0, section_time(1), period_ ? *period_ : Real(section_time(1) - b.t0));
      if (sections_ > 1) require_advance(c, key, section_time(sections_ - 1), section_time(sections_), *period_);
    }
    if (c.horizon.escape) escape_ = to_real<Real>(*c.horizon.escape);
  }

  std::int64_t steps() const { return steps_; }
  /// Steps between two stroboscopic sections of a scheme with a fixed step, or 0.
  std::int64_t steps_per_section() const { return period_ ? steps_per_period_ : 0; }
  /// Sections of a landing scheme: the periods, or one (t_end).
  std::int64_t sections() const { return sections_; }
  /// t0 + kT (formed as t0 + T·k, so every run lands on the same times), or t_end.
  Real section_time(std::int64_t k) const { return period_ ? Real(t0_ + *period_ * k) : *t_end_; }
  bool stroboscopic() const { return period_.has_value(); }
  const std::optional<Real>& escape() const { return escape_; }
  /// "the step is h = … (step.h = …)", for messages about the run.
  const std::string& context() const { return context_; }
  /// The case file, for messages about the run.
  const std::string& file() const { return file_; }

 private:
  /// `later` = `earlier` + `increment` must be a later, finite time in Real.
  static void require_advance(const CaseSpec& c, const std::string& key, const Real& earlier, const Real& later,
                              const Real& increment) {
    if (is_finite(later) && later > earlier) return;
    throw InputError(c.file, key,
                     "time does not advance in " + scalar_name<Real>() + ": t = " + to_text_significant(earlier, 6) +
                         " plus " + to_text_significant(increment, 6) + " gives " + to_text_significant(later, 6) +
                         " (the step is below the resolution of t, or t overflows; allowed: a step that advances t at "
                         "this precision, e.g. a smaller initial.t0 or a larger step)");
  }

  std::string file_;
  Real t0_;
  std::int64_t steps_ = 0, steps_per_period_ = 0, sections_ = 0;
  std::optional<Real> period_, t_end_, escape_;
  std::string context_ = "the run has no step";
};

/// The failure of a run whose energy (`energy`, e.g. "the energy of eq. (20)") is no longer
/// finite at node `step` (time `t`, in the scalar `type`): its squares overflow the type, and
/// no finding is ever made from such a state. At the start the initial data are too large
/// (`initial_keys`); later the scheme grows without bound, or the keys of `later_keys` drive it.
inline RunFailure energy_not_finite(const std::string& file, const std::string& energy, std::int64_t step,
                                    const std::string& t, const std::string& type, const std::string& initial_keys,
                                    const std::string& later_keys) {
  return RunFailure(file + ": " + energy + " is no longer finite at step " + std::to_string(step) + " (t = " + t +
                    ", in " + type + "): " +
                    (step == 0 ? initial_keys + " are too large for this precision (allowed: values whose squares it "
                                                "holds, or a wider precision)"
                               : "the scheme grows without bound at this step (give a smaller step, or check " +
                                     later_keys + ")"));
}

/// How a drive ended.
struct DriveEnd {
  std::int64_t steps = 0;        ///< steps taken
  std::optional<Escape> escaped;  ///< the first step after which |u| passed the escape bound
};

/// Drives `scheme` from x over `horizon`: after every step `on_step(x, report)` (the
/// scheme's step result, its contact flag that of x's own node: scheme/node_contact.hpp), at
/// every stroboscopic section `on_section(x, k)`. A scheme with a
/// fixed step stops after the first node with |u| above the horizon's escape bound; a
/// landing scheme stops at the end of the section in which that happened (its steps land
/// on the section's time). `progress` hears about long runs.
template <Scheme S, class OnStep, class OnSection>
DriveEnd drive(const S& scheme, typename S::State& x, const RunHorizon<typename S::real_type>& horizon,
               const RunOptions& options, OnStep&& on_step, OnSection&& on_section) {
  using Real = typename S::real_type;
  DriveEnd end;
  NodeContact<S> node_contact;
  // A state that is no longer finite ends the run: no result is ever printed from it.
  const auto require_finite = [&](const typename S::State& y) {
    if (is_finite(scheme.position(y))) return;
    throw RunFailure(horizon.file() + ": the state is no longer finite after step " + std::to_string(end.steps) + " (t = " +
                     to_text_significant(Real(scheme.time(y)), 6) + ", u = " + to_text_significant(scheme.position(y), 6) +
                     "): " + horizon.context() +
                     "; the scheme is unstable or overflows at this step for the model's scales (give a smaller "
                     "step, or check the model's parameters)");
  };
  // Records the first step beyond the bound; true from then on.
  const auto beyond = [&](const typename S::State& y) {
    if (!end.escaped && horizon.escape()) {
      const Real size = magnitude(scheme.position(y));
      if (size > *horizon.escape()) end.escaped = Escape{end.steps, number_text_of(size)};
    }
    return end.escaped.has_value();
  };
  if constexpr (LandingScheme<S>) {
    static_assert(!contact_makes_next_node<S>, "a landing scheme's events are its own nodes");
    // A landing scheme's steps are not known in advance (the reference's are its events and
    // flight segments), so the work limit is checked as they are taken.
    const auto require_within_step_limit = [&](const typename S::State& y) {
      if (!options.max_steps || end.steps <= *options.max_steps) return;
      throw RunFailure(horizon.file() + ": the run took more than " + std::to_string(*options.max_steps) +
                       " steps (events and flight segments) before t = " +
                       to_text_significant(Real(scheme.time(y)), 6) + " (" + horizon.context() +
                       "); the horizon spans too many of them for the model's time scales (allowed: at most "
                       "--max-steps; give a shorter horizon, or check the model's parameters)");
    };
    if (options.progress) options.progress->begin(options.label, horizon.sections(), "sections");
    for (std::int64_t k = 1; k <= horizon.sections() && !end.escaped; ++k) {
      scheme.advance_to(x, horizon.section_time(k), [&](const typename S::State& y, const auto& report) {
        ++end.steps;
        throw_if_cancelled_at_step<typename S::real_type>(end.steps);  // a section may be seconds of steps
        require_within_step_limit(y);
        require_finite(y);
        on_step(y, report);
        beyond(y);
      });
      if (horizon.stroboscopic() && !end.escaped) on_section(std::as_const(x), k);
      if (options.progress) options.progress->advance(k);
      throw_if_cancelled();
    }
  } else {
    // Sections of steps_per_section() steps (or one of all the steps): the inner loop tests
    // per step only what cannot wait for a section's end: finiteness (the first non-finite
    // step is the one named, and a projection onto u ≥ u_min could turn a NaN back into a
    // number before the section ends) and the escape bound when the case has one.
    constexpr std::int64_t tested_every = steps_between_cancellation_tests<typename S::real_type>;
    const std::int64_t total = horizon.steps(), per_section = horizon.steps_per_section();
    const std::int64_t chunk = per_section > 0 ? per_section : std::max<std::int64_t>(total, 1);
    const bool bounded = horizon.escape().has_value(), reporting = options.progress != nullptr;
    if (reporting)
      options.progress->begin(options.label, total, "steps", static_cast<double>(total) * options.seconds_per_step);
    // A piece of steps ends at the next section's end or the next multiple of
    // steps_between_cancellation_tests (2^16 in double, 1 in MPFR), where the cancellation
    // request is tested and, at such a multiple, the progress told.
    while (end.steps < total && !end.escaped) {
      const std::int64_t stop =
          std::min({total, (end.steps / chunk + 1) * chunk,
                    (end.steps / tested_every + 1) * tested_every});
      while (end.steps < stop) {
        const auto report = scheme.step(x);
        ++end.steps;
        require_finite(x);
        on_step(std::as_const(x), node_contact(report));
        if (bounded && beyond(x)) break;
      }
      if (reporting && end.steps % tested_every == 0) options.progress->advance(end.steps);
      if (per_section > 0 && !end.escaped && end.steps % per_section == 0)
        on_section(std::as_const(x), end.steps / per_section);
      throw_if_cancelled();
    }
  }
  if (!is_finite(scheme.velocity(x)))
    throw RunFailure(horizon.file() + ": the velocity is no longer finite at the end of the run (t = " +
                     to_text_significant(Real(scheme.time(x)), 6) + "): " + horizon.context());
  return end;
}

template <class Real>
StateText state_text(const Real& t, const Real& u, const Real& v) {
  return {number_text_of(t), number_text_of(u), number_text_of(v), {}, {}};
}

/// An N-DOF state: t and every coordinate and velocity.
template <class Real>
StateText state_text(const Real& t, const Vector<Real>& q, const Vector<Real>& v) {
  StateText s{number_text_of(t), {}, {}, {}, {}};
  for (const Real& qi : q) s.q.push_back(number_text_of(qi));
  for (const Real& vi : v) s.qv.push_back(number_text_of(vi));
  return s;
}

template <Scheme S>
StateText state_text(const S& scheme, const typename S::State& x) {
  return state_text<typename S::real_type>(scheme.time(x), scheme.position(x), scheme.velocity(x));
}

/// The stroboscopic samples of a run, X_0 … X_K, or X_from … X_K (RunOptions::keep_sections_from),
/// each also given to the run's listing when it has one (RunOptions::listing).
template <Scheme S>
class SectionSamples {
 public:
  SectionSamples(const S& scheme, const typename S::State& x0, bool wanted, const RunOptions& options)
      : scheme_(scheme), wanted_(wanted), from_(options.keep_sections_from), listing_(options.listing) {
    add(x0, 0);
  }
  void add(const typename S::State& x, std::int64_t k) {
    if (!wanted_ || (k < from_ && !listing_)) return;
    StroboscopicSample sample{k, state_text(scheme_, x)};
    if (listing_) listing_->stroboscopic_sample(sample);
    if (k >= from_) samples_.push_back(std::move(sample));
  }
  std::optional<std::vector<StroboscopicSample>> take() {
    if (!wanted_) return std::nullopt;
    return std::move(samples_);
  }

 private:
  const S& scheme_;
  bool wanted_;
  std::int64_t from_;
  RunListing* listing_;
  std::vector<StroboscopicSample> samples_;
};

/// What a study run gives its nodes and impacts to (a StudyAccumulator,
/// analysis/convergence.hpp): node(t, U, V) for every node in order (U, V of the scheme's
/// coordinates type), impact(t) for every impact of the scheme in increasing order, and
/// end(t, U, V) with the last node once the run is over.
template <class O, class Real, class Coordinates = Real>
concept StudyObserver = requires(O& o, const Real& x, const Coordinates& u) {
  o.node(x, u, u);
  o.impact(x);
  o.end(x, u, u);
};

/// One step size of a convergence study: drives `scheme` from x over `horizon`, giving every
/// node to `observer`; `on_step(y, report)` sees every step too (to give the impacts).
/// Nothing is stored, so a study's memory does not grow with its steps.
template <Scheme S, StudyObserver<typename S::real_type, coordinates_t<S>> Observer, class OnStep>
void observe_run(const S& scheme, typename S::State x, const RunHorizon<typename S::real_type>& horizon,
                 Observer& observer, OnStep&& on_step) {
  const auto node = [&](const typename S::State& y) { observer.node(scheme.time(y), scheme.position(y), scheme.velocity(y)); };
  node(x);
  drive(scheme, x, horizon, RunOptions{},
        [&](const typename S::State& y, const auto& report) {
          node(y);
          on_step(y, report);
        },
        [](const typename S::State&, std::int64_t) {});
  observer.end(scheme.time(x), scheme.position(x), scheme.velocity(x));  // drive left x at the last node
}

/// One step size of a study of a projection scheme (the Paoli–Schatzman family): an impact
/// is the first step of a run of active steps, at the time of the node it produces (the
/// two-step reversal of seed 000 §2 is one impact), O(h) from the true impact time, as the
/// scheme itself is. Returns h.
template <Scheme S, class Model, StudyObserver<typename Model::real_type, coordinates_t<S>> Observer>
typename Model::real_type projection_study_run(const S& scheme, const BoundCase<Model>& b, const StepSpec& step,
                                               Observer& observer) {
  bool previous_active = false;
  observe_run(scheme, scheme.start(b.u0, b.v0), RunHorizon<typename Model::real_type>(b, step), observer,
              [&](const typename S::State& y, bool active) {
                if (active && !previous_active) observer.impact(scheme.time(y));
                previous_active = active;
              });
  return scheme.step_size();
}

}  // namespace vibro
