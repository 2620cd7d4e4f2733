#include "vibro/report/convergence_plot.hpp"

#include "vibro/report/gnuplot_svg.hpp"
#include "vibro/report/number_display.hpp"
#include "vibro/report/study_outputs.hpp"
#include "vibro/results/run_result.hpp"

#include <fmt/format.h>
#include <mpfr.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

namespace vibro {
namespace {

/// A positive error as a plot point; NaN (gnuplot leaves the point out) for a missing or
/// zero error, which a log axis cannot show.
double plotted(const std::optional<NumberText>& x) {
  if (!x) return std::numeric_limits<double>::quiet_NaN();
  const double value = nearest_double(*x);
  return value > 0 ? value : std::numeric_limits<double>::quiet_NaN();
}

/// Whether any run has a point to plot for `metric`.
bool has_points(const std::vector<const RunResult*>& runs, ErrorMetric metric) {
  for (const RunResult* r : runs)
    for (const StudyRow& row : r->convergence->rows)
      if (!std::isnan(plotted(row.errors[index_of(metric)]))) return true;
  return false;
}

/// A precision's legend: "double: observed order 1.000 ± 0.0012", or why
/// there is no order, the reasons on a second line (empty when there is none) so that the
/// legend fits under a panel half the figure wide.
std::pair<std::string, std::string> legend(const RunResult& r, ErrorMetric metric) {
  const OrderAnalysis& o = r.convergence->orders[index_of(metric)];
  const std::string& precision = r.provenance.precision.name;
  if (o.fit)
    return {precision + ": observed order " + display(o.fit->slope, 4) + " ± " + display(o.fit->standard_error, 2), ""};
  if (r.convergence->tolerance_response) return {precision + ": over tolerances", "(" + no_order_label(*r.convergence, metric) + ")"};
  return {precision + ": no order", "(" + no_order_label(*r.convergence, metric) + ")"};
}

/// The metrics with a point to plot at some precision: one panel each.
std::vector<ErrorMetric> plotted_metrics(const std::vector<const RunResult*>& runs) {
  std::vector<ErrorMetric> metrics;
  for (const ErrorMetric m : error_metrics)
    if (has_points(runs, m)) metrics.push_back(m);
  return metrics;
}

/// The data block of one run: h, then every metric (NaN where nothing is plotted), then
/// every metric again inside its asymptotic range only (NaN outside): the fitted points.
std::string data_block(const std::string& name, const RunResult& r) {
  std::string block = name + " << EOD\n";
  const auto& rows = r.convergence->rows;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    // A study over a tolerance ladder is drawn against its tolerances (every h is the same).
    block += fmt::format("{:.17g}", rows[i].tolerance ? nearest_double(NumberText{*rows[i].tolerance})
                                                      : nearest_double(rows[i].h_value));
    for (const ErrorMetric m : error_metrics) block += fmt::format(" {:.17g}", plotted(rows[i].errors[index_of(m)]));
    for (const ErrorMetric m : error_metrics) {
      const OrderAnalysis& o = r.convergence->orders[index_of(m)];
      const bool fitted = o.fit && i >= o.fit->range[0] && i <= o.fit->range[1];
      block += fmt::format(" {:.17g}", fitted ? plotted(rows[i].errors[index_of(m)]) : std::nan(""));
    }
    block += "\n";
  }
  return block + "EOD\n";
}

}  // namespace

double nearest_double(const NumberText& x) {
  const rational exact = x.exact();
  mpfr_t rounded;
  mpfr_init2(rounded, std::numeric_limits<double>::digits);
  mpfr_set_q(rounded, exact.backend().data(), MPFR_RNDN);
  // Exact for a 53-bit value in double's normal range; an error below it (possible at many
  // digits) comes out 0 or subnormal, and a log axis leaves a 0 out.
  const double value = mpfr_get_d(rounded, MPFR_RNDN);
  mpfr_clear(rounded);
  return value;
}

ReferenceLine reference_line(double order, double h_anchor, double error_anchor, double h_from, double h_to) {
  const double c = error_anchor / reference_line_offset;
  return {order, h_from, c * std::pow(h_from / h_anchor, order), h_to, c * std::pow(h_to / h_anchor, order)};
}

std::optional<ReferenceLine> declared_order_line(const std::vector<const RunResult*>& runs, ErrorMetric metric,
                                                 const std::optional<DeclaredOrder>& declared) {
  if (!declared) return std::nullopt;
  double h_min = std::numeric_limits<double>::infinity(), h_max = 0;
  for (const RunResult* r : runs)
    for (const StudyRow& row : r->convergence->rows) {
      h_min = std::min(h_min, nearest_double(row.h_value));
      h_max = std::max(h_max, nearest_double(row.h_value));
    }
  for (const RunResult* r : runs) {
    const OrderAnalysis& o = r->convergence->orders[index_of(metric)];
    if (!o.fit) continue;
    const StudyRow& anchor = r->convergence->rows[o.fit->range[0]];
    return reference_line(declared->order, nearest_double(anchor.h_value), plotted(anchor.errors[index_of(metric)]),
                          h_max, h_min);
  }
  return std::nullopt;
}

