#include "vibro/report/index_json.hpp"

#include "vibro/io/atomic_file.hpp"
#include "vibro/io/declared_json.hpp"
#include "vibro/io/result_json.hpp"
#include "vibro/report/report_fields.hpp"
#include "vibro/report/study_outputs.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <fstream>
#include <string>

namespace vibro {
namespace {

/// Moves the bulky lists of `findings` (a reference run's events, the stroboscopic samples of
/// a horizon in periods: 3000 states of the chaotic case) out of `run`, its JSON, into
/// `out`/runs/`name`.json, leaving that file's path in `data_file`.
void move_bulk(nlohmann::json& run, const RunFindings& findings, const RunResult& result,
               const std::filesystem::path& out, const std::string& name) {
  RunData data{result.case_info.name, result.provenance.precision.name, result.provenance.precision.significand_bits,
               findings.reference ? std::optional(findings.reference->events) : std::nullopt, findings.stroboscopic};
  if (!data.events && !data.stroboscopic) return;
  for (const char* key : {"events", "stroboscopic"}) run.erase(key);
  const std::string file = "runs/" + name + ".json";
  std::filesystem::create_directories(out / "runs");
  write_file_atomically(out / file, versioned_json(data, JsonNumbers(own_twins(data)), schema_version::run_data).dump(1) + "\n");
  run["data_file"] = file;
}

}  // namespace

nlohmann::json index_run_json(const RunResult& result, const std::filesystem::path& out) {
  nlohmann::json j = to_json(result, false);  // plot samples: not for index.json
  const std::string stem = study_stem(result);  // NAME-PRECISION, checked to stay inside `out`
  move_bulk(j["run"], result.run, result, out, stem);
  for (std::size_t i = 0; i < result.sweep.size(); ++i)
    move_bulk(j["sweep"][i]["run"], result.sweep[i].run, result, out, stem + "-sweep-" + std::to_string(i + 1));
  return j;
}

bool holds_a_report(const std::filesystem::path& directory) {
  constexpr std::uintmax_t largest_index = std::uintmax_t{256} << 20;
  const std::filesystem::path index = directory / "index.json";
  std::error_code error;
  if (std::filesystem::symlink_status(index, error).type() != std::filesystem::file_type::regular) return false;
  const std::uintmax_t size = std::filesystem::file_size(index, error);
  if (error || size > largest_index) return false;
  std::ifstream in(index, std::ios::binary);
  const nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
  return j.is_object() && j.value("schema_version", nlohmann::json()) == schema_version::index &&
         j.value("vibro_version", nlohmann::json()).is_string() && j.value("cases", nlohmann::json()).is_object();
}

nlohmann::json index_json(nlohmann::json cases, const IndexTables& tables) {
  nlohmann::json j = versioned_json(tables, JsonNumbers(false), schema_version::index);
  j["vibro_version"] = VIBRO_VERSION;
  j["cases"] = std::move(cases);
  return j;
}

}  // namespace vibro
