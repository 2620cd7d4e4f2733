#pragma once
// The reference of a case over its horizon, at one precision: its events and its state at
// given times. It is the reference a convergence study of the case measures against
// (drive/study_reference.hpp, study_against_reference), run once from t0 to the end of the
// case's horizon. The test set's stored values (testset/testset_reference.hpp) and the Python
// module's `vibro.reference` (docs/python.md) read it.

#include "vibro/case/case_spec.hpp"
#include "vibro/scalar/number_text.hpp"
#include "vibro/scalar/precision.hpp"

#include <cstddef>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace vibro {

/// An event of the reference: its kind (impact, grazing, accumulation, stick, release), its
/// time, the velocity of the coordinate concerned (for the pendulum: the normal rate of the
/// constraint) before and after, and which coordinate or constraint it is (0-based; 0 for a
/// 1-DOF model).
struct ReferenceEventValues {
  std::string kind;
  NumberText t, v_minus, v_plus;
  std::size_t coordinate = 0;
};

struct ReferenceValues {
  std::string reference;  ///< what the reference is (its method)
  NumberText t0, t_end;   ///< its horizon
  std::size_t dimension = 1;
  /// Every event over [t0, t_end]; none when this model's reference keeps no list of events
  /// (the conservative oscillator with one stop: a closed form).
  std::optional<std::vector<ReferenceEventValues>> events;
  /// The position and velocity at each time asked for, one number per coordinate (at an
  /// event's time: after the event).
  std::vector<std::vector<NumberText>> positions, velocities;
};

/// The times to evaluate the reference at, given its horizon [t0, t_end].
template <class Real>
using TimesOf = std::function<std::vector<Real>(const Real& t0, const Real& t_end)>;

/// What the reference's state at each time is given to instead of the texts of
/// ReferenceValues: the time's index k, and the position and velocity there, one value per
/// coordinate (the vectors are reused from one time to the next).
template <class Real>
using StateAt = std::function<void(std::size_t k, const std::vector<Real>& q, const std::vector<Real>& v)>;

/// The reference of `c` in Real (double or mpfr_real, MPFR's precision set by the caller) at
/// the times `times_of` gives, each in [t0, t_end] (InputError for one outside, naming
/// `times_key`): their states as texts in `positions` and `velocities`, or, with `state_at`,
/// given to it instead (those two left empty).
template <class Real>
ReferenceValues reference_values_in(const CaseSpec& c, const TimesOf<Real>& times_of, const std::string& times_key,
                                    const StateAt<Real>& state_at = {});

/// The same at a precision, the times as decimal texts read at that precision. Refuses a
/// precision other than double and MPFR (InputError naming `precision`).
ReferenceValues reference_values(const CaseSpec& c, const Precision& precision, const std::vector<std::string>& times);

/// The reference in double at `times`, its states as doubles, row by row: `positions` and
/// `velocities` hold times.size() × about.dimension numbers each (what `vibro.reference(times=…)`
/// gives as NumPy arrays: 16 bytes a coordinate and time, no text; `about` has the method, the
/// horizon and the events).
struct ReferenceDoubles {
  ReferenceValues about;
  std::vector<double> positions, velocities;
};
ReferenceDoubles reference_doubles(const CaseSpec& c, std::span<const double> times);

}  // namespace vibro
