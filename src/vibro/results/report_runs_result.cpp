#include "vibro/results/report_runs_result.hpp"

#include "vibro/results/run_result.hpp"

#include <utility>

namespace vibro {

CaseRuns::CaseRuns(CaseSpec spec_, unsigned threads_) : spec(std::move(spec_)), threads(threads_) {}
CaseRuns::CaseRuns(const CaseRuns&) = default;
CaseRuns::CaseRuns(CaseRuns&&) noexcept = default;
CaseRuns& CaseRuns::operator=(const CaseRuns&) = default;
CaseRuns& CaseRuns::operator=(CaseRuns&&) noexcept = default;
CaseRuns::~CaseRuns() = default;

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
