#pragma once
// The registry entries of the Siconos peer (peer/vibro/peer/siconos_scheme.hpp, docs/peer.md):
// Siconos' Moreau–Jean and Schatzman–Paoli integrators on the impact oscillator and on seed
// 002's N-DOF system, and Moreau–Jean on seed 004's double pendulum, in double. Compiled only when the build has Siconos
// (VIBRO_WITH_SICONOS); without it, a case naming them is refused as "not built in"
// (io/case_file.cpp). One option, theta (Siconos' θ). A run records what a Paoli–Schatzman
// run records on the oscillator (nodes, stroboscopic samples, the steps with a contact
// impulse), what a seed-002 scheme's run records on the system (run_system_scheme) and what
// the sweeping-process scheme's records on the pendulum (run_inertia_scheme); a study
// measures it against the reference like any scheme. No Lyapunov exponents.

#include "vibro/peer/siconos_scheme.hpp"
#include "vibro/catalog/entries/inertia_scheme_run.hpp"
#include "vibro/catalog/entries/system_scheme_entry.hpp"
#include "vibro/catalog/scheme_entry.hpp"
#include "vibro/drive/recorded_run.hpp"
#include "vibro/drive/scheme_run.hpp"

#include <array>
#include <charconv>
#include <concepts>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace vibro {

template <peer::SiconosIntegrator Integrator>
struct SiconosEntry {
  static constexpr bool schatzman_paoli = Integrator == peer::SiconosIntegrator::schatzman_paoli;
  static constexpr std::array<std::string_view, 1> names = {schatzman_paoli ? "siconos-schatzman-paoli"
                                                                             : "siconos-moreau-jean"};
  static constexpr std::string_view display_name =
      schatzman_paoli ? "Siconos Schatzman–Paoli (peer)" : "Siconos Moreau–Jean (peer)";
  static constexpr std::string_view study_note =
      schatzman_paoli ? "Siconos 4.4's SchatzmanPaoliOSI, measured against vibro's reference. With theta = 0 and "
                        "alpha = 0 it is the Paoli–Schatzman scheme with start = linear; on seed 002's system, with "
                        "theta = 0 and the denominator of seed 002 eq. (14), it is NSPS (docs/peer.md)."
                      : "Siconos 4.4's MoreauJeanOSI with an LCP at velocity level, measured against vibro's "
                        "reference (docs/peer.md).";
  /// Siconos 4.4's SchatzmanPaoliOSI takes linear systems alone (peer/vibro/peer/siconos_system.hpp).
  static constexpr ModelKinds models =
      schatzman_paoli
          ? ModelKinds{ModelKind::impact_oscillator, ModelKind::linear_system, ModelKind::two_mass_spring}
          : ModelKinds{ModelKind::impact_oscillator, ModelKind::linear_system, ModelKind::two_mass_spring,
                       ModelKind::double_pendulum};
  template <class Model>
  using scheme_type = peer::SiconosScheme<Integrator, Model>;
  /// Siconos computes in double.
  static constexpr ScalarSet scalars = {ScalarKind::double_};
  static constexpr ScalarSet study_scalars = {ScalarKind::double_};
  static constexpr bool has_step = true;

  struct Options {
    double theta = 0.5;
    std::string theta_text = "0.5";
  };
  static constexpr std::array<std::string_view, 1> option_keys = {"theta"};

  /// theta: Siconos' θ in [0, 1], written as a decimal number (default 0.5).
  static Options options(const SchemeSpec& s, const OptionFailure& fail) {
    Options o;
    if (const std::string* written = s.option("theta")) {
      double value = 0;
      const char* end = written->data() + written->size();
      const auto [stop, error] = std::from_chars(written->data(), end, value);
      if (error != std::errc() || stop != end || !(value >= 0 && value <= 1))
        fail("theta", "'" + *written + "' is not a number in [0, 1]");
      o.theta = value;
      o.theta_text = *written;
    }
    return o;
  }
  static std::vector<std::pair<std::string, std::string>> describe(const Options& o) {
    return {{"theta", o.theta_text}};
  }

  static void validate(const CaseSpec&) {}
  static std::optional<std::string> lyapunov_method(const LyapunovSpec&) { return std::nullopt; }

  template <class Model>
  static scheme_type<Model> make(const BoundCase<Model>& b, const StepSpec& step, const Options& o) {
    return refused_as_input(b.spec, "step", [&] { return scheme_type<Model>(b.model, b.step(step), b.t0, o.theta); });
  }

  template <class Model>
  static void run(const BoundCase<Model>& b, const Options& o, const RunOptions& options, RunRecord& out) {
    if constexpr (std::same_as<Model, LinearImpactSystem<double>>)
      run_system_scheme(make(b, b.spec.step, o), b, options, out);
    else if constexpr (std::same_as<Model, DoublePendulum<double>>)
      run_inertia_scheme(make(b, b.spec.step, o), b, options, out);
    else
      run_projection_scheme(make(b, b.spec.step, o), b, options, out, [](const auto&) {});
  }

  /// An impact is the first step of a run of steps with a contact impulse (on any contact
  /// of the system).
  template <class Model, class Observer>
  static double study_run(const BoundCase<Model>& b, const Options& o, const StepSpec& step, Observer& observer) {
    return projection_study_run(make(b, step, o), b, step, observer);
  }
};

using SiconosMoreauJeanEntry = SiconosEntry<peer::SiconosIntegrator::moreau_jean>;
using SiconosSchatzmanPaoliEntry = SiconosEntry<peer::SiconosIntegrator::schatzman_paoli>;

}  // namespace vibro
