#include "text_output.hpp"

#include "vibro/report/number_display.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace vibro::cli {
namespace {

using nlohmann::json;

std::string num(const json& value, int digits = 10) {
  if (value.is_null()) return "—";
  if (value.is_number()) return fmt::format("{:.{}g}", value.get<double>(), digits);
  return display_number(value.get<std::string>(), digits);
}

void print_free_fall(std::ostream& out, const json& ff) {
  if (!ff["applicable"].get<bool>()) {
    out << "free-fall reversal (seed 000 §2): not applicable: " << ff["reason"].get<std::string>() << "\n";
    return;
  }
  out << fmt::format("free-fall reversal (seed 000 §2): m = {}, U^(m+1) {} the obstacle, reversal on steps {} and {},\n"
                     "  post-impact line from n = {} with slope -h e v0 = {} per step\n",
                     ff["m"].get<long>(), ff["case"].get<std::string>(), ff["reversal_steps"][0].get<long>(),
                     ff["reversal_steps"][1].get<long>(), ff["line_start"].get<long>(),
                     num(ff["slope_per_step"]));
  out << fmt::format("  {:>6}  {:>24}  {:>24}  {:>12}\n", "n", "predicted", "computed", "difference");
  for (const json& r : ff["table"])
    out << fmt::format("  {:>6}  {:>24}  {:>24}  {:>12}\n", r["n"].get<long>(), num(r["predicted"]),
                       num(r["computed"]), num(r["difference"], 3));
  out << "  max |computed - predicted| over the run: " << num(ff["max_deviation_from_prediction"], 3) << "\n";
}

void print_convergence(std::ostream& out, const json& conv) {
  out << "errors against the " << conv["reference"].get<std::string>() << ":\n";
  out << fmt::format("  {:>12} {:>8} {:>16} {:>16} {:>16} {:>16}\n", "h", "steps", "position Linf", "position L1",
                     "velocity Linf", "velocity L1");
  for (const json& r : conv["rows"]) {
    const json& e = r["errors"];
    out << fmt::format("  {:>12} {:>8} {:>16} {:>16} {:>16} {:>16}\n", r["h"].get<std::string>(),
                       r["steps"].get<long>(), num(e["position_linf"], 8), num(e["position_l1"], 8),
                       num(e["velocity_linf"], 8), num(e["velocity_l1"], 8));
  }
  out << "observed order (least squares; successive slopes):\n";
  for (const auto& [metric, fit] : conv["orders"].items()) {
    std::string successive;
    for (const json& s : fit["successive"]) successive += (successive.empty() ? "" : ", ") + num(s, 4);
    out << fmt::format("  {:<14} {:>14}   ({})\n", metric, num(fit["least_squares"], 10), successive);
  }
}

/// Events, sticking, λ1 estimate and error estimate of a reference run.
void print_reference(std::ostream& out, const json& run) {
  constexpr std::size_t listed_events = 12;
  std::string counts;
  for (const auto& [kind, count] : run["event_counts"].items())
    counts += (counts.empty() ? "" : ", ") + std::to_string(count.get<long>()) + " " + kind;
  out << "events     " << (counts.empty() ? "none" : counts) << "\n";
  for (std::size_t i = 0; i < std::min(listed_events, run["events"].size()); ++i) {
    const json& e = run["events"][i];
    out << fmt::format("  {:<13} t = {:<22} v- = {:<22} v+ = {}\n", e["kind"].get<std::string>(), num(e["t"], 17),
                       num(e["v_minus"], 12), num(e["v_plus"], 12));
  }
  if (run["events"].size() > listed_events) out << "  ... (all events in --json or --csv)\n";
  if (!run["sticking_intervals"].empty()) out << "sticking   " << run["sticking_intervals"].size() << " intervals\n";
  out << "final      t = " << num(run["final"]["t"], 17) << ", u = " << num(run["final"]["u"], 17)
      << ", v = " << num(run["final"]["v"], 17) << "\n";
  if (run.contains("stroboscopic")) out << "stroboscopic samples: " << run["stroboscopic"].size() << " (in --json)\n";
  const json& lyapunov = run["lyapunov_estimate"];
  if (lyapunov["defined"].get<bool>())
    out << fmt::format("lambda1    {:.6g} per unit time (finite-time estimate); {} correct digits at t = {:.6g} need {} digits\n",
                       lyapunov["lambda1_per_unit_time"].get<double>(), lyapunov["digits_needed"]["target_digits"].get<long>(),
                       lyapunov["digits_needed"]["horizon"].get<double>(), lyapunov["digits_needed"]["digits"].get<long>());
  else
    out << "lambda1    not estimated: the flow's derivative is undefined (" << lyapunov["why_undefined"].get<std::string>() << ")\n";
  if (run.contains("error_estimate")) {
    const json& e = run["error_estimate"];
    out << "error      against " << e["compared_with"].get<std::string>() << ": event times within "
        << e["max_event_time_difference"].get<std::string>() << ", final u within "
        << e["final_position_difference"].get<std::string>() << ", v within "
        << e["final_velocity_difference"].get<std::string>() << "\n";
    if (e.contains("lower_bound_only")) out << "           (" << e["lower_bound_only"].get<std::string>() << ")\n";
  }
}

}  // namespace

