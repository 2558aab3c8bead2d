// SPDX-License-Identifier: MIT
#include "engine/boosted_trees.h"

#include <gtest/gtest.h>

namespace winnow {
namespace {

// Depth 2. Tree 0: x0 <= 1 ? (x1 <= 0 ? -1 : 2) : 3 (its right side padded:
// always left over two copies of 3). Tree 1: x1 <= 5 ? (x0 <= -1 ? 4 : 5) : 6.
constexpr std::uint8_t kFeatures[] = {0, 1, 0, /* tree 1 */ 1, 0, 0};
constexpr float kThresholds[] = {1.0f, 0.0f, 3.4e38f, /* tree 1 */ 5.0f, -1.0f, 3.4e38f};
constexpr float kLeaves[] = {-1.0f, 2.0f, 3.0f, 3.0f, /* tree 1 */ 4.0f, 5.0f, 6.0f, 6.0f};

TEST(BoostedTrees, SumsTheLeafEveryTreeReaches) {
  const BoostedTrees model{2, 2, kFeatures, kThresholds, kLeaves, 0.25f};
  const float left_left[] = {1.0f, 0.0f};  // thresholds are inclusive
  const float left_right[] = {0.5f, 0.1f};
  const float right[] = {1.5f, -7.0f};
  const float far[] = {-2.0f, 9.0f};
  EXPECT_FLOAT_EQ(boosted_log_odds(model, left_left), 0.25f - 1.0f + 5.0f);
  EXPECT_FLOAT_EQ(boosted_log_odds(model, left_right), 0.25f + 2.0f + 5.0f);
  EXPECT_FLOAT_EQ(boosted_log_odds(model, right), 0.25f + 3.0f + 5.0f);
  EXPECT_FLOAT_EQ(boosted_log_odds(model, far), 0.25f + 2.0f + 6.0f);
}

TEST(BoostedTrees, WithoutTreesIsTheBase) {
  const BoostedTrees model{2, 0, kFeatures, kThresholds, kLeaves, -2.0f};
  const float x[] = {0.0f, 0.0f};
  EXPECT_FLOAT_EQ(boosted_log_odds(model, x), -2.0f);
}

}  // namespace
}  // namespace winnow