std::string convergence_plot_commands(const std::vector<const RunResult*>& runs, const DeclaredOrders& declared) {
  std::string commands;
  for (std::size_t i = 0; i < runs.size(); ++i) commands += data_block("$run" + std::to_string(i), *runs[i]);
  const std::vector<ErrorMetric> panels = plotted_metrics(runs);
  if (panels.empty()) return commands;
  const std::size_t columns = panels.size() == 1 ? 1 : 2, rows = (panels.size() + columns - 1) / columns;
  const bool over_tolerances = runs.front()->convergence->tolerance_response.has_value();
  const std::string title =
      runs.front()->case_info.name + (over_tolerances ? ": error against the tolerance asked for"
                                                      : ": error against h at every precision (filled markers: the fitted range)");
  // The offsets keep the extreme points off the frame.
  commands += log_axis_commands("x") + log_axis_commands("y") +
              "set grid lc rgb '#c8c8c8'\nset xlabel '" + (over_tolerances ? "tolerance" : "h (step size)") +
              "'\nset ylabel 'error'\n"
              "set offsets graph 0.03, graph 0.03, graph 0.05, graph 0.05\n"
              // Below each panel, where it hides no point, at the size of every other text.
              "set key below left Left reverse maxcols 1\n" +
              fmt::format("set multiplot layout {},{} title {} noenhanced\n", rows, columns, gnuplot_quoted(title));
  for (const ErrorMetric m : panels) {
    const auto& order = declared[index_of(m)];
    const std::optional<ReferenceLine> line = declared_order_line(runs, m, order);
    std::string plot = "plot ";
    for (std::size_t i = 0; i < runs.size(); ++i) {
      // A precision without a point here (every error zero: the exact type on a problem it
      // solves exactly) is still named in the legend, with why.
      const std::string data =
          has_points({runs[i]}, m) ? fmt::format("$run{} using 1:{}", i, index_of(m) + 2) : std::string("keyentry");
      // A precision keeps its colour and symbol in every panel; each is drawn thinner and
      // smaller than the one before, so that where precisions agree every one stays visible.
      const double width = std::max(4.0 - 1.25 * static_cast<double>(i), 1.0),
                   size = std::max(1.8 - 0.4 * static_cast<double>(i), 0.8);
      const auto [title, continued] = legend(*runs[i], m);
      plot += fmt::format("{}{} with linespoints lc rgb '{}' lw {:g} pt {} ps {:g} title {} noenhanced",
                          plot == "plot " ? "" : ", ", data, series_colour(i), width, 4 + 2 * i, size,
                          gnuplot_quoted(title));
      // The second line of the legend: an entry that draws no sample.
      if (!continued.empty())
        plot += ", keyentry with lines lt nodraw title " + gnuplot_quoted(continued) + " noenhanced";
      // The points of the fit filled in (gnuplot's point type 4 + 2i is open, 5 + 2i filled).
      if (runs[i]->convergence->orders[index_of(m)].fit)
        plot += fmt::format(", $run{} using 1:{} with points lc rgb '{}' pt {} ps {:g} notitle", i,
                            index_of(m) + 2 + error_metric_count, series_colour(i), 5 + 2 * i, size);
    }
    if (line) {
      commands += fmt::format("$reference{} << EOD\n{:.17g} {:.17g}\n{:.17g} {:.17g}\nEOD\n", index_of(m), line->h_from,
                              line->error_from, line->h_to, line->error_to);
      plot += fmt::format(", $reference{} using 1:2 with lines dt 2 lw 1.5 lc rgb 'black' title {} noenhanced",
                          index_of(m), gnuplot_quoted(fmt::format("declared order {:g} (reference slope)", order->order)));
    }
    // The declared order's source on a line of its own: the title stays within its panel.
    const std::string panel_title =
        gnuplot_quoted(std::string(name(m)) + (order ? fmt::format(" (declared order {:g})", order->order) : "")) +
        (order ? ".\"\\n\"." + gnuplot_quoted(order->source) : "");
    commands += "set title " + panel_title + " noenhanced\n" + plot + "\n";
  }
  return commands + "unset multiplot\n";
}

bool write_convergence_svg(const std::vector<const RunResult*>& runs, const DeclaredOrders& declared,
                           const std::filesystem::path& svg) {
  const std::size_t panels = plotted_metrics(runs).size();
  if (panels == 0) return false;
  // Two panels a row at the widest a page shows (shown_plot_width), so that the legends'
  // text is read at plot_font_size; each row tall enough for a panel and its legend below.
  return render_svg(convergence_plot_commands(runs, declared), svg, panels == 1 ? 640 : shown_plot_width,
                    60 + 500 * static_cast<int>((panels + 1) / 2));
}

}  // namespace vibro
