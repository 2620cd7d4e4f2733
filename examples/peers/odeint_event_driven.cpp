// Boost.Odeint as an event-driven integrator of the one-coordinate impact models, run by vibro
// as an external program (docs/own_scheme.md, protocol vibro-external-scheme/1): what a C++
// user would write instead of a time-stepping scheme. Debian's libboost-dev and
// nlohmann-json3-dev; built with the project (target peer_odeint_event_driven), or alone:
//
//   g++ -std=c++20 -O2 -o odeint_event_driven odeint_event_driven.cpp
//   vibro testset run --scheme-command './odeint_event_driven'
//   vibro testset run --scheme-command './odeint_event_driven --tolerance 1e-8 --max-step 0.1'
//
// The method: the dense-output Dormand–Prince 5(4) stepper (make_dense_output, absolute and
// relative tolerance 1e-12 by default, --tolerance, or the problem's `tolerance` when vibro
// studies it over a tolerance ladder), stepped with do_step; after each step the
// gap of each stop (u − lower, upper − u) is looked at: a sign change from positive to
// non-positive is an impact, its time bisected to the last bit on the stepper's dense output
// (calc_state), then v+ = −e v− and the stepper starts again from the stop. The rows are the
// dense output at t0 + k h, written as binary64 rows (docs/own_scheme.md "Binary rows"); then
// the line `evaluations,N` (the right-hand side's calls, its work), and the impacts go to the
// impact table. Like solve_ivp's, this event locator looks at the gap at the
// ends of its steps only: an impact whose gap dips below zero and back within one step (a
// grazing approach) is missed unless --max-step bounds the steps.
//
// Chattering: an impact whose next flight would rise less than the tolerance (v+² ≤ 2 |f| tol
// (1 + |stop|), f the force at rest on the stop), or a flight shorter than 1e-13 (1 + |t|) (an
// accumulation of impacts, not listed again), ends in rest on the stop while the force holds the
// mass against it; the release is the time that force turns away (bisected).
//
// Models: impact-oscillator, duffing-oscillator, constant-force (above u_min),
// conservative-oscillator (its obstacle, its two stops, or none). Others: one line on stderr,
// exit status 2.

#include <boost/numeric/odeint.hpp>
#include <nlohmann/json.hpp>

#include <array>
#include <bit>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <iostream>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace {

using State = std::array<double, 2>;  // u, v

[[noreturn]] void refuse(const std::string& why) {
  std::cerr << "odeint_event_driven: " << why << "\n";
  std::exit(2);
}

struct Stop {
  double value;
  double sign;  // the gap is sign·(u − value), positive off the stop
};

struct Problem {
  std::function<double(double, double, double)> acceleration;  // f(t, u, v)
  std::vector<Stop> stops;
  double e = 0, t0 = 0, u0 = 0, v0 = 0, h = 0;
  long long steps = 0;
  std::optional<double> tolerance;  // a rung of a tolerance ladder
};

Problem read_problem(const nlohmann::json& problem) {
  if (problem.at("protocol") != "vibro-external-scheme/1") refuse("not a vibro-external-scheme/1 problem");
  const std::string model = problem.at("model").at("type");
  if (problem.value("dimension", 1) != 1) refuse("only the one-coordinate models, not " + model);
  const nlohmann::json& p = problem.at("model").at("parameters");
  const auto number = [&](const char* key) { return p.at(key).at("double").get<double>(); };
  Problem out;
  if (problem.contains("tolerance")) out.tolerance = problem.at("tolerance").at("double").get<double>();
  if (model == "impact-oscillator" || model == "duffing-oscillator") {
    const double alpha = number("alpha"), a = number("a"), omega = number("omega");
    const double beta = model == "duffing-oscillator" ? number("beta") : 0.0;
    out.acceleration = [=](double t, double u, double v) {
      return a * std::cos(omega * t) - 2 * alpha * v - u - beta * u * u * u;
    };
    out.stops.push_back({number("u_min"), 1});
    out.e = number("e");
  } else if (model == "constant-force") {
    const double g = number("g");
    out.acceleration = [=](double, double, double) { return -g; };
    out.stops.push_back({number("u_min"), 1});
    out.e = number("e");
  } else if (model == "conservative-oscillator") {
    const double omega = number("omega"), beta = number("beta");
    out.acceleration = [=](double, double u, double) { return -omega * omega * u * (1 + beta * u * u); };
    if (p.contains("obstacle")) out.stops.push_back({number("obstacle"), 1});
    if (p.contains("stops")) {
      const nlohmann::json& stops = p.at("stops").at("double");
      out.stops.push_back({stops.at(0).get<double>(), 1});
      out.stops.push_back({stops.at(1).get<double>(), -1});
    }
    out.e = number("e");
  } else {
    refuse("only the one-coordinate models (impact, Duffing, constant-force and conservative oscillators), not " +
           model);
  }
  const nlohmann::json& initial = problem.at("initial");
  out.t0 = initial.at("t0").at("double").get<double>();
  out.u0 = initial.at("u0").at("double").get<double>();
  out.v0 = initial.at("v0").at("double").get<double>();
  out.h = problem.at("step").at("h").at("double").get<double>();
  out.steps = problem.at("steps").get<long long>();
  if (!(out.h > 0 && out.steps >= 1 && out.e >= 0 && out.e <= 1)) refuse("needs h > 0, steps >= 1, 0 <= e <= 1");
  return out;
}

/// The point in (lo, hi] where `positive` turns false (it holds at lo, not at hi), to the last bit.
template <class Positive>
double bisect(double lo, double hi, Positive&& positive) {
  for (;;) {
    const double mid = lo + (hi - lo) / 2;
    if (mid <= lo || mid >= hi) return hi;
    (positive(mid) ? lo : hi) = mid;
  }
}

