// Published tables (reference/published/README.md): the
// shipped tables load; they hold exactly the numbers the seeds print, compared with an
// independent transcription below (the seeds themselves live outside the repository); the
// printed numbers satisfy the relations the seeds state for them; and every class of bad
// input is one InputError naming the file and the dotted key.

#include "vibro/analysis/significant_digits.hpp"
#include "vibro/io/published_table.hpp"
#include "vibro/support/input_error.hpp"
#include "vibro/scalar/parse_exact.hpp"
#include "support/build_paths.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace vibro::testing {
namespace {

namespace fs = std::filesystem;

// --- the numbers as the seeds print them ----------------------------------------------

/// One published number, transcribed from the plain-text seed independently of the TOML.
struct Printed {
  std::string_view id;
  std::string_view text;  ///< as printed, minus sign as '-', "× 10^k" as "ek"
  int digits;             ///< significant digits, counted by hand
  std::int64_t line;      ///< line of the plain-text seed
  std::string_view status;
  std::string_view seed_line;  ///< what that line prints
};

constexpr Printed printed[] = {
    // 000_f88fd4462d1c7390.txt, §4 "Computation of Lyapunov exponents", the table.
    {"000.IDP.lambda1", "3.057", 4, 391, "relation-only", "I.D.P λ1,3000 = 3.057 λ2,3000 = −15.061"},
    {"000.IDP.lambda2", "-15.061", 5, 391, "relation-only", "I.D.P λ1,3000 = 3.057 λ2,3000 = −15.061"},
    {"000.CNSP.lambda1", "2.486", 4, 393, "relation-only", "C.N.C.P λ1,3000 = 2.486 λ2,3000 = −16.448"},
    {"000.CNSP.lambda2", "-16.448", 5, 393, "relation-only", "C.N.C.P λ1,3000 = 2.486 λ2,3000 = −16.448"},
    {"000.INSP.lambda1", "0.623", 3, 394, "relation-only", "I.N.C.P λ1,3000 = 0.623 λ2,3000 = −10.116"},
    {"000.INSP.lambda2", "-10.116", 5, 394, "relation-only", "I.N.C.P λ1,3000 = 0.623 λ2,3000 = −10.116"},
    // 001_f989550e95a7ea6c.txt, §5 "Numerical results".
    {"001.IDND.lambda1", "3.05694", 6, 439, "relation-only", "λ1,3000 = 3.05694 and λ2,3000 = -15.06065"},
    {"001.IDND.lambda2", "-15.06065", 7, 439, "relation-only", "λ1,3000 = 3.05694 and λ2,3000 = -15.06065"},
    {"001.IDED.lambda1", "3.05695", 6, 443, "relation-only", "λ1,3000 = 3.05695 and λ2,3000 = -15.06066"},
    {"001.IDED.lambda2", "-15.06066", 7, 443, "relation-only", "λ1,3000 = 3.05695 and λ2,3000 = -15.06066"},
    {"001.NSND.lambda1", "65.11", 4, 451, "relation-only", "λ1,3000 = 65.11, λ2,3000 = -5.55"},
    {"001.NSND.lambda2", "-5.55", 3, 451, "relation-only", "λ1,3000 = 65.11, λ2,3000 = -5.55"},
    // 002_41cddb96d741d2ad.txt, §3.1 "Numerical experiments", experiment 1.
    {"002.exp1.NSPS.max_error_q1", "4.18e-11", 3, 280, "relation-only",
     "max_n |q1^{PS-NS} − q1^exact| = 4.18 × 10^{-11}"},
    {"002.exp1.NSMMM.max_error_q1", "9.21e-13", 3, 280, "relation-only",
     "max_n |q1^{MMM-NS} − q1^exact| = 9.21 × 10^{-13}"},
    {"002.exp1.standard.max_error_q1", "4.99e-3", 3, 280, "reproduced",
     "max_n |q1^S − q1^exact| = 4.99 × 10^{-3}"},
};

std::vector<PublishedTable> shipped() { return load_published_tables(test_paths::published_dir); }

/// Every shipped value by id.
std::map<std::string, PublishedValue> shipped_by_id() {
  std::map<std::string, PublishedValue> values;
  for (const PublishedTable& table : shipped())
    for (const PublishedValue& v : table.values) values.emplace(v.id, v);
  return values;
}

TEST(ShippedTables, LoadOnePerSeedInOrder) {
  const std::vector<PublishedTable> tables = shipped();
  ASSERT_EQ(tables.size(), 3u);
  const std::string seeds[] = {"000", "001", "002"};
  for (std::size_t i = 0; i < tables.size(); ++i) {
    EXPECT_EQ(tables[i].seed, seeds[i]);
    EXPECT_EQ(fs::path(tables[i].file).filename(), "seed_" + seeds[i] + ".toml");
    for (const PublishedValue& v : tables[i].values) {
      EXPECT_EQ(v.source.seed, seeds[i]) << v.id;
      EXPECT_EQ(v.source.file, tables[i].seed_file) << v.id;
    }
  }
}

TEST(ShippedTables, IdsAreUniqueAcrossFiles) {
  std::set<std::string> ids;
  std::size_t count = 0;
  for (const PublishedTable& table : shipped())
    for (const PublishedValue& v : table.values) {
      EXPECT_TRUE(ids.insert(v.id).second) << v.id << " is used twice";
      ++count;
    }
  EXPECT_EQ(ids.size(), count);
}

TEST(ShippedTables, HoldExactlyTheNumbersPrintedInTheSeeds) {
  const std::map<std::string, PublishedValue> values = shipped_by_id();
  EXPECT_EQ(values.size(), std::size(printed)) << "a value without a transcription below, or the reverse";
  for (const Printed& p : printed) {
    const auto it = values.find(std::string(p.id));
    if (it == values.end()) {
      ADD_FAILURE() << p.id << " (seed line " << p.line << ": " << p.seed_line << ") is missing from the tables";
      continue;
    }
    const PublishedValue& v = it->second;
    EXPECT_EQ(v.value.text, p.text) << p.id << ", seed line " << p.line << ": " << p.seed_line;
    EXPECT_EQ(v.value.exact, *parse_exact(p.text)) << p.id;
    EXPECT_EQ(v.digits_printed, p.digits) << p.id << " prints " << p.text;
    EXPECT_EQ(v.source.line, p.line) << p.id;
    EXPECT_EQ(status_name(v.status), p.status) << p.id;
  }
}

TEST(ShippedTables, SeedZeroRecordsBothSpellingsOfItsMethods) {
  const std::map<std::string, PublishedValue> values = shipped_by_id();
  const std::pair<std::string_view, std::string_view> spellings[] = {
      {"I.D.P", "I.D.P"}, {"C.N.S.P", "C.N.C.P"}, {"I.N.S.P", "I.N.C.P"}};
  for (const auto& [method, label] : spellings) {
    int found = 0;
    for (const auto& [id, v] : values)
      if (v.method == method) {
        EXPECT_EQ(v.label_as_printed, label) << id;
        ++found;
      }
    EXPECT_EQ(found, 2) << method << ": λ1 and λ2";
  }
}

// --- the printed numbers against the relations the seeds state -------------------------

class PrintedRelations : public ::testing::Test {
 protected:
  std::map<std::string, PublishedValue> values = shipped_by_id();

