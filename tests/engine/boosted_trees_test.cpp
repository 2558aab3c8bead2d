// SPDX-License-Identifier: MIT
#include "engine/boosted_trees.h"

#include <gtest/gtest.h>

namespace winnow {
namespace {

// Tree 0: x0 <= 1 ? (x1 <= 0 ? -1 : 2) : 3. Tree 1: a single leaf 0.5.
constexpr TreeNode kNodes[] = {
    {1.0f, 4, 0}, {0.0f, 3, 1}, {-1.0f, 0, kTreeLeaf}, {2.0f, 0, kTreeLeaf}, {3.0f, 0, kTreeLeaf},
    {0.5f, 0, kTreeLeaf},
};
constexpr std::uint32_t kRoots[] = {0, 5};

TEST(BoostedTrees, SumsTheLeafEveryTreeReaches) {
  const BoostedTrees model{kNodes, kRoots, 2, 0.25f};
  const float left_left[] = {1.0f, 0.0f};  // thresholds are inclusive
  const float left_right[] = {0.5f, 0.1f};
  const float right[] = {1.5f, -7.0f};
  EXPECT_FLOAT_EQ(boosted_log_odds(model, left_left), 0.25f - 1.0f + 0.5f);
  EXPECT_FLOAT_EQ(boosted_log_odds(model, left_right), 0.25f + 2.0f + 0.5f);
  EXPECT_FLOAT_EQ(boosted_log_odds(model, right), 0.25f + 3.0f + 0.5f);
}

TEST(BoostedTrees, WithoutTreesIsTheBase) {
  const BoostedTrees model{kNodes, kRoots, 0, -2.0f};
  const float x[] = {0.0f, 0.0f};
  EXPECT_FLOAT_EQ(boosted_log_odds(model, x), -2.0f);
}

}  // namespace
}  // namespace winnow
