#pragma once
// A period doubling a one-parameter sweep predicts from the closed-form orbits
// (orbits/period_doubling_prediction.hpp): apart from the orbits' results
// (results/orbit_result.hpp) because a sweep's result carries it and nothing else of them.

namespace vibro {

struct PredictedDoubling {
  int n = 1;      ///< the (1, n) orbit
  double at = 0;  ///< the parameter value where its multiplier is −1
};

}  // namespace vibro
