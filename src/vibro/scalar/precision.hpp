#pragma once
// The precision of a run: which scalar type, and for MPFR how many decimal digits.
// Parsed from `--precision` or a case file, set for the duration of a run by
// MpfrPrecisionGuard, and dispatched to a template instantiation by with_scalar().

#include "vibro/scalar/types.hpp"

#include <string>
#include <string_view>
#include <type_traits>

namespace vibro {

enum class ScalarKind { double_, long_double, float128, mpfr, rational };

struct Precision {
  ScalarKind kind = ScalarKind::double_;
  long mpfr_digits = 0;  ///< decimal digits, only for ScalarKind::mpfr

  static constexpr long min_mpfr_digits = 10;
  static constexpr long max_mpfr_digits = 100000;

  /// Parses `double`, `long-double`, `float128`, `mpfr:DIGITS` or `rational`.
  /// Throws std::invalid_argument naming the allowed forms.
  static Precision parse(std::string_view text);

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

/// Calls `f(std::type_identity<Real>{})` with the scalar type `p` names, with MPFR's
/// precision set for the duration of the call. All branches must return the same type.
template <class F>
decltype(auto) with_scalar(const Precision& p, F&& f) {
  switch (p.kind) {
    case ScalarKind::double_: return f(std::type_identity<double>{});
    case ScalarKind::long_double: return f(std::type_identity<long double>{});
    case ScalarKind::float128: return f(std::type_identity<float128>{});
    case ScalarKind::rational: return f(std::type_identity<rational>{});
    case ScalarKind::mpfr: break;
  }
  MpfrPrecisionGuard guard(p.mpfr_digits);
  return f(std::type_identity<mpfr_real>{});
}

}  // namespace vibro
