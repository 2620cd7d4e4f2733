#include "vibro/results/published_values.hpp"

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

namespace {

struct Relation {
  std::string name, statement;
};

const std::vector<Relation>& relations() {
  static const std::vector<Relation> list = {
      {"ided-idnd-agree", "IDED and IDND agree to 5 significant digits on λ1 and λ2 (seed 001 §5)"},
      {"chaotic-dissipative",
       "IDED: λ1 > 0, λ1 + λ2 < 0, and the sum agrees with the sum rule −2αT + 2 (N_imp/K) ln e to 10 significant digits "
       "(seed 001 §5, Theorem 3.1)"},
      {"nsnd-small-eps-fails",
       "NSND with ε = 1e-8, h = T/2513 is far from IDED: |λ1 − λ1(IDED)| > |λ1(IDED)|, or the sum of the other sign "
       "(seed 001 §5)"},
      {"nsnd-3h-close",
       "NSND with ε = 3h, h = T/40000 is close to IDED: λ1, λ2 of IDED's signs, each within the larger of 10 % of "
       "IDED's and IDED's spread (seed 001 §5)"},
      {"cnsp-closer-than-insp", "C.N.S.P is closer to I.D.P than I.N.S.P is, on λ1 and on λ2 (seed 000 §4)"},
      {"order-of-magnitude", "the harness reproduces the order of magnitude of the number (seed 002 §3.1)"},
  };
  return list;
}

}  // namespace

const std::vector<std::string>& published_relations() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> n;
    for (const Relation& r : relations()) n.push_back(r.name);
    return n;
  }();
  return names;
}

std::string_view relation_statement(std::string_view relation) {
  for (const Relation& r : relations())
    if (r.name == relation) return r.statement;
  return {};
}

}  // namespace vibro