  rational at(const std::string& id) const {
    const auto it = values.find(id);
    if (it == values.end()) throw std::out_of_range("no published value " + id);
    return it->second.value.exact;
  }

  ::testing::AssertionResult tagged(const std::string& id, const std::string& relation) const {
    const auto it = values.find(id);
    if (it == values.end()) return ::testing::AssertionFailure() << "no published value " << id;
    const auto& r = it->second.relations;
    if (std::find(r.begin(), r.end(), relation) == r.end())
      return ::testing::AssertionFailure() << id << " does not list the relation " << relation;
    return ::testing::AssertionSuccess();
  }

  static rational magnitude(const rational& x) { return x < 0 ? rational(-x) : x; }
};

TEST_F(PrintedRelations, IdedAndIdndAgreeToFiveSignificantDigits) {
  for (const std::string j : {"lambda1", "lambda2"}) {
    EXPECT_TRUE(tagged("001.IDED." + j, "ided-idnd-agree"));
    EXPECT_TRUE(tagged("001.IDND." + j, "ided-idnd-agree"));
    const rational ided = at("001.IDED." + j), idnd = at("001.IDND." + j);
    // The one definition (analysis/significant_digits.hpp): below a unit of IDED's 5th digit.
    EXPECT_TRUE(vibro::agree_to_significant_digits(ided, idnd, 5)) << j;
  }
}

TEST_F(PrintedRelations, IdedAndIdndAreChaoticAndDissipative) {
  for (const std::string method : {"001.IDED.", "001.IDND."}) {
    EXPECT_TRUE(tagged(method + "lambda1", "chaotic-dissipative"));
    EXPECT_GT(at(method + "lambda1"), 0) << method;
    EXPECT_LT(at(method + "lambda1") + at(method + "lambda2"), 0) << method;
  }
}

TEST_F(PrintedRelations, NsndWithTinyEpsilonHasAPositiveSum) {
  EXPECT_TRUE(tagged("001.NSND.lambda1", "nsnd-small-eps-fails"));
  EXPECT_TRUE(tagged("001.IDED.lambda1", "nsnd-small-eps-fails"));
  EXPECT_GT(at("001.NSND.lambda1") + at("001.NSND.lambda2"), 0);
  // "far": λ1 differs from IDED's by more than |λ1(IDED)| (here also the sum's sign).
  EXPECT_GT(magnitude(at("001.NSND.lambda1") - at("001.IDED.lambda1")), magnitude(at("001.IDED.lambda1")));
}

TEST_F(PrintedRelations, CorrectedSchemeIsCloserToImpactDetectionThanTheInitialOne) {
  for (const std::string j : {"lambda1", "lambda2"}) {
    for (const std::string method : {"IDP", "CNSP", "INSP"})
      EXPECT_TRUE(tagged("000." + method + "." + j, "cnsp-closer-than-insp"));
    const rational idp = at("000.IDP." + j);
    EXPECT_LT(magnitude(at("000.CNSP." + j) - idp), magnitude(at("000.INSP." + j) - idp)) << j;
  }
}

// --- significant digits ---------------------------------------------------------------

TEST(SignificantDigits, CountsTheMantissaFromItsFirstNonZeroDigit) {
  const std::pair<std::string_view, int> cases[] = {{"3.05695", 6}, {"-15.06066", 7}, {"0.623", 3}, {"4.18e-11", 3},
                                                    {"4.99E+3", 3}, {"65.11", 4},     {"100", 3},   {"0.0050", 2},
                                                    {"-.5", 1},     {"7.", 1},        {"0.00", 2},  {"0", 1}};
  for (const auto& [text, digits] : cases) EXPECT_EQ(significant_digits(text), digits) << text;
}

TEST(SignificantDigits, RefusesWhatIsNotAPlainDecimal) {
  for (const std::string_view text : {"", "-", ".", "1/3", "inf", "nan", "1e", "1e-", "1.2.3", "3,05", "1 e3", "0x1p3"})
    EXPECT_EQ(significant_digits(text), std::nullopt) << text;
}

// --- bad input ------------------------------------------------------------------------

/// The file name every in-memory table is parsed under.
const std::string label = "published.toml";

/// Keys and TOML literals, in file order: the lines of one [[value]], or an inline table.
using Fields = std::vector<std::pair<std::string, std::string>>;

/// `fields` with `key` set to `literal` (appended when absent), or removed when `literal`
/// is nullopt.
Fields with(Fields fields, const std::string& key, std::optional<std::string> literal) {
  const auto at = std::find_if(fields.begin(), fields.end(), [&](const auto& f) { return f.first == key; });
  if (!literal) {
    if (at == fields.end())
      ADD_FAILURE() << "no field " << key << " to remove";
    else
      fields.erase(at);
  } else if (at == fields.end()) {
    fields.emplace_back(key, *literal);
  } else {
    at->second = *literal;
  }
  return fields;
}

/// `{ key = literal, ... }`.
std::string inline_table(const Fields& fields) {
  std::string text;
  for (const auto& [key, literal] : fields) text += (text.empty() ? "{ " : ", ") + key + " = " + literal;
  return text + " }";
}

Fields good_source() {
  return {{"seed", R"("001")"},
          {"file", R"("001_a.txt")"},
          {"section", R"("5")"},
          {"table_or_equation", R"("display")"},
          {"line", "443"}};
}

Fields good_value(std::string_view id = "001.IDED.lambda1") {
  return {{"id", "\"" + std::string(id) + "\""},
          {"quantity", R"("lyapunov.lambda1")"},
          {"method", R"("IDED")"},
          {"label_as_printed", R"("IDED")"},
          {"value", R"("3.05695")"},
          {"digits_printed", "6"},
          {"units", R"("per forcing period")"},
          {"settings", R"({ e = "0.5", h = "T/2513", alpha = "not printed" })"},
          {"source", inline_table(good_source())},
          {"status", R"("relation-only")"},
          {"relations", R"(["ided-idnd-agree", "chaotic-dissipative"])"},
          {"reason", R"("parameters not published")"}};
}

/// good_value() with the field `key` of its source set to `literal` (or removed).
Fields with_source(const std::string& key, std::optional<std::string> literal) {
  return with(good_value(), "source", inline_table(with(good_source(), key, std::move(literal))));
}

const std::string good_top = "seed = \"001\"\nseed_file = \"001_a.txt\"\npaper = \"A paper\"\n";

std::string table_text(const std::vector<Fields>& values, const std::string& top = good_top) {
  std::string text = top;
  for (const Fields& fields : values) {
    text += "\n[[value]]\n";
    for (const auto& [key, literal] : fields) text += key + " = " + literal + "\n";
  }
  return text;
}

std::string one_value(const Fields& fields) { return table_text({fields}); }

/// `read()` throws one InputError for the file `file` and the key `key` whose message
/// contains `says`; `input` describes what was read, for the failure message.
template <class Read>
::testing::AssertionResult refused_by(Read read, const std::string& file, const std::string& key, std::string_view says,
                                      std::string_view input) {
  try {
    read();
  } catch (const InputError& error) {
    const std::string_view message = error.what();
    if (error.file() == file && error.key() == key && message.find(says) != std::string_view::npos)
      return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "refused with file '" << error.file() << "', key '" << error.key()
                                         << "': " << message << "\nwanted file '" << file << "', key '" << key
                                         << "' and '" << says << "'\nreading:\n"
                                         << input;
  }
  return ::testing::AssertionFailure() << "accepted:\n" << input;
}

/// Parsing `text` as `label` is refused for `key` with a message containing `says`.
::testing::AssertionResult refused(const std::string& text, const std::string& key, std::string_view says) {
  return refused_by([&] { parse_published_table(text, label); }, label, key, says, text);
}

TEST(PublishedTable, TheBaseValueIsAcceptedWithItsTextAndExactValue) {
  const PublishedTable table = parse_published_table(one_value(good_value()), label);
  EXPECT_EQ(table.file, label);
  EXPECT_EQ(table.seed, "001");
  ASSERT_EQ(table.values.size(), 1u);
  const PublishedValue& v = table.values[0];
  EXPECT_EQ(v.value.text, "3.05695");
  EXPECT_EQ(v.value.exact, rational(305695, 100000));
  EXPECT_EQ(v.value.key, "value[0].value");
  EXPECT_EQ(v.settings.at("h"), "T/2513");
  EXPECT_EQ(v.source.line, 443);
  EXPECT_EQ(v.status, PublishedStatus::relation_only);
  EXPECT_EQ(v.relations, (std::vector<std::string>{"ided-idnd-agree", "chaotic-dissipative"}));

  const PublishedValue negative =
      parse_published_table(one_value(with(with(good_value(), "value", R"("-15.06066")"), "digits_printed", "7")),
                            label)
          .values[0];
  EXPECT_EQ(negative.value.exact, rational(-1506066, 100000));
}

TEST(PublishedTable, NotReproducibleNeedsNoRelation) {
  const Fields v = with(with(good_value(), "status", R"("not-reproducible")"), "relations", std::nullopt);
  EXPECT_TRUE(parse_published_table(one_value(v), label).values[0].relations.empty());
}

TEST(BadTable, MalformedToml) { EXPECT_TRUE(refused(good_top + "seed = \n", "", "TOML syntax error")); }

TEST(BadTable, UnknownKeysNameTheAllowedOnes) {
  EXPECT_TRUE(refused(table_text({good_value()}, good_top + "year = 2010\n"), "year",
                      "allowed here: seed, seed_file, paper, value"));
  EXPECT_TRUE(refused(one_value(with(good_value(), "page", "3")), "value[0].page", "allowed here: id, quantity"));
  EXPECT_TRUE(refused(one_value(with_source("page", "2")), "value[0].source.page",
                      "allowed here: seed, file, section, table_or_equation, line"));
  EXPECT_TRUE(refused(one_value(with(good_value(), "settings", R"({ beta = "1" })")), "value[0].settings.beta",
                      "allowed here: alpha, a, omega"));
}

TEST(BadTable, EveryMissingFieldIsNamed) {
  for (const auto& [key, literal] : good_value()) {
    if (key == "relations") continue;  // optional unless relation-only, tested below
    EXPECT_TRUE(refused(one_value(with(good_value(), key, std::nullopt)), "value[0]." + key, "missing"));
  }
  for (const auto& [key, literal] : good_source())
    EXPECT_TRUE(refused(one_value(with_source(key, std::nullopt)), "value[0].source." + key, "missing"));
  EXPECT_TRUE(refused("seed_file = \"001_a.txt\"\npaper = \"p\"\n", "seed", "missing"));
  EXPECT_TRUE(refused("seed = \"001\"\npaper = \"p\"\n", "seed_file", "missing"));
  EXPECT_TRUE(refused("seed = \"001\"\nseed_file = \"001_a.txt\"\n", "paper", "missing"));
  EXPECT_TRUE(refused(good_top, "value", "missing"));
  EXPECT_TRUE(refused(good_top + "value = []\n", "value", "non-empty array of tables"));
}

TEST(BadTable, WrongTypesNameTheExpectedOne) {
  EXPECT_TRUE(refused(one_value(with(good_value(), "value", "3.05695")), "value[0].value", "as a string"));
  EXPECT_TRUE(refused(one_value(with(good_value(), "digits_printed", R"("6")")), "value[0].digits_printed",
                      "expected an integer"));
  EXPECT_TRUE(
      refused(one_value(with(good_value(), "settings", R"("e = 0.5")")), "value[0].settings", "expected a table"));
  EXPECT_TRUE(
      refused(one_value(with(good_value(), "settings", "{ e = 0.5 }")), "value[0].settings.e", "expected a string"));
  EXPECT_TRUE(refused(one_value(with(good_value(), "relations", R"("ided-idnd-agree")")), "value[0].relations",
                      "expected a list"));
  EXPECT_TRUE(
      refused(one_value(with(good_value(), "relations", "[1]")), "value[0].relations[0]", "expected a relation name"));
  EXPECT_TRUE(refused(one_value(with_source("line", R"("443")")), "value[0].source.line", "expected an integer"));
  EXPECT_TRUE(refused(good_top + "value = 3\n", "value", "array of tables"));
  EXPECT_TRUE(refused(table_text({good_value()}, "seed = 1\nseed_file = \"001_a.txt\"\npaper = \"p\"\n"), "seed",
                      "expected a string"));
}

TEST(BadTable, StatusOutsideTheAllowedSet) {
  for (const std::string status : {"reproducible", "relation only", "Reproduced", ""})
    EXPECT_TRUE(refused(one_value(with(good_value(), "status", "\"" + status + "\"")), "value[0].status",
                        "allowed: reproduced, relation-only, not-reproducible"));
}

TEST(BadTable, RelationsMustBeKnownDistinctAndPresentWhenRelationOnly) {
  EXPECT_TRUE(refused(one_value(with(good_value(), "relations", R"(["ided-idnd-agree", "sum-rule"])")),
                      "value[0].relations[1]", "allowed: ided-idnd-agree, chaotic-dissipative"));
  EXPECT_TRUE(refused(one_value(with(good_value(), "relations", R"(["nsnd-3h-close", "nsnd-3h-close"])")),
                      "value[0].relations[1]", "listed twice"));
  EXPECT_TRUE(
      refused(one_value(with(good_value(), "relations", "[]")), "value[0].relations", "must list the relations"));
  EXPECT_TRUE(refused(one_value(with(good_value(), "relations", std::nullopt)), "value[0].relations",
                      "must list the relations"));
}

TEST(BadTable, UnknownMethodOrQuantity) {
  EXPECT_TRUE(refused(one_value(with(good_value(), "method", R"("C.N.C.P")")), "value[0].method",
                      "allowed: IDED, IDND, NSND, I.D.P, C.N.S.P, I.N.S.P, NSPS, NSMMM, standard"));
  EXPECT_TRUE(refused(one_value(with(good_value(), "quantity", R"("lyapunov.lambda3")")), "value[0].quantity",
                      "allowed: lyapunov.lambda1, lyapunov.lambda2, max_abs_error.q1"));
}

TEST(BadTable, DigitsPrintedMustMatchTheText) {
  const std::pair<std::string_view, std::string_view> mismatches[] = {
      {"3.05695", "5"}, {"3.05695", "7"}, {"0.623", "4"}, {"4.18e-11", "11"}, {"100", "1"}};
  for (const auto& [text, digits] : mismatches)
    EXPECT_TRUE(refused(one_value(with(with(good_value(), "value", "\"" + std::string(text) + "\""), "digits_printed",
                                       std::string(digits))),
                        "value[0].digits_printed", "does not match the value as printed"));
  EXPECT_TRUE(refused(one_value(with(good_value(), "digits_printed", "0")), "value[0].digits_printed",
                      "outside the allowed range [1, 1000]"));
}

TEST(BadTable, NonFiniteAndNonDecimalValues) {
  for (const std::string literal : {"nan", "inf", "-inf"})
    EXPECT_TRUE(refused(one_value(with(good_value(), "value", literal)), "value[0].value", "as a string"));
  for (const std::string text : {"inf", "nan", "NaN", "", "3,05695", "3.05695 ", "−15.06066"})
    EXPECT_TRUE(refused(one_value(with(good_value(), "value", "\"" + text + "\"")), "value[0].value",
                        "is not a finite decimal number"));
  EXPECT_TRUE(
      refused(one_value(with(good_value(), "value", R"("1/3")")), "value[0].value", "is not a decimal as printed"));
}

TEST(BadTable, SourceMustNameThisTablesSeed) {
  EXPECT_TRUE(refused(one_value(with_source("seed", R"("000")")), "value[0].source.seed", "allowed: 001"));
  EXPECT_TRUE(refused(one_value(with_source("file", R"("001_b.txt")")), "value[0].source.file", "allowed: 001_a.txt"));
  EXPECT_TRUE(
      refused(one_value(with_source("line", "0")), "value[0].source.line", "outside the allowed range [1, 1000000]"));
  EXPECT_TRUE(refused(one_value(with_source("section", R"("")")), "value[0].source.section", "must not be empty"));
  EXPECT_TRUE(refused(table_text({good_value()}, "seed = \"001\"\nseed_file = \"002_a.txt\"\npaper = \"p\"\n"),
                      "seed_file", "allowed: 001_*.txt"));
}

TEST(BadTable, IdsMustStartWithTheSeedAndBeUnique) {
  for (const std::string id : {"IDED.lambda1", "002.IDED.lambda1", "001.", "001.IDED lambda1"})
    EXPECT_TRUE(refused(one_value(good_value(id)), "value[0].id", "must be '001.' followed by a name"));
  EXPECT_TRUE(refused(table_text({good_value(), good_value("001.IDND.lambda1"), good_value()}), "value[2].id",
                      "'001.IDED.lambda1' is used twice in this table"));
}

TEST(BadTable, EmptyTextsAreRefused) {
  for (const std::string key : {"id", "label_as_printed", "units", "reason"})
    EXPECT_TRUE(refused(one_value(with(good_value(), key, R"("")")), "value[0]." + key, "must not be empty"));
  EXPECT_TRUE(
      refused(one_value(with(good_value(), "settings", R"({ e = "" })")), "value[0].settings.e", "must not be empty"));
  EXPECT_TRUE(refused(table_text({good_value()}, "seed = \"001\"\nseed_file = \"001_a.txt\"\npaper = \"\"\n"), "paper",
                      "must not be empty"));
}

// --- files and directories ------------------------------------------------------------

/// A fresh directory under the system's temporary directory, removed at the end.
class TableDirectory : public ::testing::Test {
 protected:
  fs::path dir = fs::temp_directory_path() /
                 ("vibro_published_" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()) +
                  "_" + std::to_string(std::random_device{}()));

