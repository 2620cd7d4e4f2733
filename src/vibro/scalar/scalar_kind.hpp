#pragma once
// The kinds of scalar type a run can have, and sets of them: what a scheme or a model can
// run in. Free of the types themselves (Boost.Multiprecision, GMP, MPFR), so that code that
// only names a precision — the scheme catalog, case files, outputs — does not compile them;
// scalar_list.hpp holds the one list of the types, in the order of ScalarKind.

#include <array>
#include <cstddef>
#include <initializer_list>
#include <string>
#include <string_view>

namespace vibro {

/// One value per type of ScalarTypes, in the same order.
enum class ScalarKind { double_, long_double, float128, mpfr, rational };

inline constexpr std::size_t scalar_kind_count = 5;

/// The name used in outputs, in `--precision` and in case files ("mpfr" alone: its
/// precision form is `mpfr:DIGITS`, see Precision).
constexpr std::string_view scalar_kind_name(ScalarKind kind) {
  constexpr std::array<std::string_view, scalar_kind_count> names = {"double", "long-double", "float128", "mpfr",
                                                                      "rational"};
  return names[static_cast<std::size_t>(kind)];
}

/// A set of scalar kinds: what a scheme or a model can run in. A literal type with public
/// data, so that it can be a template argument (ScalarTypesIn).
struct ScalarSet {
  unsigned bits = 0;  ///< bit i: ScalarKind i

  constexpr ScalarSet() = default;
  constexpr ScalarSet(std::initializer_list<ScalarKind> kinds) {
    for (const ScalarKind k : kinds) bits |= bit(k);
  }
  /// Every type of ScalarTypes.
  static constexpr ScalarSet all() {
    ScalarSet s;
    s.bits = (1u << scalar_kind_count) - 1;
    return s;
  }
  /// Every type but the exact one: what an algorithm that needs sin, cos, √ or a root
  /// finder can use.
  static constexpr ScalarSet floating() { return all().without(ScalarKind::rational); }

  constexpr bool contains(ScalarKind kind) const { return (bits & bit(kind)) != 0; }
  constexpr ScalarSet without(ScalarKind kind) const {
    ScalarSet s = *this;
    s.bits &= ~bit(kind);
    return s;
  }
  constexpr ScalarSet operator&(ScalarSet other) const {
    ScalarSet s;
    s.bits = bits & other.bits;
    return s;
  }
  constexpr bool operator==(const ScalarSet&) const = default;

  /// "double, long-double, float128, mpfr:DIGITS", in the order of ScalarTypes.
  std::string text() const {
    std::string out;
    for (std::size_t i = 0; i < scalar_kind_count; ++i) {
      const auto kind = static_cast<ScalarKind>(i);
      if (!contains(kind)) continue;
      if (!out.empty()) out += ", ";
      out += std::string(scalar_kind_name(kind)) + (kind == ScalarKind::mpfr ? ":DIGITS" : "");
    }
    return out;
  }

  static constexpr unsigned bit(ScalarKind kind) { return 1u << static_cast<unsigned>(kind); }
};

}  // namespace vibro
