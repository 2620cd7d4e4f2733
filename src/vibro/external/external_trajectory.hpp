#pragma once
// The trajectory an external program writes (docs/own_scheme.md "The answer"), read as it comes
// and checked before any of it is used: a header `t,u,v` (one degree of freedom) or
// `t,q1,…,qN,v1,…,vN`, with an optional last column `contact`; then exactly steps + 1 rows,
// row k at t0 + k·h (within h/1000) and later than row k − 1, every cell a finite decimal
// read at the run's precision, contact 0 or 1. Each failure is a RunFailure naming the step
// size, the row and the column; the program is stopped.
//
// A trajectory computed in this process (ExternalScheme::compute, the Python module's step
// functions) is checked alike: its sizes first, then every row's numbers as they are replayed.
// An output already written (ProgramOutputText: the fuzz target's inputs) is read as a
// program's, line by line with the same bounds, without a process.
//
// After the last row a program may write the number of its right-hand-side evaluations,
// `evaluations,N` (its work, docs/own_scheme.md "The answer"), and then its impacts itself
// (docs/own_scheme.md "The impact table"): the header `t,coordinate,v_minus,v_plus`, then one row per impact, in time order,
// inside the run's horizon, each on a coordinate with a stop. finish() reads and checks them and
// gives each to the caller; a program with a contact column reports its impacts by the column
// and may not write the table too.
//
// ProgramScheme replays the rows as a vibro::Scheme (scheme/scheme.hpp), one row per step, so
// that the run layer drives it and the study measures it exactly as it does a built-in scheme.

#include "vibro/drive/node_time_check.hpp"
#include "vibro/external/external_program.hpp"
#include "vibro/external/shown_output.hpp"
#include "vibro/linalg/coordinates.hpp"
#include "vibro/external/external_scheme.hpp"
#include "vibro/support/input_error.hpp"
#include "vibro/scalar/format.hpp"
#include "vibro/scalar/parse.hpp"
#include "vibro/scalar/traits.hpp"
#include "vibro/scheme/scheme.hpp"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstring>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace vibro {

/// The columns a program writes for a system of `dimension` coordinates (1: t, u, v).
std::vector<std::string> trajectory_columns(std::size_t dimension);

/// What is wrong with `cell` as a number of the trajectory ("is not finite", "is not a
/// decimal number"), or nullopt when it is a decimal `[+-]digits[.digits][e[+-]digits]`.
std::optional<std::string> decimal_cell_problem(std::string_view cell);

/// `line` split at commas, each cell without the blanks around it, into `cells` (reused).
void split_cells(std::string_view line, std::vector<std::string_view>& cells);

/// The bounds on a program's answer: a line holds at most 256 bytes plus 2·digits + 64 per
/// column (digits: the run's decimal digits, at least 17), the output (steps + 2) lines and an
/// impact table of max_reported_impacts(steps) rows with its header.
ProgramLimits trajectory_limits(const ExternalScheme& program, std::size_t columns, long digits, std::int64_t steps);

/// What begins a header line whose rows follow as binary64 numbers (docs/own_scheme.md "Binary
/// rows"): "binary64 t,u,v".
inline constexpr std::string_view binary_prefix = "binary64 ";

/// What begins the optional line after the last row in which a program reports its work,
/// `evaluations,N` (docs/own_scheme.md "The answer"): N evaluations of its right-hand side.
inline constexpr std::string_view evaluations_key = "evaluations";

/// The columns of the impact table: t, coordinate, v_minus, v_plus.
std::vector<std::string> impact_table_columns();

/// The most impacts a table may hold after `steps` steps: max(steps + 1, 10 000) (a chattering
/// run resolved by events may see many impacts in a step).
std::int64_t max_reported_impacts(std::int64_t steps);

/// What is wrong with `cell` as a coordinate of an impact (1 … `dimension`), or nullopt.
std::optional<std::string> coordinate_cell_problem(std::string_view cell, std::size_t dimension);