  void SetUp() override { fs::create_directories(dir); }
  void TearDown() override { fs::remove_all(dir); }

  fs::path write(const std::string& name, const std::string& text) const {
    std::ofstream(dir / name, std::ios::binary) << text;
    return dir / name;
  }
};

TEST_F(TableDirectory, MissingFileOrDirectoryIsBadInputNamingIt) {
  const fs::path file = dir / "seed_009.toml", directory = dir / "no_such_directory";
  EXPECT_TRUE(refused_by([&] { load_published_table(file); }, file.string(), "", "cannot open the published table",
                         file.string()));
  EXPECT_TRUE(refused_by([&] { load_published_tables(directory); }, directory.string(), "",
                         "cannot read the directory of published tables", directory.string()));
}

TEST_F(TableDirectory, OnlyTomlFilesAreReadAndInNameOrder) {
  write("seed_b.toml", table_text({good_value("001.b")}));
  write("seed_a.toml", table_text({good_value("001.a")}));
  write("README.md", "not a table");
  const std::vector<PublishedTable> tables = load_published_tables(dir);
  ASSERT_EQ(tables.size(), 2u);
  EXPECT_EQ(tables[0].values[0].id, "001.a");
  EXPECT_EQ(tables[1].values[0].id, "001.b");
}

TEST_F(TableDirectory, AnIdUsedInTwoFilesNamesTheSecondFileAndTheFirst) {
  const fs::path first = write("seed_a.toml", table_text({good_value("001.x")}));
  const fs::path second = write("seed_b.toml", table_text({good_value("001.y"), good_value("001.x")}));
  EXPECT_TRUE(refused_by([&] { load_published_tables(dir); }, second.string(), "value[1].id",
                         "'001.x' is already the id of a value in " + first.string(), dir.string()));
}

TEST_F(TableDirectory, ABadFileInTheDirectoryNamesItself) {
  write("seed_a.toml", table_text({good_value("001.a")}));
  const fs::path bad = write("seed_b.toml", table_text({with(good_value("001.b"), "status", R"("done")")}));
  EXPECT_TRUE(refused_by([&] { load_published_tables(dir); }, bad.string(), "value[0].status", "unknown status 'done'",
                         dir.string()));
}

}  // namespace
}  // namespace vibro::testing
