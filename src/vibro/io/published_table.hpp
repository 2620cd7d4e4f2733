#pragma once
// Published tables (reference/published/README.md): every
// number a seed paper prints, with its digits as printed, units, method, settings, source
// and a status saying what the harness can do with it. One TOML per seed under
// reference/published/; the format is documented in reference/published/README.md.

#include "vibro/results/published_values.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace vibro {

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
