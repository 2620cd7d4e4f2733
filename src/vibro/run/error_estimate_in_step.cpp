#include "vibro/run/error_estimate_in_step.hpp"

#include "vibro/analysis/event_time_comparison.hpp"
#include "vibro/run/run_case.hpp"
#include "vibro/support/cancellation.hpp"
#include "vibro/support/fiber.hpp"
#include "vibro/support/progress.hpp"

#include <cstddef>
#include <cstdint>
#include <exception>
#include <limits>
#include <string>
#include <vector>

namespace vibro {
namespace {

/// The run hands over to the precise run when this many of its events wait to be matched; the
/// precise run hands back once half of them are. So the precise run never runs far ahead, and
/// the comparison holds about this many events of each run at most.
constexpr std::size_t events_between_turns = 4096;

/// The two runs and the turns they take. The run is the caller's; the precise run is the
/// fiber, which hands over only inside `precise_event`, so stopping it is resuming it with
/// `stop` set: it throws Cancelled there and unwinds.
struct InStep {
  EventTimeComparison events;
  Fiber* precise = nullptr;
  bool run_waits = false;  ///< the run gave its turn because too many of its events wait
  bool stop = false;

  explicit InStep(long digits) : events(digits) {}

  void run_event(const std::vector<std::string>& row) {
    events.run_event(row.at(0), row.at(1));
    while (events.waiting() > events_between_turns && !precise->finished()) {
      run_waits = true;
      precise->resume();
      run_waits = false;
      throw_if_cancelled();
    }
    if (precise->failure()) std::rethrow_exception(precise->failure());
  }

  /// Once the run has ended, the precise run goes on to its end.
  void precise_event(const std::vector<std::string>& row) {
    if (stop) throw Cancelled();
    events.precise_event(row.at(0), row.at(1));
    if (run_waits && events.waiting() <= events_between_turns / 2) precise->hand_over();
    if (stop) throw Cancelled();
  }
};

/// The precise run's progress, held back while the run goes (one line shows one piece of
/// work, and the run's is the one the user asked for) and shown from the run's end on.
class ProgressShownLater final : public Progress {
 public:
  explicit ProgressShownLater(Progress* shown) : shown_(shown) {}
  void begin(const std::string& what, std::int64_t total, const std::string& unit, double estimated_seconds) override {
    what_ = what, total_ = total, unit_ = unit, estimated_seconds_ = estimated_seconds, began_ = true;
    if (showing_) shown_->begin(what, total, unit, estimated_seconds);
  }
  void advance(std::int64_t done) override {
    done_ = done;
    if (showing_) shown_->advance(done);
  }
  void show() {
    showing_ = shown_ != nullptr;
    if (!showing_ || !began_) return;
    shown_->begin(what_, total_, unit_, estimated_seconds_);
    shown_->advance(done_);
  }

 private:
  Progress* shown_;
  std::string what_, unit_;
  std::int64_t total_ = 0, done_ = 0;
  double estimated_seconds_ = 0;
  bool began_ = false, showing_ = false;
};

/// A run's rows as events for the comparison, and on to the caller's rows when it asked for them.
class EventRows final : public RowSink {
 public:
  EventRows(InStep& in_step, bool precise, RowSink* also) : in_step_(in_step), precise_(precise), also_(also) {}
  void header(const std::vector<RowColumn>& columns, bool twins) override {
    if (also_) also_->header(columns, twins);
  }
  void row(const std::vector<std::string>& cells) override {
    if (also_) also_->row(cells);
    if (precise_)
      in_step_.precise_event(cells);
    else
      in_step_.run_event(cells);
  }

 private:
  InStep& in_step_;
  bool precise_;
  RowSink* also_;
};

}  // namespace

void run_with_error_estimate(const CaseSpec& c, const Precision& precision, const RunOptions& options,
                             const std::optional<std::int64_t>& max_steps, const SchemeRunners& runners,
                             RunRecord& record) {
  const PrecisionInfo info = provenance(precision).precision;
  const Precision more{ScalarKind::mpfr, info.decimal_digits + error_estimate_extra_digits};
  InStep in_step(more.mpfr_digits);
  EventRows precise_rows(in_step, true, nullptr), run_rows(in_step, false, options.rows);

  RunOptions quiet;
  quiet.precision = more;
  quiet.error_estimate = false;
  quiet.max_steps = max_steps;
  ProgressShownLater precise_progress(options.progress);
  quiet.progress = &precise_progress;
  quiet.label = "error estimate of " + c.name + " at " + more.name();
  quiet.rows = &precise_rows;
  quiet.events_kept = 0;  // counted only
  quiet.keep_sections_from = std::numeric_limits<std::int64_t>::max();
  RunResult precise_result;
  // The comparison hears of the precise run's end as it ends: if that is during the run's
  // turn-taking, the run's later events are matched as they come instead of waiting.
  Fiber precise([&] {
    precise_result = run_case(c, quiet);
    in_step.events.precise_finished();
  });
  in_step.precise = &precise;

  RunOptions run = options;
  run.rows = &run_rows;
  std::exception_ptr failed;
  try {
    runners.run(c, precision, run, record);
  } catch (...) {
    failed = std::current_exception();
  }
  if (failed) {  // outside the handler: the precise run unwinds from its last event, on this thread
    in_step.stop = true;
    if (precise.started() && !precise.finished()) precise.resume();
    std::rethrow_exception(failed);
  }
  in_step.events.run_finished();
  precise_progress.show();
  while (!precise.finished()) precise.resume();
  if (precise.failure()) std::rethrow_exception(precise.failure());
  runners.finish(record.run, info, precise_result.run, precise_result.provenance.precision, in_step.events.difference());
}

}  // namespace vibro
