#pragma once
// reference_values_in (drive/reference_values.hpp) for every model in one scalar type: included
// by the unit of each type it is compiled in (reference_values.cpp, reference_values_mpfr.cpp).

#include "vibro/linalg/coordinates.hpp"
#include "vibro/scalar/number_text_of.hpp"
#include "vibro/support/cancellation.hpp"
#include "vibro/support/input_error.hpp"
#include "vibro/binding/model_binding.hpp"
#include "vibro/drive/reference_values.hpp"
#include "vibro/drive/scheme_run.hpp"
#include "vibro/drive/study_reference.hpp"

#include <string>
#include <type_traits>

namespace vibro {

namespace reference_values_detail {

/// One overload per event type of the references (1-DOF, N-DOF, general inertia).
template <class Real>
ReferenceEventValues values_of(const ReferenceEvent<Real>& e) {
  return {to_string(e.kind), number_text_of(e.t), number_text_of(e.v_minus), number_text_of(e.v_plus), 0};
}

template <class Real>
ReferenceEventValues values_of(const typename SystemReference<Real>::Event& e) {
  using Kind = typename SystemReference<Real>::Event::Kind;
  const char* kind = e.kind == Kind::impact ? "impact" : e.kind == Kind::graze ? "grazing"
                     : e.kind == Kind::stick ? "stick" : "release";
  return {kind, number_text_of(e.t), number_text_of(e.v_minus), number_text_of(e.v_plus), e.coordinate};
}

template <class Real>
ReferenceEventValues values_of(const InertiaEvent<Real>& e) {
  return {to_string(e.kind), number_text_of(e.t), number_text_of(e.rate_minus), number_text_of(e.rate_plus),
          e.constraint};
}

}  // namespace reference_values_detail

template <class Real>
ReferenceValues reference_values_in(const CaseSpec& c, const TimesOf<Real>& times_of, const std::string& times_key,
                                    const StateAt<Real>& state_at) {
  using namespace reference_values_detail;
  ReferenceValues out;
  with_model<every_model_kind, Real>(c.model, [&](auto model) {
    using Model = decltype(model);
    const BoundCase<Model> b{c, std::move(model)};
    const RunHorizon<Real> horizon(b, std::nullopt);
    const Real t_end = horizon.section_time(horizon.sections());
    out.t0 = number_text_of(b.t0);
    out.t_end = number_text_of(t_end);
    const std::vector<Real> times = times_of(b.t0, t_end);
    for (const Real& t : times)
      if (t < b.t0 || t > t_end)
        throw InputError("", times_key,
                         "t = " + to_text(t) + " is outside the reference's horizon [" + out.t0.text + ", " +
                             out.t_end.text + "] (allowed: times in it; the case's [horizon] sets its end)");
    study_against_reference(b, t_end, [&](const auto& reference, const std::vector<Real>&, const std::string& name) {
      out.reference = name;
      if constexpr (requires { reference.events(); }) {
        out.events.emplace();
        for (const auto& e : reference.events()) out.events->push_back(values_of<Real>(e));
      }
      std::vector<Real> q, v;
      assign_coordinates(q, reference.position(b.t0));
      out.dimension = q.size();
      for (std::size_t k = 0; k < times.size(); ++k) {
        if (k % 4096 == 0) throw_if_cancelled();  // 10^6 times take about a second
        assign_coordinates(q, reference.position(times[k]));
        assign_coordinates(v, reference.velocity(times[k]));
        if (state_at) {
          state_at(k, q, v);
        } else {
          out.positions.push_back(number_texts_of(q));
          out.velocities.push_back(number_texts_of(v));
        }
      }
    });
  });
  return out;
}

}  // namespace vibro