/// An impact a program reported in its impact table: its time, the coordinate (or constraint)
/// it is on, from 1, and the velocity of that coordinate before and after.
template <class Real>
struct ProgramImpact {
  Real t;
  std::size_t coordinate = 1;
  Real v_minus, v_plus;
};

/// What a program wrote to stdout, given as bytes instead of a running program.
struct ProgramOutputText {
  std::string text;
};

/// The lines of an output already written, cut as RunningProgram cuts a program's stdout (a last
/// line without its newline counts); throws ProgramFailure past the limits' line or output bytes.
class WrittenLines {
 public:
  WrittenLines(std::string text, const ProgramLimits& limits);
  std::optional<std::string_view> next_line();
  /// The next n bytes (fewer only at the end), as RunningProgram::next_bytes.
  std::string_view next_bytes(std::size_t n);

 private:
  std::string text_;
  std::size_t next_ = 0;
  ProgramLimits limits_;
};

template <class Real, class Coordinates>
class ProgramTrajectory {
 public:
  /// Starts the program with `problem` on its stdin (or, for a scheme computed in this
  /// process, computes its arrays); it is to answer steps + 1 rows from t0 with step h.
  /// `context` says which run this is ("'ps.py' at step size T/100"). `stops[i]`: whether
  /// coordinate (or constraint) i + 1 has a stop an impact may be reported on; none given:
  /// every coordinate.
  ProgramTrajectory(const ExternalScheme& program, const std::string& problem, std::int64_t steps, const Real& t0,
                    const Real& h, std::size_t dimension, const std::string& context, std::vector<bool> stops = {})
      : steps_(steps), times_(t0, h, "row"), dimension_(dimension), context_(context),
        stderr_shown_(program.stderr_shown), stderr_whole_(program.stderr_whole),
        stops_(stops.empty() ? std::vector<bool>(dimension, true) : std::move(stops)) {
    columns_ = trajectory_columns(dimension_);
    if (program.compute) {
      compute(program.compute, problem);
      return;
    }
    try {
      program_.emplace(program.argv, problem,
                       trajectory_limits(program, 2 * dimension + 2, decimal_digits<Real>(), steps));
    } catch (const ProgramFailure& why) {  // it could not be started
      throw RunFailure(context + ": the program " + why.what());
    }
    read_header();
  }

  /// Reads `output` as what a program answered (no process: nothing to stop or wait for).
  ProgramTrajectory(ProgramOutputText output, std::int64_t steps, const Real& t0, const Real& h, std::size_t dimension,
                    const std::string& context, std::vector<bool> stops = {})
      : steps_(steps), times_(t0, h, "row"), dimension_(dimension), context_(context),
        stops_(stops.empty() ? std::vector<bool>(dimension, true) : std::move(stops)) {
    columns_ = trajectory_columns(dimension_);
    try {
      written_.emplace(std::move(output.text),
                       trajectory_limits(ExternalScheme{}, 2 * dimension + 2, decimal_digits<Real>(), steps));
    } catch (const ProgramFailure& why) {
      throw RunFailure(context + ": the program " + why.what());
    }
    read_header();
  }

  /// Row k (0: the initial state) into t, q, v; returns its contact cell (false without the
  /// column). Rows are read in order, each once.
  bool read_row(std::int64_t k, Real& t, Coordinates& q, Coordinates& v) {
    if (!reads_output()) return computed_row(k, t, q, v);
    if (binary_) return binary_row(k, t, q, v);
    const std::optional<std::string_view> line = next_line();
    if (!line)
      ended_early("gave " + std::to_string(k) + " rows after its header where " + std::to_string(steps_ + 1) +
                  " were asked for (k = 0 … " + std::to_string(steps_) + ")");
    if (blank(*line))
      fail_at(k, "is a blank line (a row has " + std::to_string(columns_.size()) +
                     " cells, and no blank line may come between the header and the last row)");
    split_cells(*line, cells_);
    if (cells_.size() != columns_.size())
      fail_at(k, "has " + std::to_string(cells_.size()) + " cells where the header has " +
                     std::to_string(columns_.size()));
    read_cell(k, 0, t);
    check_time(k, t);
    assign(k, q, 1);
    assign(k, v, 1 + dimension_);
    rows_ = k + 1;
    if (!contact_column_) return false;
    const std::string_view flag = cells_.back();
    if (flag != "0" && flag != "1") fail_at(k, columns_.size() - 1, "'" + shown_output(flag) + "' is not 0 or 1");
    return flag == "1";
  }

