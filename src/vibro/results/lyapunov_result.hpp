#pragma once
// What `vibro lyapunov` finds: the Lyapunov findings of a case (results/lyapunov_findings.hpp)
// with the case and the provenance, like RunResult. Scalar-independent (round-trip texts).

#include "vibro/results/lyapunov_findings.hpp"
#include "vibro/results/provenance.hpp"

#include <optional>
#include <string>

namespace vibro {

/// A case's Lyapunov run: its findings with the case and the provenance.
struct LyapunovResult {
  Provenance provenance;
  CaseInfo case_info;
  std::optional<std::string> published;  ///< the case's [lyapunov] published
  LyapunovFindings lyapunov;
};

}  // namespace vibro