void write_binary(const double* values, std::size_t count) {
  static_assert(std::endian::native == std::endian::little, "binary64 rows are little-endian");
  std::fwrite(values, sizeof(double), count, stdout);
}

}  // namespace

int main(int argc, char** argv) {
  double tolerance = 1e-12, max_step = std::numeric_limits<double>::infinity();
  for (int i = 1; i < argc; ++i) {
    const std::string option = argv[i];
    if (i + 1 == argc || (option != "--tolerance" && option != "--max-step"))
      refuse("options: --tolerance T (absolute and relative, default 1e-12), --max-step H");
    (option == "--tolerance" ? tolerance : max_step) = std::strtod(argv[++i], nullptr);
  }
  Problem problem;
  try {
    problem = read_problem(nlohmann::json::parse(std::cin));
  } catch (const nlohmann::json::exception& error) {
    refuse(std::string("not a vibro-external-scheme/1 problem for a one-coordinate model: ") + error.what());
  }
  if (problem.tolerance) tolerance = *problem.tolerance;
  long long evaluations = 0;  // of the right-hand side: the run's work, reported to vibro
  const auto system = [&](const State& x, State& dxdt, double t) {
    ++evaluations;
    dxdt[0] = x[1];
    dxdt[1] = problem.acceleration(t, x[0], x[1]);
  };
  const auto gap = [&](const Stop& s, const State& x) { return s.sign * (x[0] - s.value); };

  static char out_buffer[1 << 16];
  std::setvbuf(stdout, out_buffer, _IOFBF, sizeof out_buffer);
  std::fputs("binary64 t,u,v\n", stdout);
  const double t_end = problem.t0 + static_cast<double>(problem.steps) * problem.h;
  long long next_row = 0;
  const auto node = [&](long long k) { return k == problem.steps ? t_end : problem.t0 + static_cast<double>(k) * problem.h; };
  const auto rows_until = [&](double until, bool closed, const std::function<State(double)>& state_at) {
    for (; next_row <= problem.steps && (closed ? node(next_row) <= until : node(next_row) < until); ++next_row) {
      const State x = state_at(node(next_row));
      const double row[3] = {node(next_row), x[0], x[1]};
      write_binary(row, 3);
    }
  };
  struct Impact {
    double t, v_minus, v_plus;
  };
  std::vector<Impact> impacts;

  using namespace boost::numeric::odeint;
  double t = problem.t0, last_impact = -std::numeric_limits<double>::infinity();
  State x{problem.u0, problem.v0};
  while (t < t_end) {
    auto stepper = make_dense_output(tolerance, tolerance, runge_kutta_dopri5<State>());
    stepper.initialize(x, t, std::min(problem.h, max_step));
    std::optional<std::size_t> hit;
    double at = t_end;
    while (stepper.current_time() < t_end) {
      if (stepper.current_time() + stepper.current_time_step() > t_end) stepper.initialize(stepper.current_state(), stepper.current_time(), t_end - stepper.current_time());
      if (stepper.current_time_step() > max_step) stepper.initialize(stepper.current_state(), stepper.current_time(), max_step);
      const auto [from, to] = stepper.do_step(system);
      for (std::size_t i = 0; i < problem.stops.size() && !hit; ++i)
        if (gap(problem.stops[i], stepper.current_state()) <= 0 && gap(problem.stops[i], stepper.previous_state()) >= 0) {
          hit = i;
          State y;
          at = bisect(from, to, [&](double s) {
            stepper.calc_state(s, y);
            return gap(problem.stops[i], y) > 0;
          });
        }
      const double until = hit ? at : to;
      rows_until(until, !hit, [&](double s) {
        State y;
        stepper.calc_state(s, y);
        return y;
      });
      if (hit) break;
    }
    if (!hit) break;
    const Stop& stop = problem.stops[*hit];
    double v_plus = 0;
    bool accumulating = at - last_impact <= 1e-13 * (1 + std::abs(at));
    if (!accumulating) {
      State y;
      stepper.calc_state(at, y);
      v_plus = -problem.e * y[1];
      impacts.push_back({at, y[1], v_plus});
      // A flight whose height v+²/2|f| is below the tolerance is below what the stepper resolves:
      // its next "impact" would be the stepper's noise (it gained energy, the sequence never ended).
      const double pull = std::abs(problem.acceleration(at, stop.value, 0));
      accumulating = v_plus * v_plus <= 2 * pull * tolerance * (1 + std::abs(stop.value));
      last_impact = at;
    }
    t = at;
    x = {stop.value, v_plus};
    if (accumulating) {  // at rest on the stop while the force holds it there
      const auto holds = [&](double s) { return stop.sign * problem.acceleration(s, stop.value, 0) <= 0; };
      double leave = t;
      if (holds(t)) {
        double probe = t;
        leave = t_end;
        while (probe < t_end) {
          const double next = std::min(probe + std::max(problem.h, 1e-3), t_end);
          if (!holds(next)) {
            leave = bisect(probe, next, holds);
            break;
          }
          probe = next;
        }
      }
      rows_until(leave, leave >= t_end, [&](double) { return State{stop.value, 0}; });
      t = leave;
      x = {stop.value, 0};
    }
  }
  rows_until(t_end, true, [&](double) { return x; });  // the last node, when the integration ended on it
  std::fprintf(stdout, "evaluations,%lld\n", evaluations);
  std::fputs("t,coordinate,v_minus,v_plus\n", stdout);
  for (const Impact& i : impacts) {
    const double row[4] = {i.t, 1, i.v_minus, i.v_plus};
    write_binary(row, 4);
  }
  return std::fflush(stdout) == 0 && !std::ferror(stdout) ? 0 : 1;
}
