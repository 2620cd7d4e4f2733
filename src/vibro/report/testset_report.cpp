#include "vibro/report/testset_report.hpp"

#include "vibro/io/atomic_file.hpp"
#include "vibro/io/csv_file.hpp"
#include "vibro/io/testset_json.hpp"
#include "vibro/report/gnuplot_svg.hpp"
#include "vibro/report/markdown_table.hpp"
#include "vibro/report/number_display.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>
#include <sstream>

namespace vibro {

namespace {

std::string impacts_text(const TestsetScore& s) {
  return std::to_string(s.impacts_seen) + " of " +
         (s.impacts_reference ? std::to_string(*s.impacts_reference) : std::string("∞"));
}

std::string state_text(const TestsetScore& s) {
  if (!s.reached_horizon) return "stopped at t = " + display(s.end_time);
  return digits_text(s.state);
}

/// How a score's rung is named: "tol 1e-8" on a tolerance ladder (its h is the output spacing
/// of every rung), else its h.
std::string rung_text(const TestsetScore& s) { return s.tolerance ? "tol " + *s.tolerance : display_step(s.h); }

bool over_tolerances(const TestsetPair& p) { return !p.scores.empty() && p.scores.front().tolerance.has_value(); }

std::string pair_table(const TestsetPair& p) {
  // The work a program reported (its right-hand-side evaluations), where it did.
  const bool counted = std::any_of(p.scores.begin(), p.scores.end(), [](const TestsetScore& s) { return s.evaluations.has_value(); });
  std::vector<std::string> header{over_tolerances(p) ? "tolerance" : "h", "steps", "end-state digits",
                                  "impact-time digits", "impacts seen", "wall time"};
  if (counted) header.emplace_back("evaluations");
  std::string out = markdown_header(header);
  for (const TestsetScore& s : p.scores) {
    std::vector<std::string> cells{rung_text(s), std::to_string(s.steps), state_text(s), digits_text(s.impact_times),
                                   impacts_text(s), display_seconds(s.seconds)};
    if (counted) cells.push_back(s.evaluations ? std::to_string(*s.evaluations) : "–");
    out += markdown_row(cells);
  }
  return out;
}

/// What a reader must know beside a pair's scores: that they are a peer's stored ones, and that
/// its finest step saw another number of impacts than the reference has (a missed grazing impact
/// scores few digits for a reason the digits do not say).
std::string pair_remark(const TestsetPair& p) {
  std::string remark = p.stored.empty() ? "" : "*stored* (" + p.stored + ")";
  if (!p.failure && !p.scores.empty()) {
    const TestsetScore& finest = p.scores.back();
    if (finest.impacts_reference && finest.impacts_seen != *finest.impacts_reference)
      remark += std::string(remark.empty() ? "" : "; ") + "**wrong**: " + (finest.impacts_seen < *finest.impacts_reference
                ? "misses " + std::to_string(*finest.impacts_reference - finest.impacts_seen)
                : "sees " + std::to_string(finest.impacts_seen - *finest.impacts_reference) + " more") +
                " of the reference's impacts at the " + (over_tolerances(p) ? "tightest tolerance" : "finest step");
  }
  return remark.empty() ? "–" : remark;
}

std::string csv_cell(const std::optional<double>& x) {
  if (!x) return "";
  char text[40];
  std::snprintf(text, sizeof text, "%.17g", *x);
  return text;
}

}  // namespace

std::optional<std::size_t> first_step_reaching(const TestsetPair& pair, int digits) {
  for (std::size_t i = 0; i < pair.scores.size(); ++i)
    if (pair.scores[i].state && pair.scores[i].state->digits >= digits) return i;
  return std::nullopt;
}

std::string testset_markdown(const TestsetRunResult& result, const std::set<std::string>& plotted) {
  std::ostringstream out;
  std::set<std::string> shown;
  for (const TestsetPair& p : result.pairs) {
    // A problem's plot above its first scheme's table: every scheme of the problem on it.
    if (plotted.count(p.problem) != 0 && shown.insert(p.problem).second)
      out << "### " << p.problem << " (" << p.title << "): work–precision\n\n"
          << "Correct digits of the end state against wall time, every scheme, a marker per step size of its "
             "ladder:\n\n"
          << markdown_plot(p.problem + ": correct digits against wall time", p.problem + ".svg") << "\n\n";
    out << "### " << p.problem << " (" << p.title << "): " << markdown_cell(p.scheme) << " at " << p.precision << "\n\n";
    if (!p.stored.empty())
      out << "Stored scores (" << p.stored << "), measured once by scripts/write_peer_scores.sh: the wall times are "
             "that run's.\n\n";
    if (p.failure) out << "The scheme gave up: " << display_numbers_in(*p.failure) << "\n\n";
    else out << pair_table(p) << "\n";
  }
  out << "### Summary\n\nThe first step of each ladder at which the end state has 3, 6 and 9 correct digits, with "
         "its wall time; the best reached otherwise.\n\n"
      << markdown_header({"problem", "scheme", "precision", "3 digits", "6 digits", "9 digits", "best"});
  for (const TestsetPair& p : result.pairs) {
    std::vector<std::string> row{p.problem, markdown_cell(p.scheme), p.precision};
    for (const int level : testset_summary_levels) {
      const std::optional<std::size_t> i = first_step_reaching(p, level);
      row.push_back(i ? (p.scores[*i].tolerance ? "" : "h = ") + rung_text(p.scores[*i]) + ", " +
                            display_seconds(p.scores[*i].seconds)
                      : "–");
    }
    std::optional<CorrectDigits> best;
    for (const TestsetScore& s : p.scores)
      if (s.state && (!best || s.state->digits > best->digits)) best = s.state;
    row.push_back(p.failure ? "gave up" : digits_text(best));
    out << markdown_row(row);
  }
  if (!result.refused.empty()) {
    out << "\nNot run:\n\n";
    for (const TestsetRefusal& r : result.refused)
      out << "- " << r.problem << " by " << markdown_cell(r.scheme) << ": " << markdown_cell(r.reason) << "\n";
  }
  return out.str();
}

std::string testset_csv(const TestsetRunResult& result) {
  std::ostringstream out;
  out << "problem,scheme,precision,h,h_value,steps,reached_horizon,state_digits,state_at_least,impact_digits,"
         "impact_at_least,impacts_seen,impacts_reference,seconds,tolerance,evaluations\n";
  for (const TestsetPair& p : result.pairs)
    for (const TestsetScore& s : p.scores)
      out << csv_text(p.problem) << "," << csv_text(p.scheme) << "," << csv_text(p.precision) << "," << csv_text(s.h)
          << "," << s.h_value.text << ","
          << s.steps << "," << (s.reached_horizon ? "true" : "false") << ","
          << csv_cell(s.state ? std::optional(s.state->digits) : std::nullopt) << ","
          << (s.state ? (s.state->at_cap ? "true" : "false") : "") << ","
          << csv_cell(s.impact_times ? std::optional(s.impact_times->digits) : std::nullopt) << ","
          << (s.impact_times ? (s.impact_times->at_cap ? "true" : "false") : "") << "," << s.impacts_seen << ","
          << (s.impacts_reference ? std::to_string(*s.impacts_reference) : "infinite") << "," << csv_cell(s.seconds)
          << "," << csv_text(s.tolerance.value_or("")) << ","
          << (s.evaluations ? std::to_string(*s.evaluations) : std::string()) << "\n";
  return out.str();
}

bool write_testset_files(const TestsetRunResult& result, const std::filesystem::path& dir, const std::string& back) {
  std::map<std::string, std::vector<PlotSeries>> series_of_problem;
  for (const TestsetPair& p : result.pairs) {
    PlotSeries series{p.scheme + " (" + p.precision + ")", {}};
    for (const TestsetScore& s : p.scores)
      if (s.state && s.seconds && *s.seconds > 0) series.points.emplace_back(*s.seconds, s.state->digits);
    if (!series.points.empty()) series_of_problem[p.problem].push_back(std::move(series));
  }
  std::set<std::string> plotted;
  std::filesystem::create_directories(dir);
  for (const auto& [problem, series] : series_of_problem)
    if (line_plot_svg(series,
                      PlotAxes{problem + ": correct digits of the end state against wall time",
                               "wall time (s, least of the repeats)", "significant correct digits", true, false},
                      dir / (problem + ".svg")))
      plotted.insert(problem);
  write_file_atomically(dir / "testset.md",
                        "# Test-set run\n\n" + (back.empty() ? "" : back + "\n\n") + testset_markdown(result, plotted));
  write_file_atomically(dir / "testset.csv", testset_csv(result));
  write_file_atomically(dir / "testset.json", to_json(result).dump(2) + "\n");
  return !plotted.empty();
}

std::string testset_section(const TestsetRunResult& result, const std::vector<ProblemProof>& proved,
                            const std::filesystem::path& out) {
  // Back to this page, which discusses the timed page and links it.
  const bool plotted = write_testset_files(result, out / "testset", "[← the test set's scores](../test_set.md#testset)");
  std::ostringstream md;
  md << "## Test set\n\n"
     << "Every scheme the catalog allows, scored in double on each problem of the test set (docs/testset.md) against "
        "the stored reference values of reference/testset/: the most significant correct digits of the end state "
        "it reached on the problem's ladder (Bari's mixed error; "
     << digits_terms() << "; \"gave up\" where the run stopped with an error). The digits at every step, the time each "
        "scheme needs for 3, 6 and 9 digits"
     << (plotted ? " and a work–precision plot per problem" : "")
     << ": [testset/testset.md](testset/testset.md) (timed, so not deterministic; kept out of this page).\n\n"
     ;
  if (std::any_of(result.pairs.begin(), result.pairs.end(), [](const TestsetPair& p) { return !p.stored.empty(); }))
    md << "Rows marked *stored* are peers, the tools people use instead of a time-stepping scheme (SciPy's "
          "event-driven `solve_ivp`, Boost.Odeint with event location, a Fortran Moreau–Jean; docs/peer.md): "
          "scored the same way through the external-program protocol, but once, by "
          "`scripts/write_peer_scores.sh`, their documents kept in reference/peers/ (the report does not need "
          "their libraries; their wall times are from that run), each on the problems of the models it handles "
          "(SciPy and Odeint: the one-coordinate models, VI-01 to VI-08; the Moreau–Jean: the impact oscillator, "
          "VI-02 to VI-06). An event-driven peer locates the impacts itself: it is scored over a ladder of "
          "tolerances (1e-4 to 1e-12, its rows named \"tol …\"), each at the problem's coarsest step as its output's "
          "spacing (docs/own_scheme.md \"Tolerance ladders\").\n\n";
  md << markdown_header({"problem", "title", "scheme", "best end-state digits", "best impact-time digits",
                         "impacts seen (finest step or tightest tolerance)", "remark"});
  for (const TestsetPair& p : result.pairs) {
    std::optional<CorrectDigits> state, impacts;
    for (const TestsetScore& s : p.scores) {
      if (s.state && (!state || s.state->digits > state->digits)) state = s.state;
      if (s.impact_times && (!impacts || s.impact_times->digits > impacts->digits)) impacts = s.impact_times;
    }
    md << markdown_row({p.problem, p.title, p.scheme, p.failure ? "gave up" : digits_text(state), digits_text(impacts),
                        p.scores.empty() ? "–" : impacts_text(p.scores.back()), pair_remark(p)});
  }
  md << "\nThe stored reference values the scores are against (reference/testset/ID.toml; each problem's "
        "equations, parameters, origin and reference trajectory in docs/testset.md): the reference at two MPFR "
        "precisions, rounded to the stored digits; each value's bound is the difference of the two precisions, the "
        "largest shown here. `vibro testset verify` recomputes them (ctest label `testset`).\n\n"
     << markdown_header({"problem", "stored digits", "precisions", "values", "largest bound", "impacts over the horizon"});
  for (const TestsetStoredSummary& p : result.problems) {
    std::string precisions;
    for (const std::string& q : p.precisions) precisions += (precisions.empty() ? "" : ", ") + q;
    const std::string anchor = "vi-" + p.problem.substr(3);
    md << markdown_row({"[" + p.problem + "](../docs/testset.md#" + anchor + ")", std::to_string(p.digits), precisions,
                        std::to_string(p.values), p.largest_bound,
                        p.impacts ? std::to_string(*p.impacts) : std::string("infinitely many")});
  }
  if (!proved.empty())
    md << "\nThe stored values proved: each value whose enclosure in ball arithmetic (docs/proofs.md \"Enclosures of "
          "the reference\") lies within what it claims, half a unit of its last digit plus its bound, is proved "
          "correct to every stored digit; the others are checked by the two precisions only, which bounds the "
          "rounding, not a mistake of the algorithm. As `vibro testset verify` ends:\n\n"
       << proved_values_table(proved);
  return md.str() + "\n";
}

}  // namespace vibro
