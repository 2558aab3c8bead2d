// SPDX-License-Identifier: MIT
// train_blocks --train-without: the list of packages it reads.
#include "adapters/learn/package_filter.h"

#include <gtest/gtest.h>

namespace winnow::learn {
namespace {

const std::vector<std::string> kNames = {"cleanportaleval", "daniel", "dragnet", "readability-testpages"};

TEST(PackagesNamed, FlagsEachNamedPackage) {
  EXPECT_EQ(packages_named("daniel", kNames), (std::vector<bool>{false, true, false, false}));
  EXPECT_EQ(packages_named("readability-testpages,cleanportaleval", kNames),
            (std::vector<bool>{true, false, false, true}));
}

TEST(PackagesNamed, RefusesEmptyUnknownAndRepeatedNames) {
  for (const char* list : {"", ",", "daniel,", ",daniel", "daniel,,dragnet", "Daniel", "dan", "daniel ",
                           "utomo-big9-chaos", "daniel,daniel"})
    EXPECT_FALSE(packages_named(list, kNames).has_value()) << '"' << list << '"';
  EXPECT_FALSE(packages_named("daniel", {}).has_value()) << "no packages to name";
}

}  // namespace
}  // namespace winnow::learn
