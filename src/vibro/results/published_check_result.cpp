#include "vibro/results/published_check_result.hpp"

namespace vibro {

std::string_view to_string(GateOutcome outcome) {
  switch (outcome) {
    case GateOutcome::holds: return "holds";
    case GateOutcome::contradicted_as_recorded: return "contradicted as recorded";
    case GateOutcome::changed: return "CHANGED";
    case GateOutcome::not_evaluated: return "not evaluated";
  }
  return "";
}

}  // namespace vibro
