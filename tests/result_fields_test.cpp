// The findings sections declared in run/result_fields.hpp against their documentation: for each
// section, docs/schema/run.schema.json lists exactly its declared fields (a number or a list
// of numbers with its "_text" twin), requires exactly those always written (every field but
// an optional declared Absent::omitted), and docs/outputs.md has an entry for every field
// (written `name`). The expected sets come from the declarations, the one place the writers
// take the names from; the schema and the reference are what is checked.

#include "support/documented_fields.hpp"
#include "support/read_text.hpp"

#include "vibro/run/result_fields.hpp"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <filesystem>
#include <set>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

namespace {

using nlohmann::json;

/// What a section's declaration says its JSON object holds.
struct DeclaredKeys {
  std::set<std::string> properties;  ///< every key it may write, twins included
  std::set<std::string> required;    ///< the keys it always writes
  std::set<std::string> names;       ///< the declared names
};

template <class T>
constexpr bool is_number_or_numbers = std::is_same_v<T, vibro::NumberText> ||
                                      std::is_same_v<T, std::vector<vibro::NumberText>> ||
                                      std::is_same_v<T, std::optional<vibro::NumberText>>;

struct KeyCollector {
  DeclaredKeys& keys;
  template <class T>
  void operator()(const char* name, const T&, vibro::Absent absent) {
    keys.names.insert(name);
    keys.properties.insert(name);
    if constexpr (is_number_or_numbers<T>) keys.properties.insert(std::string(name) + "_text");
    const bool optional = requires(const T& x) { x.has_value(); };
    if (!optional || absent == vibro::Absent::null) keys.required.insert(name);
  }
};

template <class T>
DeclaredKeys declared_keys() {
  DeclaredKeys keys;
  KeyCollector collector{keys};
  T x{};
  vibro::visit_fields(collector, x);
  return keys;
}

const json& run_schema() {
  static const json schema =
      json::parse(vibro::testing::read_text(std::filesystem::path(VIBRO_SOURCE_DIR) / "docs/schema/run.schema.json"));
  return schema;
}

/// `node`, or the definition its "$ref" names ("#/$defs/NAME").
const json& resolved(const json& node) {
  const auto ref = node.find("$ref");
  if (ref == node.end()) return node;
  const std::string prefix = "#/$defs/";
  const std::string target = ref->get<std::string>();
  return run_schema().at("$defs").at(target.substr(prefix.size()));
}

/// The object schema at a path of property names below the run's findings ($defs/findings);
/// "[]" steps into an array's items.
const json& findings_schema(const std::vector<std::string>& path) {
  const json* at = &run_schema().at("$defs").at("findings");
  for (const std::string& step : path) at = &resolved(step == "[]" ? at->at("items") : at->at("properties").at(step));
  return *at;
}

std::set<std::string> keys_of(const json& object) {
  std::set<std::string> keys;
  for (const auto& [key, value] : object.items()) keys.insert(key);
  return keys;
}

std::set<std::string> strings_of(const json& list) {
  std::set<std::string> out;
  for (const json& s : list) out.insert(s.get<std::string>());
  return out;
}

/// Where each declared section's object is in the findings' schema; the fields of
/// CorrectedCounters, ConservativeFindings and ReferenceFindings sit beside the run's other
/// findings (an empty path). A section added to DeclaredSections
/// without a path here does not compile.
std::vector<std::string> schema_path(std::type_identity<vibro::Escape>) { return {"escaped"}; }
std::vector<std::string> schema_path(std::type_identity<vibro::ProjectionActivity>) { return {"projection_active"}; }
std::vector<std::string> schema_path(std::type_identity<vibro::CorrectedCounters>) { return {}; }
std::vector<std::string> schema_path(std::type_identity<vibro::EnergyRecord>) { return {"energy"}; }
std::vector<std::string> schema_path(std::type_identity<vibro::Example51Comparison>) { return {"example51"}; }
std::vector<std::string> schema_path(std::type_identity<vibro::ConservativeFindings>) { return {}; }
std::vector<std::string> schema_path(std::type_identity<vibro::ReferenceEventText>) { return {"events", "[]"}; }
std::vector<std::string> schema_path(std::type_identity<vibro::StickingInterval>) {
  return {"sticking_intervals", "[]"};
}
std::vector<std::string> schema_path(std::type_identity<vibro::ReferenceSettingsText>) { return {"settings"}; }
std::vector<std::string> schema_path(std::type_identity<vibro::ReferenceFindings>) { return {}; }
std::vector<std::string> schema_path(std::type_identity<vibro::CoordinateRecord>) {
  return {"system", "coordinates", "[]"};
}
std::vector<std::string> schema_path(std::type_identity<vibro::SystemFindings>) { return {"system"}; }
std::vector<std::string> schema_path(std::type_identity<vibro::InertiaFindings>) { return {"inertia"}; }

template <class F>
void for_each_section(F&& f) {
  [&]<class... Section>(std::type_identity<std::tuple<Section...>>) {
    (f(std::type_identity<Section>{}), ...);
  }(std::type_identity<vibro::DeclaredSections>{});
}

/// A section written as its own object: the schema lists exactly its keys and requires
/// exactly those always written, and admits no other. A section written into the findings
/// object: each of its keys is a property there.
TEST(ResultFields, EachSectionsSchemaHoldsExactlyItsDeclaredFields) {
  for_each_section([]<class Section>(std::type_identity<Section> section) {
    const DeclaredKeys keys = declared_keys<Section>();
    const std::vector<std::string> path = schema_path(section);
    const json& schema = findings_schema(path);
    const std::string where = path.empty() ? "findings" : path.front();
    if (path.empty()) {
      const std::set<std::string> findings = keys_of(schema.at("properties"));
      for (const std::string& key : keys.properties) EXPECT_TRUE(findings.contains(key)) << key << " in " << where;
      return;
    }
    EXPECT_EQ(keys_of(schema.at("properties")), keys.properties) << where;
    EXPECT_EQ(strings_of(schema.value("required", json::array())), keys.required) << where;
    EXPECT_EQ(schema.value("additionalProperties", true), false) << where << " admits no other key";
  });
}

TEST(ResultFields, EveryDeclaredFieldHasAnEntryInOutputsMd) {
  const std::string reference = vibro::testing::outputs_reference();
  for_each_section([&]<class Section>(std::type_identity<Section>) {
    for (const std::string& name : declared_keys<Section>().names)
      EXPECT_TRUE(vibro::testing::documented(reference, name)) << "`" << name << "` has no entry in docs/outputs.md";
  });
}

}  // namespace
