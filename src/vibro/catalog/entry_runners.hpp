#pragma once
// How a registry entry (catalog/scheme_entry.hpp) runs: its SchemeRunners (catalog/scheme_runners.hpp).
// Included only by the entries' own translation units (catalog/entries/NAME_entry.cpp): each
// instantiates its entry's run, study and Lyapunov method for the models it declares and the
// scalar types it runs in, and nothing else.
//
// An entry whose translation unit would be long to compile splits it per scalar type:
// `VIBRO_ENTRY_IN_UNITS_PER_TYPE(Entry);` in each of its units, and
// `VIBRO_ENTRY_IN_THIS_UNIT(Entry, Type);` in the unit that compiles it for that type (the
// units of single types are generated: vibro_entry_units in src/CMakeLists.txt).

#include "vibro/analysis/rounding_floor.hpp"
#include "vibro/case/case_spec.hpp"
#include "vibro/drive/lyapunov_findings.hpp"
#include "vibro/binding/model_binding.hpp"
#include "vibro/case/run_options.hpp"
#include "vibro/results/provenance.hpp"
#include "vibro/results/run_record.hpp"
#include "vibro/catalog/scheme_entry.hpp"
#include "vibro/drive/scheme_run.hpp"
#include "vibro/catalog/scheme_runners.hpp"
#include "vibro/drive/study_reference.hpp"
#include "vibro/scalar/traits.hpp"
#include "vibro/scalar/with_scalar.hpp"

#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace vibro {

/// Entry E gives Lyapunov exponents on Model.
template <class E, class Model>
concept HasLyapunovMethod = requires(const BoundCase<Model>& b, const typename E::Options& o, const LyapunovSpec& spec,
                                     const RunOptions& options) {
  { E::lyapunov(b, o, spec, options) } -> std::same_as<LyapunovFindings>;
};

/// E's Lyapunov exponents on the bound case: a call that names E::lyapunov only where
/// E has it (a generic lambda's discarded branch may not name it directly).
template <class E, class Model>
  requires HasLyapunovMethod<E, Model>
LyapunovFindings entry_lyapunov(const BoundCase<Model>& b, const typename E::Options& o, const LyapunovSpec& spec,
                                const RunOptions& options) {
  return E::lyapunov(b, o, spec, options);
}

/// E's options for the case: parsed from its [scheme] table, or, for an entry whose options
/// come from the command line (the external program), from the run's options.
template <class E>
typename E::Options entry_options(const CaseSpec& c, const RunOptions& options) {
  if constexpr (requires { E::options(c.scheme, OptionFailure{c.file}, options); })
    return E::options(c.scheme, OptionFailure{c.file}, options);
  else
    return E::options(c.scheme, OptionFailure{c.file});
}

// Free templates of the entry alone (not of the run's type), so that a study in a wider
// type for a rounding floor and the run of that type share one instantiation.

/// Calls body(case) with the case's model bound to R, for the models E runs on.
template <class E, class R, class Body>
void with_bound_case(const CaseSpec& c, Body&& body) {
  with_model<E::models, R>(c.model, [&](auto model) {
    using Model = decltype(model);
    body(BoundCase<Model>{c, std::move(model)});
  });
}

/// The case's convergence study with entry E at the bound case's type, on `options.threads`
/// threads; `what` names it to the progress.
template <class E, class Model>
StudyResult entry_study(const BoundCase<Model>& b, const typename E::Options& o, const RunOptions& options,
                        const std::string& what) {
  std::function<void(std::size_t)> points_done;
  const auto count_progress = [&](std::size_t points, const char* unit) {
    if (!options.progress) return;
    options.progress->begin(what, static_cast<std::int64_t>(points), unit);
    points_done = [progress = options.progress](std::size_t n) { progress->advance(static_cast<std::int64_t>(n)); };
  };
  if constexpr (requires { E::tolerances(o); }) {
    if (const std::vector<std::string>& ladder = E::tolerances(o); !ladder.empty()) {
      count_progress(ladder.size(), "tolerances");
      return tolerance_study(
          b, ladder,
          [&](std::size_t i, auto& observer) { return E::study_run(b, o, b.spec.step, observer, &ladder[i]); },
          options.threads, options.timing_repeats, points_done);
    }
  }
  count_progress(b.spec.convergence.size(), "step sizes");
  return case_study(
      b, [&](const StepSpec& step, auto& observer) { return E::study_run(b, o, step, observer); }, options.threads,
      options.timing_repeats, points_done);
}

