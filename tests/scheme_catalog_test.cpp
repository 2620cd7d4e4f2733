// The scheme catalog (case/scheme_catalog.hpp) and the runners compiled per entry
// (catalog/scheme_runners.hpp) are two lists: every entry of one must be in the other, under
// the same name, or a case naming that scheme would be read and then fail to run.

#include "vibro/case/scheme_catalog.hpp"
#include "vibro/catalog/scheme_runners.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace vibro::testing {
namespace {

TEST(SchemeCatalog, EveryEntryHasRunners) {
  const auto& infos = scheme_infos();
  ASSERT_FALSE(infos.empty());
  for (std::size_t i = 0; i < infos.size(); ++i) {
    const SchemeRunners& runners = scheme_runners(i);  // throws for an entry without runners
    EXPECT_EQ(std::string(runners.scheme), infos[i].names.front());
    EXPECT_NE(runners.run, nullptr) << infos[i].names.front();
    EXPECT_NE(runners.lyapunov, nullptr) << infos[i].names.front();
  }
}

TEST(SchemeCatalog, OnlyTheReferenceAddsAnErrorEstimate) {
  // The one entry with a `finish` step (the reference's error estimate at 20 more digits):
  // a runner list that lost it, or gave it to another scheme, changes every reference run.
  std::set<std::string> finishing;
  for (std::size_t i = 0; i < scheme_infos().size(); ++i)
    if (scheme_runners(i).finish) finishing.insert(scheme_infos()[i].names.front());
  EXPECT_EQ(finishing, std::set<std::string>{"reference"});
}

TEST(SchemeCatalog, NamesFindTheirEntry) {
  const auto& infos = scheme_infos();
  for (std::size_t i = 0; i < infos.size(); ++i)
    for (const std::string& name : infos[i].names) EXPECT_EQ(entry_named(name), i) << name;
  EXPECT_EQ(entry_named("no-such-scheme"), std::nullopt);
}

}  // namespace
}  // namespace vibro::testing
