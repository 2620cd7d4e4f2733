#pragma once
// The precision of a run: which scalar type, and for MPFR how many decimal digits.
// Parsed from `--precision` or a case file; set for the duration of a run by
// MpfrPrecisionGuard and dispatched to a template instantiation by with_scalar()
// (scalar/with_scalar.hpp), so that naming a precision does not compile the types.

#include "vibro/scalar/scalar_kind.hpp"

#include <string>
#include <string_view>
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

}  // namespace vibro
