#include "vibro/io/result_json.hpp"

#include "vibro/io/declared_json.hpp"
#include "vibro/io/json_number.hpp"
#include "vibro/support/input_error.hpp"
#include "vibro/results/orbit_result_fields.hpp"
#include "vibro/results/declared_sections.hpp"
#include "vibro/scalar/parse_exact.hpp"
#include "vibro/scalar/rounded_from_rational.hpp"

#include <nlohmann/json.hpp>

namespace vibro {
namespace {

using nlohmann::json;

/// A number of the input as written (a case-file value): a number, with its text as a twin.
void put_written(json& out, const std::string& key, const std::string& written, const JsonNumbers& n) {
  n.put(out, key, NumberText{written});
}

/// Reads the stored fields of a section declared in results/declared_sections.hpp from the object
/// `in`, each under its name: a string, a count or a number as itself, a declared section
/// from its object, a list of them from an array. A missing or mistyped field throws the
/// nlohmann::json::exception that names it.
class DeclaredFieldReader {
 public:
  explicit DeclaredFieldReader(const json& in) : in_(in) {}

  template <class T>
  void operator()(const char* name, T& member) {
    read(in_.at(name), member);
  }

 private:
  template <class T>
  static void read(const json& j, T& x) {
    if constexpr (DeclaredResult<T>) {
      DeclaredFieldReader inner(j);
      visit_members(inner, x);
    } else if constexpr (requires { requires DeclaredResult<typename T::value_type>; }) {
      x.clear();
      for (const json& element : j.get_ref<const json::array_t&>()) read(element, x.emplace_back());
    } else {
      x = j.get<T>();
    }
  }
  const json& in_;
};

}  // namespace

json to_json(const OrbitListing& listing) {
  return versioned_json(listing, JsonNumbers(listing.precision.kind != ScalarKind::double_), schema_version::orbits);
}

json to_json(const OrbitProofListing& listing) {
  return versioned_json(listing, JsonNumbers(false), schema_version::orbit_proofs);
}

json to_json(const EnclosedReference& enclosure) {
  return versioned_json(enclosure, JsonNumbers(false), schema_version::enclosure);
}

json to_json(const CaseListing& listing) { return versioned_json(listing, JsonNumbers(false), schema_version::list); }

json to_json(const SweepHeader& header) {
  json out = versioned_json(header, JsonNumbers(false), schema_version::sweep);
  out["kind"] = "sweep";
  return out;
}

json to_json(const SweepSummary& summary) {
  return versioned_json(summary, JsonNumbers(false), schema_version::sweep_summary);
}

json to_json(const PrecisionDifferences& differences) { return declared_json(differences, JsonNumbers(false)); }

json to_json(const SchemeListing& listing) {
  return versioned_json(listing, JsonNumbers(false), schema_version::schemes);
}

namespace {

/// A model parameter of one text: a number as written (put_written); the exact root of a
/// physical case's conversion, "sqrt(P/Q)" (root_text), as the correctly rounded double with
/// that text as its twin in every precision, the decimal not being the value; anything else
/// (the time scale "tau = omega0 t") as its text.
void put_parameter(json& out, const std::string& key, const std::string& text, const JsonNumbers& n) {
  constexpr std::string_view root = "sqrt(";
  if (text.starts_with(root) && text.ends_with(')')) {
    if (const auto q = parse_exact(text.substr(root.size(), text.size() - root.size() - 1))) {
      out[key] = rounded_sqrt_of_rational<double>(*q, key);
      out[key + "_text"] = text;
      return;
    }
  }
  if (parse_exact(text)) put_written(out, key, text, n);
  else out[key] = text;
}

}  // namespace

/// `model`: its type and each parameter under its key.
json shaped_json(const ModelDescription& model, const JsonNumbers& n) {
  json out = {{"type", model.type}};
  for (const auto& p : model.parameters) {
    if (p.texts.size() == 1 && !p.list) {
      put_parameter(out, p.key, p.texts[0], n);
    } else {
      std::vector<NumberText> texts;
      for (const auto& t : p.texts) texts.push_back({t});
      n.put_list(out, p.key, texts);
    }
  }
  return out;
}

/// `initial`: each value under its key, a list for an N-DOF system's coordinates.
json shaped_json(const std::vector<Parameter>& initial, const JsonNumbers& n) {
  json out = json::object();
  for (const Parameter& p : initial) {
    if (!p.list) {
      put_written(out, p.key, p.texts.front(), n);
      continue;
    }
    std::vector<NumberText> texts;
    for (const auto& t : p.texts) texts.push_back({t});
    n.put_list(out, p.key, texts);
  }
  return out;
}

/// `running_samples`: each as [k, λ1, λ2], compact for its ~300 points.
json shaped_json(const std::vector<RunningSample>& samples, const JsonNumbers&) {
  json out = json::array();
  for (const RunningSample& s : samples) out.push_back({s.k, s.lambda1, s.lambda2});
  return out;
}

/// A relation's `measures`: each value under its name.
json shaped_json(const std::vector<RelationMeasure>& measures, const JsonNumbers&) {
  json out = json::object();
  for (const RelationMeasure& measure : measures) out[measure.name] = measure.value;
  return out;
}

/// A precision by its name, as --precision takes it.
json shaped_json(const Precision& precision, const JsonNumbers&) { return precision.name(); }

/// `scheme`: its type, each option under its name and the step as written.
json shaped_json(const SchemeDescription& scheme, const JsonNumbers&) {
  json out = {{"type", scheme.type}};
  for (const auto& [key, value] : scheme.options) out[key] = value;
  if (scheme.step) out["step"] = *scheme.step;
  if (scheme.external) out["external"] = true;
  return out;
}

json to_json(const SweepPointResult& point) {
  return declared_json(point, JsonNumbers(point.precision && point.precision->kind != ScalarKind::double_));
}

json to_json(const RunResult& r, bool with_samples) {
  json out = versioned_json(r, JsonNumbers::for_significand_bits(r.provenance.precision.significand_bits),
                            schema_version::run);
  if (!with_samples) {
    out["run"].erase("samples");
    if (out.contains("sweep"))
      for (json& point : out["sweep"]) point["run"].erase("samples");
  }
  return out;
}

json to_json(const LyapunovResult& r) {
  return versioned_json(r, JsonNumbers::for_significand_bits(r.provenance.precision.significand_bits),
                        schema_version::lyapunov);
}

json to_json(const CheckResult& r) {
  // Every number a JSON number (doubles print round-trip); a published value also keeps its
  // digits as printed.
  return versioned_json(r, JsonNumbers(false), CheckResult::schema_version);
}

json to_json(const LyapunovGolden& g) { return declared_json(g, JsonNumbers(false)); }

LyapunovGolden golden_from_json(const json& j, const std::string& file) {
  try {
    LyapunovGolden g;
    DeclaredFieldReader reader(j);
    visit_members(reader, g);
    return g;
  } catch (const json::exception& error) {
    throw InputError(file, "", std::string("not a computed Lyapunov golden: ") + error.what());
  }
}

}  // namespace vibro
