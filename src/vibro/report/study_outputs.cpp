#include "vibro/report/study_outputs.hpp"

#include "vibro/analysis/study_result.hpp"
#include "vibro/case/scheme_catalog.hpp"
#include "vibro/io/atomic_file.hpp"
#include "vibro/io/csv_file.hpp"
#include "vibro/io/json_number.hpp"
#include "vibro/report/convergence_plot.hpp"
#include "vibro/report/markdown_table.hpp"
#include "vibro/report/number_display.hpp"
#include "vibro/results/run_result.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <map>
#include <stdexcept>

namespace vibro {

std::string excluded_points(const StudyResult& study, ErrorMetric metric) {
  const OrderAnalysis& o = study.orders[index_of(metric)];
  std::string excluded;
  for (std::size_t i = 0; i < o.status.size(); ++i)
    if (o.status[i] != PointStatus::asymptotic)
      excluded += (excluded.empty() ? "" : "; ") + display_step(study.rows[i].h) + ": " + to_string(o.status[i]);
  return excluded.empty() ? "none" : excluded;
}

std::string successive_slopes_text(const std::vector<std::optional<double>>& slopes, int digits) {
  std::string text;
  for (const auto& s : slopes) text += (text.empty() ? "" : ", ") + display(s, digits);
  return text;
}

std::string no_order_label(const StudyResult& study, ErrorMetric metric) {
  const OrderAnalysis& o = study.orders[index_of(metric)];
  const auto usable = [](PointStatus s) {
    return s == PointStatus::beyond_range || s == PointStatus::pre_asymptotic || s == PointStatus::asymptotic;
  };
  switch (o.order_class) {
    case OrderClass::fitted: return "";
    case OrderClass::exact: return "exact (every error 0)";
    case OrderClass::exact_to_rounding: {
      // From the coarsest step size after which no error is above the floor.
      std::size_t from = o.status.size();
      while (from > 0 && !usable(o.status[from - 1]) && o.status[from - 1] != PointStatus::rounding_floor) --from;
      return from == 0 ? "exact to rounding" : "exact to rounding from h = " + study.rows[from].h;
    }
    case OrderClass::rounding_floor: return "at the rounding floor";
    case OrderClass::too_few_points: {
      std::size_t longest = 0, run = 0;
      for (const PointStatus s : o.status) longest = std::max(longest, run = usable(s) ? run + 1 : 0);
      return fmt::format("too few points in a row (n = {})", longest);
    }
    case OrderClass::no_values: return "no value (undefined in every run)";
    case OrderClass::over_tolerances:  // a study over a tolerance ladder: its response instead
      return study.tolerance_response ? (*study.tolerance_response)[index_of(metric)].verdict : "over tolerances";
  }
  return "?";
}

std::string order_cell(const StudyResult& study, ErrorMetric metric) {
  const OrderAnalysis& o = study.orders[index_of(metric)];
  if (!o.fit) return no_order_label(study, metric);
  return display_with_uncertainty(o.fit->slope, o.fit->standard_error);
}

namespace {

/// Whether the study's step sizes were timed (vibro converge --timing-repeats).
bool timed(const StudyResult& study) {
  return std::any_of(study.rows.begin(), study.rows.end(), [](const StudyRow& row) { return row.seconds.has_value(); });
}

/// Whether a run of the study reported its right-hand-side evaluations (an external program's work).
bool counted(const StudyResult& study) {
  return std::any_of(study.rows.begin(), study.rows.end(), [](const StudyRow& row) { return row.evaluations.has_value(); });
}

std::string evaluations_cell(const StudyRow& row) {
  return row.evaluations ? std::to_string(*row.evaluations) : std::string();
}

/// The metrics of a study's tables, in two halves so that each table fits a page: the first
/// three, then the rest.
constexpr std::size_t first_half = 3;

/// A table of one value per step size and metric, for the metrics [from, to): `lead` names
/// the columns before them and `lead_cells` fills them for a row.
std::string metric_table(const StudyResult& study, std::size_t from, std::size_t to, const std::vector<std::string>& lead,
                         const std::function<std::vector<std::string>(const StudyRow&)>& lead_cells,
                         const std::function<std::string(const StudyRow&, ErrorMetric)>& value) {
  std::vector<std::string> header = lead;
  for (std::size_t i = from; i < to; ++i) header.emplace_back(name(error_metrics[i]));
  std::string md = markdown_header(header);
  for (const StudyRow& row : study.rows) {
    std::vector<std::string> cells = lead_cells(row);
    for (std::size_t i = from; i < to; ++i) cells.push_back(value(row, error_metrics[i]));
    md += markdown_row(cells);
  }
  return md;
}

}  // namespace

std::string study_markdown(const RunResult& result) {
  const StudyResult& study = *result.convergence;
  const bool with_time = timed(study);
  // A study over a tolerance ladder names its rows by tolerance (every h is the output spacing).
  const bool over_tolerances = study.tolerance_response.has_value();
  const auto rung = [&](const StudyRow& row) {
    return over_tolerances ? "tol " + row.tolerance.value_or("") : display_step(row.h);
  };
  std::vector<std::string> lead = {over_tolerances ? "tolerance" : "h", "steps", "impacts (scheme / reference)"};
  if (with_time) lead.emplace_back("scheme time");
  const bool with_evaluations = counted(study);
  if (with_evaluations) lead.emplace_back("evaluations");
  const auto lead_cells = [&](const StudyRow& row) {
    std::vector<std::string> cells = {rung(row), std::to_string(row.steps),
                                      fmt::format("{} / {}", row.impacts.scheme, row.impacts.reference)};
    if (with_time) cells.push_back(display_seconds(row.seconds));
    if (with_evaluations) cells.push_back(row.evaluations ? evaluations_cell(row) : "–");
    return cells;
  };
  const auto h_only = [&](const StudyRow& row) { return std::vector<std::string>{rung(row)}; };
  const auto error = [](const StudyRow& row, ErrorMetric m) { return display(row.errors[index_of(m)], 4); };
  std::string md = fmt::format("Against the {}, at {}.\n\n", study.reference, result.provenance.precision.name) +
                   metric_table(study, 0, first_half, lead, lead_cells, error) + "\n" +
                   metric_table(study, first_half, error_metric_count, {over_tolerances ? "tolerance" : "h"}, h_only,
                                error);
  md += "\nRounding floor: " + rounding_floor_rule(study.rounding_floor) + ".\n";
  if (study.rounding_floor.measured_at) {
    const auto part = [](const StudyRow& row, ErrorMetric m) { return display((*row.rounding_parts)[index_of(m)], 2); };
    md += "\nThe rounding part of each error, |error − error at " + *study.rounding_floor.measured_at + "|:\n\n" +
          metric_table(study, 0, first_half, {"h"}, h_only, part) + "\n" +
          metric_table(study, first_half, error_metric_count, {"h"}, h_only, part);
  }
  if (over_tolerances) {
    md += "\nOutput spacing h = " + display_step(study.rows.front().h) + " at every tolerance.\n\n" +
          markdown_header({"metric", "response to the tolerance", "successive slopes"});
    for (const ErrorMetric m : error_metrics) {
      const ToleranceResponse& r = (*study.tolerance_response)[index_of(m)];
      md += markdown_row({std::string(name(m)), r.verdict, successive_slopes_text(r.successive, 3)});
    }
    return md;
  }
  md += "\n" + markdown_header({"metric", "observed order", "standard error", "scatter", "range", "successive slopes",
                                "excluded points"});
  for (const ErrorMetric m : error_metrics) {
    const OrderAnalysis& o = study.orders[index_of(m)];
    const std::string successive = successive_slopes_text(o.successive, 3);
    const auto of_fit = [&](double OrderFit::*x) { return o.fit ? std::optional<double>((*o.fit).*x) : std::nullopt; };
    const std::string range =
        o.fit ? display_step(study.rows[o.fit->range[0]].h) + " … " + display_step(study.rows[o.fit->range[1]].h)
              : "none found";
    md += markdown_row({std::string(name(m)), o.fit ? display(o.fit->slope, 4) : no_order_label(study, m),
                        display(of_fit(&OrderFit::standard_error), 2), display(of_fit(&OrderFit::residual), 2), range,
                        successive, excluded_points(study, m)});
  }
  return md;
}

std::string study_csv(const RunResult& result) {
  const StudyResult& study = *result.convergence;
  const bool measured = study.rounding_floor.measured_at.has_value();
  // Numbers as decimals; in runs wider than double or exact, their texts in "_text" columns
  // at the end (docs/outputs.md "Numbers"). `h` is the step as written, a label.
  const bool twins = JsonNumbers::for_significand_bits(result.provenance.precision.significand_bits).twins();
  std::vector<std::string> errors;
  for (const ErrorMetric m : error_metrics) errors.push_back(std::string(name(m)));
  if (measured)
    for (const ErrorMetric m : error_metrics) errors.push_back("rounding_" + std::string(name(m)));
  const bool with_time = timed(study);
  // A study over a tolerance ladder leads each row with its tolerance (every h is the same).
  const bool over_tolerances = study.tolerance_response.has_value();
  std::string csv = std::string(over_tolerances ? "tolerance," : "") + "h,h_value,steps,scheme_impacts,reference_impacts";
  for (const std::string& column : errors) csv += "," + column;
  if (with_time) csv += ",seconds";
  const bool with_evaluations = counted(study);
  if (with_evaluations) csv += ",evaluations";
  if (twins) {
    csv += ",h_value_text";
    for (const std::string& column : errors) csv += "," + column + "_text";
  }
  csv += "\n";
  const auto number = [](const std::optional<NumberText>& x) { return x ? csv_number(x->text) : std::string(); };
  for (const StudyRow& row : study.rows) {
    std::vector<std::optional<NumberText>> values;
    for (const ErrorMetric m : error_metrics) values.push_back(row.errors[index_of(m)]);
    if (measured)
      for (const ErrorMetric m : error_metrics) values.push_back((*row.rounding_parts)[index_of(m)]);
    if (over_tolerances) csv += row.tolerance.value_or("") + ",";
    csv += fmt::format("{},{},{},{},{}", row.h, number(row.h_value), row.steps, row.impacts.scheme,
                       row.impacts.reference);
    for (const auto& x : values) csv += "," + number(x);
    if (with_time) csv += "," + (row.seconds ? fmt::format("{:.6g}", *row.seconds) : std::string());
    if (with_evaluations) csv += "," + evaluations_cell(row);
    if (twins) {
      csv += "," + row.h_value.text;
      for (const auto& x : values) csv += "," + (x ? x->text : std::string());
    }
    csv += "\n";
  }
  return csv;
}

std::string study_stem(const RunResult& result) {
  std::string stem = result.case_info.name + "-" + result.provenance.precision.name;
  for (char& ch : stem)
    if (ch == ':') ch = '-';
  return stem;
}

std::filesystem::path study_file(const std::filesystem::path& dir, const std::string& stem, const std::string& extension) {
  // Case names are checked when read (letters, digits, '.', '_', '-'); this is the last guard
  // that a result's name cannot put a file outside `dir`.
  if (stem.empty() || stem.front() == '.' || stem.find_first_of("/\\") != std::string::npos)
    throw std::invalid_argument("refusing to write study files named '" + stem + "' (they would leave " +
                                dir.string() + ")");
  return dir / (stem + extension);
}

void write_study_tables(const RunResult& result, const std::filesystem::path& dir, const std::string& back) {
  const std::string stem = study_stem(result);
  write_file_atomically(study_file(dir, stem, ".md"), "# " + result.case_info.name + "\n\n" +
                                                          (back.empty() ? "" : back + "\n\n") + study_markdown(result));
  write_file_atomically(study_file(dir, stem, ".csv"), study_csv(result));
}

bool write_study_files(const RunResult& result, const std::filesystem::path& dir) {
  write_study_tables(result, dir);
  return write_convergence_svg({&result}, declared_orders_of(result), study_file(dir, study_stem(result), ".svg"));
}

}  // namespace vibro