  /// Whether the program gave an impact table (its header, or a step function's impacts array),
  /// empty or not: after finish().
  bool gave_impact_table() const { return reading_impacts_; }

  /// The right-hand-side evaluations the program reported (the line `evaluations,N` after its
  /// last row, docs/own_scheme.md "The answer"): its work; none when it reported none. After finish().
  std::optional<std::int64_t> evaluations() const { return evaluations_; }

  /// After the run: when every row was read, the output must end there or with an impact
  /// table, each of whose impacts is checked and given to `on_impact` in order, and the program
  /// exit with status 0; a run that stopped early (it left the escape bound) stops the program.
  void finish(const std::function<void(const ProgramImpact<Real>&)>& on_impact = nullptr) {
    if (!reads_output()) {
      if (computed_.evaluations && *computed_.evaluations < 0)
        throw RunFailure(context_ + ": the step function gave " + std::to_string(*computed_.evaluations) +
                         " evaluations (a whole number 0 … 10^18 − 1 is its work)");
      evaluations_ = computed_.evaluations;
      if (computed_.has_impacts) read_impacts(on_impact);
      return;
    }
    if (rows_ < steps_ + 1) {
      if (program_) program_->stop();
      return;
    }
    std::optional<std::string_view> extra = next_line();
    if (extra) {
      split_cells(*extra, cells_);
      if (!cells_.empty() && cells_.front() == evaluations_key) {  // the work it reports, then the impact table
        read_evaluations(*extra);
        extra = next_line();
        if (extra) split_cells(*extra, cells_);
      }
    }
    if (extra) {
      if (blank(*extra))
        fail("wrote a blank line (line " + std::to_string(lines_) + " of its output) after its last row: the output "
             "ends with the line break of row " + std::to_string(steps_) + ", of its evaluations or of its impact "
             "table's last row");
      if (!is_impact_header())
        fail("gave more than the " + std::to_string(steps_ + 1) + " rows asked for (k = 0 … " + std::to_string(steps_) +
             "; line " + std::to_string(lines_) + " '" + shown_output(*extra) +
             "' is neither a row, the line 'evaluations,N' nor the impact table's header '" +
             joined(impact_table_columns()) + "')");
      if (contact_column_)
        fail("wrote an impact table after rows with a contact column: a program reports its impacts one way, "
             "by the column or by the table (line " + std::to_string(lines_) + " of its output)");
      read_impacts(on_impact);
    }
    wait_for_exit();
  }

