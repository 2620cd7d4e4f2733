#include "vibro/report/index_json.hpp"

#include "vibro/io/atomic_file.hpp"
#include "vibro/io/result_json.hpp"
#include "vibro/report/study_outputs.hpp"

#include <nlohmann/json.hpp>

namespace vibro {
namespace {

/// Moves `run`'s bulky lists (a reference run's events, the stroboscopic samples of a
/// horizon in periods: 3000 states of the chaotic case) into `out`/runs/`name`.json,
/// leaving that file's path in `data_file`.
void move_bulk(nlohmann::json& run, const RunResult& result, const std::filesystem::path& out,
               const std::string& name) {
  nlohmann::json data = {{"schema_version", schema_version::run_data},
                         {"case", result.case_info.name},
                         {"precision", result.provenance.precision.name}};
  bool moved = false;
  for (const char* key : {"events", "stroboscopic"}) {
    if (!run.contains(key)) continue;
    data[key] = std::move(run[key]);
    run.erase(key);
    moved = true;
  }
  if (!moved) return;
  const std::string file = "runs/" + name + ".json";
  std::filesystem::create_directories(out / "runs");
  write_file_atomically(out / file, data.dump(1) + "\n");
  run["data_file"] = file;
}

}  // namespace

nlohmann::json index_run_json(const RunResult& result, const std::filesystem::path& out) {
  nlohmann::json j = to_json(result, false);  // plot samples: not for index.json
  const std::string stem = study_stem(result);  // NAME-PRECISION, checked to stay inside `out`
  move_bulk(j["run"], result, out, stem);
  if (j.contains("sweep"))
    for (std::size_t i = 0; i < j["sweep"].size(); ++i)
      move_bulk(j["sweep"][i]["run"], result, out, stem + "-sweep-" + std::to_string(i + 1));
  return j;
}

nlohmann::json index_json(nlohmann::json cases, nlohmann::json summary, nlohmann::json lyapunov,
                          nlohmann::json seed003_claims, nlohmann::json seed002, nlohmann::json seed004) {
  return {{"schema_version", schema_version::index},
          {"vibro_version", VIBRO_VERSION},
          {"summary", std::move(summary)},
          {"cases", std::move(cases)},
          {"lyapunov", std::move(lyapunov)},
          {"seed003_claims", std::move(seed003_claims)},
          {"seed002", std::move(seed002)},
          {"seed004", std::move(seed004)}};
}

}  // namespace vibro
