#pragma once
// The JSON writer of every declared section (results/declared_fields.hpp): each field under its
// name, a number with its text twin as JsonNumbers says (io/json_number.hpp). Included by
// io/result_json.cpp for the outputs of `vibro` and by the report for its own tables.

#include "vibro/io/json_number.hpp"
#include "vibro/results/declared_fields.hpp"
#include "vibro/scheme/error_metric.hpp"

#include <nlohmann/json.hpp>

#include <concepts>
#include <string>
#include <type_traits>
#include <vector>

namespace vibro {

struct ModelDescription;   // results/run_result.hpp
struct Parameter;          // results/run_result.hpp
struct SchemeDescription;  // results/run_result.hpp
struct RunningSample;      // results/lyapunov_result.hpp
struct RelationMeasure;    // results/published_check_result.hpp
struct Precision;          // scalar/precision.hpp

// Values shaped unlike a declared section, each written by its own function
// (io/result_json.cpp): those keyed by their own names (a model's parameters, the initial
// values, a scheme's options, a relation's measures), the compact running samples, a
// precision by its name.
nlohmann::json shaped_json(const ModelDescription& model, const JsonNumbers& n);
nlohmann::json shaped_json(const std::vector<Parameter>& initial, const JsonNumbers& n);
nlohmann::json shaped_json(const SchemeDescription& scheme, const JsonNumbers& n);
nlohmann::json shaped_json(const std::vector<RunningSample>& samples, const JsonNumbers& n);
nlohmann::json shaped_json(const std::vector<RelationMeasure>& measures, const JsonNumbers& n);
nlohmann::json shaped_json(const Precision& precision, const JsonNumbers& n);

/// A list of these is written element by element (plain() below); any other list, and a map,
/// as nlohmann::json writes it.
template <class T>
concept WrittenByElement = DeclaredResult<const T> || std::is_enum_v<T> || requires(const T& x) { x.has_value(); };

/// Writes each field it visits as null.
struct NullFields {
  nlohmann::json& out;
  void operator()(const char* name, const auto&, FieldUse use) {
    if (use.written) out[name] = nullptr;
  }
};

/// Writes the fields of a declared section under their names: a
/// number with its text twin (JsonNumbers), a list of numbers likewise, a summary to a few
/// digits as a bare number, a declared section as an object (or inline, beside the
/// enclosing one's fields), a list of them as an array and a map of them as an object, a
/// value per metric as an object keyed by the metrics' names (an absent one null), an
/// enumerator by its name, a shaped value by its shaped_json, an empty optional as null or
/// not at all, as declared; a field not written on this object (When) not at all.
class DeclaredFieldWriter {
 public:
  DeclaredFieldWriter(nlohmann::json& out, const JsonNumbers& n) : out_(out), n_(n) {}

  template <class T>
  void operator()(const char* name, const T& x, FieldUse use) {
    if (!use.written) return;
    if constexpr (std::same_as<T, std::string>) {
      if (use.digits != all_digits) {
        JsonNumbers(false).put(out_, name, NumberText{x});
        return;
      }
    }
    if constexpr (std::same_as<T, NumberText>) {
      n_.put(out_, name, x);
    } else if constexpr (std::same_as<T, std::vector<NumberText>>) {
      n_.put_list(out_, name, x);
    } else if constexpr (DeclaredResult<const T>) {
      if (inline_section(use.absent)) visit_fields(*this, x);
      else out_[name] = section(x);
    } else if constexpr (requires { shaped_json(x, n_); }) {
      out_[name] = shaped_json(x, n_);
    } else if constexpr (requires { requires DeclaredResult<const typename T::mapped_type>; }) {
      nlohmann::json object = nlohmann::json::object();
      for (const auto& [key, value] : x) object[key] = section(value);
      out_[name] = std::move(object);
    } else if constexpr (is_per_metric<T>) {
      nlohmann::json object = nlohmann::json::object();
      DeclaredFieldWriter inner(object, n_);
      for (const ErrorMetric m : error_metrics)
        inner(std::string(vibro::name(m)).c_str(), x[index_of(m)], FieldUse{.absent = Absent::null});
      out_[name] = std::move(object);
    } else if constexpr (requires { x.has_value(); }) {
      if constexpr (requires { requires DeclaredResult<const typename T::value_type>; }) {
        if (inline_section(use.absent)) {
          if (x) visit_fields(*this, *x);
          else if (use.absent == Absent::inline_nulls) inline_nulls<typename T::value_type>();
          return;
        }
      }
      if (x) (*this)(name, *x, use);
      else if (use.absent == Absent::null) out_[name] = nullptr;
    } else if constexpr (requires { typename T::value_type; requires WrittenByElement<typename T::value_type>; }) {
      nlohmann::json list = nlohmann::json::array();
      for (const auto& element : x) list.push_back(plain(element));
      out_[name] = std::move(list);
    } else {
      out_[name] = plain(x);
    }
  }

 private:
  /// A value without a text twin: a declared section, an enumerator's name, null for an
  /// empty optional, or the value itself (a count, a flag, a name, a list of them).
  template <class T>
  nlohmann::json plain(const T& x) const {
    if constexpr (DeclaredResult<const T>) return section(x);
    else if constexpr (std::is_enum_v<T>) return to_string(x);
    else if constexpr (requires { x.has_value(); }) return x ? plain(*x) : nlohmann::json(nullptr);
    else return x;
  }
  /// A section that says how its numbers are twinned (own_twins: one computed at a precision
  /// of its own, a row of a table of runs at several) twins them so.
  nlohmann::json section(const auto& x) const {
    nlohmann::json object = nlohmann::json::object();
    if constexpr (requires { own_twins(x); }) {
      const JsonNumbers own(own_twins(x));
      DeclaredFieldWriter inner(object, own);
      visit_fields(inner, x);
    } else {
      DeclaredFieldWriter inner(object, n_);
      visit_fields(inner, x);
    }
    return object;
  }
  /// Each field of an absent section of type S, null, beside the enclosing section's fields.
  template <class S>
  void inline_nulls() {
    NullFields nulls{out_};
    const S none{};
    visit_fields(nulls, none);
  }
  nlohmann::json& out_;
  const JsonNumbers& n_;
};

/// A declared section's fields into `out`.
inline void put_declared(nlohmann::json& out, const auto& section, const JsonNumbers& n) {
  DeclaredFieldWriter writer(out, n);
  visit_fields(writer, section);
}

/// A declared section as an object.
inline nlohmann::json declared_json(const auto& section, const JsonNumbers& n) {
  nlohmann::json out = nlohmann::json::object();
  put_declared(out, section, n);
  return out;
}

/// A declared output with its layout's version.
inline nlohmann::json versioned_json(const auto& output, const JsonNumbers& n, int version) {
  nlohmann::json out = declared_json(output, n);
  out["schema_version"] = version;
  return out;
}

}  // namespace vibro
