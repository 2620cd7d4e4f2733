#include "vibro/run/listed_case.hpp"

#include "vibro/io/case_file.hpp"
#include "vibro/case/model_kind.hpp"
#include "vibro/case/scheme_not_built_in.hpp"

#include <optional>

namespace vibro {

CaseListing list_cases(const std::filesystem::path& directory, std::vector<std::string>& skipped) {
  CaseListing listing;
  for (const auto& file : case_files(directory)) {
    std::optional<CaseSpec> loaded;
    try {
      loaded = load_case(file);
    } catch (const SchemeNotBuiltIn& why) {
      skipped.push_back(why.what());
      continue;
    }
    const CaseSpec& c = *loaded;
    listing.cases.push_back({c.name, file.string(), std::string(model_name(c.model.model_kind())), c.scheme.type,
                             c.precision.name(), c.description});
  }
  return listing;
}

}  // namespace vibro
