#include "vibro/io/run_comparison.hpp"

#include "vibro/analysis/significant_digits.hpp"
#include "vibro/scalar/format.hpp"
#include "vibro/scalar/parse.hpp"

#include <nlohmann/json.hpp>

#include <map>
#include <set>
#include <stdexcept>
#include <string_view>

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
  if (leaf.is_number_float()) return NumberText::of(leaf.get<double>());
  return std::nullopt;
}

/// Every number under `node`, by pointer, in the JSON's order (keys alphabetical; at the top, `run` first).
void collect(const json& node, const std::string& pointer, std::vector<std::pair<std::string, NumberText>>& out) {
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
  std::map<std::string, std::size_t> index;
  for (std::size_t r = 0; r < runs.size(); ++r) {
    std::vector<std::pair<std::string, NumberText>> numbers;
    collect(runs[r], "", numbers);
    for (auto& [pointer, value] : numbers) {
      const auto [at, added] = index.emplace(pointer, comparison.numbers.size());
      if (added) comparison.numbers.push_back({pointer, std::vector<ComparedValue>(runs.size())});
      std::optional<NumberText>& slot = comparison.numbers[at->second].values[r].value;
      // Only a key and its _text twin could meet at one pointer, and collect() keeps one of them.
      if (slot) throw std::logic_error("compare_runs: two numbers at " + pointer);
      slot = std::move(value);
    }
  }
  for (ComparedNumber& number : comparison.numbers) {
    const std::optional<NumberText>& widest = number.values[comparison.widest].value;
    if (!widest) continue;
    const rational reference = widest->exact();
    for (std::size_t r = 0; r < number.values.size(); ++r) {
      ComparedValue& v = number.values[r];
      if (r == comparison.widest || !v.value) continue;
      const rational x = v.value->exact();
      v.difference = NumberText{decimal_text(rational(x - reference))};
      if (x != reference) v.agreeing_digits = shared_significant_digits(reference, x);
    }
  }
  return comparison;
}

PrecisionDifferences differences(const RunComparison& comparison) {
  PrecisionDifferences out{comparison.precisions[comparison.widest], {}};
  for (const ComparedNumber& number : comparison.numbers) {
    NumberDifferences& row = out.numbers.emplace_back(NumberDifferences{number.pointer, {}});
    for (std::size_t r = 0; r < number.values.size(); ++r) {
      if (r == comparison.widest) continue;
      const ComparedValue& v = number.values[r];
      PrecisionDifference& d = row.runs.emplace_back(PrecisionDifference{comparison.precisions[r], {}, {}, v.agreeing_digits});
      if (v.difference) {
        d.difference = v.difference->exact().convert_to<double>();
        d.difference_text = v.difference->text;
      }
    }
  }
  return out;
}

}  // namespace vibro