 private:
  /// The trajectory computed in this process, its sizes checked: steps + 1 rows of
  /// `dimension_` coordinates and velocities.
  void compute(const TrajectoryFunction& f, const std::string& problem) {
    try {
      computed_ = f(problem);
    } catch (const ProgramFailure& why) {
      throw RunFailure(context_ + ": " + why.what());
    }
    const std::size_t rows = static_cast<std::size_t>(steps_) + 1;
    const auto wrong = [&](const std::string& what) {
      throw RunFailure(context_ + ": the step function " + what + " (k = 0 … " + std::to_string(steps_) + ", " +
                       std::to_string(dimension_) + " coordinate" + (dimension_ == 1 ? "" : "s") + ")");
    };
    if (computed_.dimension != dimension_)
      wrong("gave " + std::to_string(computed_.dimension) + " coordinates per row where the model has " +
            std::to_string(dimension_));
    if (computed_.t.size() != rows)
      wrong("gave " + std::to_string(computed_.t.size()) + " rows where " + std::to_string(rows) + " were asked for");
    for (const auto& [name, values] : {std::pair{"q", &computed_.q}, std::pair{"v", &computed_.v}})
      if (values->size() != rows * dimension_)
        wrong("gave " + std::to_string(values->size()) + " values of " + name + " where " +
              std::to_string(rows * dimension_) + " were asked for");
    if (computed_.has_impacts && !computed_.contact.empty())
      wrong("gave contact flags and an impact table: a scheme reports its impacts one way");
    if (computed_.impacts.size() % 4 != 0)
      wrong("gave an impact table of " + std::to_string(computed_.impacts.size()) + " numbers, not 4 per impact");
    if (!computed_.contact.empty()) {
      if (computed_.contact.size() != rows)
        wrong("gave " + std::to_string(computed_.contact.size()) + " contact flags where " + std::to_string(rows) +
              " were asked for");
      columns_.push_back("contact");
    }
  }

  /// Row k of the computed trajectory: every number a double, exact in Real.
  bool computed_row(std::int64_t k, Real& t, Coordinates& q, Coordinates& v) {
    const std::size_t row = static_cast<std::size_t>(k);
    computed_value(k, 0, computed_.t[row], t);
    check_time(k, t);
    assign_doubles(k, 1, &computed_.q[row * dimension_], q);
    assign_doubles(k, 1 + dimension_, &computed_.v[row * dimension_], v);
    if (computed_.contact.empty()) return false;
    const std::uint8_t flag = computed_.contact[row];
    if (flag > 1) fail_at(k, columns_.size() - 1, std::to_string(flag) + " is not 0 or 1");
    return flag == 1;
  }

  /// Row k of a binary answer: one IEEE binary64 per column, little-endian, every number exact
  /// in Real; contact 0.0 or 1.0.
  bool binary_row(std::int64_t k, Real& t, Coordinates& q, Coordinates& v) {
    if (!binary_doubles(k, columns_.size()))
      ended_early("gave " + std::to_string(k) + " rows after its header where " + std::to_string(steps_ + 1) +
                  " were asked for (k = 0 … " + std::to_string(steps_) + ")");
    computed_value(k, 0, doubles_[0], t);
    check_time(k, t);
    assign_doubles(k, 1, &doubles_[1], q);
    assign_doubles(k, 1 + dimension_, &doubles_[1 + dimension_], v);
    rows_ = k + 1;
    if (!contact_column_) return false;
    const double flag = doubles_.back();
    if (flag != 0 && flag != 1) fail_at(k, columns_.size() - 1, to_text(flag) + " is not 0 or 1");
    return flag == 1;
  }

  /// The next `count` binary64 numbers of the output into doubles_, false at its end; a row
  /// cut short is refused.
  bool binary_doubles(std::int64_t k, std::size_t count) {
    const std::size_t width = 8 * count;
    const std::string_view bytes = next_bytes(width);
    if (bytes.empty()) return false;
    if (bytes.size() < width)
      fail_at(k, "is cut short: the output ends " + std::to_string(bytes.size()) + " bytes into it, where a binary row "
                 "has " + std::to_string(width) + " (8 per column)");
    if (doubles_.size() != count) doubles_.resize(count);
    for (std::size_t i = 0; i < count; ++i) {
      std::uint64_t word;
      std::memcpy(&word, bytes.data() + 8 * i, 8);
      if constexpr (std::endian::native == std::endian::big) word = byte_swapped(word);
      std::memcpy(&doubles_[i], &word, 8);
    }
    return true;
  }

  static std::uint64_t byte_swapped(std::uint64_t word) {
    std::uint64_t swapped = 0;
    for (int i = 0; i < 8; ++i, word >>= 8) swapped = (swapped << 8) | (word & 0xff);
    return swapped;
  }

