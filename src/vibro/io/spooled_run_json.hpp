#pragma once
// `vibro run --json` of a long run: its listing (every event, sticking interval and
// stroboscopic sample, case/run_listing.hpp) spooled to temporary files as the run finds it,
// then spliced into the JSON as that is written. The text is the same as to_json of the run held
// whole, dumped with an indent of 2 (tests/spooled_run_json_test.cpp); the memory is that of a
// run that keeps the 12 events its text shows, whatever the horizon. A list of precisions reads
// its runs' spools side by side (io/run_comparison.hpp).

#include "vibro/case/run_listing.hpp"
#include "vibro/io/json_number.hpp"
#include "vibro/results/reference_findings.hpp"

#include <nlohmann/json.hpp>

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace vibro {

struct RunResult;  // results/run_result.hpp

/// The lists of a run's JSON that grow with its horizon (under `run`).
enum class SpooledList { events, sticking_intervals, stroboscopic };
inline constexpr std::array<SpooledList, 3> spooled_lists{SpooledList::events, SpooledList::sticking_intervals,
                                                          SpooledList::stroboscopic};
/// The list's key under `run`.
std::string_view key_of(SpooledList list);

class ListingSpool final : public RunListing {
 public:
  /// Creates the spool's files in the temporary directory (TMPDIR, else /tmp), unlinked at
  /// once so that nothing is left behind whatever ends vibro; throws RunFailure when that is
  /// impossible.
  ListingSpool();
  ~ListingSpool() override;
  ListingSpool(const ListingSpool&) = delete;
  ListingSpool& operator=(const ListingSpool&) = delete;

  void event(const ReferenceEventText& event) override;
  void sticking_interval(const StickingInterval& interval) override;
  void stroboscopic_sample(const StroboscopicSample& sample) override;

  class File;  // one list's unlinked file, a line per element (spooled_run_json.cpp)

  /// One list's elements in order, each as its JSON; readers of one spool may go side by side.
  class Reader {
   public:
    /// The next element, or none after the last; throws RunFailure when the spool cannot be read.
    std::optional<nlohmann::json> next();

   private:
    friend class ListingSpool;
    Reader(const File& file, SpooledList list, JsonNumbers numbers);
    const File* file_;
    SpooledList list_;
    JsonNumbers numbers_;
    std::int64_t offset_ = 0;
    std::string buffer_;
    std::size_t position_ = 0;
    std::vector<std::string_view> fields_;
  };
  /// `list` from its first element, its numbers written as `numbers` writes them.
  Reader read(SpooledList list, JsonNumbers numbers) const;

 private:
  std::array<std::unique_ptr<File>, 3> files_;
};

using JsonElementSink = std::function<void(const nlohmann::json&)>;

/// An array written into a JSON text from elsewhere, element by element, where the text holds
/// the string `marker`.
struct SplicedArray {
  std::string marker;
  std::function<void(const JsonElementSink&)> elements;
};

/// A string no text of a case can hold where `name` is (a control character and a random
/// number drawn once per process), to mark a spliced array.
std::string splice_marker(std::string_view name);

/// Replaces each list of `run_json` (to_json of `result`) under `run` by a marker (`name`, and
/// the list's key), and returns the arrays that go there, read from `spool`.
std::vector<SplicedArray> spooled_arrays(nlohmann::json& run_json, const RunResult& result, const ListingSpool& spool,
                                         std::string_view name);

/// The list a marker of spooled_arrays stands for, or none for any other text.
std::optional<SpooledList> spooled_list_marked(std::string_view text);

/// Gives `write` json.dump(2) + "\n" in pieces, each marker of `arrays` replaced by its array as
/// dump(2) writes an array at that place.
void write_spliced_json(const nlohmann::json& json, const std::vector<SplicedArray>& arrays,
                        const std::function<void(std::string_view)>& write);

/// `vibro run --json`: to_json(result).dump(2) + "\n", its lists whole from `spool` (the result
/// kept the first of them only).
void write_spooled_run_json(const RunResult& result, const ListingSpool& spool,
                            const std::function<void(std::string_view)>& write);

}  // namespace vibro
