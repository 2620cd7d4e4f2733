#pragma once
// The precision of a run: which scalar type, and for MPFR how many decimal digits.
// Parsed from `--precision` or a case file, set for the duration of a run by
// MpfrPrecisionGuard, and dispatched to a template instantiation by with_scalar().

#include "vibro/scalar/scalar_list.hpp"
#include "vibro/scalar/types.hpp"

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace vibro {

struct Precision {
  ScalarKind kind = ScalarKind::double_;
  long mpfr_digits = 0;  ///< decimal digits, only for ScalarKind::mpfr

  static constexpr long min_mpfr_digits = 10;
  static constexpr long max_mpfr_digits = 100000;

  /// Parses `double`, `long-double`, `float128`, `mpfr:DIGITS` or `rational`.
  /// Throws std::invalid_argument naming the allowed forms.
  static Precision parse(std::string_view text);

  /// A comma-separated list of the forms parse() takes, e.g. `double,mpfr:50` (`vibro run`
  /// compares the runs side by side). Throws std::invalid_argument for an empty item, an
  /// item parse() refuses, or two items naming the same precision (`mpfr:50,mpfr:050`).
  static std::vector<Precision> parse_list(std::string_view text);

  /// The canonical text, e.g. `mpfr:50`; parse(p.name()) == p.
  std::string name() const;

  friend bool operator==(const Precision&, const Precision&) = default;
};

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
