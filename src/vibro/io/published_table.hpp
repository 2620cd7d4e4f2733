#pragma once
// Published tables (ARCHITECTURE.md "Published tables are data with provenance"): every
// number a seed paper prints, with its digits as printed, units, method, settings, source
// and a status saying what the harness can do with it. One TOML per seed under
// reference/published/; the format is documented in reference/published/README.md.

#include "vibro/io/case_spec.hpp"

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace vibro {

/// What the harness can do with a published number.
enum class PublishedStatus {
  reproduced,        ///< re-computed by the harness to the digits printed
  relation_only,     ///< the number cannot be re-computed; only the listed relations can be checked
  not_reproducible,  ///< neither the number nor a relation is checked; the reason says why
};

/// "reproduced", "relation-only", "not-reproducible".
std::string_view status_name(PublishedStatus status);

/// Where a number is printed.
struct PublishedSource {
  std::string seed;               ///< "001"
  std::string file;               ///< the plain-text seed file
  std::string section;            ///< section as numbered and titled in the seed
  std::string table_or_equation;  ///< which table row or displayed equation
  std::int64_t line = 0;          ///< approximate line in the plain-text seed
};

struct PublishedValue {
  std::string id;                ///< stable, unique across tables, starts with the seed: "001.IDED.lambda1"
  std::string quantity;          ///< one of published_quantities()
  std::string method;            ///< one of published_methods()
  std::string label_as_printed;  ///< the method's label next to the number, as the seed spells it
  NumberInput value;             ///< the text as printed (ASCII minus, "e" for "× 10^") and its exact value
  int digits_printed = 0;        ///< significant digits of value.text
  std::string units;
  std::map<std::string, std::string> settings;  ///< key (one of published_settings()) → text as printed
  PublishedSource source;
  PublishedStatus status = PublishedStatus::not_reproducible;
  std::vector<std::string> relations;  ///< names from published_relations(); at least one when relation-only
  std::string reason;
};

struct PublishedTable {
  std::string file;       ///< path as given, for messages
  std::string seed;       ///< "001"
  std::string seed_file;  ///< the plain-text seed file every value's source names
  std::string paper;      ///< the paper, as far as the seed says
  std::vector<PublishedValue> values;
};

/// The quantities a published value may be (e.g. "lyapunov.lambda1").
const std::vector<std::string>& published_quantities();
/// The methods as the seeds name them (IDED, …, I.D.P, …, NSPS, NSMMM, standard).
const std::vector<std::string>& published_methods();
/// The setting keys a value may record.
const std::vector<std::string>& published_settings();
/// The relations a relation-only value may take part in (MATH.md §4 and §6).
const std::vector<std::string>& published_relations();

/// Significant digits of a decimal as printed: the digits of the mantissa from the first
/// non-zero one ("0.623" → 3, "4.18e-11" → 3, "100" → 3); for a zero, its fraction digits
/// (at least 1). nullopt when the text is not a plain decimal.
std::optional<int> significant_digits(std::string_view decimal_text);

/// Reads and validates one table; throws InputError naming the file and the dotted key.
PublishedTable load_published_table(const std::filesystem::path& file);

/// The same from text; `file_label` is used in messages and as the table's file.
PublishedTable parse_published_table(std::string_view toml_text, const std::string& file_label);

/// Every *.toml in `directory`, by file name; an id used twice across the tables is an
/// InputError naming the second file and its key.
std::vector<PublishedTable> load_published_tables(const std::filesystem::path& directory);

}  // namespace vibro
