#include "vibro/io/toml_reader.hpp"

#include "vibro/io/toml_prescan.hpp"
#include "vibro/support/input_error.hpp"
#include "vibro/scalar/parse_exact.hpp"
#include "vibro/scalar/shown_input.hpp"

#include <cmath>
#include <fstream>
#include <optional>
#include <sstream>

namespace vibro {

std::string comma_list(const std::vector<std::string>& words) {
  std::string text;
  for (const auto& w : words) text += (text.empty() ? "" : ", ") + w;
  return text;
}

std::string read_input_file(const std::filesystem::path& file, const std::string& what) {
  // Checked before a byte is read: a symbolic link to /dev/zero or a FIFO is not a case file.
  std::error_code error;
  const auto status = std::filesystem::status(file, error);
  if (status.type() == std::filesystem::file_type::not_found)
    throw InputError(file.string(), "", "cannot open the " + what + ": no such file");
  if (error) throw InputError(file.string(), "", "cannot open the " + what + ": " + error.message());
  if (status.type() != std::filesystem::file_type::regular)
    throw InputError(file.string(), "", "the " + what + " is not a regular file (a directory, device or pipe)");
  const std::uintmax_t size = std::filesystem::file_size(file, error);
  if (error) throw InputError(file.string(), "", "cannot read the " + what + ": " + error.message());
  if (size > max_input_file_bytes)
    throw InputError(file.string(), "", "the " + what + " has " + std::to_string(size) + " bytes (allowed: at most " +
                                            std::to_string(max_input_file_bytes) + ")");
  std::ifstream in(file, std::ios::binary);
  if (!in) throw InputError(file.string(), "", "cannot open the " + what);
  std::string text(max_input_file_bytes + 1, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));  // the file may have grown since
  if (in.bad()) throw InputError(file.string(), "", "cannot read the " + what);
  if (static_cast<std::size_t>(in.gcount()) > max_input_file_bytes)
    throw InputError(file.string(), "", "the " + what + " has more than " + std::to_string(max_input_file_bytes) +
                                            " bytes (allowed: at most that)");
  text.resize(static_cast<std::size_t>(in.gcount()));
  return text;
}

TomlReader::TomlReader(std::string file, std::string_view text) : file_(std::move(file)), text_(text) {
  std::string line;
  std::istringstream in{text_};
  while (std::getline(in, line)) lines_.push_back(line);
}

toml::table TomlReader::parse() const {
  // "line L, column C ('the line, cut')": the line shows the key, which the parser cannot name.
  const auto where = [&](std::size_t line, std::size_t column) {
    std::string text = "line " + std::to_string(line) + ", column " + std::to_string(column);
    if (line >= 1 && line <= lines_.size()) text += " ('" + shown_input(lines_[line - 1]) + "')";
    return text;
  };
  if (const std::optional<TomlHazard> refused = find_toml_hazard(text_))
    fail("", where(refused->line, refused->column) + ": " + refused->what);
  try {
    return toml::parse(std::string_view(text_), std::string_view(file_));
  } catch (const toml::parse_error& error) {
    std::string message = where(error.source().begin.line, error.source().begin.column) +
                          ": TOML syntax error: " + std::string(error.description());
    // A TOML float beyond double's range (1e400) is a syntax error to the parser.
    if (error.description().find("floating-point") != std::string_view::npos)
      message += " (a number beyond the range of double is written as a string: \"1e400\")";
    fail("", message);
  }
}

void TomlReader::fail(const std::string& key, const std::string& message) const {
  throw InputError(file_, key, message);
}

std::string TomlReader::dotted(const std::string& table, std::string_view key) {
  return table.empty() ? std::string(key) : table + "." + std::string(key);
}

std::string TomlReader::type_name(const toml::node& node) {
  std::ostringstream out;
  out << node.type();
  return out.str();
}

void TomlReader::require_only(const toml::table& table, const std::string& path,
                              const std::vector<std::string>& allowed) const {
  for (const auto& [key, node] : table) {
    bool known = false;
    for (const auto& a : allowed) known = known || key.str() == a;
    if (!known) fail(dotted(path, key.str()), "unknown key (allowed here: " + comma_list(allowed) + ")");
  }
}

