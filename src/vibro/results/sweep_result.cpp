#include "vibro/results/sweep_result.hpp"

namespace vibro {

std::string_view to_string(SweepRelation::Outcome outcome) {
  switch (outcome) {
    case SweepRelation::Outcome::holds: return "holds";
    case SweepRelation::Outcome::contradicted: return "contradicted";
    case SweepRelation::Outcome::not_computable: return "not computable";
    case SweepRelation::Outcome::not_evaluable: return "not evaluable";
  }
  return "";  // not reached: every enumerator has its case
}

}  // namespace vibro
