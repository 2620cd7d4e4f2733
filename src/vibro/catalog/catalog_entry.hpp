#pragma once
// How a registry entry (catalog/scheme_entry.hpp) becomes a SchemeInfo of the scheme catalog
// (case/scheme_catalog.hpp): its description and the checks of its [scheme] table, with its
// shape checked against vibro::Scheme on every model it declares. Included by
// catalog/scheme_catalog.cpp only; nothing here instantiates a run.

#include "vibro/case/case_spec.hpp"
#include "vibro/binding/model_binding.hpp"
#include "vibro/case/scheme_catalog.hpp"
#include "vibro/catalog/scheme_entry.hpp"

#include <string_view>
#include <utility>

namespace vibro {

namespace detail {

/// The entry's scheme at double on model kind K satisfies the Scheme concept (checked at
/// compile time for every model kind the entry declares).
template <class E, ModelKind K>
constexpr bool shaped() {
  if constexpr (E::models.contains(K)) return Scheme<typename E::template scheme_type<ModelOfKind<K, double>>>;
  else return true;
}

template <class E, std::size_t... I>
constexpr bool shaped_on_every_model(std::index_sequence<I...>) {
  return (shaped<E, model_kinds[I]>() && ...);
}

/// The first kind of model_kinds that entry E runs on.
template <class E>
consteval ModelKind first_model_of() {
  for (const ModelKind kind : model_kinds)
    if (E::models.contains(kind)) return kind;
  throw "a registry entry runs on at least one model";
}

template <class E>
DeclaredOrders declared_orders_of() {
  static_assert(shaped_on_every_model<E>(std::make_index_sequence<model_kinds.size()>{}),
                "every scheme of the catalog satisfies vibro::Scheme on every model it declares");
  // The declared orders are a property of the scheme, not of the model: take them from the
  // first model the entry runs on.
  return E::template scheme_type<ModelOfKind<first_model_of<E>(), double>>::declared_orders;
}

}  // namespace detail

/// The catalog's description of entry E.
template <class E>
SchemeInfo catalog_info() {
  static_assert(SchemeEntry<E>, "a registry entry must provide what catalog/scheme_entry.hpp lists");
  SchemeInfo info;
  for (const std::string_view name : E::names) info.names.emplace_back(name);
  info.display_name = E::display_name;
  info.study_note = E::study_note;
  info.models = E::models;
  info.scalars = E::scalars;
  if constexpr (requires { E::study_scalars; }) info.study_scalars = E::study_scalars;
  else info.study_scalars = E::scalars;
  info.has_step = E::has_step;
  for (const std::string_view key : E::option_keys) info.option_keys.emplace_back(key);
  info.declared_orders = detail::declared_orders_of<E>();
  info.options = [](const CaseSpec& c) { return E::describe(E::options(c.scheme, OptionFailure{c.file})); };
  info.validate = [](const CaseSpec& c) { E::validate(c); };
  info.lyapunov_method = [](const LyapunovSpec& spec) { return E::lyapunov_method(spec); };
  return info;
}

}  // namespace vibro
