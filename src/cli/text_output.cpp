#include "text_output.hpp"

#include "vibro/analysis/study_result.hpp"
#include "vibro/case/case_spec.hpp"
#include "vibro/case/scheme_catalog.hpp"
#include "vibro/io/result_json.hpp"
#include "vibro/io/run_comparison.hpp"
#include "vibro/report/model_formula.hpp"
#include "vibro/report/number_display.hpp"
#include "vibro/report/study_outputs.hpp"
#include "vibro/results/listing_result.hpp"
#include "vibro/results/lyapunov_result.hpp"
#include "vibro/results/orbit_result.hpp"
#include "vibro/results/published_check_result.hpp"
#include "vibro/results/run_result.hpp"
#include "vibro/results/projection_activity.hpp"
#include "vibro/results/reported_impacts.hpp"
#include "vibro/results/corrected_counters.hpp"
#include "vibro/results/conservative_findings.hpp"
#include "vibro/results/reference_findings.hpp"
#include "vibro/results/system_findings.hpp"
#include "vibro/results/inertia_findings.hpp"
#include "vibro/results/free_fall_reversal.hpp"
#include "vibro/results/lyapunov_ensemble.hpp"
#include "vibro/results/second_precision.hpp"


#include <fmt/format.h>

#include <algorithm>

