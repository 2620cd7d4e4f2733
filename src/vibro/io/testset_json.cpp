#include "vibro/io/testset_json.hpp"

#include "vibro/io/json_number.hpp"
#include "vibro/scalar/number_text_of.hpp"
#include "vibro/support/input_error.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <utility>

namespace vibro {

namespace {

constexpr int testset_schema_version = 1;

const char* exactness_name(Exactness e) {
  return e == Exactness::exact ? "exact" : e == Exactness::to_rounding ? "to_rounding" : "not_exact";
}

nlohmann::json digits_json(const std::optional<CorrectDigits>& d) {
  if (!d) return nullptr;
  return {{"digits", d->digits}, {"at_least", d->at_cap}, {"exactness", exactness_name(d->exactness)}};
}

nlohmann::json score_json(const TestsetScore& s) {
  nlohmann::json out = {{"h", s.h},
                        {"steps", s.steps},
                        {"reached_horizon", s.reached_horizon},
                        {"state", digits_json(s.state)},
                        {"impact_times", digits_json(s.impact_times)},
                        {"impacts_seen", s.impacts_seen},
                        {"impacts_reference", s.impacts_reference ? nlohmann::json(*s.impacts_reference) : nullptr},
                        {"seconds", s.seconds ? nlohmann::json(*s.seconds) : nullptr}};
  if (s.tolerance) out["tolerance"] = *s.tolerance;
  if (s.evaluations) out["evaluations"] = *s.evaluations;
  const JsonNumbers numbers(true);  // texts as given, whatever the run's type: a score reader wants both
  numbers.put(out, "h_value", s.h_value);
  numbers.put(out, "end_time", s.end_time);
  return out;
}

}  // namespace

nlohmann::json to_json(const TestsetRunResult& result) {
  nlohmann::json pairs = nlohmann::json::array();
  for (const TestsetPair& p : result.pairs) {
    nlohmann::json scores = nlohmann::json::array();
    for (const TestsetScore& s : p.scores) scores.push_back(score_json(s));
    pairs.push_back({{"problem", p.problem},
                     {"title", p.title},
                     {"scheme", p.scheme},
                     {"precision", p.precision},
                     {"study_reference", p.reference},
                     {"failure", p.failure ? nlohmann::json(*p.failure) : nullptr},
                     {"scores", scores}});
    if (!p.stored.empty()) pairs.back()["stored"] = p.stored;
  }
  nlohmann::json refused = nlohmann::json::array();
  for (const TestsetRefusal& r : result.refused)
    refused.push_back({{"problem", r.problem}, {"scheme", r.scheme}, {"reason", r.reason}});
  return {{"schema_version", testset_schema_version},
          {"kind", "testset-run"},
          {"vibro_version", VIBRO_VERSION},
          {"pairs", pairs},
          {"refused", refused}};
}

nlohmann::json to_json(const std::vector<TestsetListing>& listing) {
  nlohmann::json problems = nlohmann::json::array();
  for (const TestsetListing& l : listing)
    problems.push_back({{"id", l.id},
                        {"title", l.title},
                        {"model", l.model},
                        {"origin", l.origin},
                        {"stresses", l.stresses},
                        {"file", l.file},
                        {"schemes", l.schemes}});
  return {{"schema_version", testset_schema_version},
          {"kind", "testset-list"},
          {"vibro_version", VIBRO_VERSION},
          {"problems", problems}};
}

namespace {

/// The reader's view of one document: a missing or mistyped key is an InputError naming the file.
struct TestsetJsonReader {
  const std::string& file;

  [[noreturn]] void fail(const std::string& why) const {
    throw InputError(file, "", "not a document of `vibro testset run --json`: " + why);
  }
  const nlohmann::json& at(const nlohmann::json& j, const char* key) const {
    if (!j.is_object() || !j.contains(key)) fail("no key '" + std::string(key) + "'");
    return j.at(key);
  }
  template <class T>
  T get(const nlohmann::json& j, const char* key) const {
    try {
      return at(j, key).get<T>();
    } catch (const nlohmann::json::type_error&) {
      fail("key '" + std::string(key) + "' has the wrong type");
    }
  }
  std::optional<CorrectDigits> digits(const nlohmann::json& j) const {
    if (j.is_null()) return std::nullopt;
    CorrectDigits d{get<double>(j, "digits"), get<bool>(j, "at_least"), Exactness::not_exact};
    const std::string e = j.contains("exactness") ? get<std::string>(j, "exactness") : "not_exact";
    if (e == "exact") d.exactness = Exactness::exact;
    else if (e == "to_rounding") d.exactness = Exactness::to_rounding;
    else if (e != "not_exact") fail("exactness '" + e + "' is none of not_exact, exact, to_rounding");
    return d;
  }
  NumberText number(const nlohmann::json& j, const std::string& key) const {
    const std::string twin = key + "_text";
    if (j.contains(twin)) return NumberText{get<std::string>(j, twin.c_str())};
    return number_text_of(get<double>(j, key.c_str()));
  }
  TestsetScore score(const nlohmann::json& j) const {
    TestsetScore s;
    s.h = get<std::string>(j, "h");
    s.h_value = number(j, "h_value");
    s.steps = get<std::int64_t>(j, "steps");
    s.end_time = number(j, "end_time");
    s.reached_horizon = get<bool>(j, "reached_horizon");
    s.state = digits(at(j, "state"));
    s.impact_times = digits(at(j, "impact_times"));
    s.impacts_seen = get<std::int64_t>(j, "impacts_seen");
    if (!at(j, "impacts_reference").is_null()) s.impacts_reference = get<std::int64_t>(j, "impacts_reference");
    if (!at(j, "seconds").is_null()) s.seconds = get<double>(j, "seconds");
    if (j.contains("tolerance")) s.tolerance = get<std::string>(j, "tolerance");
    if (j.contains("evaluations")) s.evaluations = get<std::int64_t>(j, "evaluations");
    return s;
  }
};

}  // namespace

TestsetRunResult testset_run_from_json(const nlohmann::json& document, const std::string& file) {
  const TestsetJsonReader read{file};
  if (read.get<std::string>(document, "kind") != "testset-run") read.fail("its kind is not testset-run");
  if (read.get<int>(document, "schema_version") != testset_schema_version)
    read.fail("schema_version is not " + std::to_string(testset_schema_version));
  TestsetRunResult result;
  for (const nlohmann::json& p : read.at(document, "pairs")) {
    TestsetPair pair{read.get<std::string>(p, "problem"), read.get<std::string>(p, "title"),
                     read.get<std::string>(p, "scheme"), read.get<std::string>(p, "precision"),
                     read.get<std::string>(p, "study_reference"), {}, std::nullopt, {}};
    if (!read.at(p, "failure").is_null()) pair.failure = read.get<std::string>(p, "failure");
    if (p.contains("stored")) pair.stored = read.get<std::string>(p, "stored");
    for (const nlohmann::json& s : read.at(p, "scores")) pair.scores.push_back(read.score(s));
    result.pairs.push_back(std::move(pair));
  }
  return result;
}

}  // namespace vibro
