#pragma once
// From a Precision to a type of the one list (scalar_list.hpp): the one place a run picks
// its scalar type, with MPFR's default precision set for as long as it runs.

#include "vibro/scalar/precision.hpp"
#include "vibro/scalar/scalar_list.hpp"
#include "vibro/scalar/types.hpp"

#include <optional>
#include <stdexcept>
#include <type_traits>

namespace vibro {

/// Sets MPFR's default precision (decimal digits) for the lifetime of the guard and
/// restores the previous one afterwards. Every mpfr_real created while it lives gets
/// that precision.
class MpfrPrecisionGuard {
 public:
  explicit MpfrPrecisionGuard(long digits) : saved_(mpfr_real::default_precision()) {
    mpfr_real::default_precision(static_cast<unsigned>(digits));
  }
  ~MpfrPrecisionGuard() { mpfr_real::default_precision(saved_); }
  MpfrPrecisionGuard(const MpfrPrecisionGuard&) = delete;
  MpfrPrecisionGuard& operator=(const MpfrPrecisionGuard&) = delete;

 private:
  unsigned saved_;
};

namespace detail {

template <class F, class First, class... Rest>
decltype(auto) dispatch_scalar(ScalarKind kind, F& f, TypeList<First, Rest...>) {
  if (kind == scalar_kind_of<First>) return f(std::type_identity<First>{});
  if constexpr (sizeof...(Rest) > 0) return dispatch_scalar(kind, f, TypeList<Rest...>{});
  else throw std::logic_error("with_scalar: a ScalarKind without a type in ScalarTypes");
}

}  // namespace detail

/// Calls `f(std::type_identity<Real>{})` with the type of ScalarTypes that `p` names, with
/// MPFR's precision set for the duration of the call. Every instantiation of `f` must
/// return the same type. This is the one place a run picks its scalar type.
template <class F>
decltype(auto) with_scalar(const Precision& p, F&& f) {
  std::optional<MpfrPrecisionGuard> guard;
  if (p.kind == ScalarKind::mpfr) guard.emplace(p.mpfr_digits);
  return detail::dispatch_scalar(p.kind, f, ScalarTypes{});
}

}  // namespace vibro
