#include "vibro/external/external_problem.hpp"

#include "vibro/binding/model_description.hpp"

#include <stdexcept>

namespace vibro {

nlohmann::json written_number(const std::string& text) {
  nlohmann::json number{{"text", text}, {"double", nullptr}};
  try {
    number["double"] = parse_real<double>(text);
  } catch (const std::invalid_argument&) {
    // not a number ("-inf", "tau = omega0 t"), or outside double's range: the text says it
  }
  return number;
}

nlohmann::json problem_model(const CaseSpec& c) {
  const ModelDescription model = describe_model(c.model);
  nlohmann::json parameters = nlohmann::json::object();
  for (const Parameter& p : model.parameters) {
    if (!p.list && p.texts.size() == 1) {
      parameters[p.key] = written_number(p.texts.front());
      continue;
    }
    nlohmann::json texts = nlohmann::json::array(), doubles = nlohmann::json::array();
    for (const std::string& text : p.texts) {
      const nlohmann::json number = written_number(text);
      texts.push_back(number["text"]);
      doubles.push_back(number["double"]);
    }
    parameters[p.key] = {{"text", texts}, {"double", doubles}};
  }
  return {{"type", model.type}, {"parameters", parameters}};
}

nlohmann::json problem_scheme(const CaseSpec& c) {
  nlohmann::json options = nlohmann::json::object();
  for (const auto& [key, value] : c.scheme.options) options[key] = value;
  return {{"type", c.scheme.type}, {"options", options}};
}

}  // namespace vibro
