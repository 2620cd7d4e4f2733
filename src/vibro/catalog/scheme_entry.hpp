#pragma once
// What a scheme's registry entry provides (case/scheme_catalog.hpp lists the entries). An entry is
// a struct of static members — the only place that knows its scheme's names, options,
// models, scalar types, how to make it from a case, what its run records, how a study
// runs it, and which Lyapunov method it gives:
//
//   names                  case-file names (scheme.type); display_name for people
//   models                 the model kinds it runs on (ModelKinds)
//   scheme_type<Model>     the scheme class (satisfies vibro::Scheme)
//   has_step               false for a scheme without a time step (the reference)
//   option_keys, Options   its [scheme] keys and their parsed form
//   options(spec, fail)    parses and checks the [scheme] values (fail(key, message) throws);
//                          options(spec, fail, run_options) instead for the one entry whose
//                          option comes from the command line (the external program)
//   describe(options)      every option with its value, defaults included, for outputs
//   validate(case)         checks of the case that depend on the scheme (InputError)
//   run(bound, options, run_options, out)   the run at the case's step: fills out.run
//                          and out.free_fall where it applies (results/run_record.hpp)
//   study_run(bound, options, step, observer)  one step size of a convergence study: its
//                          nodes and impacts to the observer (StudyObserver), returns h
//   lyapunov_method(spec)  the name of the method a [lyapunov] table gives, or none
//   lyapunov(bound, options, spec, run_options) the exponents by that method
//   study_note             said next to a study of it in the report (may be empty)
//
// `bound` is a BoundCase<Model> (drive/scheme_run.hpp); the run layer binds the scalar type
// and the model once and calls these with them.

#include "vibro/case/case_spec.hpp"
#include "vibro/support/input_error.hpp"
#include "vibro/binding/model_binding.hpp"
#include "vibro/case/run_options.hpp"
#include "vibro/scheme/scheme.hpp"

#include <array>
#include <concepts>
#include <span>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace vibro {

/// Refuses an option of a case: throws InputError naming the file and `scheme.KEY`.
struct OptionFailure {
  std::string file;
  [[noreturn]] void operator()(const std::string& key, const std::string& message) const {
    throw InputError(file, "scheme." + key, message);
  }
};

/// The value of one named option among `allowed` (the first is the default when absent).
template <class Enum, std::size_t N>
Enum choose_option(const SchemeSpec& s, const std::string& key, const std::array<Enum, N>& allowed,
                   std::string_view (*text)(Enum), const OptionFailure& fail) {
  const std::string* written = s.option(key);
  if (!written) return allowed[0];
  std::string list;
  for (const Enum value : allowed) {
    if (*written == text(value)) return value;
    list += (list.empty() ? "" : ", ") + std::string(text(value));
  }
  fail(key, "unknown " + key + " '" + *written + "' (allowed: " + list + ")");
}

/// The scalar types a scheme runs in: all of them when its arithmetic is rational.
template <class S>
constexpr ScalarSet scheme_scalars() {
  return S::rational_arithmetic ? ScalarSet::all() : ScalarSet::floating();
}

template <class E>
concept SchemeEntry = requires(const SchemeSpec& spec, const OptionFailure& fail, const typename E::Options& options,
                               const CaseSpec& c, const LyapunovSpec& lyapunov) {
  { E::names } -> std::convertible_to<std::span<const std::string_view>>;
  { E::display_name } -> std::convertible_to<std::string_view>;
  { E::study_note } -> std::convertible_to<std::string_view>;
  { E::models } -> std::convertible_to<ModelKinds>;
  { E::scalars } -> std::convertible_to<ScalarSet>;
  { E::has_step } -> std::convertible_to<bool>;
  { E::option_keys } -> std::convertible_to<std::span<const std::string_view>>;
  // from its [scheme] table, or (a program named on the command line) from the run's options
  requires(requires { { E::options(spec, fail) } -> std::same_as<typename E::Options>; } ||
           requires(const RunOptions& run) { { E::options(spec, fail, run) } -> std::same_as<typename E::Options>; });
  { E::describe(options) } -> std::same_as<std::vector<std::pair<std::string, std::string>>>;
  E::validate(c);
  { E::lyapunov_method(lyapunov) } -> std::same_as<std::optional<std::string>>;
};

}  // namespace vibro