/// Entry E at scalar type Real: its run, sweep and study, and its Lyapunov exponents.
/// Instantiated once per (entry, type of E::scalars), in the entry's translation unit or in
/// one of its own.
template <class E, class Real>
struct EntryIn {
  /// The type that measures the rounding of a study in Real (rounding_measure_precision),
  /// fixed at compile time: a study's floor instantiates one wider study, not one per type.
  static constexpr ScalarKind wider_kind =
      is_exact_v<Real> ? ScalarKind::rational : rounding_measure_precision(scalar_kind_of<Real>, 0).kind;

  static void run(const CaseSpec& c, const Precision& precision, const RunOptions& options, RunRecord& result);
  static LyapunovFindings lyapunov(const CaseSpec& c, const RunOptions& options);
  /// The case's convergence study in Real, the model bound anew; `what` names it to the
  /// progress. What a rounding floor measured in this type from a narrower one calls, so
  /// that the study is compiled once per type (with VIBRO_ENTRY_IN_UNITS_PER_TYPE, in this
  /// type's unit only).
  static StudyResult study(const CaseSpec& c, const typename E::Options& o, const RunOptions& options,
                           const std::string& what);

  /// Replaces the model's rounding floor of `found` (the case's study at `precision`) by a
  /// measured one: the same study in the next wider type, compared point by point. run_case
  /// asks for it only where E's studies run in that type.
  static void measure_floor(const CaseSpec& c, const typename E::Options& o, const RunOptions& options,
                            const Precision& precision, StudyResult& found) {
    if constexpr (!is_exact_v<Real> && E::scalars.contains(wider_kind)) {
      using Wide = scalar_of_kind<wider_kind>;
      const Precision wider = rounding_measure_precision(precision.kind, decimal_digits<Real>());
      RunOptions untimed = options;  // the wider study measures rounding, not time
      untimed.timing_repeats = 0;
      std::optional<MpfrPrecisionGuard> guard;
      if (wider.kind == ScalarKind::mpfr) guard.emplace(wider.mpfr_digits);
      const StudyResult wide =
          EntryIn<E, Wide>::study(c, o, untimed, "rounding floor of " + c.name + " at " + wider.name());
      measure_rounding_floor(found, wide, wider.name());
    } else {
      throw std::logic_error("the rounding floor is measured in a wider type the scheme runs in");
    }
  }
};

template <class E, class Real>
void EntryIn<E, Real>::run(const CaseSpec& c, const Precision& precision, const RunOptions& options,
                           RunRecord& result) {
  const auto o = entry_options<E>(c, options);
  // The model is bound once. Its own checks (e.g. stops that coincide at this precision)
  // are model errors, thrown before the body starts; the runs turn their own refusals into
  // errors naming their keys.
  bool bound = false;
  try {
    with_bound_case<E, Real>(c, [&](const auto& b) {
      bound = true;
      E::run(b, o, options, result);
      for (const StepSpec& step : c.sweep) {
        CaseSpec at_step = c;
        at_step.step = step;
        RunRecord point;
        RunOptions at_step_options = options;
        at_step_options.rows = nullptr;  // the rows and the listing are the case's own run's
        if (options.listing) {  // the output lists every sample of the sweep's runs too: held whole
          at_step_options.listing = nullptr;
          at_step_options.events_kept = std::numeric_limits<std::size_t>::max();
          at_step_options.keep_sections_from = 0;
        }
        at_step_options.label = "sweep of " + c.name + " at step " + step.text();
        using Model = std::decay_t<decltype(b.model)>;
        E::run(BoundCase<Model>{at_step, b.model}, o, at_step_options, point);
        result.sweep.push_back({step.text(), std::move(point.run)});
      }
      if constexpr (E::has_step)
        if (!c.convergence.empty() && options.study) result.convergence = entry_study<E>(b, o, options, "study of " + c.name);
    });
  } catch (const std::invalid_argument& why) {
    if (bound) throw;
    throw InputError(c.file, "model", why.what());
  }
  if (!is_exact_v<Real> && result.convergence && options.rounding_floor == RoundingFloor::measured)
    measure_floor(c, o, options, precision, *result.convergence);
}