  /// Columns first … first + dimension − 1 of row k from `values` (doubles, each exact in Real).
  void assign_doubles(std::int64_t k, std::size_t first, const double* values, Coordinates& x) {
    if constexpr (std::is_same_v<Coordinates, Real>) {
      computed_value(k, first, values[0], x);
    } else {
      x.resize(dimension_);
      for (std::size_t i = 0; i < dimension_; ++i) computed_value(k, first + i, values[i], x[i]);
    }
  }

  void computed_value(std::int64_t k, std::size_t column, double value, Real& out) const {
    if (!std::isfinite(value)) fail_at(k, column, to_text(value) + " is not finite");
    out = value;
  }

  /// Row k's time later than row k − 1's and on the grid t0 + k·h (within h/1000).
  void check_time(std::int64_t k, const Real& t) {
    if (const std::optional<std::string> why = times_.wrong(k, t)) fail_at(k, *why);
  }

  bool reads_output() const { return program_ || written_; }

  std::string_view next_bytes(std::size_t n) {
    try {
      return program_ ? program_->next_bytes(n) : written_->next_bytes(n);
    } catch (const ProgramFailure& why) {
      throw RunFailure(context_ + ": the program " + why.what());
    }
  }

  std::optional<std::string_view> next_line() {
    try {
      std::optional<std::string_view> line = program_ ? program_->next_line() : written_->next_line();
      ++lines_;
      if (line && !line->empty() && line->back() == '\r') line->remove_suffix(1);
      return line;
    } catch (const ProgramFailure& why) {
      throw RunFailure(context_ + ": the program " + why.what());
    }
  }

  /// The output ended before what was asked: a program that failed says so by its exit status
  /// (the more telling message), else `message`.
  [[noreturn]] void ended_early(const std::string& message) {
    wait_for_exit();
    fail(message);
  }

  void wait_for_exit() {
    if (!program_) return;
    try {
      program_->wait_for_exit();
    } catch (const ProgramFailure& why) {
      throw RunFailure(context_ + ": the program " + why.what());
    }
    if (!stderr_shown_) return;
    if (stderr_whole_) {
      std::string said;
      for (const std::string& line : program_->stderr_lines())
        said += (said.empty() ? "" : "\n") + context_ + ": the program's stderr: " + line;
      if (!said.empty()) stderr_shown_(said);
    } else if (const std::string tail = program_->stderr_tail(); !tail.empty()) {
      stderr_shown_(context_ + ": the program succeeded and wrote to stderr: " + tail);
    }
  }

  void read_header() {
    const std::optional<std::string_view> line = next_line();
    if (!line) ended_early("wrote nothing to stdout");
    const std::string expected = joined(columns_), with_contact = expected + ",contact";
    std::string_view columns = *line;
    if (columns.starts_with(binary_prefix)) {
      binary_ = true;
      columns.remove_prefix(binary_prefix.size());
    }
    split_cells(columns, cells_);
    const std::string header = joined(std::vector<std::string>(cells_.begin(), cells_.end()));
    if (header == with_contact) {
      contact_column_ = true;
      columns_.push_back("contact");
    } else if (header != expected) {
      fail("line 1 is '" + shown_output(*line) + "' where the header '" + expected + "' or '" + with_contact +
           "' was expected (after '" + std::string(binary_prefix) + "' for binary rows)");
    }
  }

