// `vibro testset verify` on the shipped problems (docs/testset.md, "Reference values"): every
// stored value of reference/testset/ recomputed at its two stored precisions, every digit,
// count and bound reproduced. Label `testset` (34 s on two cores); the unit tests check
// that a digit changed by one unit makes the same command fail (tests/testset_test.cpp).

#include "support/build_paths.hpp"
#include "support/cli_runner.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <regex>

namespace vibro {
namespace {

namespace fs = std::filesystem;

class TestsetVerify : public testing::Cli {};

TEST_F(TestsetVerify, EveryStoredValueIsReproduced) {
  const fs::path cases = test_paths::cases_dir;
  const testing::Outcome verify =
      vibro("--quiet testset verify --problems " + testing::quoted(cases / "testset") + " --references " +
            testing::quoted(cases.parent_path() / "reference" / "testset"));
  EXPECT_EQ(verify.status, 0) << verify.out << verify.err;
  std::size_t problems = 0;
  for (const fs::directory_entry& e : fs::directory_iterator(cases / "testset"))
    if (e.path().extension() == ".toml") ++problems;
  const std::regex reproduced(R"(VI-\d+: \d+ values of \d+ digits and the impact count reproduced)");
  const auto lines = std::distance(std::sregex_iterator(verify.out.begin(), verify.out.end(), reproduced),
                                   std::sregex_iterator());
  EXPECT_EQ(static_cast<std::size_t>(lines), problems) << verify.out;
}

}  // namespace
}  // namespace vibro