template <class E, class Real>
StudyResult EntryIn<E, Real>::study(const CaseSpec& c, const typename E::Options& o, const RunOptions& options,
                                    const std::string& what) {
  StudyResult found;
  if constexpr (E::has_step) {
    with_bound_case<E, Real>(c, [&](const auto& b) { found = entry_study<E>(b, o, options, what); });
  } else {
    throw std::logic_error("a convergence study of a scheme without a step");
  }
  return found;
}

template <class E, class Real>
LyapunovFindings EntryIn<E, Real>::lyapunov(const CaseSpec& c, const RunOptions& options) {
  LyapunovFindings found;
  if constexpr (!is_exact_v<Real>) {
    const auto o = entry_options<E>(c, options);
    with_model<E::models, Real>(c.model, [&](auto model) {
      using Model = decltype(model);
      const BoundCase<Model> b{c, std::move(model)};
      if constexpr (PeriodicallyForced<Model> && HasLyapunovMethod<E, Model>) {
        found = entry_lyapunov<E>(b, o, *c.lyapunov, options);
        add_sum_rule(found, b.model);
      } else {
        throw std::logic_error("scheme '" + c.scheme.type + "' on model " +
                               std::string(model_name(c.model.model_kind())) +
                               " has no Lyapunov method (refused when the case was read)");
      }
    });
  } else {
    throw std::logic_error("Lyapunov exponents in the exact type (refused by require_runnable)");
  }
  return found;
}

namespace detail {

/// Calls f(std::type_identity<Real>{}) with the type of `precision`, among E's scalar
/// types only.
template <class E, class F>
void with_entry_scalar(const Precision& precision, F&& f) {
  with_scalar(precision, [&]<class Real>(std::type_identity<Real>) {
    if constexpr (E::scalars.contains(scalar_kind_of<Real>)) f(std::type_identity<Real>{});
    else throw std::logic_error("precision refused by require_runnable");
  });
}

}  // namespace detail

/// The runners of entry E.
template <class E>
SchemeRunners runners_of() {
  static_assert(SchemeEntry<E>, "a registry entry must provide what catalog/scheme_entry.hpp lists");
  SchemeRunners r;
  r.scheme = E::names[0];
  r.run = [](const CaseSpec& c, const Precision& precision, const RunOptions& options, RunRecord& result) {
    naming_file(c, [&] {
      detail::with_entry_scalar<E>(precision, [&]<class Real>(std::type_identity<Real>) {
        EntryIn<E, Real>::run(c, precision, options, result);
      });
    });
  };
  r.lyapunov = [](const CaseSpec& c, const Precision& precision, const RunOptions& options) {
    LyapunovFindings found;
    naming_file(c, [&] {
      detail::with_entry_scalar<E>(precision, [&]<class Real>(std::type_identity<Real>) {
        found = EntryIn<E, Real>::lyapunov(c, options);
      });
    });
    return found;
  };
  if constexpr (requires(RunFindings& run, const PrecisionInfo& precision, const RunFindings& precise,
                         const EventTimeDifference& events) { E::finish(run, precision, precise, precision, events); })
    r.finish = [](RunFindings& run, const PrecisionInfo& precision, const RunFindings& precise,
                  const PrecisionInfo& precise_precision, const EventTimeDifference& events) {
      E::finish(run, precision, precise, precise_precision, events);
    };
  return r;
}

}  // namespace vibro

/// In every translation unit of an entry compiled one unit per scalar type: E at each type
/// of ScalarTypes is compiled in its own unit, so no unit compiles another type's run or
/// study (a rounding floor calls the wider type's study, compiled in that type's unit).
#define VIBRO_ENTRY_IN_UNITS_PER_TYPE(E) VIBRO_SCALAR_TYPES(VIBRO_ENTRY_IN_OTHER_UNIT, E) static_assert(true)
#define VIBRO_ENTRY_IN_OTHER_UNIT(E, Real) extern template struct vibro::EntryIn<E, Real>;
/// In the unit that compiles entry E at type Real (after VIBRO_ENTRY_IN_UNITS_PER_TYPE).
#define VIBRO_ENTRY_IN_THIS_UNIT(E, Real) template struct vibro::EntryIn<E, Real>
/// In every unit of an entry that compiles its run at type Real (its heaviest, MPFR) in a
/// unit of its own and the other types in its main unit: the main unit does not compile Real.
#define VIBRO_ENTRY_TYPE_IN_OWN_UNIT(E, Real) extern template struct vibro::EntryIn<E, Real>
