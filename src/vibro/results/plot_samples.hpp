#pragma once
// Rows of doubles a run keeps for the report's plots: a section of the run's findings
// (results/run_findings.hpp).

#include <string>
#include <vector>

namespace vibro {

/// Rows of doubles for plots (energy against t, phase portraits); not part of index.json.
struct PlotSamples {
  std::vector<std::string> columns;
  std::vector<std::vector<double>> rows;
};

}  // namespace vibro
