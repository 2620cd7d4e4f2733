#include "vibro/report/sweep_report.hpp"

#include "vibro/io/atomic_file.hpp"
#include "vibro/io/json_number.hpp"
#include "vibro/io/result_json.hpp"
#include "vibro/report/gnuplot_svg.hpp"
#include "vibro/report/markdown_table.hpp"
#include "vibro/report/number_display.hpp"
#include "vibro/report/table_of_contents.hpp"
#include "vibro/io/sweep_result_file.hpp"
#include "vibro/io/sweep_file.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>
#include <sstream>

namespace vibro {

namespace {


/// The closeness band of the published relations: within 10 % (docs/mathematics.md §4,
/// relation nsnd-3h-close).
constexpr double closeness_band = 0.10;

/// λ1 per forcing period, the double nearest to its text, where the point has a defined one.
std::optional<double> lambda1_of(const SweepPointResult& point) {
  if (!point.lyapunov || !point.lyapunov->defined) return std::nullopt;
  return nearest_double(point.lyapunov->lambda1_per_period.text);
}

/// The sampled positions that are finite numbers, as doubles.
std::vector<double> sampled_positions(const SweepPointResult& point) {
  std::vector<double> u;
  if (point.strobe)
    for (const NumberText& x : point.strobe->u)
      if (const std::optional<double> value = nearest_double(x.text)) u.push_back(*value);
  return u;
}

/// "model.alpha = 0.9, model.u_min = -0.3": the point's parameters as the case reader read them.
std::string parameters_text(const SweepSpec& sweep, const SweepPointResult& point) {
  return overrides_text(sweep.overrides(point.index));
}

/// The values of an axis: its texts read as numbers, or, when one is not a number (a
/// precision name), the positions 0, 1, … with the texts as tick labels.
struct AxisValues {
  std::vector<double> values;
  std::vector<std::string> labels;  ///< empty for a numeric axis
};

AxisValues axis_values(const SweepParameter& p) {
  AxisValues axis;
  for (const CaseOverride& v : p.values) {
    const std::optional<double> x = nearest_double(v.text);
    if (!x) {
      axis.values.clear();
      for (std::size_t k = 0; k < p.values.size(); ++k) {
        axis.values.push_back(static_cast<double>(k));
        axis.labels.push_back(p.values[k].text);
      }
      return axis;
    }
    axis.values.push_back(*x);
  }
  return axis;
}

std::string tick_commands(const char* axis, const SweepParameter& p) {
  const AxisValues values = axis_values(p);
  if (values.labels.empty()) return "";
  std::string tics = fmt::format("set {}tics (", axis);
  for (std::size_t k = 0; k < values.labels.size(); ++k)
    tics += fmt::format("{}{} {}", k ? ", " : "", gnuplot_quoted(values.labels[k]), k);
  return tics + ") noenhanced\n";
}

/// One cell of a map: its box and the point it shows.
struct MapCell {
  double x = 0, y = 0, x_low = 0, x_high = 0, y_low = 0, y_high = 0;
  const SweepPointResult* point = nullptr;
};

std::vector<MapCell> map_cells(const SweepOutcome& outcome, const SweepAxis& x, const SweepAxis& y) {
  const std::vector<double> x_edges = cell_edges(x.values, x.log), y_edges = cell_edges(y.values, y.log);
  std::vector<MapCell> cells;
  for (std::size_t i = 0; i < outcome.points.size(); ++i) {
    const std::vector<std::size_t> at = grid_position(outcome.sweep, i);
    const std::size_t ix = at[x.parameter], iy = at[y.parameter];
    cells.push_back({x.values[ix], y.values[iy], std::min(x_edges[ix], x_edges[ix + 1]),
                     std::max(x_edges[ix], x_edges[ix + 1]), std::min(y_edges[iy], y_edges[iy + 1]),
                     std::max(y_edges[iy], y_edges[iy + 1]), &outcome.points[i]});
  }
  return cells;
}

std::string cell_line(const MapCell& c) {
  return fmt::format("{:.17g} {:.17g} {:.17g} {:.17g} {:.17g} {:.17g}", c.x, c.y, c.x_low, c.x_high, c.y_low, c.y_high);
}

/// The axes' common gnuplot lines: labels, log scales, ticks and ranges fitted to the data.
std::string map_axes_commands(const SweepOutcome& outcome, const SweepAxis& x, const SweepAxis& y,
                              const std::string& title) {
  std::string commands = "set xlabel " + gnuplot_quoted(x.key) + " noenhanced\nset ylabel " + gnuplot_quoted(y.key) +
                         " noenhanced\nset title " + gnuplot_quoted(title) + " noenhanced\nset autoscale fix\n" +
                         "set style fill solid 1.0 noborder\nset key outside right top\n";
  if (x.log) commands += log_axis_commands("x");
  if (y.log) commands += log_axis_commands("y");
  commands += tick_commands("x", outcome.sweep.parameters[x.parameter]);
  commands += tick_commands("y", outcome.sweep.parameters[y.parameter]);
  return commands;
}

/// λ1 as colour on a scale symmetric about zero (blue: contracting, red: chaotic), the
/// points without a defined λ1 hatched grey.
bool lambda1_map_svg(const SweepOutcome& outcome, const SweepAxis& x, const SweepAxis& y, const std::string& title,
                     const std::filesystem::path& svg) {
  std::string defined = "$lambda << EOD\n", undefined = "$undefined << EOD\n";
  double largest = 0;
  bool any_undefined = false;
  for (const MapCell& c : map_cells(outcome, x, y)) {
    if (const std::optional<double> l = lambda1_of(*c.point)) {
      defined += cell_line(c) + fmt::format(" {:.17g}\n", *l);
      largest = std::max(largest, std::abs(*l));
    } else {
      undefined += cell_line(c) + "\n";
      any_undefined = true;
    }
  }
  if (largest == 0) largest = 1;
  std::string commands = defined + "EOD\n" + undefined + "EOD\n" + map_axes_commands(outcome, x, y, title) +
                         "set palette defined (0 '#2166ac', 0.5 '#f7f7f7', 1 '#b2182b')\n" +
                         fmt::format("set cbrange [{:.17g}:{:.17g}]\n", -largest, largest) +
                         "set colorbox\nset cblabel 'λ1 per forcing period'\n"
                         "plot $lambda using 1:2:3:4:5:6:7 with boxxyerror lc palette notitle";
  if (any_undefined)
    commands += ", $undefined using 1:2:3:4:5:6 with boxxyerror fs pattern 4 lc rgb 'gray40' title 'undefined or failed'";
  return render_svg(commands + "\n", svg, 860, 560);
}

/// The outcome of relation `name` at a point: "holds", "contradicted", "not computable",
/// "not evaluable", or "failed" (the point's run failed).
std::string relation_outcome(const SweepPointResult& point, const std::string& name) {
  if (point.error) return "failed";
  if (!point.relations) return "not computable";
  const auto found = point.relations->find(name);
  if (found == point.relations->end()) return "not computable";
  return std::string(to_string(found->second.outcome));
}

bool relation_map_svg(const SweepOutcome& outcome, const SweepAxis& x, const SweepAxis& y, const std::string& name,
                      const std::filesystem::path& svg) {
  const std::vector<std::pair<std::string, std::string>> styles = {
      {"holds", "fs solid 1.0 noborder lc rgb '#1a9850'"},
      {"contradicted", "fs solid 1.0 noborder lc rgb '#d73027'"},
      {"not computable", "fs pattern 4 lc rgb 'gray40'"},
      {"not evaluable", "fs pattern 5 lc rgb 'gray40'"},
      {"failed", "fs pattern 2 lc rgb 'black'"}};
  std::map<std::string, std::string> blocks;
  for (const MapCell& c : map_cells(outcome, x, y)) blocks[relation_outcome(*c.point, name)] += cell_line(c) + "\n";
  std::string commands, plot;
  for (std::size_t k = 0; k < styles.size(); ++k) {
    const auto found = blocks.find(styles[k].first);
    if (found == blocks.end()) continue;
    commands += fmt::format("$o{} << EOD\n{}EOD\n", k, found->second);
    plot += fmt::format("{}$o{} using 1:2:3:4:5:6 with boxxyerror {} title {}", plot.empty() ? "plot " : ", ", k,
                        styles[k].second, gnuplot_quoted(styles[k].first));
  }
  commands += map_axes_commands(outcome, x, y, "where relation " + name + " holds (" + outcome.sweep.name + ")") + plot;
  return render_svg(commands + "\n", svg, 860, 560);
}

/// The sampled positions of every point against the swept parameter, the predicted period
/// doublings marked.
bool bifurcation_svg(const SweepOutcome& outcome, const SweepAxis& x, const std::vector<PredictedDoubling>& doublings,
                     const std::filesystem::path& svg) {
  std::string data = "$samples << EOD\n";
  for (std::size_t i = 0; i < outcome.points.size(); ++i) {
    const double at = x.values[grid_position(outcome.sweep, i)[x.parameter]];
    for (const double u : sampled_positions(outcome.points[i])) data += fmt::format("{:.17g} {:.17g}\n", at, u);
  }
  std::string commands = data + "EOD\nset xlabel " + gnuplot_quoted(x.key) +
                         " noenhanced\nset ylabel 'u(t0 + kT), sampled once per forcing period'\nset title " +
                         gnuplot_quoted("bifurcation diagram (" + outcome.sweep.name + ")") +
                         " noenhanced\nset grid\nset offsets graph 0.01, graph 0.01, graph 0.03, graph 0.03\n" +
                         (x.log ? log_axis_commands("x") : "") + tick_commands("x", outcome.sweep.parameters[x.parameter]);
  for (const PredictedDoubling& d : doublings)
    commands += fmt::format("set arrow from {0:.17g}, graph 0 to {0:.17g}, graph 1 nohead dt 2 lc rgb '#b2182b'\n"
                            "set label '(1,{1}): μ = −1' at {0:.17g}, graph 0.97 right offset -0.5,0 tc rgb '#b2182b'\n",
                            d.at, d.n);
  commands += "plot $samples using 1:2 with points pt 7 ps 0.3 lc rgb '#08306b' notitle\n";
  return render_svg(commands, svg, 860, 520);
}

/// How many distinct positions a point's samples visit: samples closer than `tolerance`
/// count once. 1 on a period-1 orbit, 2 after a period doubling, many on a chaotic one.
std::size_t distinct_samples(const SweepPointResult& point, double tolerance) {
  std::vector<double> u = sampled_positions(point);
  std::sort(u.begin(), u.end());
  std::size_t distinct = 0;
  for (std::size_t k = 0; k < u.size(); ++k)
    if (k == 0 || u[k] - u[k - 1] > tolerance) ++distinct;
  return distinct;
}

std::string parameters_table(const SweepSpec& sweep) {
  std::string md = markdown_header({"parameter", "spacing", "values", "first", "last"});
  for (const SweepParameter& p : sweep.parameters)
    md += markdown_row({"`" + p.key + "`", p.spacing, std::to_string(p.values.size()), p.values.front().text,
                        p.values.back().text});
  return md + "\n";
}

std::string failures_paragraph(const SweepOutcome& outcome) {
  std::size_t failed = 0;
  const SweepPointResult* first = nullptr;
  for (const SweepPointResult& point : outcome.points)
    if (point.error && failed++ == 0) first = &point;
  if (failed == 0) return "Every point ran to the end.\n\n";
  return fmt::format("{} of the {} points failed; the first, {}: {}\n\n", failed, outcome.points.size(),
                     parameters_text(outcome.sweep, *first), *first->error);
}

std::string lyapunov_paragraph(const SweepOutcome& outcome, const std::vector<PublishedTable>& tables) {
  std::size_t defined = 0, positive = 0;
  const SweepPointResult *lowest = nullptr, *highest = nullptr;
  for (const SweepPointResult& point : outcome.points) {
    const std::optional<double> l = lambda1_of(point);
    if (!l) continue;
    ++defined;
    if (*l > 0) ++positive;
    if (!lowest || *l < *lambda1_of(*lowest)) lowest = &point;
    if (!highest || *l > *lambda1_of(*highest)) highest = &point;
  }
  if (defined == 0) return "λ1 is defined at none of the points.\n\n";
  std::string md = fmt::format(
      "λ1 (per forcing period) is defined at {} of the {} points and positive at {}; it ranges from {} ({}) to {} "
      "({}).",
      defined, outcome.points.size(), positive, display(*lambda1_of(*lowest), 4), parameters_text(outcome.sweep, *lowest),
      display(*lambda1_of(*highest), 4), parameters_text(outcome.sweep, *highest));
  if (defined < outcome.points.size())
    md += " Where it is undefined, the method could not differentiate the map (the points' `why_undefined` in the "
          "data file says why) or the run failed.";
  if (const auto published = published_lambda1_on_map(outcome, tables)) md += " " + published->sentence;
  return md + "\n\n";
}

std::string impacts_paragraph(const SweepOutcome& outcome) {
  std::optional<double> least, most;
  for (const SweepPointResult& point : outcome.points)
    if (point.impacts && point.impacts->per_period) {
      const double rate = *point.impacts->per_period;
      least = std::min(least.value_or(rate), rate);
      most = std::max(most.value_or(rate), rate);
    }
  if (!least) return "";
  return fmt::format("Impacts per forcing period range from {} to {}.\n\n", display(*least, 4), display(*most, 4));
}

/// The relations some point could evaluate, by name, with their outcome counts.
std::map<std::string, std::map<std::string, std::size_t>> relation_counts(const SweepOutcome& outcome) {
  std::set<std::string> names;
  for (const SweepPointResult& point : outcome.points)
    if (point.relations)
      for (const auto& [name, r] : *point.relations)
        if (r.outcome == SweepRelation::Outcome::holds || r.outcome == SweepRelation::Outcome::contradicted)
          names.insert(name);
  std::map<std::string, std::map<std::string, std::size_t>> counts;
  for (const std::string& name : names)
    for (const SweepPointResult& point : outcome.points) ++counts[name][relation_outcome(point, name)];
  return counts;
}

std::string relations_table(const std::map<std::string, std::map<std::string, std::size_t>>& counts) {
  if (counts.empty()) return "No relation could be evaluated at any point.\n\n";
  std::string md = "Relations (docs/mathematics.md §4, evaluated as `vibro check` does; the "
                   "relations no point could evaluate are left out):\n\n" +
                   markdown_header({"relation", "holds", "contradicted", "not computable", "failed"});
  const auto count = [](const std::map<std::string, std::size_t>& c, const char* outcome) {
    const auto found = c.find(outcome);
    return std::to_string(found == c.end() ? 0 : found->second);
  };
  for (const auto& [name, c] : counts)
    md += markdown_row({"`" + name + "`", count(c, "holds"), count(c, "contradicted"), count(c, "not computable"),
                        count(c, "failed")});
  return md + "\n";
}

/// The test of the first point where each relation holds and where it is contradicted, as
/// `vibro check` words it: what the counts stand for.
std::string relation_examples(const SweepOutcome& outcome,
                              const std::map<std::string, std::map<std::string, std::size_t>>& counts) {
  std::string md;
  for (const auto& [name, c] : counts)
    for (const char* wanted : {"holds", "contradicted"})
      for (const SweepPointResult& point : outcome.points)
        if (relation_outcome(point, name) == wanted) {
          md += "- `" + name + "` " + wanted + " at " + parameters_text(outcome.sweep, point) + ": " +
                point.relations->at(name).test + "\n";
          break;
        }
  return md.empty() ? "" : "For example (the first point of each outcome, in grid order):\n\n" + md + "\n";
}

std::string strobe_paragraph(const SweepOutcome& outcome) {
  double scale = 0;
  for (const SweepPointResult& point : outcome.points)
    for (const double u : sampled_positions(point)) scale = std::max(scale, std::abs(u));
  const double tolerance = 1e-6 * (scale > 0 ? scale : 1);
  std::map<std::size_t, std::size_t> by_count;
  for (const SweepPointResult& point : outcome.points)
    if (point.strobe) ++by_count[distinct_samples(point, tolerance)];
  std::string md = fmt::format(
      "Each point ran {} periods and sampled the last {} once per forcing period. Distinct sampled positions per point "
      "(samples closer than 1e−6 of the largest |u|, {}, count once; 1 is a period-1 orbit, 2 a period-2 one, many "
      "a chaotic or not yet settled motion): ",
      outcome.sweep.compute.strobe_transient + outcome.sweep.compute.strobe_samples, outcome.sweep.compute.strobe_samples,
      display(tolerance, 2));
  bool first = true;
  for (const auto& [distinct, points] : by_count) {
    md += fmt::format("{}{} at {} {}", first ? "" : "; ", distinct, points, points == 1 ? "point" : "points");
    first = false;
  }
  return md + ".\n\n";
}

/// The observed orders of every point's study, per error metric: their range over the
/// points where the study found an asymptotic range.
std::string order_paragraph(const SweepOutcome& outcome) {
  // metric name → lowest, highest point (by name: the table's rows in alphabetical order)
  std::map<std::string, std::pair<const SweepPointResult*, const SweepPointResult*>> extremes;
  std::map<std::string, std::size_t> fitted;
  const auto slope = [](const SweepPointResult& point, ErrorMetric metric) { return point.order->orders[index_of(metric)].slope(); };
  for (const SweepPointResult& point : outcome.points) {
    if (!point.order) continue;
    for (const ErrorMetric m : error_metrics) {
      const std::optional<double> p = slope(point, m);
      if (!p) continue;
      const std::string metric(name(m));
      ++fitted[metric];
      auto& [low, high] = extremes[metric];
      if (!low || *p < *slope(*low, m)) low = &point;
      if (!high || *p > *slope(*high, m)) high = &point;
    }
  }
  if (extremes.empty()) return "No point's study found an asymptotic range to fit an order on.\n\n";
  std::string md = "Observed orders (least squares over each study's asymptotic range, as `vibro converge` fits "
                   "them), per error metric:\n\n" +
                   markdown_header({"metric", "points with an order", "lowest", "at", "highest", "at"});
  for (const auto& [metric, low_high] : extremes) {
    const ErrorMetric m = *error_metric_named(metric);
    md += markdown_row({metric, std::to_string(fitted[metric]), display(*slope(*low_high.first, m), 4),
                        parameters_text(outcome.sweep, *low_high.first), display(*slope(*low_high.second, m), 4),
                        parameters_text(outcome.sweep, *low_high.second)});
  }
  return md + "\n";
}

/// Each metric's observed order against the one swept parameter.
bool order_svg(const SweepOutcome& outcome, const SweepAxis& x, const std::filesystem::path& svg) {
  std::map<std::string, PlotSeries> series;
  for (std::size_t i = 0; i < outcome.points.size(); ++i) {
    const SweepPointResult& point = outcome.points[i];
    if (!point.order) continue;
    for (const ErrorMetric m : error_metrics)
      if (const std::optional<double> p = point.order->orders[index_of(m)].slope()) {
        const std::string metric(name(m));
        series[metric].title = metric;
        series[metric].points.emplace_back(x.values[grid_position(outcome.sweep, i)[x.parameter]], *p);
      }
  }
  std::vector<PlotSeries> all;
  for (auto& [metric, s] : series) all.push_back(std::move(s));
  return !all.empty() &&
         line_plot_svg(all, {"observed order per point (" + outcome.sweep.name + ")", x.key, "observed order", x.log, false},
                       svg);
}

std::string sweep_section(const SweepOutcome& outcome, const std::vector<PublishedTable>& tables,
                          const std::filesystem::path& out) {
  const SweepSpec& s = outcome.sweep;
  std::ostringstream md;
  md << anchor_line("sweep-" + s.name) << "## " << s.name << "\n\n";
  if (!s.description.empty()) md << s.description << ".\n\n";
  std::string compute;
  for (const std::string& name : computed_quantities(s.compute)) compute += (compute.empty() ? "" : ", ") + name;
  md << "Sweep file `" << s.file << "`, base case `" << s.base_case.filename().generic_string() << "`, "
     << s.points() << " points, computing " << compute << ". Every point, in grid order: [sweeps/" << s.name
     << ".jsonl](sweeps/" << s.name << ".jsonl) (the format of `vibro sweep`, without wall times).\n\n"
     << parameters_table(s) << failures_paragraph(outcome);
  if (s.compute.lyapunov) md << lyapunov_paragraph(outcome, tables);
  if (s.compute.impacts) md << impacts_paragraph(outcome);
  const auto counts = relation_counts(outcome);
  if (s.compute.relations) md << relations_table(counts) << relation_examples(outcome, counts);
  if (s.compute.strobe) md << strobe_paragraph(outcome);
  if (s.compute.order) md << order_paragraph(outcome);

  const std::vector<SweepAxis> axes = swept_axes(s);
  std::vector<std::string> plots;
  const std::filesystem::path dir = out / "sweeps";
  if (axes.size() == 2) {
    if (s.compute.lyapunov) {
      std::string title = "λ1 per period (" + s.name + ")";
      if (const auto published = published_lambda1_on_map(outcome, tables))
        title += ": published " + published->printed + (published->reached ? " reached" : " not reached");
      if (lambda1_map_svg(outcome, axes[0], axes[1], title, dir / (s.name + "_lambda1.svg")))
        plots.push_back("λ1 heat map: " + markdown_plot("λ1 heat map of " + s.name, "sweeps/" + s.name + "_lambda1.svg"));
    }
    for (const auto& [name, c] : counts) {
      // One outcome at every point would be a map of one colour: the relations table says it.
      if (c.size() == 1)
        plots.push_back("`" + name + "`: one outcome at every point (" + c.begin()->first +
                        "), as the table above says; no map");
      else if (relation_map_svg(outcome, axes[0], axes[1], name, dir / (s.name + "_" + name + ".svg")))
        plots.push_back("where `" + name + "` holds: " +
                        markdown_plot("where " + name + " holds", "sweeps/" + s.name + "_" + name + ".svg"));
    }
  } else if (axes.size() == 1) {
    const std::vector<PredictedDoubling>& doublings = outcome.doublings;
    if (!doublings.empty()) {
      md << "Predicted period doublings (the closed-form (1, 1) and (1, 2) orbits' multiplier −1, "
            "docs/periodic_orbits.md §4), marked on the diagram:";
      for (const PredictedDoubling& d : doublings)
        md << (&d == &doublings.front() ? " " : "; ") << "(1, " << d.n << ") at " << axes[0].key << " = "
           << display(d.at, 10);
      md << ".\n\n";
    }
    if (s.compute.strobe && bifurcation_svg(outcome, axes[0], doublings, dir / (s.name + "_bifurcation.svg")))
      plots.push_back("bifurcation diagram: " +
                      markdown_plot("bifurcation diagram of " + s.name, "sweeps/" + s.name + "_bifurcation.svg"));
    if (s.compute.order && order_svg(outcome, axes[0], dir / (s.name + "_order.svg")))
      plots.push_back("observed orders: " + markdown_plot("observed orders of " + s.name, "sweeps/" + s.name + "_order.svg"));
  }
  if (!plots.empty()) {
    md << "Plots:\n\n";
    for (const std::string& p : plots) md << "- " << p << "\n";
    md << "\n";
  } else {
    md << "No plot: the page draws maps over two swept parameters, and bifurcation diagrams (`strobe`) and "
          "observed orders (`order`) over one, with gnuplot installed.\n\n";
  }
  return md.str();
}

}  // namespace

std::vector<SweepAxis> swept_axes(const SweepSpec& sweep) {
  std::vector<SweepAxis> axes;
  for (const std::size_t k : sweep.swept()) {
    const SweepParameter& p = sweep.parameters[k];
    axes.push_back({p.key, k, axis_values(p).values, p.spacing == "log"});
  }
  return axes;
}

std::vector<std::size_t> grid_position(const SweepSpec& sweep, std::size_t point) {
  std::vector<std::size_t> at(sweep.parameters.size());
  for (std::size_t k = sweep.parameters.size(); k-- > 0;) {
    const std::size_t n = sweep.parameters[k].values.size();
    at[k] = point % n;
    point /= n;
  }
  return at;
}

std::vector<double> cell_edges(const std::vector<double>& centres, bool log) {
  const auto middle = [log](double a, double b) { return log ? std::sqrt(a * b) : (a + b) / 2; };
  const auto beyond = [log](double end, double inner_edge) {  // as far beyond `end` as inner_edge is inside
    return log ? end * end / inner_edge : 2 * end - inner_edge;
  };
  std::vector<double> edges(centres.size() + 1);
  for (std::size_t k = 1; k < centres.size(); ++k) edges[k] = middle(centres[k - 1], centres[k]);
  edges.front() = beyond(centres.front(), edges[1]);
  edges.back() = beyond(centres.back(), edges[centres.size() - 1]);
  return edges;
}

std::optional<PublishedOnMap> published_lambda1_on_map(const SweepOutcome& outcome,
                                                        const std::vector<PublishedTable>& tables) {
  if (!outcome.sweep.compute.lyapunov || !outcome.published_lambda1 || outcome.points.empty()) return std::nullopt;
  const std::string& id = *outcome.published_lambda1;
  for (const PublishedTable& table : tables)
    for (const PublishedValue& v : table.values) {
      if (v.id != id) continue;
      const std::optional<double> value = nearest_double(v.value.text);
      if (!value) return std::nullopt;
      PublishedOnMap mark{id, v.value.text, false, ""};
      const SweepPointResult* closest = nullptr;
      for (const SweepPointResult& point : outcome.points)
        if (const std::optional<double> l = lambda1_of(point))
          if (!closest || std::abs(*l - *value) < std::abs(*lambda1_of(*closest) - *value)) closest = &point;
      if (!closest) {
        mark.sentence = "The published λ1 = " + v.value.text + " (" + id + ") cannot be looked for: no point has a λ1.";
        return mark;
      }
      const double nearest = *lambda1_of(*closest);
      mark.reached = std::abs(nearest - *value) <= closeness_band * std::abs(*value);
      mark.sentence = fmt::format(
          "The published λ1 = {} ({}) is {} on this map: the closest λ1 is {} at {}, {} from it (the relations' "
          "closeness band is 10 %, {}).",
          v.value.text, id, mark.reached ? "reached" : "not reached", display(nearest, 4),
          parameters_text(outcome.sweep, *closest), display(std::abs(nearest - *value), 3),
          display(closeness_band * std::abs(*value), 3));
      return mark;
    }
  return std::nullopt;
}

std::string write_sweep_report(const std::vector<SweepOutcome>& sweeps, const std::vector<PublishedTable>& tables,
                               const std::filesystem::path& out) {
  if (sweeps.empty()) return "";
  std::filesystem::create_directories(out / "sweeps");
  std::string md =
      "# Sweeps of the last `vibro report`\n\n"
      "Every sweep file among the cases (`*.sweep.toml`, docs/sweeps.md), computed whole by the same code as "
      "`vibro sweep` — each point is its base case with the point's keys set, read and run as a case — with the "
      "plots it allows. Deterministic: each point is computed alone from its own case, whatever the thread count.\n\n" +
      std::string(contents_marker) + "\n\n";
  std::string index = "## Sweeps\n\nParameter sweeps over the cases' families, their maps and bifurcation diagrams: "
                      "[sweeps.md](sweeps.md).\n\n";
  for (const SweepOutcome& outcome : sweeps) {
    std::string lines = to_json(sweep_header(outcome.sweep, outcome.precision)).dump() + "\n";
    for (const SweepPointResult& point : outcome.points) lines += sweep_point_line(outcome.sweep, point).dump() + "\n";
    write_file_atomically(out / "sweeps" / (outcome.sweep.name + ".jsonl"), lines);
    md += sweep_section(outcome, tables, out);
    index += "- [" + outcome.sweep.name + "](sweeps.md#sweep-" + outcome.sweep.name + "): " +
             std::to_string(outcome.sweep.points()) + " points" +
             (outcome.sweep.description.empty() ? "" : ", " + outcome.sweep.description) + "\n";
  }
  write_file_atomically(out / "sweeps.md", with_table_of_contents(md));
  return index + "\n";
}

}  // namespace vibro
