#include "vibro/io/toml_reader.hpp"

#include "vibro/run/input_error.hpp"
#include "vibro/scalar/parse.hpp"

#include <cmath>
#include <fstream>
#include <sstream>

namespace vibro {

std::string comma_list(const std::vector<std::string>& words) {
  std::string text;
  for (const auto& w : words) text += (text.empty() ? "" : ", ") + w;
  return text;
}

std::string read_input_file(const std::filesystem::path& file, const std::string& what) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw InputError(file.string(), "", "cannot open the " + what);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

TomlReader::TomlReader(std::string file, std::string_view text) : file_(std::move(file)), text_(text) {
  std::string line;
  std::istringstream in{text_};
  while (std::getline(in, line)) lines_.push_back(line);
}

toml::table TomlReader::parse() const {
  try {
    return toml::parse(std::string_view(text_), std::string_view(file_));
  } catch (const toml::parse_error& error) {
    fail("", "line " + std::to_string(error.source().begin.line) + ", column " +
                 std::to_string(error.source().begin.column) +
                 ": TOML syntax error: " + std::string(error.description()));
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
      fail(key, "must be a finite number, found " + source_token(node));
    text = source_token(node);
  } else if (node.is_string()) {
    text = node.as_string()->get();
  } else {
    fail(key, "expected a number (integer, decimal, or a string such as \"1/3\"), found " + type_name(node));
  }
  const std::optional<rational> exact = parse_exact(text);
  if (!exact) fail(key, "'" + text + "' is not a finite decimal number or a fraction P/Q");
  return NumberInput{key, text, *exact};
}

void TomlReader::require_range(const NumberInput& x, bool ok, const std::string& range) const {
  if (!ok) fail(x.key, x.text + " is outside the allowed range " + range);
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
