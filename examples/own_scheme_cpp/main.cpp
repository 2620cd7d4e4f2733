// A scheme of one's own, measured by vibro through its C++ API (docs/own_scheme.md): velocity
// Verlet (kick–drift–kick) on the impact oscillator u'' + 2αu' + u = a cos ωt, u ≥ u_min, with
// the impact as a reflection at the obstacle: a drift that ends below u_min is mirrored,
// u ← u_min + e (u_min − u), and the velocity reversed, v ← −e v. Both half kicks take the
// damping at the mid-step velocity v+ (Störmer–Verlet of a partitioned system, second order on
// a flight); the first is implicit in v+ and, the force being affine in v, solved in closed
// form. The same scheme as examples/external/stormer_verlet_reflection.py. It is a user's
// scheme, not one of the seeds: vibro measures its orders, it declares none.
//
//   own_scheme STUDY_CASE OUT_DIR [TESTSET_PROBLEM TESTSET_STORED_VALUES]
//
// runs the case's convergence study, writes OUT_DIR/NAME-PRECISION.{csv,md,svg} as `vibro
// converge` does and prints the study; with a test-set problem (an impact oscillator, as
// cases/testset/VI-02.toml) and its stored values, prints the score of each step size.

#include <vibro/harness.hpp>
#include <vibro/model/impact_oscillator.hpp>

#include <cstdint>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <iostream>

template <class Model>
class VerletReflection {
 public:
  using model_type = Model;
  using real_type = typename Model::real_type;
  struct State {
    std::int64_t n = 0;
    real_type t, u, v;
  };
  static constexpr vibro::DeclaredOrders declared_orders{};  // measured, not declared
  static constexpr bool rational_arithmetic = false;

  VerletReflection(const Model& model, const real_type& h, const real_type& t0) : model_(model), h_(h), t0_(t0) {}

  const Model& model() const { return model_; }
  State start(const real_type& u0, const real_type& v0) const { return {0, t0_, u0, v0}; }
  /// One step; true when the drift crossed the obstacle (an impact).
  bool step(State& x) const {
    const real_type half = h_ / 2;
    // v+ = v + h/2 f(t, u, v+), with f(t, u, v) = f(t, u, 0) − k v.
    real_type v = (x.v + half * model_.acceleration(x.t, x.u, real_type(0))) / (1 + half * model_.velocity_coefficient());
    real_type u = x.u + h_ * v;
    const bool contact = u < model_.obstacle();
    if (contact) {
      u = model_.obstacle() + model_.restitution() * (model_.obstacle() - u);
      v = -model_.restitution() * v;
    }
    ++x.n;
    x.t = t0_ + h_ * real_type(x.n);  // on the grid, not accumulated
    x.v = v + half * model_.acceleration(x.t, u, v);
    x.u = u;
    return contact;
  }
  const real_type& time(const State& x) const { return x.t; }
  const real_type& position(const State& x) const { return x.u; }
  const real_type& velocity(const State& x) const { return x.v; }
  const real_type& step_size() const { return h_; }

 private:
  Model model_;
  real_type h_, t0_;
};

int main(int argc, char** argv) {
  if (argc != 3 && argc != 5) {
    std::cerr << "usage: own_scheme STUDY_CASE OUT_DIR [TESTSET_PROBLEM TESTSET_STORED_VALUES]\n";
    return 2;
  }
  using Model = vibro::ImpactOscillator<double>;
  const auto make = [](const Model& model, const double& h, const double& t0) {
    return VerletReflection<Model>(model, h, t0);
  };
  try {
    const vibro::CaseSpec study_case = vibro::load_case(argv[1]);
    const vibro::RunResult study = vibro::converge_own_scheme<Model>(study_case, make, {.name = "verlet-reflection"});
    std::filesystem::create_directories(argv[2]);
    vibro::write_study_files(study, argv[2]);
    std::cout << vibro::study_markdown(study);
    if (argc == 5) {
      const vibro::CaseSpec problem = vibro::load_case(argv[3]);
      const vibro::RunResult run = vibro::converge_own_scheme<Model>(problem, make, {.name = "verlet-reflection"});
      std::cout << "\n" << problem.testset->id << " (" << problem.testset->title << "): correct digits of the end state\n";
      for (const vibro::TestsetScore& score : vibro::testset_scores(run, vibro::load_testset_reference(argv[4])))
        std::cout << "  h = " << score.h << ": " << vibro::digits_text(score.state) << "\n";
    }
  } catch (const std::exception& error) {
    std::cerr << "own_scheme: " << error.what() << "\n";
    return 1;
  }
  return 0;
}