const toml::table& TomlReader::table(const toml::table& root, const std::string& key, bool required) const {
  static const toml::table empty;
  const toml::node* node = root.get(key);
  if (!node) {
    if (required) fail(key, "missing table [" + key + "]");
    return empty;
  }
  if (!node->is_table()) fail(key, "expected a table [" + key + "], found " + type_name(*node));
  return *node->as_table();
}

std::optional<std::string> TomlReader::string(const toml::table& t, const std::string& path, const std::string& key,
                                              bool required) const {
  const toml::node* node = t.get(key);
  if (!node) {
    if (required) fail(dotted(path, key), "missing (expected a string)");
    return std::nullopt;
  }
  if (!node->is_string()) fail(dotted(path, key), "expected a string, found " + type_name(*node));
  return node->as_string()->get();
}

std::string TomlReader::text(const toml::table& t, const std::string& path, const std::string& key) const {
  std::string text = *string(t, path, key, true);
  if (text.empty()) fail(dotted(path, key), "must not be empty");
  return text;
}

std::optional<std::int64_t> TomlReader::integer(const toml::table& t, const std::string& path, const std::string& key,
                                                std::int64_t lo, std::int64_t hi) const {
  const toml::node* node = t.get(key);
  if (!node) return std::nullopt;
  return integer_value(*node, dotted(path, key), lo, hi);
}

std::int64_t TomlReader::integer_value(const toml::node& node, const std::string& key, std::int64_t lo,
                                       std::int64_t hi) const {
  const std::string range = "[" + std::to_string(lo) + ", " + std::to_string(hi) + "]";
  if (!node.is_integer()) fail(key, "expected an integer in " + range + ", found " + type_name(node));
  const std::int64_t value = node.as_integer()->get();
  if (value < lo || value > hi) fail(key, std::to_string(value) + " is outside the allowed range " + range);
  return value;
}

std::optional<NumberInput> TomlReader::number(const toml::table& t, const std::string& path,
                                              const std::string& key) const {
  const toml::node* node = t.get(key);
  if (!node) return std::nullopt;
  return number_value(*node, dotted(path, key));
}

NumberInput TomlReader::required_number(const toml::table& t, const std::string& path, const std::string& key) const {
  auto value = number(t, path, key);
  if (!value) fail(dotted(path, key), "missing (expected a number)");
  return *value;
}

NumberInput TomlReader::number_value(const toml::node& node, const std::string& key) const {
  std::string text;
  if (node.is_integer()) {
    text = std::to_string(node.as_integer()->get());
  } else if (node.is_floating_point()) {
    if (!std::isfinite(node.as_floating_point()->get()))
      fail(key, "must be a finite number, found " + shown_input(source_token(node)));
    text = source_token(node);
  } else if (node.is_string()) {
    text = node.as_string()->get();
  } else {
    fail(key, "expected a number (integer, decimal, or a string such as \"1/3\"), found " + type_name(node));
  }
  const std::optional<rational> exact = parse_exact(text);
  if (!exact) fail(key, "'" + shown_input(text) + "' is not a finite decimal number or a fraction P/Q");
  return NumberInput{key, text, *exact};
}

void TomlReader::require_range(const NumberInput& x, bool ok, const std::string& range) const {
  if (!ok) fail(x.key, shown_input(x.text) + " is outside the allowed range " + range);
}

std::string TomlReader::source_token(const toml::node& node) const {
  const auto& begin = node.source().begin;
  if (begin.line == 0 || begin.line > lines_.size()) return "?";
  const std::string& line = lines_[begin.line - 1];
  // toml++ counts columns in code points; walk UTF-8 to the byte offset.
  std::size_t byte = 0;
  for (std::size_t column = 1; column < begin.column && byte < line.size(); ++column) {
    ++byte;
    while (byte < line.size() && (static_cast<unsigned char>(line[byte]) & 0xC0) == 0x80) ++byte;
  }
  std::string token;
  for (; byte < line.size(); ++byte) {
    const char c = line[byte];
    if (c == ' ' || c == '\t' || c == ',' || c == ']' || c == '}' || c == '#' || c == '\r') break;
    if (c != '_') token += c;
  }
  return token;
}

}  // namespace vibro
