// SPDX-License-Identifier: MIT
#include "engine/algorithm_registry.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "engine/algorithm.h"
#include "engine/memory_budget.h"

namespace winnow {
namespace {

TEST(AlgorithmRegistry, NamesAreUniqueDescribedAndCreatable) {
  std::set<std::string> names;
  for (const AlgorithmInfo& info : algorithm_registry()) {
    EXPECT_TRUE(names.insert(std::string(info.name)).second) << info.name;
    EXPECT_FALSE(info.summary.empty()) << info.name;
    MemoryBudget budget(1 << 20);
    EXPECT_NE(info.create(budget), nullptr) << info.name;
    EXPECT_EQ(find_algorithm(info.name), &info);
  }
  EXPECT_TRUE(names.count("plain"));
  EXPECT_TRUE(names.count("bte"));
  EXPECT_EQ(find_algorithm("no-such-algorithm"), nullptr);
}

}  // namespace
}  // namespace winnow
