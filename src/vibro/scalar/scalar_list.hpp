#pragma once
// The one list of scalar types (docs/architecture.md): `with_scalar`, the typed
// tests and the scheme registry all take their types from ScalarTypes, so a type added or
// removed here is added or removed everywhere. The order of the list is the order of
// ScalarKind, of `--precision`'s allowed forms and of every message that lists them.

#include "vibro/scalar/types.hpp"

#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <type_traits>

namespace vibro {

template <class... T>
struct TypeList {};

/// double, long double, IEEE binary128, MPFR at a run-time precision, exact GMP rational.
using ScalarTypes = TypeList<double, long double, float128, mpfr_real, rational>;

/// One value per type of ScalarTypes, in the same order.
enum class ScalarKind { double_, long_double, float128, mpfr, rational };

inline constexpr std::size_t scalar_kind_count = 5;

namespace detail {

template <class Real, class... T>
constexpr std::size_t index_in(TypeList<T...>) {
  constexpr bool matches[] = {std::is_same_v<Real, T>...};
  for (std::size_t i = 0; i < sizeof...(T); ++i)
    if (matches[i]) return i;
  return sizeof...(T);
}

template <class List>
struct Length;
template <class... T>
struct Length<TypeList<T...>> : std::integral_constant<std::size_t, sizeof...(T)> {};

}  // namespace detail

static_assert(detail::Length<ScalarTypes>::value == scalar_kind_count, "one ScalarKind per type of ScalarTypes");

/// The ScalarKind of a type of ScalarTypes.
template <class Real>
inline constexpr ScalarKind scalar_kind_of = [] {
  constexpr std::size_t i = detail::index_in<Real>(ScalarTypes{});
  static_assert(i < scalar_kind_count, "not a type of ScalarTypes");
  return static_cast<ScalarKind>(i);
}();

/// The name used in outputs, in `--precision` and in case files ("mpfr" alone: its
/// precision form is `mpfr:DIGITS`, see Precision).
constexpr std::string_view scalar_kind_name(ScalarKind kind) {
  constexpr std::array<std::string_view, scalar_kind_count> names = {"double", "long-double", "float128", "mpfr",
                                                                      "rational"};
  return names[static_cast<std::size_t>(kind)];
}

/// Calls `f(std::type_identity<Real>{})` for every type of ScalarTypes, in order.
template <class F>
constexpr void for_each_scalar(F&& f) {
  [&]<class... T>(TypeList<T...>) { (f(std::type_identity<T>{}), ...); }(ScalarTypes{});
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

namespace detail {

template <ScalarSet Set, class Kept, class Rest>
struct Filter;
template <ScalarSet Set, class... Kept>
struct Filter<Set, TypeList<Kept...>, TypeList<>> {
  using type = TypeList<Kept...>;
};
template <ScalarSet Set, class... Kept, class First, class... Rest>
struct Filter<Set, TypeList<Kept...>, TypeList<First, Rest...>> {
  using type = typename Filter<Set,
                               std::conditional_t<Set.contains(scalar_kind_of<First>), TypeList<Kept..., First>,
                                                  TypeList<Kept...>>,
                               TypeList<Rest...>>::type;
};

}  // namespace detail

/// The types of ScalarTypes whose kind is in `Set`, in the order of ScalarTypes.
template <ScalarSet Set>
using ScalarTypesIn = typename detail::Filter<Set, TypeList<>, ScalarTypes>::type;

}  // namespace vibro