namespace vibro::cli {
namespace {

/// "(x1, x2, …)" with every digit of each.
std::string all_digits_list(const std::vector<NumberText>& xs) {
  std::string text = "(";
  for (std::size_t i = 0; i < xs.size(); ++i) text += (i ? ", " : "") + display_all_digits(xs[i]);
  return text + ")";
}

void print_free_fall(std::ostream& out, const FreeFallReversalResult& result) {
  if (!result.comparison) {
    out << "free-fall reversal (seed 000 §2): not applicable: " << result.reason.value_or("") << "\n";
    return;
  }
  const FreeFallReversalComparison& ff = *result.comparison;
  out << fmt::format("free-fall reversal (seed 000 §2): m = {}, U^(m+1) {} the obstacle, reversal on steps {} and {},\n"
                     "  post-impact line from n = {} with slope -h e v0 = {} per step\n",
                     ff.m, ff.reversal_case, ff.reversal_steps[0], ff.reversal_steps[1], ff.line_start,
                     display_all_digits(ff.slope_per_step));
  out << fmt::format("  {:>6}  {:>24}  {:>24}  {:>12}\n", "n", "predicted", "computed", "difference");
  for (const auto& r : ff.table)
    out << fmt::format("  {:>6}  {:>24}  {:>24}  {:>12}\n", r.n, display_all_digits(r.predicted), display_all_digits(r.computed),
                       display(r.difference, 3));
  out << "  max |computed - predicted| over the run: " << display(ff.max_deviation_from_prediction, 3) << "\n";
}

/// A study over a tolerance ladder: its response to the tolerance, metric by metric.
void print_tolerance_response(std::ostream& out, const StudyResult& study) {
  out << "response to the tolerance (least squares of log error against log tol before the error stalls; "
         "successive slopes):\n";
  for (const ErrorMetric m : error_metrics) {
    const ToleranceResponse& r = (*study.tolerance_response)[index_of(m)];
    out << fmt::format("  {:<14} {}   ({})\n", name(m), r.verdict, successive_slopes_text(r.successive, 3));
  }
}

void print_convergence(std::ostream& out, const StudyResult& study) {
  const bool over_tolerances = study.tolerance_response.has_value();
  // The work a program reported (its `evaluations,N` line), beside its errors.
  const bool with_evaluations = std::any_of(study.rows.begin(), study.rows.end(),
                                            [](const StudyRow& r) { return r.evaluations.has_value(); });
  out << "errors against the " << study.reference << ":\n";
  out << fmt::format("  {:>12} {:>8}", over_tolerances ? "tolerance" : "h", "steps");
  for (const ErrorMetric m : error_metrics) out << fmt::format(" {:>15}", name(m));
  out << (over_tolerances ? fmt::format(" {:>10}", "seconds") : "")
      << (with_evaluations ? fmt::format(" {:>12}", "evaluations") : "") << "\n";
  for (const StudyRow& r : study.rows) {
    out << fmt::format("  {:>12} {:>8}", over_tolerances ? r.tolerance.value_or("") : r.h, r.steps);
    for (const ErrorMetric m : error_metrics) out << fmt::format(" {:>15}", display(r.errors[index_of(m)], 8));
    if (over_tolerances) out << fmt::format(" {:>10}", r.seconds ? display(*r.seconds, 3) : "untimed");
    if (with_evaluations) out << fmt::format(" {:>12}", r.evaluations ? std::to_string(*r.evaluations) : "–");
    out << "\n";
  }
  out << "rounding floor: " << rounding_floor_rule(study.rounding_floor) << "\n";
  if (over_tolerances) {
    out << "output spacing h = " << (study.rows.empty() ? "" : study.rows.front().h) << " at every tolerance\n";
    print_tolerance_response(out, study);
    return;
  }
  if (study.rounding_floor.measured_at) {
    out << "rounding part of each error, |error − error at " << *study.rounding_floor.measured_at << "|:\n";
    for (const StudyRow& r : study.rows) {
      out << fmt::format("  {:>12} {:>8}", r.h, "");
      for (const ErrorMetric m : error_metrics) out << fmt::format(" {:>15}", display((*r.rounding_parts)[index_of(m)], 3));
      out << "\n";
    }
  }
  out << "observed order (least squares over the asymptotic range, ± its standard error; scatter: RMS of log error "
         "about the line; successive slopes; points left out, and why):\n";
  for (const ErrorMetric m : error_metrics) {
    const OrderAnalysis& o = study.orders[index_of(m)];
    const std::string successive = successive_slopes_text(o.successive, 4);
    const std::string fitted =
        o.fit ? fmt::format("{:>14} ± {:<9} over {} … {}, scatter {}", display(o.fit->slope, 10),
                            display(o.fit->standard_error, 2), study.rows[o.fit->range[0]].h,
                            study.rows[o.fit->range[1]].h, display(o.fit->residual, 2))
                : fmt::format("{:>14}", no_order_label(study, m));
    out << fmt::format("  {:<14} {}   ({})\n", name(m), fitted, successive);
    out << fmt::format("  {:<14} left out: {}\n", "", excluded_points(study, m));
  }
}

/// Events, sticking, λ1 estimate and error estimate of a reference run.
void print_reference(std::ostream& out, const ReferenceFindings& found) {
  std::string counts;
  std::int64_t total = 0;
  for (const auto& [kind, count] : found.event_counts) {
    counts += (counts.empty() ? "" : ", ") + std::to_string(count) + " " + kind;
    total += count;
  }
  out << "events     " << (counts.empty() ? "none" : counts) << "\n";
  for (std::size_t i = 0; i < std::min(listed_reference_events, found.events.size()); ++i) {
    const ReferenceEventText& e = found.events[i];
    out << fmt::format("  {:<13} t = {:<22} v- = {:<22} v+ = {}\n", e.kind, display_all_digits(e.t),
                       display_all_digits(e.v_minus), display_all_digits(e.v_plus));
  }
  if (total > static_cast<std::int64_t>(listed_reference_events)) out << "  ... (all events in --json or --csv)\n";
  // Each stick opens an interval (closed by the next release, or open at the end): counted
  // from the events, since a text run keeps only the intervals of the events it lists.
  if (const auto sticks = found.event_counts.find("stick"); sticks != found.event_counts.end() && sticks->second > 0)
    out << "sticking   " << sticks->second << " intervals\n";
  if (const std::optional<Lambda1Estimate>& l = found.lyapunov_estimate.estimate) {
    const DigitsNeeded& needed = l->digits_needed;
    out << fmt::format("lambda1    {:.6g} per unit time (finite-time estimate); {} correct digits at t = {:.6g} need ",
                       l->lambda1_per_unit_time, needed.target_digits, needed.horizon);
    switch (needed.basis) {
      case DigitsBasis::measured:
        out << fmt::format("{} digits\n           (measured: this run lost {} digits to the horizon, λ1 t/ln 10 + {} "
                           "alone says {})\n",
                           needed.digits, *needed.measured_loss, needed.target_digits, needed.from_lambda1);
        break;
      case DigitsBasis::lower_bound:
        out << fmt::format("at least {} digits\n           (this run kept no correct digit to measure its loss by)\n",
                           needed.digits);
        break;
      case DigitsBasis::lambda1:
        out << fmt::format("about {} digits\n           (λ1 t/ln 10 + {} alone, a few digits short: the error "
                           "estimate measures the rest)\n",
                           needed.digits, needed.target_digits);
        break;
    }
  } else {
    out << "lambda1    not estimated: the flow's derivative is undefined ("
        << found.lyapunov_estimate.why_undefined.value_or("") << ")\n";
  }
  if (const auto& e = found.error_estimate) {
    out << "error      against " << e->compared_with << ": event times within " << e->max_event_time_difference
        << ", final u within " << e->final_position_difference << ", v within " << e->final_velocity_difference
        << " (" << e->final_state_correct_digits << " correct digits)\n";
    if (e->lower_bound_only) out << "           (" << *e->lower_bound_only << ")\n";
  }
}

/// Energy, constraint and, on example 5.1, the closed-form comparison of a seed-003 run.
void print_system(std::ostream& out, const SystemFindings& f) {
  std::string omega;
  for (const NumberText& w : f.omega) omega += (omega.empty() ? "" : ", ") + display(w, 8);
  out << "modes      omega = (" << omega << ")\n";
  for (std::size_t i = 0; i < f.coordinates.size(); ++i) {
    const CoordinateRecord& c = f.coordinates[i];
    out << "q" << i + 1 << (i + 1 < 10 ? "         " : "        ");
    if (!c.constrained) {
      out << "unconstrained\n";
      continue;
    }
    out << c.impacts << " impacts (" << c.contact_steps << " steps with the constraint active); max penetration "
        << display_all_digits(c.max_penetration) << " (" << c.nodes_outside << " nodes outside K)\n";
  }
  out << "energy     E = (v'M^2v + q'A^2q)/2 (seed 002 eq. 20) from " << display_all_digits(f.initial_energy) << " to "
      << display_all_digits(f.final_energy) << "; " << f.flights << " flights";
  if (f.largest_energy_variation_between_impacts)
    out << ", largest relative variation between impacts " << display(*f.largest_energy_variation_between_impacts, 4);
  out << "\n";
  if (f.max_error_exact)
    out << "error      max over the nodes of max_i |q_i - q_i(t)| against the closed-form solution: "
        << display(*f.max_error_exact, 4) << "\n";
  if (f.max_error_rigid_wall_q1)
    out << "error      max |q1 - q1^exact| with q1^exact = q1(0) cos t + v1(0) sin t (seed 002 sec. 3.1): "
        << display(*f.max_error_rigid_wall_q1, 4) << "\n";
}

/// Energy, impacts, constraint and iterations of a general-inertia run (seed 004).
void print_inertia(std::ostream& out, const InertiaFindings& f) {
  out << "energy     E = u'M(q)u/2 + potential from " << display_all_digits(f.initial_energy) << " to "
      << display_all_digits(f.final_energy) << "; ";
  if (f.largest_energy_gain_at_impact)
    out << "largest change across an impact step " << display(*f.largest_energy_gain_at_impact, 4) << ", ";
  out << "largest variation in a flight " << display(f.largest_energy_variation_in_flight, 4) << "\n";
  out << "constraint max g(q) over the nodes " << display(f.max_constraint_violation, 4) << "\n";
  if (f.iterations_total)
    out << "iterations " << *f.iterations_total << " fixed-point iterations in all, at most " << *f.iterations_max
        << " on one step\n";
}

void print_conservative(std::ostream& out, const ConservativeFindings& f) {
  out << "energy     E (docs/mathematics.md §5, non-standard φ) from " << display_all_digits(f.initial_energy) << " to "
      << display_all_digits(f.final_energy)
      << "; " << f.energy.flights << " flights, largest relative variation in a flight "
      << display(f.energy.largest_relative_variation_in_a_flight, 4) << " (own denominator "
      << display(f.energy.largest_relative_variation_in_a_flight_own, 4) << ")\n";
  if (f.energy.largest_ratio_deviation_from_e_squared)
    out << "impacts    energy ratio across an impact within " << display(*f.energy.largest_ratio_deviation_from_e_squared, 4)
        << " of e² = " << display_all_digits(f.energy.e_squared) << "\n";
  out << "constraint " << f.nodes_outside_constraint << " nodes outside K; max |y| = " << display_all_digits(f.largest_abs_y)
      << "\n";
  if (f.discrete_amplitude)
    out << "amplitude  of the scheme's own free recurrence through its start (closed form): "
        << display_all_digits(*f.discrete_amplitude) << "\n";
  if (const auto& x = f.example51) {
    std::string delays;
    for (const auto& d : x->delays_in_steps) delays += (delays.empty() ? "" : ", ") + display(d, 6);
    out << "example 5.1 against its closed form: max |y^k - y(t_k)| before the first impact "
        << display(x->max_error_before_first_impact, 4) << "; delay of the flight after impact n / dt: " << delays
        << "; max |amplitude / e^(n+1) - 1| " << display(x->largest_amplitude_defect, 4) << "\n";
  }
}

/// The parts of a run every scheme may have, each when present. An external program's steps
/// with contact are what its contact column says, not a projection vibro saw.
void print_findings(std::ostream& out, const RunFindings& run, bool external) {
  if (const auto& p = run.projection_active) {
    std::string first;
    for (const auto k : p->first_steps) first += (first.empty() ? "" : " ") + std::to_string(k);
    out << (external ? "contact (the program's column) on " : "projection active on ") << p->count << " steps (" << p->impacts << " impacts)"
        << (first.empty() ? "" : ": " + first) << (p->count > static_cast<std::int64_t>(p->first_steps.size()) ? " ..." : "")
        << "\n";
  }
  if (const auto& r = run.reported_impacts) {
    // The program's own impact table: its first impacts with every digit it gave.
    out << "impacts    " << r->count << " reported by the program" << (r->count > 0 ? ":" : "") << "\n";
    for (const ReportedImpactText& i : r->first)
      out << "           t = " << display_all_digits(i.t) << " on coordinate " << i.coordinate
          << ", v- = " << display_all_digits(i.v_minus) << ", v+ = " << display_all_digits(i.v_plus) << "\n";
    if (r->count > static_cast<std::int64_t>(r->first.size()))
      out << "           ... (" << r->count - static_cast<std::int64_t>(r->first.size()) << " more)\n";
  }
  if (const auto& c = run.corrected)
    out << "impacts    " << c->impacts << " artificial impacts, " << c->dichotomies << " dichotomies, " << c->fallbacks
        << " fallbacks (eq. 38)\n";
  if (run.conservative) print_conservative(out, *run.conservative);
  if (run.system) print_system(out, *run.system);
  if (run.inertia) print_inertia(out, *run.inertia);
  if (run.reference) print_reference(out, *run.reference);
  if (run.escaped)
    out << "stopped    at step " << run.escaped->step << ": |u| = " << display_all_digits(run.escaped->value)
        << " passed the case's horizon.escape\n";
  out << "final      t = " << display_all_digits(run.final.t);
  if (run.final.has_coordinates()) out << ", q = " << all_digits_list(run.final.q) << ", v = " << all_digits_list(run.final.qv) << "\n";
  else out << ", U = " << display_all_digits(run.final.u) << ", V = " << display_all_digits(run.final.v) << "\n";
  if (run.stroboscopic)
    out << "stroboscopic samples: " << (run.stroboscopic->empty() ? 0 : run.stroboscopic->back().period + 1)
        << " (X_0 … X_K, in --json)\n";
}

void print_sweep(std::ostream& out, const std::vector<SweepPoint>& sweep) {
  out << "sweep over the step:\n"
      << fmt::format("  {:>12} {:>10} {:>14} {:>24} {:>24}\n", "step", "steps", "contact steps", "final U", "stopped");
  for (const SweepPoint& p : sweep) {
    const std::int64_t contacts = p.run.projection_active ? p.run.projection_active->count
                                  : p.run.corrected      ? p.run.corrected->impacts
                                                         : 0;
    out << fmt::format("  {:>12} {:>10} {:>14} {:>24} {:>24}\n", p.step, p.run.steps.value_or(0), contacts,
                       p.run.final.has_coordinates() ? "q1 " + display_all_digits(p.run.final.q[0])
                                                     : display_all_digits(p.run.final.u),
                       p.run.escaped ? "at step " + std::to_string(p.run.escaped->step) : std::string("—"));
  }
}

std::string orders_text(const DeclaredOrders& orders) {
  std::string text;
  for (const ErrorMetric m : error_metrics)
    if (const auto& o = orders[index_of(m)])
      text += (text.empty() ? "" : "; ") + std::string(name(m)) + " " + fmt::format("{:g}", o->order) +
              (o->sharp ? " (sharp with impacts" : " (at least") + ", " + std::string(o->source) + ")";
  return text.empty() ? "none (exact)" : text;
}

}  // namespace

void print_cases(std::ostream& out, const std::vector<ListedCase>& cases) {
  // Each column as wide as its widest entry, so that the columns line up.
  std::size_t name = 0, model = 0, scheme = 0, precision = 0;
  for (const ListedCase& c : cases) {
    name = std::max(name, c.name.size());
    model = std::max(model, c.model.size());
    scheme = std::max(scheme, c.scheme.size());
    precision = std::max(precision, c.precision.size());
  }
  for (const ListedCase& c : cases)
    out << fmt::format("{:<{}}  {:<{}}  {:<{}}  {:<{}}  {}\n", c.name, name, c.model, model, c.scheme, scheme,
                       c.precision, precision, c.file);
}

void print_schemes(std::ostream& out) {
  for (const SchemeInfo& info : scheme_infos()) {
    std::string names, models;
    for (const auto& n : info.names) names += (names.empty() ? "" : ", ") + n;
    for (const ModelKind k : model_kinds)
      if (info.models.contains(k)) models += (models.empty() ? "" : ", ") + std::string(model_name(k));
    std::string options;
    for (const auto& key : info.option_keys) options += (options.empty() ? "" : ", ") + key;
    out << names << ": " << info.display_name << "\n"
        << "  models       " << models << "\n"
        << "  precisions   " << info.scalars.text() << "\n"
        << "  options      " << (options.empty() ? "none" : options) << (info.has_step ? "" : " (no time step)") << "\n"
        << "  orders       " << orders_text(info.declared_orders) << "\n";
  }
}

void print_run(std::ostream& out, const CaseSpec& c, const RunResult& r) {
  const PrecisionInfo& p = r.provenance.precision;
  out << "case       " << r.case_info.name << "  (" << r.case_info.file << ", fnv1a64 " << r.case_info.hash << ")\n";
  out << "precision  " << p.name;
  if (p.significand_bits > 0) out << " (" << p.significand_bits << " bits, " << p.decimal_digits << " decimal digits)";
  else out << " (exact)";
  std::string initial;
  for (const Parameter& p : r.initial) {
    std::string value = p.texts.front();
    if (p.list) {
      value = "(";
      for (std::size_t i = 0; i < p.texts.size(); ++i) value += (i ? ", " : "") + p.texts[i];
      value += ")";
    }
    initial += (initial.empty() ? "" : ", ") + p.key + " = " + value;
  }
  out << "\nmodel      " << model_formula(c.model) << "\ninitial    " << initial << "\n";
  out << "scheme     " << r.scheme.display_name << " (" << r.scheme.type << ")";
  for (const auto& [key, value] : r.scheme.options) out << ", " << key << " " << value;
  if (r.scheme.step) {
    const std::string h = display_all_digits(*r.run.h);
    out << ", h = " << *r.scheme.step << (r.run.h->text == *r.scheme.step ? "" : " = " + h) << ", " << *r.run.steps
        << " steps";
  }
  out << "\n";
  print_findings(out, r.run, r.scheme.external);
  if (r.free_fall) print_free_fall(out, *r.free_fall);
  if (!r.sweep.empty()) print_sweep(out, r.sweep);
  if (r.convergence) print_convergence(out, *r.convergence);
  for (const ExpectationVerdict& e : r.expected)
    out << fmt::format("expected   {} = {} ± {} ({}): observed {}: {}\n", e.quantity, e.expected.text, e.tolerance.text,
                       e.source, display(e.observed, 12), to_string(e.verdict));
}

void print_comparison(std::ostream& out, const std::vector<RunResult>& runs, const std::vector<std::string>& precisions,
                      std::size_t widest, const ComparedNumbers& numbers) {
  const CaseInfo& c = runs.front().case_info;
  out << "case       " << c.name << "  (" << c.file << ", fnv1a64 " << c.hash << ")\n";
  out << "precisions ";
  for (const RunResult& r : runs) {
    const PrecisionInfo& p = r.provenance.precision;
    out << (&r == &runs.front() ? "" : ", ") << p.name
        << (p.significand_bits > 0 ? " (" + std::to_string(p.significand_bits) + " bits)" : std::string(" (exact)"));
  }
  out << "\ncompared   with " << precisions[widest] << ", the widest: difference = value − value at "
      << precisions[widest] << "; digits = significant digits shared with it (all: identical)\n\n";

  // A row of cells per number, every column as wide as its widest cell: the numbers are
  // given twice, for the widths and to print, so that none is held (a long run's lists).
  std::vector<std::string> header{"quantity (JSON pointer)"};
  for (const std::string& p : precisions) header.push_back(p);
  for (std::size_t r = 0; r < precisions.size(); ++r)
    if (r != widest) {
      header.push_back(precisions[r] + " − " + precisions[widest]);
      header.push_back("digits");
    }
  const auto cells = [&](const ComparedNumber& n, std::vector<std::string>& row) {
    row.clear();
    row.push_back(n.pointer);
    for (const ComparedValue& v : n.values) row.push_back(display_all_digits(v.value));
    for (std::size_t r = 0; r < n.values.size(); ++r) {
      if (r == widest) continue;
      const ComparedValue& v = n.values[r];
      constexpr int difference_digits = 4;
      row.push_back(display(v.difference, difference_digits));
      row.push_back(v.agreeing_digits ? std::to_string(*v.agreeing_digits) : v.difference ? "all" : "—");
    }
  };
  // Widths in code points: the cells' only non-ASCII characters (−, ≈, —) take one column each.
  const auto length = [](const std::string& cell) {
    return static_cast<std::size_t>(std::count_if(cell.begin(), cell.end(), [](char ch) { return (ch & 0xC0) != 0x80; }));
  };
  std::vector<std::size_t> width(header.size(), 0);
  const auto widen = [&](const std::vector<std::string>& row) {
    for (std::size_t i = 0; i < row.size(); ++i) width[i] = std::max(width[i], length(row[i]));
  };
  const auto print = [&](const std::vector<std::string>& row) {
    std::string line;
    for (std::size_t i = 0; i < row.size(); ++i)
      line += (i == 0 ? "" : "  ") + row[i] + std::string(i + 1 < row.size() ? width[i] - length(row[i]) : 0, ' ');
    out << line << "\n";
  };
  std::vector<std::string> row;
  widen(header);
  numbers([&](const ComparedNumber& n) {
    cells(n, row);
    widen(row);
  });
  print(header);
  numbers([&](const ComparedNumber& n) {
    cells(n, row);
    print(row);
  });
}

void print_lyapunov(std::ostream& out, const LyapunovResult& r) {
  const LyapunovFindings& l = r.lyapunov;
  out << "case       " << r.case_info.name << "  (" << r.case_info.file << ")\n"
      << "precision  " << r.provenance.precision.name << "\n"
      << "method     " << l.method << ", epsilon " << l.epsilon << ", " << l.periods << " periods, " << l.clock
      << " section clock\n";
  if (r.published) out << "published  reproduces " << *r.published << " (reference/published/)\n";
  if (!l.defined) {
    out << "exponents  undefined after " << l.periods_done << " periods: " << l.why_undefined << "\n";
    return;
  }
  const auto plus_minus = [&](ExponentUncertainty ExponentUncertainties::*which) {
    const double half_width = l.uncertainty ? (*l.uncertainty.*which).half_width : 0;
    return half_width > 0 ? fmt::format(" ± {:.2g}", half_width) : std::string();
  };
  out << fmt::format("lambda1    {}{} per period, {} per unit time\n", display_all_digits(l.lambda1_per_period),
                     plus_minus(&ExponentUncertainties::lambda1), display_all_digits(l.lambda1_per_unit_time))
      << fmt::format("lambda2    {}{} per period, {} per unit time\n", display_all_digits(l.lambda2_per_period),
                     plus_minus(&ExponentUncertainties::lambda2), display_all_digits(l.lambda2_per_unit_time))
      << "sum        " << display_all_digits(l.sum_per_period) << plus_minus(&ExponentUncertainties::sum) << " per period";
  if (l.sum_rule_per_period)
    out << " (sum rule −2αT + 2 (N_imp/K) ln e = " << display_all_digits(*l.sum_rule_per_period) << " with " << l.impacts.value_or(0)
        << " impacts: " << (l.sum_rule_warning ? "differs by more than the uncertainty, see the warning" : "holds within the uncertainty")
        << ")";
  out << "\n";
  if (l.uncertainty) {
    const ExponentUncertainty& u1 = l.uncertainty->lambda1;
    const ExponentUncertainty& u2 = l.uncertainty->lambda2;
    out << "uncertainty ± is 95 % for the asymptotic exponent, the larger of:\n";
    if (u1.batch)
      out << fmt::format("  batch means over {} blocks of periods: standard error {:.3g} (lambda1), {:.3g} (lambda2)\n",
                         u1.batch->blocks, u1.batch->standard_error, u2.batch->standard_error);
    else
      out << "  batch means: too few periods\n";
    if (u1.ensemble_size >= 2)
      out << fmt::format("  ensemble of {} starts (this one and {} nearby, offsets {} × max(|u0|, |v0|, 1)): standard "
                         "deviation {:.3g} (lambda1), {:.3g} (lambda2)\n",
                         u1.ensemble_size, u1.ensemble_size - 1, l.ensemble ? l.ensemble->perturbation.text : "",
                         u1.ensemble_sd, u2.ensemble_sd);
    else
      out << "  ensemble: none run (--ensemble N)\n";
  }
  if (l.ensemble)
    for (const EnsembleMember& member : l.ensemble->members)
      if (!member.defined)
        out << "  nearby start u0 = " << member.u0.text << ", v0 = " << member.v0.text
            << " left out: " << member.why_undefined << "\n";
  if (l.second_precision) {
    const auto& s2 = *l.second_precision;
    if (s2.defined)
      out << fmt::format("second     precision {}: lambda1 {}, lambda2 {}; {} and {} significant digits shared with this run\n",
                         s2.precision, display_all_digits(s2.lambda1_per_period), display_all_digits(s2.lambda2_per_period),
                         s2.shared_significant_digits.lambda1, s2.shared_significant_digits.lambda2);
    else
      out << "second     precision " << s2.precision << ": the exponents are undefined: " << s2.why_undefined << "\n";
  }
  out << fmt::format("spread     of the running estimates over the last half: {:.3g} (lambda1), {:.3g} (lambda2)\n",
                     l.spread_last_half.lambda1, l.spread_last_half.lambda2);
  if (l.periods_with_changed_contacts)
    out << "contacts   changed under the perturbation in " << *l.periods_with_changed_contacts << " periods\n";
  out << "history    k: lambda1, lambda2\n";
  for (const auto& h : l.history) out << fmt::format("  {:>8}: {:.8g}, {:.8g}\n", h.k, h.lambda1, h.lambda2);
}

void print_check(std::ostream& out, const CheckResult& result) {
  // Each relation once, with the published values it covers; then per family member the
  // outcome against its record, one line per exponent the relation used (published value of
  // the same method, if any, the value computed on the member's case, the relation and the
  // outcome, the case file) and the test's numbers.
  out << "The published exponents belong to alpha, a, u_min the seeds do not print: a published value and the value\n"
         "computed by the same method on a member are not expected to agree. What is compared is each relation,\n"
         "on each member of the chaotic family, with the outcome the published tables record for it.\n\n";
  for (const RelationVerdict& rel : result.relations) {
    out << "relation " << rel.name << ": " << rel.statement << "\n  covers";
    for (const CoveredValue& v : rel.covers) out << (&v == &rel.covers.front() ? " " : ", ") << v.id << " = " << v.printed;
    out << "\n";
    if (rel.not_evaluable) out << "  not evaluated: " << *rel.not_evaluable << "\n";
    for (const MemberVerdict& m : rel.members) {
      const MemberEvaluation& e = m.evaluation;
      out << "  " << rel.name << " on " << e.family << ": " << to_string(m.outcome);
      if (m.outcome == GateOutcome::changed) out << " (" << m.why_changed << ")";
      else if (!e.computable) out << " (" << e.why_not << ")";
      out << "\n";
      for (const ComputedExponent& x : e.exponents) {
        const CoveredValue* published = rel.published(x);
        out << fmt::format("    {:<20} published {:<10} computed {:<12.6g} {}: {}  ({})\n", x.id(),
                           published ? published->printed : "none", x.value, rel.name,
                           to_string(m.outcome), x.case_file);
      }
      if (e.computable) out << "    test: " << e.test << "\n";
      if (m.recorded)
        out << "    recorded " << (m.recorded->holds ? "holds" : "contradicted") << ": " << m.recorded->reason << "\n";
    }
  }
  for (const Reproduction& x : result.reproduced) {
    out << "reproduced " << x.id << " = " << x.printed << " (" << x.digits_printed << " digits): ";
    if (!x.computed) out << "CHANGED: " << x.why_not << "\n";
    else
      out << (x.agrees ? "agrees" : "CHANGED: does not agree") << ", computed " << display(*x.computed, 6) << " by "
          << x.case_file << " at " << x.precision << "\n";
  }
  for (const UncheckedValue& v : result.unchecked) out << "not reproducible: " << v.id << " = " << v.printed << ": " << v.reason << "\n";
  out << fmt::format("summary: {} hold, {} contradicted as recorded, {} changed, {} not evaluated; {} of {} reproduced values "
                     "agree: {}\n",
                     result.summary.holds, result.summary.contradicted_as_recorded, result.summary.changed,
                     result.summary.not_evaluated,
                     result.reproduced_agreeing(), result.reproduced.size(),
                     result.matches_records() ? "every outcome matches its record"
                                              : "an outcome differs from its record, or a reproduced value no longer "
                                                "agrees (see CHANGED above)");
}

void print_orbits(std::ostream& out, const OrbitListing& listing) {
  out << "case       " << listing.case_info.name << "  (" << listing.case_info.file << ")\n"
      << "precision  " << listing.precision.name() << "\n"
      << "orbits     (1, n) for n = " << listing.n_min << " … " << listing.n_max
      << ": every root of the impact-phase equation (docs/periodic_orbits.md)\n";
  for (const DegenerateOrder& d : listing.degenerate) out << "\nn = " << d.n << ": no isolated orbits: " << d.why << "\n";
  if (listing.orbits.empty()) out << "\nno root: no (1, n) orbit for these n\n";
  for (const OrbitRow& o : listing.orbits) {
    out << "\n(1, " << o.n << ") orbit, phase " << display(o.phase, 12) << ": "
        << (o.admissible ? (o.stable ? "admissible, stable" : "admissible, unstable") : "rejected: " + o.rejected_because)
        << "\n  impact time  " << display_all_digits(o.impact_time) << "\n  v-, v+       "
        << display_all_digits(o.velocity_before) << ", " << display_all_digits(o.velocity_after) << "\n  multipliers  ";
    if (o.real_multipliers)
      out << display_all_digits(o.multiplier1) << ", " << display_all_digits(o.multiplier2);
    else
      out << display_all_digits(o.multiplier1) << " ± " << display_all_digits(o.multiplier2) << " i";
    out << "  (largest modulus " << display(o.largest_modulus, 12) << ")\n  det M        "
        << display_all_digits(o.determinant) << "  (sum rule e² exp(−2αnT) = " << display_all_digits(o.sum_rule) << ")\n"
        << "  exponents    " << display_all_digits(o.lambda1_per_period) << ", " << display_all_digits(o.lambda2_per_period)
        << " per period (ln|μi|/n)\n  start (t=0)  u0 = " << display_all_digits(o.start_u)
        << ", v0 = " << display_all_digits(o.start_v) << "\n";
  }
}

namespace {

/// An enclosure on two lines: midpoint ± radius after a label of 12 characters, then the bounds
/// under it.
void print_enclosure(std::ostream& out, const std::string& label, const Enclosure& x) {
  out << "  " << label << "  " << x.midpoint << " ± " << x.radius << "  (" << x.proved_digits << " digits proved)\n"
      << std::string(16, ' ') << "[" << x.lower << ", " << x.upper << "]\n";
}

std::string verdict(const ProvedOrbitRow& o) {
  if (!o.unique) return "not proved";
  const std::string& slowest = o.velocity_before.lower;
  if (!o.transverse) return slowest.front() != '-' && slowest != "0" ? "not an orbit (v− > 0, proved)" : "not proved";
  if (o.admissibility == "not admissible") return "not an orbit (the flight crosses the obstacle, proved)";
  if (o.admissibility != "admissible") return "an orbit not proved (admissibility)";
  if (!o.multipliers || o.multipliers->stability == "not proved") return "an orbit, proved; stability not proved";
  return "an orbit, proved " + o.multipliers->stability;
}

}  // namespace

void print_orbit_proofs(std::ostream& out, const OrbitProofListing& listing) {
  out << "case       " << listing.case_info.name << "  (" << listing.case_info.file << ")\n"
      << "proofs     Arb ball arithmetic at " << listing.digits << " digits (" << listing.bits
      << " bits): each value as midpoint ± radius and as [lower, upper] (docs/proofs.md)\n";
  for (const ProvedRootCount& count : listing.root_counts) {
    out << "\nn = " << count.n << ": ";
    if (!count.roots) out << "the number of roots is not proved: " << count.undecided << "\n";
    else if (*count.roots == 0) out << "no root, proved: no (1, " << count.n << ") orbit\n";
    else out << "exactly " << *count.roots << " roots of the impact-phase equation, proved\n";
    for (const ProvedOrbitRow& o : listing.orbits) {
      if (o.n != count.n) continue;
      out << "\n(1, " << o.n << ") root " << o.index << ": " << verdict(o) << "\n";
      print_enclosure(out, "phase θ     ", o.phase);
      print_enclosure(out, "impact time ", o.impact_time);
      print_enclosure(out, "v−          ", o.velocity_before);
      print_enclosure(out, "v+          ", o.velocity_after);
      if (o.multipliers) {
        const ProvedMultiplierTexts& mu = *o.multipliers;
        const bool real = mu.kind == "real";
        out << "  multipliers   " << (real ? "a real pair, proved" : "a complex pair, proved") << "\n";
        print_enclosure(out, real ? "μ1          " : "Re μ        ", mu.first);
        print_enclosure(out, real ? "μ2          " : "Im μ        ", mu.second);
        print_enclosure(out, "ln|μ1|/n    ", mu.lambda1_per_period);
        print_enclosure(out, "ln|μ2|/n    ", mu.lambda2_per_period);
      }
      for (const std::string& why : o.not_proved) out << "  not proved: " << why << "\n";
    }
  }
}

void print_enclosed_reference(std::ostream& out, const EnclosedReference& e) {
  const auto shown = [](const Enclosure& x) {
    return x.midpoint + " ± " + x.radius + " (" + std::to_string(x.proved_digits) + " digits)";
  };
  out << "case        " << e.case_info.name << "  (" << e.case_info.file << ")\n"
      << "enclosure   of the reference in Arb ball arithmetic at " << e.digits << " digits (" << e.bits
      << " bits), width bound " << e.max_width << ": every flight's first contact proved (docs/proofs.md)\n"
      << "horizon     " << (e.horizon_is == "impacts" ? "the impacts asked for" : "the case's " + e.horizon_is) << "\n\n";
  out << "impacts     " << e.impacts.size() << (e.accumulation ? " listed, and infinitely many more in the tails of the accumulations below" : "") << "\n";
  // An N-DOF system's impacts name their coordinate, whose velocities v− and v+ are.
  for (const EnclosedImpactRow& i : e.impacts)
    out << "  " << i.index << (e.dimension > 1 ? "  on q" + std::to_string(i.coordinate) : "") << "  t = " << shown(i.t)
        << "\n      v− = " << shown(i.velocity_before) << "\n      v+ = " << shown(i.velocity_after) << "\n";
  // Each accumulation: infinitely many impacts before it, the mass at rest after it until the
  // release that follows (if any before the horizon).
  for (std::size_t j = 0; j < e.accumulations.size(); ++j) {
    const Enclosure& at = e.accumulations[j];
    out << "\naccumulation  the impacts accumulate at t∞ = " << shown(at) << " ∈ [" << at.lower << ", " << at.upper
        << "]; the mass rests on the obstacle after it";
    if (j < e.releases.size())
      out << "\n  released at t = " << shown(e.releases[j]) << " (the net force turns away from the obstacle)";
    out << "\n";
  }
  if (!e.impacts.empty())
    out << "\nradius of the impact times  " << e.first_impact_radius << " at the first, " << e.last_impact_radius
        << " at the last" << (e.radius_growth_per_impact.empty() ? "" : " (×" + e.radius_growth_per_impact + " per impact)")
        << "\n";
  if (!e.final_positions.empty()) {
    out << "\nfinal state at t = " << shown(*e.horizon) << "\n";
    const auto line = [&](const std::string& name, const Enclosure& x) {
      out << "  " << name << " = " << shown(x) << "\n      [" << x.lower << ", " << x.upper << "]\n";
    };
    const bool one = e.dimension == 1;
    for (std::size_t i = 0; i < e.final_positions.size(); ++i) line(one ? "u" : "q" + std::to_string(i + 1), e.final_positions[i]);
    for (std::size_t i = 0; i < e.final_velocities.size(); ++i) line(one ? "v" : "v" + std::to_string(i + 1), e.final_velocities[i]);
  }
  if (!e.stopped_because.empty()) out << "\nstopped: " << e.stopped_because << "\n";
}

}  // namespace vibro::cli