  /// Cell `column` of row k, checked and read correctly rounded into `out`, in place (no
  /// number and, after the first rows, no string is made).
  void read_cell(std::int64_t k, std::size_t column, Real& out) {
    const std::string_view text = cells_[column];
    if (const std::optional<std::string> problem = decimal_cell_problem(text))
      fail_at(k, column, "'" + shown_output(text) + "' " + *problem);
    if constexpr (std::is_same_v<Real, double>) {
      // from_chars takes no '+', which the grammar allows (decimal_cell_problem has checked it).
      const char* first = text.data() + (text.front() == '+' ? 1 : 0);
      const auto [end, error] = std::from_chars(first, text.data() + text.size(), out);
      if (error == std::errc::result_out_of_range)
        fail_at(k, column, "'" + shown_output(text) + "' is outside the range of double");
      if (error != std::errc{} || end != text.data() + text.size())
        fail_at(k, column, "'" + shown_output(text) + "' is not a decimal number");
    } else {
      digits_.assign(text);
      if constexpr (is_runtime_precision_v<Real>) mpfr_set_str(out.backend().data(), digits_.c_str(), 10, MPFR_RNDN);
      else out = detail::parse_decimal_rounded<Real>(digits_);
    }
    if (!is_finite(out)) fail_at(k, column, "'" + shown_output(text) + "' is not finite in " + scalar_name<Real>());
  }

  void assign(std::int64_t k, Coordinates& x, std::size_t first) {
    if constexpr (std::is_same_v<Coordinates, Real>) {
      read_cell(k, first, x);
    } else {
      x.resize(dimension_);
      for (std::size_t i = 0; i < dimension_; ++i) read_cell(k, first + i, x[i]);
    }
  }

  static std::string joined(const std::vector<std::string>& columns) {
    std::string text;
    for (const std::string& c : columns) text += (text.empty() ? "" : ",") + c;
    return text;
  }

  /// The line `evaluations,N` after the last row: N a whole number of at most 18 digits.
  void read_evaluations(std::string_view line) {
    const auto wrong = [&](const std::string& why) {
      fail("wrote '" + shown_output(line) + "' (line " + std::to_string(lines_) + " of its output), which " + why);
    };
    if (cells_.size() != 2) wrong("is not 'evaluations,N' (2 cells, N the number of right-hand-side evaluations)");
    const std::string_view n = cells_[1];
    std::int64_t value = 0;
    const auto [end, error] = std::from_chars(n.data(), n.data() + n.size(), value);
    if (n.empty() || n.size() > 18 || error != std::errc() || end != n.data() + n.size() || value < 0 ||
        !std::all_of(n.begin(), n.end(), [](char c) { return c >= '0' && c <= '9'; }))
      wrong("does not give a whole number of evaluations (allowed: 0 … 10^18 − 1, digits only)");
    evaluations_ = value;
  }

  bool is_impact_header() const {
    const std::vector<std::string> columns = impact_table_columns();
    return cells_.size() == columns.size() && std::equal(cells_.begin(), cells_.end(), columns.begin());
  }

  /// The impact table after its header, to the end of the output: each impact's cells read at
  /// the run's precision, inside [t0, the last row's t], not earlier than the one before, on a
  /// coordinate with a stop, and not that coordinate's impact at that time again.
  void read_impacts(const std::function<void(const ProgramImpact<Real>&)>& on_impact) {
    columns_ = impact_table_columns();
    reading_impacts_ = true;
    const std::int64_t most = max_reported_impacts(steps_);
    ProgramImpact<Real> impact{times_.first(), 1, times_.first(), times_.first()}, previous = impact;
    std::vector<bool> seen_at_this_time(stops_.size(), false);
    for (std::int64_t j = 0;; ++j) {
      const bool more = !reads_output() ? computed_impact(j, impact)
                        : binary_         ? binary_impact(j, impact)
                                          : text_impact(j, impact);
      if (!more) return;
      if (j == most)
        fail("gave more than the " + std::to_string(most) + " impacts an impact table may hold (max(steps + 1, 10 000))");
      if (impact.t < times_.first() || impact.t > times_.last())
        fail_at(j, "t = " + to_text(impact.t) + " is outside the run's horizon [" + to_text(times_.first()) + ", " +
                       to_text(times_.last()) + "] (from row 0's time to row " + std::to_string(steps_) + "'s)");
      if (!stops_[impact.coordinate - 1])
        fail_at(j, 1, "coordinate " + std::to_string(impact.coordinate) + " has no stop (" + stops_named() + ")");
      if (j > 0 && impact.t < previous.t)
        fail_at(j, "t = " + to_text(impact.t) + " is earlier than the previous impact's " + to_text(previous.t) +
                       " (impacts are listed in time order)");
      if (j == 0 || impact.t != previous.t) seen_at_this_time.assign(stops_.size(), false);
      if (seen_at_this_time[impact.coordinate - 1])
        fail_at(j, "is coordinate " + std::to_string(impact.coordinate) + "'s impact at t = " + to_text(impact.t) +
                       " again (an impact is listed once)");
      seen_at_this_time[impact.coordinate - 1] = true;
      if (on_impact) on_impact(impact);
      std::swap(previous, impact);
    }
  }

