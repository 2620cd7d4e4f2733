#pragma once
// The fields of `vibro list` (results/listing_result.hpp).

#include "vibro/results/declared_fields.hpp"
#include "vibro/results/listing_result.hpp"

#include <array>
#include <string>
#include <tuple>
#include <type_traits>

namespace vibro {

// One element of `cases` of `vibro list --json`.
constexpr auto declared_fields(std::type_identity<ListedCase>) {
  return std::tuple{Field{"name", &ListedCase::name},           Field{"file", &ListedCase::file},
                    Field{"model", &ListedCase::model},         Field{"scheme", &ListedCase::scheme},
                    Field{"precision", &ListedCase::precision}, Field{"description", &ListedCase::description}};
}

// `vibro list --json`; io/result_json.cpp adds the layout's `schema_version`.
constexpr auto declared_fields(std::type_identity<CaseListing>) {
  return std::tuple{Field{"cases", &CaseListing::cases}};
}

// A declared order, a value of a listed scheme's `declared_orders`.
constexpr auto declared_fields(std::type_identity<DeclaredOrder>) {
  return std::tuple{Field{"order", &DeclaredOrder::order}, Field{"sharp", &DeclaredOrder::sharp},
                    Field{"source", &DeclaredOrder::source}};
}

// One element of `schemes` of `vibro list --schemes --json`.
constexpr auto declared_fields(std::type_identity<ListedScheme>) {
  using S = ListedScheme;
  return std::tuple{Field{"names", &S::names},       Field{"display_name", &S::display_name},
                    Field{"models", &S::models},     Field{"precisions", &S::precisions},
                    Field{"options", &S::options},   Field{"has_step", &S::has_step},
                    Field{"declared_orders", &S::declared_orders}};
}

// `vibro list --schemes --json`; io/result_json.cpp adds the layout's `schema_version`.
constexpr auto declared_fields(std::type_identity<SchemeListing>) {
  return std::tuple{Field{"schemes", &SchemeListing::schemes}};
}

}  // namespace vibro
