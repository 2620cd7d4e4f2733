#pragma once
// How a result section declares its fields once (results/declared_sections.hpp declares those of the
// outputs of `vibro`; report/report_fields.hpp those of the report's own tables): each field's
// name in every output, its member, and how it is written. A declaration is a tuple, known at
// compile time, of
// - Field{name, pointer to member, Absent, digits}: a stored value;
// - When{name, pointer to member, condition, Absent}: a stored value written only on the objects the
//   condition holds for (a state's `u` on a 1-DOF state, its `q` on an N-DOF one);
// - Shown{name, function, Absent}: a value every output shows, computed from the stored ones
//   (the archive skips it); ShownWhen{name, function, condition}: one shown on some objects
//   only;
// - NotInJson{pointer to member}: a stored value the text and the report show and no JSON
//   output writes (a published value as printed, beside the number JSON gives).
// visit_fields(v, x) calls v(name, value, use) for each, in declared order, `use` saying how
// it is written (FieldUse); visit_members(v, x) for the stored ones alone (the member const or
// not, as x is). all_members_declared<T> holds when every member of T is declared, so a
// member added to a struct and not to its declaration fails a static_assert.

#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>

namespace vibro {

/// How a field that is an empty optional appears in JSON: as null, or not at all. An optional
/// declared section may instead be written inline, its fields beside the enclosing section's
/// own: when it is absent, each of its fields null (`inline_nulls`) or none of them
/// (`inline_omitted`).
enum class Absent { null, omitted, inline_nulls, inline_omitted };

/// Whether a field of this kind is written inline.
constexpr bool inline_section(Absent absent) { return absent == Absent::inline_nulls || absent == Absent::inline_omitted; }

/// The significant digits of a number written in full: every digit of its type, with the
/// text twin that keeps them (io/json_number.hpp).
inline constexpr int all_digits = 0;

/// One declared field: its name in every output and its member. `digits`: all_digits, or n
/// for a summary to n significant digits (a difference, an error estimate), written as a
/// bare number without a twin.
template <class Struct, class Member>
struct Field {
  const char* name;
  Member Struct::*member;
  Absent absent = Absent::omitted;  ///< for an optional member
  int digits = all_digits;
};

/// A stored field written only on the objects `applies` holds for.
template <class Struct, class Member>
struct When {
  const char* name;
  Member Struct::*member;
  bool (*applies)(const Struct&);
  Absent absent = Absent::omitted;  ///< for an optional member, on the objects it applies to
};

/// A value shown under `name` in every output, computed from the section's stored fields.
template <class Struct, class Value>
struct Shown {
  const char* name;
  Value (*compute)(const Struct&);
  Absent absent = Absent::omitted;  ///< for an optional value
};

/// A stored member no JSON output writes.
template <class Struct, class Member>
struct NotInJson {
  Member Struct::*member;
};

/// A value shown under `name` on the objects `applies` holds for, computed from the stored fields.
template <class Struct, class Value>
struct ShownWhen {
  const char* name;
  Value (*compute)(const Struct&);
  bool (*applies)(const Struct&);
};

/// What a visitor learns of a field besides its name and value.
struct FieldUse {
  Absent absent = Absent::omitted;  ///< how an empty optional appears
  int digits = all_digits;          ///< all_digits, or the digits of a summary
  bool conditional = false;         ///< declared with When: written on some objects only
  bool written = true;              ///< written on this object
};

/// A struct whose fields are declared above (const or not).
template <class T>
concept DeclaredResult = requires {
  declared_fields(std::type_identity<std::remove_const_t<T>>{});
};

/// Calls v(name, value, use) for each declared field of `x`, shown ones included, in declared
/// order: what every output writes (a field with `use.written` false excepted).
template <class V, DeclaredResult T>
constexpr void visit_fields(V& v, T& x) {
  const auto visit = [&]<class Declared>(const Declared& field) {
    if constexpr (!requires { field.name; })
      return;  // NotInJson
    else if constexpr (requires { field.member; field.applies; })
      v(field.name, x.*(field.member),
        FieldUse{.absent = field.absent, .conditional = true, .written = field.applies(x)});
    else if constexpr (requires { field.member; })
      v(field.name, x.*(field.member), FieldUse{.absent = field.absent, .digits = field.digits});
    else if constexpr (requires { field.applies; })
      v(field.name, field.compute(x), FieldUse{.conditional = true, .written = field.applies(x)});
    else
      v(field.name, field.compute(x), FieldUse{.absent = field.absent});
  };
  std::apply([&](const auto&... field) { (visit(field), ...); },
             declared_fields(std::type_identity<std::remove_const_t<T>>{}));
}

/// Calls v(name, member) for each stored field of `x`, in declared order: what the archive
/// keeps.
template <class V, DeclaredResult T>
constexpr void visit_members(V& v, T& x) {
  const auto visit = [&]<class Declared>(const Declared& field) {
    if constexpr (requires { field.member; field.name; }) v(field.name, x.*(field.member));
    else if constexpr (requires { field.member; }) v("", x.*(field.member));  // NotInJson
  };
  std::apply([&](const auto&... field) { (visit(field), ...); },
             declared_fields(std::type_identity<std::remove_const_t<T>>{}));
}

namespace result_fields_detail {

/// Converts to any member type: counts an aggregate's members by how many it takes.
struct AnyMember {
  template <class T>
  operator T() const;  // only named in unevaluated contexts
};

template <class T, class... Members>
consteval std::size_t member_count() {
  if constexpr (requires { T{std::declval<Members>()..., AnyMember{}}; })
    return member_count<T, Members..., AnyMember>();
  else
    return sizeof...(Members);
}

}  // namespace result_fields_detail

/// Every member declared: a member added to the struct and not to its declaration fails here.
template <class T>
inline constexpr bool all_members_declared =
    std::apply([](const auto&... field) { return (std::size_t{0} + ... + (requires { field.member; } ? 1 : 0)); },
               declared_fields(std::type_identity<T>{})) == result_fields_detail::member_count<T>();

}  // namespace vibro
