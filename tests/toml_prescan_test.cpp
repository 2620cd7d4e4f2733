// The pre-scan of TomlReader::parse (src/vibro/io/toml_reader.cpp): each input found to
// reach undefined behaviour inside toml++ 3.3 (by reading its parser, and by fuzz/, where
// toml++ is built with its assertions on and UBSan) is refused with one InputError naming
// the file, the line and the column, before toml++ sees it. The valid TOML a case file
// holds, non-ASCII text in strings and comments included, is still read, and so is every
// shipped case file and published table. Lines and columns count from 1, columns in
// characters, as toml++ counts them.

#include "vibro/io/case_file.hpp"
#include "vibro/io/published_table.hpp"
#include "vibro/support/input_error.hpp"
#include "vibro/case/scheme_not_built_in.hpp"
#include "support/build_paths.hpp"

#include <gtest/gtest.h>

#include <cstddef>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <string_view>

namespace vibro::testing {
namespace {

namespace fs = std::filesystem;

const std::string label = "prescan.toml";

/// `parse` refuses its input with one InputError for the file `label`, without a key, whose
/// one-line message starts "line L, column C (" (the line itself follows, quoted) and holds
/// `what`.
::testing::AssertionResult refused_by(const std::function<void()>& parse, std::size_t line, std::size_t column,
                                      std::string_view what) {
  const std::string prefix = label + ": line " + std::to_string(line) + ", column " + std::to_string(column) + " (";
  try {
    parse();
  } catch (const InputError& error) {
    const std::string message = error.what();
    if (error.file() == label && error.key().empty() && message.starts_with(prefix) &&
        message.find(what) != std::string::npos && message.find('\n') == std::string::npos)
      return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "refused with\n  " << message << "\nexpected a message starting '"
                                         << prefix << "' and holding '" << what << "'";
  }
  return ::testing::AssertionFailure() << "accepted";
}

::testing::AssertionResult refused(std::string_view text, std::size_t line, std::size_t column,
                                   std::string_view what) {
  return refused_by([&] { parse_case(text, label); }, line, column, what);
}

/// tests/data/free_fall.toml, a valid case, with its description line replaced by `lines`.
std::string free_fall_described(std::string_view lines) {
  std::ifstream in(fs::path(test_paths::test_data_dir) / "free_fall.toml", std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  std::string base = text.str();
  const std::string description = "description = \"Base case for the case-file and command-line tests.\"";
  const std::size_t at = base.find(description);
  EXPECT_NE(at, std::string::npos) << "tests/data/free_fall.toml has no line '" << description << "'";
  if (at != std::string::npos) base.replace(at, description.size(), lines);
  return base;
}

const std::string header_key = "where a table header's key must start is not valid TOML";
const std::string non_ascii = "outside a string or comment is not valid TOML (only ASCII is allowed there)";

// toml++ parser.inl:3037: parse_table_header calls parse_key on whatever follows '[' or
// '[[' and blanks, and parse_key assumes a bare-key character or a quote there.
TEST(TomlPrescan, TableHeaderWhoseKeyStartsWithAnythingElse) {
  EXPECT_TRUE(refused("[#]\n", 1, 2, "'#' " + header_key));  // found by the fuzzer
  EXPECT_TRUE(refused("[case]\n[[[case]]]\n", 2, 3, "'[' " + header_key));
  EXPECT_TRUE(refused("[ \t\nname = 1\n", 1, 4, "U+000A " + header_key));  // after the blank and the tab
}

// toml++ parser.inl:2549: parse_array parses an element at anything but ',' and ']', and
// parse_value assumes no value terminator ('}' is one) there.
TEST(TomlPrescan, ClosingBraceWhereAnArrayElementStarts) {
  const std::string what = "'}' where an array element must start is not valid TOML (expected a value or ']')";
  EXPECT_TRUE(refused("a = [}]\n", 1, 6, what));
  EXPECT_TRUE(refused("a = [1,\n  # a comment\n}]\n", 3, 1, what));
}

// toml++ parser.inl:2636: after ten characters shaped like a date, a space and a digit,
// parse_value's look-ahead scans on and assumes no value terminator (found by the fuzzer).
TEST(TomlPrescan, DateSpaceAndOneDigit) {
  const std::string what = "a date followed by a space and a single digit is not valid TOML";
  EXPECT_TRUE(refused("a = 1979-05-27 1\n", 1, 5, what));
  EXPECT_TRUE(refused("a = [1979-05-27 1]\n", 1, 6, what));
  EXPECT_TRUE(refused("a = 1_979-05-27 1#\n", 1, 5, what));  // toml++ leaves underscores out of the ten
}

// toml++ parser.inl:2345: parse_date_time calls parse_time, which assumes a digit, on what
// follows a date and its 'T' (found by the fuzzer).
TEST(TomlPrescan, DateAndTWithoutAnHour) {
  const std::string what = "a date followed by 'T' and no hour is not valid TOML";
  EXPECT_TRUE(refused("a = 1979-05-27T:00\n", 1, 5, what));
  EXPECT_TRUE(refused("a = [1979-05-27t`7:32:00Z]\n", 1, 6, what));
}

// toml++ unicode_autogenerated.h:44: is_non_ascii_horizontal_whitespace reaches
// TOML_UNREACHABLE for U+00A1-U+0499 and three other ranges, and the parser asks it about
// every character outside strings and comments.
TEST(TomlPrescan, NonAsciiOutsideStringsAndComments) {
  EXPECT_TRUE(refused("a \xC2\xA7= 1\n", 1, 3, "character U+00A7 " + non_ascii));
  EXPECT_TRUE(refused("\xCC\xAA = 1\n", 1, 1, "character U+032A " + non_ascii));  // toml++ issue 295's character
  // A bare value's look-ahead reads past a quote, so the '§' is outside a string.
  EXPECT_TRUE(refused("a = 1\"\xC2\xA7\"\n", 1, 7, "character U+00A7 " + non_ascii));
  // U+2212 is classified (not whitespace) without undefined behaviour; still not TOML there.
  EXPECT_TRUE(refused("a = \xE2\x88\x92" "1\n", 1, 5, "character U+2212 " + non_ascii));
}

// toml++ issue 190 (parser.inl:1559): the first character after a line-ending backslash in a
// multi-line basic string is classified as whitespace or not. Valid TOML, refused because
// toml++ cannot read it; its escape is read.
TEST(TomlPrescan, UnclassifiableCharacterFirstAfterALineEndingBackslash) {
  const std::string what = "first after a line-ending backslash in a multi-line string is refused";
  EXPECT_TRUE(refused("s = \"\"\"\\\n\xC2\xA7\"\"\"\n", 2, 1, "character U+00A7 " + what));
  // Blanks, line breaks and U+2000 (whitespace to toml++) are skipped before the 'α'.
  EXPECT_TRUE(refused("s = \"\"\"\\  \n\n  \xE2\x80\x80\xCE\xB1\"\"\"\n", 3, 4, "character U+03B1 " + what));
  EXPECT_TRUE(refused("s = \"\"\"\\\n\xC2\xA7\"\"\"\n", 2, 1, "write it as the escape \\u00A7"));
  const CaseSpec c = parse_case(free_fall_described("description = \"\"\"\\\n    \\u00A7 2 of seed 000\"\"\""), label);
  EXPECT_EQ(c.description, "\xC2\xA7 2 of seed 000");
}

// toml++ parser.inl:1365 and 1187: after a backslash in a multi-line basic string, the next
// character, and the ones after its blanks, are classified as whitespace or not.
TEST(TomlPrescan, NonAsciiAfterABackslashInAMultiLineString) {
  EXPECT_TRUE(refused("s = \"\"\"\\\xC2\xA7\"\"\"\n", 1, 9,
                      "character U+00A7 after a backslash in a multi-line string is not valid TOML"));
  EXPECT_TRUE(refused("s = \"\"\"\\ \xC2\xA7\n\"\"\"\n", 1, 10,
                      "character U+00A7 after a line-ending backslash in a multi-line string is not valid TOML"));
}

// The scan decodes the text to follow it: text that is not UTF-8 (RFC 3629), which toml++
// refuses too, is refused by the scan, at its first bad byte.
TEST(TomlPrescan, TextThatIsNotUtf8) {
  EXPECT_TRUE(refused("a = \"\xFF\"\n", 1, 6, "invalid UTF-8 (byte 0xFF)"));
  EXPECT_TRUE(refused("# \xC0\xAF overlong '/'\n", 1, 3, "invalid UTF-8 (byte 0xC0)"));
  EXPECT_TRUE(refused("a = '\xED\xA0\x80'\n", 1, 6, "invalid UTF-8 (byte 0xED)"));  // a surrogate
}

TEST(TomlPrescan, PublishedTablesAreScannedToo) {
  EXPECT_TRUE(refused_by([] { parse_published_table("[#]\n", label); }, 1, 2, "'#' " + header_key));
  EXPECT_TRUE(refused_by([] { parse_published_table("a = [}]\n", label); }, 1, 6, "'}' where an array element"));
}

// What the scan must not refuse: non-ASCII text in every kind of string and in comments,
// a line-ending backslash followed by ASCII, and a byte order mark.
TEST(TomlPrescan, NonAsciiInStringsAndCommentsIsRead) {
  const std::string described = free_fall_described(
      "# \xC2\xA7 2 of seed 000: \xCE\xB1 \xE2\x89\xA5 0, \xC3\xA9 \xE2\x80\x94 a comment\n"
      "description = \"\"\"\\\n"
      "    Seed 000, \\\n"
      "    section \xC2\xA7" "2 (\xCE\xB1 = 0) \"\"\" # \xC3\xA9");
  const CaseSpec c = parse_case(described, label);
  EXPECT_EQ(c.description, "Seed 000, section \xC2\xA7" "2 (\xCE\xB1 = 0) ");  // "Seed 000, section §2 (α = 0) "
  EXPECT_EQ(parse_case(free_fall_described("description = '\xCE\xB1\xCE\xB2 \xC2\xA7'"), label).description,
            "\xCE\xB1\xCE\xB2 \xC2\xA7");
  EXPECT_EQ(parse_case(free_fall_described("description = '''\n\xCE\xB1\n'''"), label).description, "\xCE\xB1\n");
  EXPECT_EQ(parse_case("\xEF\xBB\xBF" + free_fall_described("description = \"\xC3\xA9\""), label).description,
            "\xC3\xA9");
}

TEST(TomlPrescan, ShippedInputsAreRead) {
  std::size_t cases = 0;
  for (const fs::path& file : case_files(test_paths::cases_dir)) {
    // Read whole, or refused only because its scheme is not in this build (docs/peer.md).
    try {
      load_case(file);
    } catch (const vibro::SchemeNotBuiltIn&) {
    } catch (const std::exception& e) {
      ADD_FAILURE() << file << ": " << e.what();
    }
    ++cases;
  }
  EXPECT_GT(cases, 0u) << "no case file in " << test_paths::cases_dir;
  std::size_t tables = 0;
  for (const auto& entry : fs::directory_iterator(test_paths::published_dir)) {
    if (entry.path().extension() != ".toml") continue;
    EXPECT_NO_THROW(load_published_table(entry.path())) << entry.path();
    ++tables;
  }
  EXPECT_GT(tables, 0u) << "no published table in " << test_paths::published_dir;
}

}  // namespace
}  // namespace vibro::testing
