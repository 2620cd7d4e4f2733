#include "vibro/io/testset_json.hpp"

#include "vibro/io/json_number.hpp"

#include <nlohmann/json.hpp>

namespace vibro {

namespace {

constexpr int testset_schema_version = 1;

nlohmann::json digits_json(const std::optional<CorrectDigits>& d) {
  if (!d) return nullptr;
  return {{"digits", d->digits}, {"at_least", d->at_cap}};
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

}  // namespace vibro
