#include "vibro/io/stored_peer_scores.hpp"

#include "vibro/io/testset_json.hpp"
#include "vibro/io/toml_reader.hpp"
#include "vibro/support/input_error.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

namespace vibro {

namespace {

/// The JSON files of `dir`, in the order of their names.
std::vector<std::filesystem::path> json_files(const std::filesystem::path& dir) {
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(dir))
    if (entry.path().extension() == ".json") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

/// The document of `file`, bounded in size; `kind` names what it should be in the message.
nlohmann::json stored_document(const std::filesystem::path& file, const std::string& kind) {
  const nlohmann::json document =
      nlohmann::json::parse(read_input_file(file, "peer's stored document"), nullptr, /*allow_exceptions=*/false);
  if (document.is_discarded()) throw InputError(file.string(), "", "not a document of " + kind + ": not JSON");
  return document;
}

/// "NAME.json, vibro VERSION": where a stored pair or curve comes from.
std::string origin(const std::filesystem::path& file, const nlohmann::json& document) {
  const std::string version = document.contains("vibro_version") && document["vibro_version"].is_string()
                                  ? document["vibro_version"].get<std::string>()
                                  : std::string("?");
  return file.filename().string() + ", vibro " + version;
}

}  // namespace

void add_stored_peer_scores(TestsetRunResult& result, const std::filesystem::path& dir) {
  std::set<std::string> problems;
  for (const TestsetStoredSummary& p : result.problems) problems.insert(p.problem);
  for (const std::filesystem::path& file : json_files(dir)) {
    const nlohmann::json document = stored_document(file, "`vibro testset run --json`");
    for (TestsetPair& pair : testset_run_from_json(document, file.string()).pairs) {
      if (problems.count(pair.problem) == 0) continue;
      pair.stored = origin(file, document);
      const auto last_of_problem = std::find_if(result.pairs.rbegin(), result.pairs.rend(),
                                                [&](const TestsetPair& p) { return p.problem == pair.problem; });
      result.pairs.insert(last_of_problem == result.pairs.rend() ? result.pairs.end() : last_of_problem.base(),
                          std::move(pair));
    }
  }
}

std::vector<WorkCurve> stored_peer_studies(const std::filesystem::path& dir) {
  std::vector<WorkCurve> curves;
  for (const std::filesystem::path& file : json_files(dir)) {
    const nlohmann::json document = stored_document(file, "`vibro converge --json`");
    const auto fail = [&](const std::string& why) {
      throw InputError(file.string(), "", "not a document of `vibro converge --json`: " + why);
    };
    try {
      const nlohmann::json& rows = document.at("convergence").at("rows");
      WorkCurve curve{document.at("case").at("name").get<std::string>(),
                      document.at("scheme").at("type").get<std::string>(), {}, origin(file, document)};
      for (const nlohmann::json& row : rows) {
        const nlohmann::json& error = row.at("errors").at("position_linf");
        if (row.at("seconds").is_null() || error.is_null()) continue;
        curve.points.push_back({row.at("h").get<std::string>(), row.at("seconds").get<double>(), error.get<double>(),
                                false, row.at("h_value").get<double>()});
        if (row.contains("tolerance")) curve.points.back().tolerance = row.at("tolerance").get<std::string>();
        if (row.contains("evaluations")) curve.points.back().evaluations = row.at("evaluations").get<std::int64_t>();
      }
      if (curve.points.empty()) fail("no timed step size with a position error");
      curves.push_back(std::move(curve));
    } catch (const nlohmann::json::exception& why) {
      fail(std::string("a key is missing or of the wrong type (") + why.what() + ")");
    }
  }
  return curves;
}

}  // namespace vibro
