#include "vibro/io/run_comparison.hpp"

#include "vibro/analysis/significant_digits.hpp"
#include "vibro/io/declared_json.hpp"
#include "vibro/io/result_json.hpp"
#include "vibro/io/spooled_run_json.hpp"
#include "vibro/results/precision_differences_fields.hpp"
#include "vibro/results/run_result.hpp"
#include "vibro/scalar/format.hpp"
#include "vibro/scalar/number_text_of.hpp"
#include "vibro/scalar/parse_exact.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>
#include <string_view>
#include <variant>

namespace vibro {
namespace {

using nlohmann::json;

/// The parts of a run result that restate the case or the provenance: the same in every run.
const std::set<std::string, std::less<>> restated = {"schema_version", "vibro_version", "precision", "case",
                                                     "model",          "initial",       "scheme"};
/// Plot samples: doubles every few steps for the figures, not results.
constexpr std::string_view plot_samples = "samples";
constexpr std::string_view text_suffix = "_text";

/// A key as one token of a JSON pointer (RFC 6901: ~ is ~0, / is ~1).
std::string pointer_token(std::string_view key) {
  std::string token;
  for (const char c : key) token += c == '~' ? std::string("~0") : c == '/' ? std::string("~1") : std::string(1, c);
  return token;
}

/// The number a leaf holds, as exact text; none for a leaf that is not a number.
std::optional<NumberText> number_of(const json& leaf) {
  if (leaf.is_string()) {
    const auto& text = leaf.get_ref<const std::string&>();
    return parse_exact(text) ? std::optional<NumberText>(NumberText{text}) : std::nullopt;
  }
  if (leaf.is_number_integer()) return NumberText{std::to_string(leaf.get<std::int64_t>())};
  if (leaf.is_number_unsigned()) return NumberText{std::to_string(leaf.get<std::uint64_t>())};
  if (leaf.is_number_float()) return number_text_of(leaf.get<double>());
  return std::nullopt;
}

/// What a leaf of a run's JSON is, for the comparison: a number, or a list spooled in its place.
using Found = std::variant<NumberText, SpooledList>;

/// Every number under `node`, by pointer, in the JSON's order (keys alphabetical; at the top,
/// `run` first), and every spooled list's marker where it stands.
void collect(const json& node, const std::string& pointer, std::vector<std::pair<std::string, Found>>& out) {
  if (node.is_object()) {
    // The run at the case's step first (its final state is what one looks at), then the
    // other sections (free_fall, convergence, expected, sweep).
    constexpr std::string_view first = "run";
    if (pointer.empty() && node.contains(first)) collect(node.at(first), "/run", out);
    for (const auto& [key, value] : node.items()) {
      if (pointer.empty() && (restated.contains(key) || key == first)) continue;
      if (key == plot_samples) continue;
      // key and key_text: the number is the exact text, found under key's pointer.
      if (node.contains(key + std::string(text_suffix))) continue;
      std::string_view name = key;
      if (name.ends_with(text_suffix) && node.contains(std::string(name.substr(0, name.size() - text_suffix.size()))))
        name.remove_suffix(text_suffix.size());
      collect(value, pointer + "/" + pointer_token(name), out);
    }
  } else if (node.is_array()) {
    for (std::size_t i = 0; i < node.size(); ++i) collect(node[i], pointer + "/" + std::to_string(i), out);
  } else if (auto number = number_of(node)) {
    out.emplace_back(pointer, std::move(*number));
  } else if (node.is_string()) {
    if (const auto list = spooled_list_marked(node.get_ref<const std::string&>())) out.emplace_back(pointer, *list);
  }
}

/// A number's values, one per run, merged from the runs' collections.
struct Merged {
  std::string pointer;
  std::vector<std::optional<NumberText>> values;
  std::optional<SpooledList> list;   ///< a spooled list stands there
  std::vector<bool> listed;          ///< which runs have that list
};

/// Adds run `r`'s `found` (of `runs` runs) to `merged`, a pointer's first appearance fixing its place.
void merge(std::vector<Merged>& merged, std::map<std::string, std::size_t, std::less<>>* index, std::size_t r,
           std::size_t runs, std::vector<std::pair<std::string, Found>>& found) {
  for (auto& [pointer, value] : found) {
    std::size_t at = merged.size();
    if (index) {
      at = index->emplace(pointer, merged.size()).first->second;
    } else {  // an element of a list: a few numbers, searched in order
      at = static_cast<std::size_t>(
          std::find_if(merged.begin(), merged.end(), [&](const Merged& m) { return m.pointer == pointer; }) -
          merged.begin());
    }
    if (at == merged.size()) merged.push_back({pointer, std::vector<std::optional<NumberText>>(runs), {}, std::vector<bool>(runs)});
    Merged& m = merged[at];
    if (const auto* list = std::get_if<SpooledList>(&value)) {
      m.list = *list;
      m.listed[r] = true;
      continue;
    }
    // Only a key and its _text twin could meet at one pointer, and collect() keeps one of them.
    if (m.values[r]) throw std::logic_error("compare_runs: two numbers at " + pointer);
    m.values[r] = std::move(std::get<NumberText>(value));
  }
}

/// The number `m` against the run `widest`: each value's exact difference and shared digits.
ComparedNumber compared(Merged& m, std::size_t widest) {
  ComparedNumber number{std::move(m.pointer), std::vector<ComparedValue>(m.values.size())};
  for (std::size_t r = 0; r < m.values.size(); ++r) number.values[r].value = std::move(m.values[r]);
  const std::optional<NumberText>& reference_text = number.values[widest].value;
  if (!reference_text) return number;
  const rational reference = reference_text->exact();
  for (std::size_t r = 0; r < number.values.size(); ++r) {
    ComparedValue& v = number.values[r];
    if (r == widest || !v.value) continue;
    const rational x = v.value->exact();
    v.difference = NumberText{decimal_text(rational(x - reference))};
    if (x != reference) v.agreeing_digits = shared_significant_digits(reference, x);
  }
  return number;
}

/// The numbers of the spooled list `m` of every run that has it, element by element side by
/// side, to `each`.
void compare_spooled(const Merged& m, const std::vector<const ListingSpool*>& spools,
                     const std::vector<PrecisionInfo>& precisions, std::size_t widest,
                     const std::function<void(const ComparedNumber&)>& each) {
  std::vector<std::optional<ListingSpool::Reader>> readers(precisions.size());
  for (std::size_t r = 0; r < readers.size(); ++r)
    if (m.listed[r]) {
      if (r >= spools.size() || !spools[r]) throw std::logic_error("a spooled list of a run with no spool");
      readers[r].emplace(spools[r]->read(*m.list, JsonNumbers::for_significand_bits(precisions[r].significand_bits)));
    }
  std::vector<std::pair<std::string, Found>> found;
  for (std::size_t i = 0;; ++i) {
    std::vector<Merged> element;
    bool any = false;
    for (std::size_t r = 0; r < readers.size(); ++r) {
      if (!readers[r]) continue;
      const std::optional<json> next = readers[r]->next();
      if (!next) {
        readers[r].reset();
        continue;
      }
      any = true;
      found.clear();
      collect(*next, m.pointer + "/" + std::to_string(i), found);
      merge(element, nullptr, r, readers.size(), found);
    }
    if (!any) return;
    for (Merged& number : element) each(compared(number, widest));
  }
}

/// Every number of `runs` (with their spools, one per run or none), given to `each` one at a
/// time (ComparedRuns::for_each_number).
void for_each_compared_number(const std::vector<json>& runs, const std::vector<const ListingSpool*>& spools,
                              const std::vector<PrecisionInfo>& precisions,
                              const std::function<void(const ComparedNumber&)>& each) {
  const std::size_t widest = widest_precision(precisions);
  std::vector<Merged> merged;
  std::map<std::string, std::size_t, std::less<>> index;
  std::vector<std::pair<std::string, Found>> found;
  for (std::size_t r = 0; r < runs.size(); ++r) {
    found.clear();
    collect(runs[r], "", found);
    merge(merged, &index, r, runs.size(), found);
  }
  for (Merged& m : merged) {
    if (m.list)
      compare_spooled(m, spools, precisions, widest, each);
    else
      each(compared(m, widest));
  }
}

}  // namespace

std::size_t widest_precision(const std::vector<PrecisionInfo>& precisions) {
  std::size_t widest = 0;
  const auto width = [](const PrecisionInfo& p) { return p.significand_bits == 0 ? -1 : p.significand_bits; };
  for (std::size_t i = 1; i < precisions.size(); ++i) {
    const long w = width(precisions[i]), best = width(precisions[widest]);
    if (best != -1 && (w == -1 || w > best)) widest = i;
  }
  return widest;
}


RunComparison compare_runs(const std::vector<json>& runs, const std::vector<PrecisionInfo>& precisions) {
  RunComparison comparison;
  for (const PrecisionInfo& p : precisions) comparison.precisions.push_back(p.name);
  comparison.widest = widest_precision(precisions);
  for_each_compared_number(runs, {}, precisions,
                           [&](const ComparedNumber& number) { comparison.numbers.push_back(number); });
  return comparison;
}

NumberDifferences number_differences(const ComparedNumber& number, const std::vector<std::string>& precisions,
                                     std::size_t widest) {
  NumberDifferences row{number.pointer, {}};
  for (std::size_t r = 0; r < number.values.size(); ++r) {
    if (r == widest) continue;
    const ComparedValue& v = number.values[r];
    PrecisionDifference& d = row.runs.emplace_back(PrecisionDifference{precisions[r], {}, {}, v.agreeing_digits});
    if (v.difference) {
      d.difference = v.difference->exact().convert_to<double>();
      d.difference_text = v.difference->text;
    }
  }
  return row;
}

PrecisionDifferences differences(const RunComparison& comparison) {
  PrecisionDifferences out{comparison.precisions[comparison.widest], {}};
  for (const ComparedNumber& number : comparison.numbers)
    out.numbers.push_back(number_differences(number, comparison.precisions, comparison.widest));
  return out;
}

struct ComparedRuns::Marked {
  std::vector<json> runs;
  std::vector<SplicedArray> arrays;
};

ComparedRuns::ComparedRuns(const std::vector<RunResult>& results, const std::vector<const ListingSpool*>& spools)
    : marked_(std::make_unique<Marked>()), spools_(spools) {
  for (std::size_t r = 0; r < results.size(); ++r) {
    json& run = marked_->runs.emplace_back(to_json(results[r]));
    if (r < spools.size() && spools[r])
      for (SplicedArray& array : spooled_arrays(run, results[r], *spools[r], "run" + std::to_string(r)))
        marked_->arrays.push_back(std::move(array));
    infos_.push_back(results[r].provenance.precision);
    precisions_.push_back(infos_.back().name);
  }
  widest_ = widest_precision(infos_);
}

ComparedRuns::~ComparedRuns() = default;

void ComparedRuns::for_each_number(const std::function<void(const ComparedNumber&)>& each) const {
  for_each_compared_number(marked_->runs, spools_, infos_, each);
}

void ComparedRuns::write_json(const std::function<void(std::string_view)>& write) const {
  const std::string marker = splice_marker("difference:numbers");
  json difference = to_json(PrecisionDifferences{precisions_[widest_], {}});
  difference["numbers"] = marker;
  std::vector<SplicedArray> arrays = marked_->arrays;
  arrays.push_back({marker, [&](const JsonElementSink& each) {
                      for_each_number([&](const ComparedNumber& n) {
                        each(declared_json(number_differences(n, precisions_, widest_), JsonNumbers(false)));
                      });
                    }});
  const json out{{"schema_version", schema_version::run_comparison}, {"runs", marked_->runs}, {"difference", difference}};
  write_spliced_json(out, arrays, write);
}

}  // namespace vibro
