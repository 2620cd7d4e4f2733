#pragma once
// The C++ door for a scheme in the user's own project (docs/own_scheme.md "A scheme in your own
// C++ project"): one header, with an installed vibro and `find_package(vibro)`.
//
//   load_case(file)                              a case file, read and checked (InputError)
//   converge_own_scheme<Model>(case, make, o)    the case's convergence study of the scheme
//                                                make(model, h, t0) returns: the result type of
//                                                `vibro converge`, for write_study_files
//   with_case_reference<Model>(case, f)          f(reference, impact_times, name): the reference
//                                                a study measures against, its value at any t
//                                                (reference.position(t), .velocity(t))
//   load_testset_reference(file), testset_scores(result, stored)
//                                                the test set's score of each step size
//
// `Model` is the model type the scheme runs on, bound to the scalar type it runs in (e.g.
// vibro::ImpactOscillator<double>); a case of another model is refused (InputError). The
// scheme is any type that satisfies vibro::SteppedScheme (scheme/scheme.hpp): the study drives
// it through the same code as a built-in scheme, so nothing in its step loop is virtual.

#include "vibro/io/case_file.hpp"
#include "vibro/io/testset_reference_file.hpp"
#include "vibro/report/study_outputs.hpp"
#include "vibro/support/input_error.hpp"
#include "vibro/binding/model_binding.hpp"
#include "vibro/run/run_case.hpp"
#include "vibro/drive/node_time_check.hpp"
#include "vibro/drive/scheme_run.hpp"
#include "vibro/drive/study_reference.hpp"
#include "vibro/testset/testset_score.hpp"
#include "vibro/scalar/precision_of.hpp"
#include "vibro/scheme/scheme.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace vibro {

/// The case with its model bound to Model (its scalar type is Model::real_type). Throws
/// InputError naming `model.type` when the case's model is not one Model represents.
template <class Model>
BoundCase<Model> bind_case(const CaseSpec& c) {
  using Real = typename Model::real_type;
  std::optional<Model> bound;
  std::visit(
      [&]<class Spec>(const Spec& spec) {
        if constexpr (model_scalars(Spec::model_kind).contains(scalar_kind_of<Real>)) {
          if constexpr (std::is_same_v<ModelOfKind<Spec::model_kind, Real>, Model>) bound.emplace(bind_model<Real>(spec, c.model));
        }
      },
      c.model.kind);
  if (!bound)
    throw InputError(c.file, "model.type",
                     "the scheme runs on another model than the case's " +
                         std::string(model_name(c.model.model_kind())) + " in " + scalar_name<Real>());
  return BoundCase<Model>{c, std::move(*bound)};
}

/// Calls f(reference, impact_times, name) with the reference a study of case `c` measures
/// against (reference.position(t) and .velocity(t) anywhere in the study's horizon; the
/// reference's impact times, sorted; what it is) and returns what f returns.
template <class Model, class F>
decltype(auto) with_case_reference(const CaseSpec& c, F&& f) {
  const BoundCase<Model> b = bind_case<Model>(c);
  return with_study_reference(b, [&](const auto& reference, const auto& impacts, std::string name) -> decltype(auto) {
    return f(reference, impacts, std::move(name));
  });
}

namespace detail {

/// A study observer that checks each node of a scheme of one's own as the protocol checks an
/// external program's rows (drive/node_time_check.hpp: later than the node before, on the grid
/// t0 + k·h) before the study measures it; a time that never advances or goes back would
/// otherwise be measured against the reference at times the scheme does not have.
template <class Observer, class Real>
class CheckedNodeTimes {
 public:
  CheckedNodeTimes(Observer& inner, const Real& t0, const Real& h, std::string context)
      : inner_(inner), times_(t0, h, "node"), context_(std::move(context)) {}
  template <class U>
  void node(const Real& t, const U& u, const U& v) {
    if (const std::optional<std::string> why = times_.wrong(k_, t))
      throw RunFailure(context_ + ", node " + std::to_string(k_) + " (its time()): " + *why);
    ++k_;
    inner_.node(t, u, v);
  }
  void impact(const Real& t) { inner_.impact(t); }
  template <class U>
  void end(const Real& t, const U& u, const U& v) {
    inner_.end(t, u, v);
  }

 private:
  Observer& inner_;
  NodeTimeCheck<Real> times_;
  std::string context_;
  std::int64_t k_ = 0;
};

}  // namespace detail

struct OwnSchemeOptions {
  std::string name = "own-scheme";  ///< what the outputs call the scheme
  unsigned threads = 1;             ///< step sizes run at once
  unsigned timing_repeats = 0;      ///< runs more per step size, the least wall time kept (0: not timed)
};

/// The convergence study of case `c` (its [convergence] list) with the scheme that
/// `make(model, h, t0)` returns for each step size (t0: the case's initial time), against the case's reference: the result
/// `vibro converge` gives (its scheme marked external: no declared order), for
/// write_study_files, study_markdown and to_json. A step at which the scheme makes contact
/// (step() tests true) counts as an impact when the previous step did not. Each node's time()
/// must be later than the node before and on the grid t0 + k·h within h/1000, as an external
/// program's rows must: otherwise a RunFailure names the step size and the node.
template <class Model, class Make>
RunResult converge_own_scheme(const CaseSpec& c, Make&& make, const OwnSchemeOptions& options = {}) {
  using Real = typename Model::real_type;
  using Scheme = std::decay_t<std::invoke_result_t<Make&, const Model&, const Real&, const Real&>>;
  static_assert(SteppedScheme<Scheme>, "make(model, h, t0) returns a type that satisfies vibro::SteppedScheme");
  static_assert(std::is_same_v<typename Scheme::real_type, Real>, "the scheme runs in the model's scalar type");
  require_convergence_list(c);
  const BoundCase<Model> b = bind_case<Model>(c);
  RunResult result = case_run_result(c, precision_of<Real>());
  result.scheme.type = options.name;
  result.scheme.display_name = options.name;
  result.scheme.external = true;
  if (c.step.h || c.step.steps_per_period) result.scheme.step = c.step.text();
  result.convergence = case_study(
      b,
      [&](const StepSpec& step, auto& observer) {
        const Scheme scheme = make(b.model, b.step(step), b.t0);
        detail::CheckedNodeTimes checked(observer, b.t0, scheme.step_size(),
                                         c.file + ": the scheme '" + options.name + "' at step size " + step.text());
        return projection_study_run(scheme, b, step, checked);
      },
      options.threads, options.timing_repeats);
  return result;
}

/// The test set's score of every step size of `study` (a study of a test-set problem) against
/// the problem's stored values.
inline std::vector<TestsetScore> testset_scores(const RunResult& study, const TestsetReference& stored) {
  if (!study.convergence) throw std::invalid_argument("testset_scores: the result has no convergence study");
  std::vector<TestsetScore> scores;
  for (const StudyRow& row : study.convergence->rows) scores.push_back(testset_score(row, stored));
  return scores;
}

}  // namespace vibro
