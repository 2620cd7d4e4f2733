#include "vibro/run/published_values.hpp"

namespace vibro {

const std::vector<std::string>& published_status_names() {
  static const std::vector<std::string> names = {"reproduced", "relation-only", "not-reproducible"};
  return names;
}

std::string_view status_name(PublishedStatus status) { return published_status_names()[static_cast<std::size_t>(status)]; }

const std::vector<std::string>& published_quantities() {
  static const std::vector<std::string> quantities = {"lyapunov.lambda1", "lyapunov.lambda2", "max_abs_error.q1"};
  return quantities;
}

const std::vector<std::string>& published_methods() {
  static const std::vector<std::string> methods = {"IDED",    "IDND", "NSND",  "I.D.P",   "C.N.S.P",
                                                   "I.N.S.P", "NSPS", "NSMMM", "standard"};
  return methods;
}

const std::vector<std::string>& published_settings() {
  static const std::vector<std::string> settings = {
      "alpha",     "a",  "omega", "T",     "u_min", "e",     "u0",   "v0",   "periods", "h",    "epsilon",
      "precision", "dt", "q1_v1", "q2_v2", "q_min", "q_max", "mu_k", "mu_m", "horizon", "exact"};
  return settings;
}

const std::vector<std::string>& published_relations() {
  static const std::vector<std::string> relations = {"ided-idnd-agree", "chaotic-dissipative",   "nsnd-small-eps-fails",
                                                     "nsnd-3h-close",   "cnsp-closer-than-insp", "order-of-magnitude"};
  return relations;
}

}  // namespace vibro
