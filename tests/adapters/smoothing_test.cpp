// SPDX-License-Identifier: MIT
// The HMM train_blocks writes: counted from labels, tempered by the smoothing
// weight, and what the weight changes for the labeler.
#include "adapters/learn/smoothing.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "support/test_support.h"

namespace winnow::learn {
namespace {

TEST(Smoothing, CountsTransitionsAndStatesWithinPagesStartingFromOne) {
  LabelCounts counts;
  counts.add_page({0, 0, 1, 1, 1, 0});
  counts.add_page({1, 1});  // no transition across pages
  EXPECT_EQ(counts.transitions[0][0], 2);
  EXPECT_EQ(counts.transitions[0][1], 2);
  EXPECT_EQ(counts.transitions[1][0], 2);
  EXPECT_EQ(counts.transitions[1][1], 4);
  EXPECT_EQ(counts.states[0], 4);
  EXPECT_EQ(counts.states[1], 6);
}

TEST(Smoothing, AtWeightOneTheTransitionsAreTheLogFrequencies) {
  LabelCounts counts;
  counts.add_page({0, 0, 0, 1, 1, 0});
  BlockModel model{};
  set_smoothing(counts, 1.0, &model);
  // From boilerplate: 2 + 1 stays, 1 + 1 moves; from content: 1 + 1 each way.
  EXPECT_NEAR(model.log_transition[0][0], std::log(3.0 / 5.0), 1e-6);
  EXPECT_NEAR(model.log_transition[0][1], std::log(2.0 / 5.0), 1e-6);
  EXPECT_NEAR(model.log_transition[1][0], std::log(0.5), 1e-6);
  EXPECT_NEAR(model.log_transition[1][1], std::log(0.5), 1e-6);
  EXPECT_NEAR(model.log_prior[0], std::log(5.0 / 8.0), 1e-6);
  EXPECT_NEAR(model.log_prior[1], std::log(3.0 / 8.0), 1e-6);
}

TEST(Smoothing, TheWeightScalesTheTransitionsAndLeavesThePrior) {
  LabelCounts counts;
  counts.add_page({0, 1, 1, 0, 0, 0, 1});
  BlockModel full{};
  BlockModel half{};
  set_smoothing(counts, 1.0, &full);
  set_smoothing(counts, 0.5, &half);
  for (int from = 0; from < 2; ++from)
    for (int to = 0; to < 2; ++to)
      EXPECT_NEAR(half.log_transition[from][to], 0.5f * full.log_transition[from][to], 1e-6);
  EXPECT_EQ(half.log_prior[0], full.log_prior[0]);
  EXPECT_EQ(half.log_prior[1], full.log_prior[1]);
}

// Labels of the blocks, decided by the labeler with a lag as long as the page.
std::vector<bool> label(const BlockModel& model, const std::vector<float>& p) {
  return test::fixed_lag_labels(model, p, p.size());
}

// Sticky transitions as pages have them (content seldom starts, boilerplate
// rarely interrupts it): leaving boilerplate for one block and coming back
// costs log(0.03) + log(0.2) - 2 log(0.97) = -5.06 nats, more than a block at
// p = 0.95 gains (logit 2.94 with even priors); at weight 0.5 it costs 2.53.
TEST(Smoothing, ATemperedModelKeepsAConfidentBlockAloneAmongBoilerplate) {
  LabelCounts counts;
  counts.transitions[0][0] = 970;
  counts.transitions[0][1] = 30;
  counts.transitions[1][0] = 200;
  counts.transitions[1][1] = 800;
  counts.states[0] = counts.states[1] = 1000;
  const std::vector<float> p = {0.05f, 0.05f, 0.05f, 0.95f, 0.05f, 0.05f, 0.05f};
  BlockModel full{};
  set_smoothing(counts, 1.0, &full);
  BlockModel tempered{};
  set_smoothing(counts, 0.5, &tempered);
  const std::vector<bool> dropped = label(full, p);
  const std::vector<bool> kept = label(tempered, p);
  ASSERT_EQ(dropped.size(), p.size());
  ASSERT_EQ(kept.size(), p.size());
  for (std::size_t i = 0; i < p.size(); ++i) {
    EXPECT_FALSE(dropped[i]) << i;
    EXPECT_EQ(kept[i], i == 3) << i;
  }
}

}  // namespace
}  // namespace winnow::learn
