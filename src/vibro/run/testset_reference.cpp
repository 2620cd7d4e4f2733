#include "vibro/run/testset_reference.hpp"

#include "vibro/linalg/coordinates.hpp"
#include "vibro/run/input_error.hpp"
#include "vibro/run/model_binding.hpp"
#include "vibro/run/scheme_run.hpp"
#include "vibro/run/study_reference.hpp"
#include "vibro/scalar/with_scalar.hpp"

#include <string>
#include <type_traits>

namespace vibro {

namespace {

using Real = mpfr_real;

/// The transverse impact an event is, if it is one: one overload per event type of the
/// references (1-DOF, N-DOF, general inertia).
std::optional<ReferenceImpactText> impact_of(const ReferenceEvent<Real>& e) {
  if (e.kind != EventKind::impact) return std::nullopt;
  return ReferenceImpactText{NumberText::of(e.t), NumberText::of(e.v_minus), NumberText::of(e.v_plus), 0};
}

std::optional<ReferenceImpactText> impact_of(const typename SystemReference<Real>::Event& e) {
  if (e.kind != SystemReference<Real>::Event::Kind::impact) return std::nullopt;
  return ReferenceImpactText{NumberText::of(e.t), NumberText::of(e.v_minus), NumberText::of(e.v_plus), e.coordinate};
}

std::optional<ReferenceImpactText> impact_of(const InertiaEvent<Real>& e) {
  if (e.kind != EventKind::impact) return std::nullopt;
  return ReferenceImpactText{NumberText::of(e.t), NumberText::of(e.rate_minus), NumberText::of(e.rate_plus),
                             e.constraint};
}

/// The time of an accumulation of impacts (1-DOF references only: the N-DOF and
/// general-inertia ones refuse one).
template <class Event>
std::optional<NumberText> accumulation_of(const Event& e) {
  if constexpr (std::is_same_v<Event, ReferenceEvent<Real>>) {
    if (e.kind == EventKind::accumulation) return NumberText::of(e.t);
  }
  return std::nullopt;
}

template <class Coordinates>
std::vector<NumberText> texts_of_coordinates(const Coordinates& x) {
  std::vector<Real> values;
  assign_coordinates(values, x);
  return NumberText::of_each(values);
}

}  // namespace

ReferenceValuesAt testset_reference_at(const CaseSpec& c, long mpfr_digits, int samples) {
  if (!c.testset) throw std::logic_error("testset_reference_at: the case is not a test-set problem");
  const MpfrPrecisionGuard guard(mpfr_digits);
  ReferenceValuesAt out;
  out.mpfr_digits = mpfr_digits;
  with_model<every_model_kind, Real>(c.model, [&](auto model) {
    using Model = decltype(model);
    const BoundCase<Model> b{c, std::move(model)};
    const RunHorizon<Real> horizon(b, std::nullopt);
    const Real t_end = horizon.section_time(horizon.sections());
    study_against_reference(b, t_end, [&](const auto& reference, const std::vector<Real>&, const std::string&) {
      if constexpr (!requires { reference.events(); }) {
        throw InputError(c.file, "model",
                         "the test set needs the reference's events, which the reference of this model does not keep "
                         "(the conservative oscillator: give it two stops)");
      } else {
        out.t_end = NumberText::of(t_end);
        out.position = texts_of_coordinates(reference.position(t_end));
        out.velocity = texts_of_coordinates(reference.velocity(t_end));
        std::int64_t impacts = 0;
        for (const auto& e : reference.events()) {
          if (const auto accumulation = accumulation_of(e)) out.accumulations.push_back(*accumulation);
          if (const auto impact = impact_of(e)) {
            ++impacts;
            if (std::ssize(out.first_impacts) < c.testset->impacts) out.first_impacts.push_back(*impact);
          }
        }
        if (out.accumulations.empty()) out.impacts = impacts;
        for (int k = 0; samples > 0 && k <= samples; ++k) {
          const Real t = k == samples ? t_end : Real(b.t0 + (t_end - b.t0) * k / samples);
          std::vector<Real> q;
          assign_coordinates(q, reference.position(t));
          out.sample_times.push_back(static_cast<double>(t));
          out.sample_positions.emplace_back();
          for (const Real& qi : q) out.sample_positions.back().push_back(static_cast<double>(qi));
        }
      }
    });
  });
  return out;
}

}  // namespace vibro
