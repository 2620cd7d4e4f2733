#include "vibro/io/golden_file.hpp"

#include "vibro/io/result_json.hpp"

#include <nlohmann/json.hpp>

#include <fstream>

namespace vibro {

std::optional<LyapunovGolden> stored_golden(const std::filesystem::path& golden_dir, const CaseSpec& c) {
  const std::filesystem::path file = golden_dir / (std::filesystem::path(c.file).stem().string() + ".json");
  std::ifstream in(file);
  if (!in) return std::nullopt;
  LyapunovGolden golden = golden_from_json(nlohmann::json::parse(in), file.string());
  if (golden.case_info.name != c.name) return std::nullopt;
  return golden;
}

void attach_goldens(ReportRuns& runs, const std::filesystem::path& golden_dir) {
  for (LyapunovCaseRun& run : runs.lyapunov) run.golden = stored_golden(golden_dir, run.spec);
}

}  // namespace vibro
