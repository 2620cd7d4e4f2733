#pragma once
// The registry entries of seed 004's sweeping-process scheme (scheme/sweeping_process.hpp,
// docs/mathematics.md §7): the explicit version (j(i) = i) and the implicit one
// (j(i) = i + 1, a fixed point per step), on the double pendulum. A run records what
// run_inertia_scheme records and, for the implicit version, the fixed point's iterations. A
// study measures the scheme against the general-inertia reference (drive/study_reference.hpp).
// No Lyapunov exponents: seed 004 has none.

#include "vibro/catalog/entries/inertia_scheme_run.hpp"
#include "vibro/catalog/scheme_entry.hpp"
#include "vibro/drive/recorded_run.hpp"
#include "vibro/drive/scheme_run.hpp"
#include "vibro/scheme/sweeping_process.hpp"
#include "vibro/results/inertia_findings.hpp"

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace vibro {

template <SweepingVersion Version>
struct SweepingProcessEntry {
  static constexpr bool implicit = Version == SweepingVersion::implicit_force;
  static constexpr std::array<std::string_view, 1> names = {implicit ? "sweeping-process-implicit"
                                                                      : "sweeping-process-explicit"};
  static constexpr std::string_view display_name = implicit ? "sweeping-process scheme, implicit (seed 004)"
                                                            : "sweeping-process scheme, explicit (seed 004)";
  static constexpr std::string_view study_note = "";
  static constexpr ModelKinds models = {ModelKind::double_pendulum};
  template <class Model>
  using scheme_type = SweepingProcess<Model>;
  static constexpr ScalarSet scalars = ScalarSet::floating();  // the pendulum's M(q) and f use cos and sin
  /// Studies run (in the report) and are checked (by the order test) in double and long
  /// double only: their reference integrates the pendulum (RKF 7(8) with a contact search that
  /// re-integrates a step per evaluation), and a one-second study takes about 4 minutes in
  /// MPFR at 30 digits against 0.2 s in double. The scheme's MPFR runs are tested in
  /// sweeping_process_test.
  static constexpr ScalarSet study_scalars = {ScalarKind::double_, ScalarKind::long_double};
  static constexpr bool has_step = true;

  /// The implicit version's cap on fixed-point iterations per step.
  struct Options {
    int max_iterations = SweepingProcessOptions{}.max_iterations;
  };
  static constexpr std::array<std::string_view, implicit ? 1 : 0> option_keys = [] {
    if constexpr (implicit) return std::array<std::string_view, 1>{"max_iterations"};
    else return std::array<std::string_view, 0>{};
  }();

  static Options options(const SchemeSpec& s, const OptionFailure& fail) {
    Options o;
    if constexpr (implicit) {
      if (const std::string* written = s.option("max_iterations")) {
        std::size_t used = 0;
        long value = 0;
        try {
          value = std::stol(*written, &used);
        } catch (const std::exception&) {
          used = 0;
        }
        if (used != written->size() || value < 1 || value > 100000)
          fail("max_iterations", "'" + *written + "' is not a whole number in [1, 100000]");
        o.max_iterations = static_cast<int>(value);
      }
    }
    return o;
  }
  static std::vector<std::pair<std::string, std::string>> describe(const Options& o) {
    if constexpr (implicit) return {{"max_iterations", std::to_string(o.max_iterations)}};
    else return {};
  }

  static void validate(const CaseSpec&) {}
  static std::optional<std::string> lyapunov_method(const LyapunovSpec&) { return std::nullopt; }

  template <class Model>
  static scheme_type<Model> make(const BoundCase<Model>& b, const StepSpec& step, const Options& o) {
    return refused_as_input(b.spec, "scheme", [&] {
      return scheme_type<Model>(b.model, b.step(step), b.t0, SweepingProcessOptions{Version, o.max_iterations});
    });
  }

  template <class Model>
  static void run(const BoundCase<Model>& b, const Options& o, const RunOptions& options, RunRecord& out) {
    const scheme_type<Model> scheme = make(b, b.spec.step, o);
    const auto x = run_inertia_scheme(scheme, b, options, out);
    if constexpr (implicit) {
      out.run.inertia->iterations_total = scheme.iterations(x).total;
      out.run.inertia->iterations_max = scheme.iterations(x).largest;
    }
  }

  template <class Model, class Observer>
  static typename Model::real_type study_run(const BoundCase<Model>& b, const Options& o, const StepSpec& step,
                                             Observer& observer) {
    return projection_study_run(make(b, step, o), b, step, observer);
  }

};

using SweepingProcessExplicitEntry = SweepingProcessEntry<SweepingVersion::explicit_force>;
using SweepingProcessImplicitEntry = SweepingProcessEntry<SweepingVersion::implicit_force>;

}  // namespace vibro