void print_list(std::ostream& out, const json& list) {
  // Each column as wide as its widest entry, so that the columns line up.
  std::size_t name = 0, model = 0, scheme = 0, precision = 0;
  for (const json& c : list) {
    name = std::max(name, c["name"].get<std::string>().size());
    model = std::max(model, c["model"].get<std::string>().size());
    scheme = std::max(scheme, c["scheme"].get<std::string>().size());
    precision = std::max(precision, c["precision"].get<std::string>().size());
  }
  for (const json& c : list)
    out << fmt::format("{:<{}}  {:<{}}  {:<{}}  {:<{}}  {}\n", c["name"].get<std::string>(), name,
                       c["model"].get<std::string>(), model, c["scheme"].get<std::string>(), scheme,
                       c["precision"].get<std::string>(), precision, c["file"].get<std::string>());
}

void print_run(std::ostream& out, const json& r) {
  const json& p = r["precision"];
  out << "case       " << r["case"]["name"].get<std::string>() << "  (" << r["case"]["file"].get<std::string>()
      << ", fnv1a64 " << r["case"]["hash_fnv1a64"].get<std::string>() << ")\n";
  out << "precision  " << p["name"].get<std::string>();
  if (p["significand_bits"].get<long>() > 0)
    out << " (" << p["significand_bits"] << " bits, " << p["decimal_digits"] << " decimal digits)";
  else
    out << " (exact)";
  out << "\nmodel      " << r["model"].dump() << "\ninitial    " << r["initial"].dump() << "\n";
  const json& run = r["run"];
  if (r["scheme"]["type"] == "reference") {
    out << "scheme     exact-detection reference (closed-form flights, certified contacts)\n";
    print_reference(out, run);
    return;
  }
  if (r["scheme"]["type"] == "corrected-crank-nicolson") {
    out << "scheme     corrected Crank–Nicolson (seed 000 §3), h = " << r["scheme"]["step"].get<std::string>() << " = "
        << num(run["h"], 17) << ", " << run["steps"] << " steps (the grid is non-uniform after an impact)\n"
        << "impacts    " << run["impacts"] << " artificial impacts, " << run["dichotomies"] << " dichotomies, "
        << run["fallbacks"] << " fallbacks (eq. 38)\n"
        << "final      t = " << num(run["final"]["t"], 17) << ", U = " << num(run["final"]["u"], 17)
        << ", V = " << num(run["final"]["v"], 17) << "\n";
    if (run.contains("stroboscopic")) out << "stroboscopic samples: " << run["stroboscopic"].size() << " (in --json)\n";
    if (r.contains("convergence")) print_convergence(out, r["convergence"]);
    return;
  }
  out << "scheme     " << r["scheme"]["type"].get<std::string>() << ", velocity " << r["scheme"]["velocity"].get<std::string>()
      << ", start " << r["scheme"]["start"].get<std::string>() << ", h = " << r["scheme"]["step"].get<std::string>()
      << " = " << num(run["h"], 17) << ", " << run["steps"] << " steps\n";
  std::string first;
  for (const json& k : run["projection_active"]["first_steps"]) first += (first.empty() ? "" : " ") + std::to_string(k.get<long>());
  out << "projection active on " << run["projection_active"]["count"] << " steps" << (first.empty() ? "" : ": " + first)
      << (run["projection_active"]["count"].get<std::size_t>() > run["projection_active"]["first_steps"].size() ? " ..." : "")
      << "\n";
  out << "final      t = " << num(run["final"]["t"], 17) << ", U = " << num(run["final"]["u"], 17)
      << ", V = " << num(run["final"]["v"], 17) << "\n";
  if (run.contains("stroboscopic"))
    out << "stroboscopic samples: " << run["stroboscopic"].size() << " (in --json)\n";
  if (r.contains("free_fall")) print_free_fall(out, r["free_fall"]);
  if (r.contains("convergence")) print_convergence(out, r["convergence"]);
  if (r.contains("expected"))
    for (const json& e : r["expected"])
      out << fmt::format("expected   {} = {} ± {} ({}): observed {}: {}\n", e["quantity"].get<std::string>(),
                         e["expected"].get<std::string>(), e["tolerance"].get<std::string>(),
                         e["source"].get<std::string>(), num(e["observed"], 12), e["verdict"].get<std::string>());
}

