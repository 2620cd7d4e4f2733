#include "vibro/report/index_json.hpp"

#include "vibro/io/atomic_file.hpp"
#include "vibro/io/result_json.hpp"
#include "vibro/report/study_outputs.hpp"

namespace vibro {
namespace {

/// Moves `run`'s events (a reference run's) into `out`/`name`, leaving their path.
void move_events(nlohmann::json& run, const RunResult& result, const std::filesystem::path& out,
                 const std::string& name) {
  if (!run.contains("events")) return;
  const std::string file = "events/" + name + ".json";
  const nlohmann::json events = {{"schema_version", schema_version::events},
                                 {"case", result.case_info.name},
                                 {"precision", result.provenance.precision.name},
                                 {"events", run["events"]}};
  std::filesystem::create_directories(out / "events");
  write_file_atomically(out / file, events.dump(1) + "\n");
  run.erase("events");
  run["events_file"] = file;
}

}  // namespace

nlohmann::json index_run_json(const RunResult& result, const std::filesystem::path& out) {
  nlohmann::json j = to_json(result, false);  // plot samples: not for index.json
  const std::string stem = study_stem(result);  // NAME-PRECISION, checked to stay inside `out`
  move_events(j["run"], result, out, stem);
  if (j.contains("sweep"))
    for (std::size_t i = 0; i < j["sweep"].size(); ++i)
      move_events(j["sweep"][i]["run"], result, out, stem + "-sweep-" + std::to_string(i + 1));
  return j;
}

nlohmann::json index_json(nlohmann::json cases, nlohmann::json lyapunov, nlohmann::json seed003_claims) {
  return {{"schema_version", schema_version::index},
          {"vibro_version", VIBRO_VERSION},
          {"cases", std::move(cases)},
          {"lyapunov", std::move(lyapunov)},
          {"seed003_claims", std::move(seed003_claims)}};
}

}  // namespace vibro
