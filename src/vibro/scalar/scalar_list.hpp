#pragma once
// The one list of scalar types (docs/architecture.md): `with_scalar`, the typed
// tests and the scheme registry all take their types from ScalarTypes, so a type added or
// removed here is added or removed everywhere. The order of the list is the order of
// ScalarKind, of `--precision`'s allowed forms and of every message that lists them.

#include "vibro/scalar/scalar_kind.hpp"
#include "vibro/scalar/types.hpp"

#include <cstddef>
#include <type_traits>

namespace vibro {

template <class... T>
struct TypeList {};

/// double, long double, IEEE binary128, MPFR at a run-time precision, exact GMP rational: the
/// types written once, as X(A, T) for each type T, so that ScalarTypes below and the per-type
/// declarations of the scheme entries' units (VIBRO_ENTRY_IN_UNITS_PER_TYPE,
/// catalog/entry_runners.hpp) and of the numerics compiled once per type
/// (VIBRO_COMPILED_ONCE_PER_FLOATING_TYPE), which must be macros, are made from this one list.
/// The floating types are the list without the exact rationals: the types with square roots,
/// sines and exponentials.
#define VIBRO_FLOATING_SCALAR_TYPES(X, A) \
  X(A, double)                            \
  X(A, long double)                       \
  X(A, ::vibro::float128)                 \
  X(A, ::vibro::mpfr_real)
#define VIBRO_SCALAR_TYPES(X, A) VIBRO_FLOATING_SCALAR_TYPES(X, A) X(A, ::vibro::rational)

/// Declares the class template `Template` compiled elsewhere for every floating type: the
/// numerics library compiles it once per type (reference/vibro/reference/compiled_in_type.cpp.in),
/// so that the many units that use it (the catalog's entries, the references' callers, the tests)
/// do not generate its code again. Its inline members may still be inlined where they are used.
/// Written inside namespace vibro, after the template's definition.
#define VIBRO_EXTERN_CLASS_TEMPLATE_IN(Template, T) extern template class Template<T>;
#define VIBRO_COMPILED_ONCE_PER_FLOATING_TYPE(Template) \
  VIBRO_FLOATING_SCALAR_TYPES(VIBRO_EXTERN_CLASS_TEMPLATE_IN, Template)
/// The same for a class template over a model: Template<Model<T>> for every floating type T.
#define VIBRO_COMPILED_ONCE_PER_FLOATING_MODEL(Template, Model) \
  VIBRO_FLOATING_SCALAR_TYPES(VIBRO_EXTERN_CLASS_TEMPLATE_OF_MODEL_IN, (Template, Model))
#define VIBRO_EXTERN_CLASS_TEMPLATE_OF_MODEL_IN(TemplateAndModel, T) \
  VIBRO_EXTERN_CLASS_TEMPLATE_OF_MODEL(VIBRO_FIRST_OF_TWO TemplateAndModel, VIBRO_SECOND_OF_TWO TemplateAndModel, T)
#define VIBRO_EXTERN_CLASS_TEMPLATE_OF_MODEL(Template, Model, T) extern template class Template<Model<T>>;
#define VIBRO_FIRST_OF_TWO(a, b) a
#define VIBRO_SECOND_OF_TWO(a, b) b

namespace detail {

template <class List>
struct WithoutFirst;
template <class First, class... Rest>
struct WithoutFirst<TypeList<First, Rest...>> {
  using type = TypeList<Rest...>;
};

}  // namespace detail

#define VIBRO_SCALAR_TYPE_AFTER_COMMA(A, T) , T
using ScalarTypes = detail::WithoutFirst<TypeList<void VIBRO_SCALAR_TYPES(VIBRO_SCALAR_TYPE_AFTER_COMMA, ~)>>::type;
#undef VIBRO_SCALAR_TYPE_AFTER_COMMA

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

namespace detail {

template <std::size_t I, class List>
struct TypeAt;
template <class First, class... Rest>
struct TypeAt<0, TypeList<First, Rest...>> {
  using type = First;
};
template <std::size_t I, class First, class... Rest>
struct TypeAt<I, TypeList<First, Rest...>> : TypeAt<I - 1, TypeList<Rest...>> {};

}  // namespace detail

/// The type of ScalarTypes of kind K.
template <ScalarKind K>
using scalar_of_kind = typename detail::TypeAt<static_cast<std::size_t>(K), ScalarTypes>::type;

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
