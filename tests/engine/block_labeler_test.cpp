// SPDX-License-Identifier: MIT
#include "engine/block_labeler.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <utility>
#include <vector>

#include "support/test_support.h"

namespace winnow {
namespace {

BlockModel two_state_model(float stay) {
  BlockModel m{};
  m.log_transition[0][0] = m.log_transition[1][1] = std::log(stay);
  m.log_transition[0][1] = m.log_transition[1][0] = std::log(1 - stay);
  m.log_prior[0] = m.log_prior[1] = std::log(0.5f);
  return m;
}

// Plain Viterbi over the whole sequence: the reference.
std::vector<bool> viterbi(const BlockModel& m, const std::vector<float>& p) {
  const std::size_t n = p.size();
  std::vector<std::array<float, 2>> score(n);
  std::vector<std::array<int, 2>> back(n);
  for (std::size_t t = 0; t < n; ++t) {
    const float e[2] = {std::log(1 - p[t]) - m.log_prior[0], std::log(p[t]) - m.log_prior[1]};
    for (int s = 0; s < 2; ++s) {
      if (t == 0) {
        score[t][s] = e[s] + m.log_prior[s];
        continue;
      }
      const float stay = score[t - 1][s] + m.log_transition[s][s];
      const float move = score[t - 1][1 - s] + m.log_transition[1 - s][s];
      back[t][s] = stay >= move ? s : 1 - s;
      score[t][s] = e[s] + std::max(stay, move);
    }
  }
  std::vector<bool> labels(n);
  int s = score[n - 1][1] > score[n - 1][0] ? 1 : 0;
  for (std::size_t t = n; t-- > 0;) {
    labels[t] = s == 1;
    if (t > 0) s = back[t][s];
  }
  return labels;
}

std::vector<bool> fixed_lag(const BlockModel& m, const std::vector<float>& p, std::size_t lag) {
  return test::fixed_lag_labels(m, p, lag);
}

TEST(BlockLabeler, WithALagAsLongAsTheDocumentItIsExactViterbi) {
  std::mt19937 generator(7);
  std::uniform_real_distribution<float> probability(0.02f, 0.98f);
  const BlockModel m = two_state_model(0.85f);
  for (int round = 0; round < 200; ++round) {
    std::vector<float> p(1 + round % 40);
    for (float& x : p) x = probability(generator);
    EXPECT_EQ(fixed_lag(m, p, 64), viterbi(m, p)) << "round " << round;
  }
}

TEST(BlockLabeler, KeepsAShortWeakBlockBetweenContentBlocks) {
  const BlockModel m = two_state_model(0.9f);
  const std::vector<float> p = {0.05f, 0.05f, 0.95f, 0.95f, 0.4f, 0.95f, 0.95f, 0.05f, 0.05f, 0.05f};
  const std::vector<bool> labels = fixed_lag(m, p, 3);
  ASSERT_EQ(labels.size(), p.size());
  EXPECT_TRUE(labels[4]) << "seed 001's case for smoothing";
  EXPECT_FALSE(labels[0]);
  EXPECT_FALSE(labels[9]);
}

TEST(BlockLabeler, DecidesWithAFixedDelay) {
  const BlockModel m = two_state_model(0.8f);
  MemoryBudget budget(1 << 20);
  BlockLabeler labeler(budget, m, 4, 0.0f);
  for (int i = 0; i < 4; ++i) EXPECT_FALSE(labeler.push(0.9f));
  EXPECT_TRUE(labeler.push(0.9f)) << "the fifth block decides the first";
  EXPECT_EQ(labeler.pending(), 4u);
}

TEST(BlockLabeler, BiasMovesTheThreshold) {
  const BlockModel m = two_state_model(0.5f);
  const std::vector<float> p = {0.45f, 0.45f, 0.45f};
  MemoryBudget budget(1 << 20);
  BlockLabeler neutral(budget, m, 0, 0.0f), recall(budget, m, 0, 1.0f);
  ASSERT_TRUE(neutral.push(0.45f));
  EXPECT_FALSE(neutral.decided_label());
  ASSERT_TRUE(recall.push(0.45f));
  EXPECT_TRUE(recall.decided_label());
}

TEST(BlockLabeler, ABlocksOwnBiasShiftAddsToTheBias) {
  const BlockModel m = two_state_model(0.5f);
  MemoryBudget budget(1 << 20);
  // p = 0.45 is log-odds -0.2: kept once the shift outweighs it.
  BlockLabeler shifted(budget, m, 0, -1.0f);
  ASSERT_TRUE(shifted.push(0.45f, 1.1f));
  EXPECT_FALSE(shifted.decided_label());
  ASSERT_TRUE(shifted.push(0.45f, 1.3f));
  EXPECT_TRUE(shifted.decided_label());
  ASSERT_TRUE(shifted.push(0.45f));
  EXPECT_FALSE(shifted.decided_label()) << "the shift is the block's own, not carried to the next";
}

// Labels of every block, decided with the lag and then flushed, and of the
// second path: (first, second) per block.
std::vector<std::pair<bool, bool>> both_paths(BlockLabeler& labeler, const std::vector<float>& p,
                                              const std::vector<float>& shift) {
  std::vector<std::pair<bool, bool>> labels;
  for (std::size_t t = 0; t < p.size(); ++t)
    if (labeler.push(p[t], shift[t])) labels.emplace_back(labeler.decided_label(), labeler.second_decided_label());
  bool first = false, second = false;
  while (labeler.flush(&first, &second)) labels.emplace_back(first, second);
  return labels;
}

TEST(BlockLabeler, ItsSecondPathDecidesAsALabelerAtTheSecondBias) {
  std::mt19937 generator(11);
  std::uniform_real_distribution<float> probability(0.02f, 0.98f);
  std::uniform_int_distribution<int> shifted(0, 3);
  const BlockModel m = two_state_model(0.8f);
  MemoryBudget budget(1 << 20);
  std::size_t differ = 0;
  for (int round = 0; round < 100; ++round) {
    std::vector<float> p(1 + round % 30), shift(p.size());
    for (std::size_t t = 0; t < p.size(); ++t) {
      p[t] = probability(generator);
      shift[t] = shifted(generator) == 0 ? 0.75f : 0.0f;
    }
    const std::size_t lag = round % 7;
    BlockLabeler dual(budget, m, lag, -1.5f, -0.5f), strict(budget, m, lag, -1.5f), loose(budget, m, lag, -0.5f);
    const auto labels = both_paths(dual, p, shift), strict_labels = both_paths(strict, p, shift),
               loose_labels = both_paths(loose, p, shift);
    ASSERT_EQ(labels.size(), p.size());
    for (std::size_t t = 0; t < p.size(); ++t) {
      EXPECT_EQ(labels[t].first, strict_labels[t].first) << "round " << round << " block " << t;
      EXPECT_EQ(labels[t].second, loose_labels[t].first) << "round " << round << " block " << t;
      // A labeler without a second path has it at its own bias.
      EXPECT_EQ(strict_labels[t].second, strict_labels[t].first);
      if (labels[t].first != labels[t].second) ++differ;
    }
  }
  EXPECT_GT(differ, 0u) << "the two biases must disagree somewhere for the test to say anything";
}

TEST(ContainerMemory, RemembersRecentContainersInAFixedTable) {
  ContainerMemory memory;
  BlockStats block;
  block.words = 10;
  block.container = 42;
  float f[kContextFeatureCount];
  memory.features(block, 0.5f, f);
  EXPECT_EQ(f[8], 1.0f) << "a container not seen yet";
  memory.remember(block, 0.9f);
  memory.features(block, 0.5f, f);
  EXPECT_NEAR(f[2], 0.4f, 1e-6) << "mean of earlier siblings minus 0.5";
  EXPECT_EQ(f[8], 0.0f);
  for (std::uint32_t id = 100; id < 100 + 2 * ContainerMemory::kContainers; ++id) {
    block.container = id;
    memory.remember(block, 0.1f);
  }
  block.container = 42;
  memory.features(block, 0.5f, f);
  EXPECT_EQ(f[8], 1.0f) << "the oldest containers gave way";
}

}  // namespace
}  // namespace winnow