  /// Impact j + 1 of a text table into `impact`, its cells checked; false at the end.
  bool text_impact(std::int64_t j, ProgramImpact<Real>& impact) {
    const std::optional<std::string_view> line = next_line();
    if (!line) return false;
    if (blank(*line))
      fail_at(j, "is a blank line (an impact row has 4 cells, and the output ends with the last one's line break)");
    split_cells(*line, cells_);
    if (cells_.size() != columns_.size())
      fail_at(j, "has " + std::to_string(cells_.size()) + " cells where the impact table's header has " +
                     std::to_string(columns_.size()));
    read_cell(j, 0, impact.t);
    if (const std::optional<std::string> problem = coordinate_cell_problem(cells_[1], stops_.size()))
      fail_at(j, 1, "'" + shown_output(cells_[1]) + "' " + *problem);
    impact.coordinate = std::stoul(std::string(cells_[1]));
    read_cell(j, 2, impact.v_minus);
    read_cell(j, 3, impact.v_plus);
    return true;
  }

  /// Impact j + 1 of a binary table (four binary64: t, coordinate, v_minus, v_plus); false at the end.
  bool binary_impact(std::int64_t j, ProgramImpact<Real>& impact) {
    if (!binary_doubles(j, 4)) return false;
    impact_from_doubles(j, doubles_.data(), impact);
    return true;
  }

  /// Impact j + 1 of the impact table a step function returned; false after its last.
  bool computed_impact(std::int64_t j, ProgramImpact<Real>& impact) {
    const auto at = static_cast<std::size_t>(4 * j);
    if (at >= computed_.impacts.size()) return false;
    impact_from_doubles(j, &computed_.impacts[at], impact);
    return true;
  }

  /// An impact from its four numbers t, coordinate, v_minus, v_plus (each a double, exact in Real).
  void impact_from_doubles(std::int64_t j, const double* four, ProgramImpact<Real>& impact) {
    computed_value(j, 0, four[0], impact.t);
    const double coordinate = four[1];
    if (!(coordinate >= 1 && coordinate <= static_cast<double>(stops_.size()) && coordinate == std::floor(coordinate)))
      fail_at(j, 1, to_text(coordinate) + " is not a coordinate of the model (1 … " + std::to_string(stops_.size()) + ")");
    impact.coordinate = static_cast<std::size_t>(coordinate);
    computed_value(j, 2, four[2], impact.v_minus);
    computed_value(j, 3, four[3], impact.v_plus);
  }

  /// The coordinates with a stop, said for a message.
  std::string stops_named() const {
    std::string named;
    for (std::size_t i = 0; i < stops_.size(); ++i)
      if (stops_[i]) named += (named.empty() ? "" : ", ") + std::to_string(i + 1);
    return named.empty() ? "the model has no stop" : "the stops are on " + named;
  }

  /// A line of nothing but spaces and tabs (its '\r' already cut), which no row is.
  static bool blank(std::string_view line) { return line.find_first_not_of(" \t") == std::string_view::npos; }

  std::string stderr_said() const {
    const std::string tail = program_ ? program_->stderr_tail() : "";
    return tail.empty() ? "" : "; its last stderr lines: " + tail;
  }

