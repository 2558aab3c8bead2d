// SPDX-License-Identifier: MIT
#include "engine/boosted_trees.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

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

// One tree at a time, leaves added in tree order: what the model means.
float reference_log_odds(const BoostedTrees& model, const float* x) {
  const std::size_t inner = (std::size_t{1} << model.depth) - 1;
  float sum = model.base;
  for (std::size_t t = 0; t < model.tree_count; ++t) {
    std::size_t i = 0;
    for (std::size_t d = 0; d < model.depth; ++d)
      i = 2 * i + 1 + (x[model.features[t * inner + i]] > model.thresholds[t * inner + i] ? 1 : 0);
    sum += model.leaves[t * (inner + 1) + (i - inner)];
  }
  return sum;
}

// Trees are walked several at a time; the sum must be the same float as one
// at a time, for every tree count (whole groups, a remainder, fewer than a
// group) and depth (3 to 5 walk with the depth a constant, the others
// with the model's).
TEST(BoostedTrees, SeveralTreesAtOnceSumBitForBit) {
  std::mt19937 random(7);
  std::uniform_real_distribution<float> value(-3.0f, 3.0f);
  std::uniform_int_distribution<int> feature(0, 5);
  for (std::size_t depth : {1u, 2u, 3u, 4u, 5u, 6u}) {
    for (std::size_t trees : {1u, 7u, 8u, 9u, 16u, 23u, 100u}) {
      const std::size_t inner = (std::size_t{1} << depth) - 1;
      std::vector<std::uint8_t> features(trees * inner);
      std::vector<float> thresholds(trees * inner);
      std::vector<float> leaves(trees * (inner + 1));
      for (auto& f : features) f = static_cast<std::uint8_t>(feature(random));
      for (auto& t : thresholds) t = value(random);
      for (auto& l : leaves) l = value(random) * 1e-3f + value(random);
      const BoostedTrees model{depth, trees, features.data(), thresholds.data(), leaves.data(), 0.1f};
      for (int row = 0; row < 50; ++row) {
        float x[6];
        for (float& v : x) v = value(random);
        const float got = boosted_log_odds(model, x);
        const float want = reference_log_odds(model, x);
        EXPECT_EQ(got, want) << "depth " << depth << ", " << trees << " trees";
      }
    }
  }
}

}  // namespace
}  // namespace winnow
