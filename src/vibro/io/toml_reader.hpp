#pragma once
// Strict reading of one TOML input file (docs/architecture.md "Limits and faults"): every failure becomes
// one InputError naming the file, the dotted key and what is allowed. Numbers keep the
// decimal text written in the file and their exact value (NumberInput). Shared by the case
// files and the published tables. Internal to the library: toml++ is a private dependency,
// so include this only from the library's .cpp files.

#include "vibro/case/case_spec.hpp"

#include <toml++/toml.h>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace vibro {

/// "a, b, c".
std::string comma_list(const std::vector<std::string>& words);

/// The largest input file read (a case file or a published table is a few kilobytes).
inline constexpr std::size_t max_input_file_bytes = 1 << 20;

/// The whole file as bytes; an InputError naming `what` when it is missing, not a regular
/// file (a link to a device, a FIFO), larger than max_input_file_bytes, or unreadable.
std::string read_input_file(const std::filesystem::path& file, const std::string& what);

class TomlReader {
 public:
  /// `file` names the input in messages; `text` is its content.
  TomlReader(std::string file, std::string_view text);

  /// The parsed text; a syntax error names its line and column. Text on which toml++ 3.3
  /// has undefined behaviour is refused before toml++ sees it (the pre-scan in the .cpp).
  toml::table parse() const;

  [[noreturn]] void fail(const std::string& key, const std::string& message) const;
  /// The input's name in messages.
  const std::string& file() const { return file_; }

  /// "table.key", or "key" at the top level.
  static std::string dotted(const std::string& table, std::string_view key);

  static std::string type_name(const toml::node& node);

  /// Refuses any key of `table` (at dotted path `path`) that is not in `allowed`.
  void require_only(const toml::table& table, const std::string& path, const std::vector<std::string>& allowed) const;

  /// The top-level table [key]; an empty table when it is absent and not required.
  const toml::table& table(const toml::table& root, const std::string& key, bool required) const;

  std::optional<std::string> string(const toml::table& t, const std::string& path, const std::string& key,
                                    bool required) const;

  /// A required string that is not empty.
  std::string text(const toml::table& t, const std::string& path, const std::string& key) const;

  std::optional<std::int64_t> integer(const toml::table& t, const std::string& path, const std::string& key,
                                      std::int64_t lo, std::int64_t hi) const;

  std::int64_t integer_value(const toml::node& node, const std::string& key, std::int64_t lo, std::int64_t hi) const;

  std::optional<NumberInput> number(const toml::table& t, const std::string& path, const std::string& key) const;

  NumberInput required_number(const toml::table& t, const std::string& path, const std::string& key) const;

  /// A number written as a TOML integer, float or string ("1/3", "0.1"). A float's text is
  /// taken from the file itself, so that it never passes through a double.
  NumberInput number_value(const toml::node& node, const std::string& key) const;

  void require_range(const NumberInput& x, bool ok, const std::string& range) const;

 private:
  /// The literal as written in the source, underscores removed.
  std::string source_token(const toml::node& node) const;

  std::string file_;
  std::string text_;
  std::vector<std::string> lines_;
};

}  // namespace vibro