void print_lyapunov(std::ostream& out, const json& r) {
  const json& l = r["lyapunov"];
  out << "case       " << r["case"]["name"].get<std::string>() << "  (" << r["case"]["file"].get<std::string>() << ")\n"
      << "precision  " << r["precision"]["name"].get<std::string>() << "\n"
      << "method     " << l["method"].get<std::string>() << ", epsilon " << l["epsilon"].get<std::string>() << ", "
      << l["periods"] << " periods, " << l["clock"].get<std::string>() << " section clock\n";
  if (!l["defined"].get<bool>()) {
    out << "exponents  undefined after " << l["periods_done"] << " periods: " << l["why_undefined"].get<std::string>() << "\n";
    return;
  }
  out << fmt::format("lambda1    {} per period, {} per unit time\n", num(l["lambda1_per_period"], 10), num(l["lambda1_per_unit_time"], 10))
      << fmt::format("lambda2    {} per period, {} per unit time\n", num(l["lambda2_per_period"], 10), num(l["lambda2_per_unit_time"], 10))
      << "sum        " << num(l["sum_per_period"], 10) << " per period";
  if (l.contains("sum_rule_per_period")) out << " (sum rule −2αT + 2 (N_imp/K) ln e = " << num(l["sum_rule_per_period"], 10) << ")";
  out << "\n" << fmt::format("spread     of the running estimates over the last half: {:.3g} (lambda1), {:.3g} (lambda2)\n",
                             l["spread_last_half"]["lambda1"].get<double>(), l["spread_last_half"]["lambda2"].get<double>());
  if (l.contains("periods_with_changed_contacts"))
    out << "contacts   changed under the perturbation in " << l["periods_with_changed_contacts"] << " periods\n";
  out << "history    k: lambda1, lambda2\n";
  for (const json& h : l["history"])
    out << fmt::format("  {:>8}: {:.8g}, {:.8g}\n", h["k"].get<long>(), h["lambda1"].get<double>(), h["lambda2"].get<double>());
}

}  // namespace vibro::cli
