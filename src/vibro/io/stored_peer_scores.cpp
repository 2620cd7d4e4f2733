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

void add_stored_peer_scores(TestsetRunResult& result, const std::filesystem::path& dir) {
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(dir))
    if (entry.path().extension() == ".json") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  std::set<std::string> problems;
  for (const TestsetStoredSummary& p : result.problems) problems.insert(p.problem);
  for (const std::filesystem::path& file : files) {
    const nlohmann::json document =
        nlohmann::json::parse(read_input_file(file, "peer's stored scores"), nullptr, /*allow_exceptions=*/false);
    if (document.is_discarded())
      throw InputError(file.string(), "", "not a document of `vibro testset run --json`: not JSON");
    const std::string version = document.contains("vibro_version") && document["vibro_version"].is_string()
                                    ? document["vibro_version"].get<std::string>()
                                    : std::string("?");
    for (TestsetPair& pair : testset_run_from_json(document, file.string()).pairs) {
      if (problems.count(pair.problem) == 0) continue;
      pair.stored = file.filename().string() + ", vibro " + version;
      const auto last_of_problem = std::find_if(result.pairs.rbegin(), result.pairs.rend(),
                                                [&](const TestsetPair& p) { return p.problem == pair.problem; });
      result.pairs.insert(last_of_problem == result.pairs.rend() ? result.pairs.end() : last_of_problem.base(),
                          std::move(pair));
    }
  }
}

}  // namespace vibro
