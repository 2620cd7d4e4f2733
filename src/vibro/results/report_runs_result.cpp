#include "vibro/results/report_runs_result.hpp"

namespace vibro {

const RunResult* run_at(const CaseRuns& runs, const std::string& precision) {
  for (const RunResult& r : runs.runs)
    if (r.provenance.precision.name == precision) return &r;
  return nullptr;
}

const RunResult* double_run(const std::map<std::string, const CaseRuns*>& runs, const std::string& name) {
  const auto it = runs.find(name);
  return it == runs.end() ? nullptr : run_at(*it->second, "double");
}

}  // namespace vibro