  [[noreturn]] void fail(const std::string& message) {
    if (program_) program_->stop();
    throw RunFailure(context_ + (reads_output() ? ": the program " : ": the step function ") + message + stderr_said());
  }
  /// Row k (impact k + 1 of the impact table), and for a program's row the line of its output it
  /// is on.
  std::string row_named(std::int64_t k) const {
    if (reading_impacts_ && !reads_output()) return "the step function's impact " + std::to_string(k + 1);
    if (binary_) return (reading_impacts_ ? "binary impact " + std::to_string(k + 1) : "binary row " + std::to_string(k));
    if (reading_impacts_)
      return "impact " + std::to_string(k + 1) + " (line " + std::to_string(lines_) + " of its output)";
    return reads_output() ? "row " + std::to_string(k) + " (line " + std::to_string(lines_) + " of its output)"
                    : "the step function's row " + std::to_string(k);
  }
  [[noreturn]] void fail_at(std::int64_t k, const std::string& message) const {
    throw RunFailure(context_ + ": " + row_named(k) + " " + message);
  }
  [[noreturn]] void fail_at(std::int64_t k, std::size_t column, const std::string& message) const {
    throw RunFailure(context_ + ": " + row_named(k) + ", column '" + columns_[column] + "': " + message);
  }

  std::optional<RunningProgram> program_;  ///< none for a trajectory computed in this process
  std::optional<WrittenLines> written_;    ///< an output given as bytes
  ComputedTrajectory computed_;
  std::int64_t steps_, rows_ = 0, lines_ = 0;
  NodeTimeCheck<Real> times_;
  std::string digits_;  ///< a cell as a C string, for the parsers that need one
  std::size_t dimension_;
  std::string context_;
  std::function<void(const std::string&)> stderr_shown_;  ///< ExternalScheme::stderr_shown
  bool stderr_whole_ = false;                              ///< ExternalScheme::stderr_whole
  std::vector<bool> stops_;  ///< per coordinate: an impact may be reported on it
  std::vector<std::string> columns_;
  bool contact_column_ = false;
  bool reading_impacts_ = false;  ///< the rows are read, the impact table is
  std::optional<std::int64_t> evaluations_;
  bool binary_ = false;           ///< rows (and impacts) as binary64 numbers, the header said so
  std::vector<double> doubles_;   ///< a binary row's numbers
  std::vector<std::string_view> cells_;
};

/// A program's trajectory as a scheme: start() is its row 0, each step() its next row, true
/// when the program marked the row's step as contact. Nothing is kept but the current row.
template <class Model>
class ProgramScheme {
 public:
  using model_type = Model;
  using real_type = typename Model::real_type;
  using coordinates_type = coordinates_t<Model>;
  using Trajectory = ProgramTrajectory<real_type, coordinates_type>;
  struct State {
    std::int64_t n = 0;
    real_type t;
    coordinates_type q, v;
  };
  /// A program's orders are what the study measures: none is declared.
  static constexpr DeclaredOrders declared_orders{};
  static constexpr bool rational_arithmetic = false;

  ProgramScheme(const Model& model, Trajectory& trajectory, const real_type& h)
      : model_(model), trajectory_(&trajectory), h_(h) {}

  const Model& model() const { return model_; }
  /// Row 0 as the program wrote it (the study measures how far it is from the case's data).
  State start(const coordinates_type&, const coordinates_type&) const {
    State x;
    trajectory_->read_row(0, x.t, x.q, x.v);
    return x;
  }
  bool step(State& x) const { return trajectory_->read_row(++x.n, x.t, x.q, x.v); }
  const real_type& time(const State& x) const { return x.t; }
  const coordinates_type& position(const State& x) const { return x.q; }
  const coordinates_type& velocity(const State& x) const { return x.v; }
  const real_type& step_size() const { return h_; }

 private:
  const Model& model_;
  Trajectory* trajectory_;
  real_type h_;
};

}  // namespace vibro
