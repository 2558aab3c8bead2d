// SPDX-License-Identifier: MIT
#include "adapters/learn/boosting.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <set>

namespace winnow::learn {
namespace {

struct Data {
  std::vector<float> x;  // rows * 3
  std::vector<float> y;  // 0 or 1
  std::vector<float> w;
};

// The label is an interaction no linear model separates: x0 > 0.5 XOR
// x1 > 0.3; x2 is noise.
Data exclusive_or(std::size_t rows, unsigned seed) {
  std::mt19937 random(seed);
  std::uniform_real_distribution<float> unit(0.0f, 1.0f);
  Data d;
  for (std::size_t i = 0; i < rows; ++i) {
    const float a = unit(random), b = unit(random), noise = unit(random);
    d.x.insert(d.x.end(), {a, b, noise});
    d.y.push_back((a > 0.5f) != (b > 0.3f) ? 1.0f : 0.0f);
    d.w.push_back(1.0f);
  }
  return d;
}

double accuracy(const TreeEnsemble& model, const Data& d) {
  std::size_t right = 0;
  for (std::size_t i = 0; i < d.y.size(); ++i)
    right += (boosted_log_odds(model.view(), &d.x[i * 3]) > 0) == (d.y[i] == 1);
  return static_cast<double>(right) / static_cast<double>(d.y.size());
}

// Enough small trees to learn the exclusive or of exclusive_or().
BoostingParams shallow_trees(std::size_t trees) {
  BoostingParams params;
  params.trees = trees;
  params.depth = 2;
  params.learning_rate = 0.3f;
  params.min_child_hessian = 20;
  return params;
}

TEST(Boosting, LearnsAnInteractionAndGeneralises) {
  const Data train = exclusive_or(4000, 1), test = exclusive_or(2000, 2);
  BoostingParams params = shallow_trees(30);
  const TreeEnsemble model =
      fit_boosted_trees([&](std::size_t i) { return &train.x[i * 3]; }, train.y.size(), 3, train.y, train.w, params);
  ASSERT_EQ(model.tree_count, 30u);
  EXPECT_GT(accuracy(model, test), 0.97);
  // The strongest single split comes first: x0 at 0.5 (P(y | x0) is 0.3
  // against 0.7); x1 at 0.3 has none alone.
  EXPECT_EQ(model.features[0], 0);
  EXPECT_NEAR(model.thresholds[0], 0.5f, 0.03f);
  std::size_t internal = 0, on_noise = 0;
  for (std::size_t k = 0; k < model.features.size(); ++k) {
    if (model.thresholds[k] == kAlwaysLeft) continue;  // padding
    internal += 1;
    on_noise += model.features[k] == 2;
  }
  EXPECT_LT(on_noise * 5, internal) << "x2 is noise";
}

TEST(Boosting, TheBaseIsThePriorLogOdds) {
  Data d = exclusive_or(1000, 3);
  for (auto& y : d.y) y = 0;
  d.y[0] = d.y[1] = d.y[2] = 1;  // 3 of 1000
  BoostingParams params;
  params.trees = 1;
  const TreeEnsemble model = fit_boosted_trees([&](std::size_t i) { return &d.x[i * 3]; }, 1000, 3, d.y, d.w, params);
  EXPECT_NEAR(model.base, std::log(3.0 / 997.0), 1e-4);
}

TEST(Boosting, WeightsCountAsRepeatedRows) {
  // One row of weight 3 against three copies of it: the same trees.
  Data once = exclusive_or(200, 4), thrice = once;
  once.w[7] = 3.0f;
  for (int k = 0; k < 2; ++k) {
    thrice.x.insert(thrice.x.end(), once.x.begin() + 21, once.x.begin() + 24);
    thrice.y.push_back(once.y[7]);
    thrice.w.push_back(1.0f);
  }
  BoostingParams params;
  params.trees = 5;
  params.depth = 2;
  params.min_child_hessian = 1;
  params.bins = 255;
  const auto a = fit_boosted_trees([&](std::size_t i) { return &once.x[i * 3]; }, 200, 3, once.y, once.w, params);
  const auto b = fit_boosted_trees([&](std::size_t i) { return &thrice.x[i * 3]; }, 202, 3, thrice.y, thrice.w, params);
  ASSERT_EQ(a.tree_count, b.tree_count);
  for (std::size_t i = 0; i < 200; ++i)
    EXPECT_NEAR(boosted_log_odds(a.view(), &once.x[i * 3]), boosted_log_odds(b.view(), &once.x[i * 3]), 1e-3);
}

TEST(Boosting, ATreeStoppedEarlyIsPaddedAndEvaluatesTheSame) {
  // One split explains everything; the minimum child weight forbids more,
  // so the depth-3 tree is padded below its two leaves.
  Data d = exclusive_or(1000, 5);
  for (std::size_t i = 0; i < d.y.size(); ++i) d.y[i] = static_cast<std::uint8_t>(d.x[i * 3] > 0.5f);
  BoostingParams params;
  params.trees = 1;
  params.depth = 3;
  params.min_child_hessian = 100;
  params.learning_rate = 1.0f;
  const TreeEnsemble model = fit_boosted_trees([&](std::size_t i) { return &d.x[i * 3]; }, 1000, 3, d.y, d.w, params);
  ASSERT_EQ(model.features.size(), 7u);
  ASSERT_EQ(model.leaves.size(), 8u);
  EXPECT_EQ(model.features[0], 0);
  for (std::size_t k = 1; k < 7; ++k) EXPECT_EQ(model.thresholds[k], kAlwaysLeft) << k;
  // Only rows between the chosen quantile cut and 0.5 can come out wrong.
  std::size_t wrong = 0;
  for (std::size_t i = 0; i < 1000; ++i) wrong += (boosted_log_odds(model.view(), &d.x[i * 3]) > model.base) != (d.y[i] == 1);
  EXPECT_LT(wrong, 20u);
}

TEST(Boosting, SubsampledTreesStillGeneraliseAndDependOnlyOnTheSeed) {
  const Data train = exclusive_or(4000, 6), test = exclusive_or(2000, 7);
  BoostingParams params = shallow_trees(30);
  params.subsample = 0.5;
  const auto fit = [&](std::uint64_t seed) {
    params.seed = seed;
    return fit_boosted_trees([&](std::size_t i) { return &train.x[i * 3]; }, train.y.size(), 3, train.y, train.w,
                             params);
  };
  const TreeEnsemble a = fit(1), again = fit(1), other = fit(2);
  EXPECT_GT(accuracy(a, test), 0.95);
  EXPECT_EQ(a.leaves, again.leaves);
  EXPECT_EQ(a.thresholds, again.thresholds);
  EXPECT_NE(a.leaves, other.leaves);
}

// The features a tree splits on (padding nodes split on none).
std::set<std::uint8_t> split_features(const TreeEnsemble& model, std::size_t tree) {
  const std::size_t inner = (std::size_t{1} << model.depth) - 1;
  std::set<std::uint8_t> used;
  for (std::size_t n = tree * inner; n < (tree + 1) * inner; ++n)
    if (model.thresholds[n] != kAlwaysLeft) used.insert(model.features[n]);
  return used;
}

TEST(Boosting, ATreeSplitsOnlyOnTheFeaturesDrawnForIt) {
  // The XOR needs x0 and x1 in one tree. Offered every feature, the first
  // tree splits on both and few trees on one alone; offered about a third of
  // them, many trees get one (and learn nothing of the interaction), the few
  // that get both still learn it, and the draw depends on the seed alone.
  const Data train = exclusive_or(3000, 11), test = exclusive_or(1000, 12);
  BoostingParams params;
  params.trees = 60;
  params.depth = 2;
  params.learning_rate = 0.3f;
  const auto row = [&](std::size_t i) { return &train.x[i * 3]; };
  const auto one_feature_trees = [](const TreeEnsemble& model) {
    std::size_t n = 0;
    for (std::size_t t = 0; t < model.tree_count; ++t) n += split_features(model, t).size() == 1;
    return n;
  };
  const TreeEnsemble full = fit_boosted_trees(row, train.y.size(), 3, train.y, train.w, params);
  params.feature_share = 0.34;
  const TreeEnsemble sampled = fit_boosted_trees(row, train.y.size(), 3, train.y, train.w, params);
  const TreeEnsemble again = fit_boosted_trees(row, train.y.size(), 3, train.y, train.w, params);
  EXPECT_EQ(split_features(full, 0), (std::set<std::uint8_t>{0, 1}));
  EXPECT_GT(one_feature_trees(sampled), params.trees / 3);
  EXPECT_LT(one_feature_trees(full), one_feature_trees(sampled));
  EXPECT_GT(accuracy(sampled, test), 0.9);
  EXPECT_EQ(sampled.thresholds, again.thresholds);
  EXPECT_EQ(sampled.leaves, again.leaves);
}

TEST(Boosting, AGroupIsDrawnWholeAndALeftOutTreeAddsNothing) {
  // Every row in one group: each tree sees all rows or none. The trees that
  // saw them are, in order, the trees of a fit without subsampling; the
  // others are empty.
  const Data d = exclusive_or(1000, 8);
  BoostingParams params;
  params.trees = 20;
  params.depth = 2;
  params.subsample = 0.5;
  const std::vector<std::uint32_t> one_group(1000, 0);
  const auto row = [&](std::size_t i) { return &d.x[i * 3]; };
  const TreeEnsemble sampled = fit_boosted_trees(row, 1000, 3, d.y, d.w, params, one_group);
  params.subsample = 1.0;
  const TreeEnsemble full = fit_boosted_trees(row, 1000, 3, d.y, d.w, params);
  const std::size_t leaves = 4;
  std::size_t drawn = 0;
  for (std::size_t t = 0; t < sampled.tree_count; ++t) {
    const std::vector<float> tree(sampled.leaves.begin() + static_cast<std::ptrdiff_t>(t * leaves),
                                  sampled.leaves.begin() + static_cast<std::ptrdiff_t>((t + 1) * leaves));
    if (tree == std::vector<float>(leaves, 0.0f)) continue;
    const std::vector<float> expected(full.leaves.begin() + static_cast<std::ptrdiff_t>(drawn * leaves),
                                      full.leaves.begin() + static_cast<std::ptrdiff_t>((drawn + 1) * leaves));
    EXPECT_EQ(tree, expected) << "tree " << t;
    ++drawn;
  }
  EXPECT_GT(drawn, 0u);
  EXPECT_LT(drawn, sampled.tree_count);
}

TEST(Boosting, BaggedEnsemblesGiveTheMeanOfTheirMembersLogOdds) {
  const Data d = exclusive_or(2000, 9), test = exclusive_or(500, 10);
  BoostingParams params;
  params.trees = 10;
  params.depth = 2;
  params.learning_rate = 0.3f;
  params.subsample = 0.6;
  params.seed = 5;
  const auto row = [&](std::size_t i) { return &d.x[i * 3]; };
  const TreeEnsemble bagged = fit_bagged_trees(row, 2000, 3, d.y, d.w, params, 3);
  ASSERT_EQ(bagged.tree_count, 30u);
  std::vector<TreeEnsemble> members;
  for (std::uint64_t k = 0; k < 3; ++k) {
    BoostingParams member = params;
    member.seed = 5 + k;
    members.push_back(fit_boosted_trees(row, 2000, 3, d.y, d.w, member));
  }
  for (std::size_t i = 0; i < 500; ++i) {
    const float* x = &test.x[i * 3];
    const float mean = (boosted_log_odds(members[0].view(), x) + boosted_log_odds(members[1].view(), x) +
                        boosted_log_odds(members[2].view(), x)) / 3.0f;
    EXPECT_NEAR(boosted_log_odds(bagged.view(), x), mean, 1e-4f) << i;
  }
  EXPECT_NE(members[0].leaves, members[1].leaves) << "each member draws its own pages";
  EXPECT_GT(accuracy(bagged, test), 0.9);
}

TEST(Boosting, NoRowsGiveNoTrees) {
  const TreeEnsemble model = fit_boosted_trees([](std::size_t) { return nullptr; }, 0, 3, {}, {}, BoostingParams{});
  EXPECT_EQ(model.tree_count, 0u);
}

TEST(Boosting, DroppingEveryTreeKeepsTheEnsembleAtOneFullStep) {
  // With every earlier tree dropped, each tree is grown against the base
  // alone, so all are the same tree; at learning rate 1 the normalisation
  // (new tree 1 / (k + 1), the k others k / (k + 1)) keeps their sum that
  // one tree, whatever their number. A wrong scale on either side drifts.
  const Data d = exclusive_or(1000, 13);
  const auto row = [&](std::size_t i) { return &d.x[i * 3]; };
  BoostingParams params;
  params.depth = 2;
  params.learning_rate = 1.0f;
  params.trees = 1;
  const TreeEnsemble one = fit_boosted_trees(row, 1000, 3, d.y, d.w, params);
  params.trees = 8;
  params.drop_rate = 1.0;
  const TreeEnsemble dropped = fit_boosted_trees(row, 1000, 3, d.y, d.w, params);
  ASSERT_EQ(dropped.tree_count, 8u);
  EXPECT_EQ(split_features(dropped, 7), split_features(one, 0));
  for (std::size_t i = 0; i < 1000; ++i)
    ASSERT_NEAR(boosted_log_odds(dropped.view(), row(i)), boosted_log_odds(one.view(), row(i)), 1e-4) << i;
}

TEST(Boosting, TreesGrownWithDropoutGeneraliseAndDependOnlyOnTheSeed) {
  const Data train = exclusive_or(4000, 14), test = exclusive_or(2000, 15);
  BoostingParams params = shallow_trees(40);
  const auto row = [&](std::size_t i) { return &train.x[i * 3]; };
  const TreeEnsemble plain = fit_boosted_trees(row, train.y.size(), 3, train.y, train.w, params);
  params.drop_rate = 0.2;
  const TreeEnsemble a = fit_boosted_trees(row, train.y.size(), 3, train.y, train.w, params);
  const TreeEnsemble again = fit_boosted_trees(row, train.y.size(), 3, train.y, train.w, params);
  EXPECT_GT(accuracy(a, test), 0.95);
  EXPECT_EQ(a.leaves, again.leaves);
  EXPECT_NE(a.leaves, plain.leaves);
  // The first tree is grown before any can be dropped; later ones are
  // rescaled, so its leaves shrink.
  EXPECT_LT(std::fabs(a.leaves[0]), std::fabs(plain.leaves[0]));
}

// Whether the ensemble's log-odds never move against `direction` along
// feature `f`, the other two features held at each point of a grid.
bool keeps_direction(const TreeEnsemble& model, std::size_t f, int direction) {
  const float grid[] = {0.05f, 0.2f, 0.4f, 0.6f, 0.8f, 0.95f};
  for (float u : grid)
    for (float v : grid) {
      float x[3];
      double previous = 0;
      for (int step = 0; step <= 100; ++step) {
        const std::size_t a = (f + 1) % 3, b = (f + 2) % 3;
        x[f] = static_cast<float>(step) / 100.0f;
        x[a] = u;
        x[b] = v;
        const double value = boosted_log_odds(model.view(), x);
        if (step > 0 && direction * (value - previous) < -1e-6) return false;
        previous = value;
      }
    }
  return true;
}

// The share of the rows with x[f] on one side of `cut` (below it when
// `below`) that the model labels right.
double accuracy_where(const TreeEnsemble& model, const Data& d, std::size_t f, float cut, bool below) {
  std::size_t rows = 0, right = 0;
  for (std::size_t i = 0; i < d.y.size(); ++i) {
    if ((d.x[i * 3 + f] < cut) != below) continue;
    rows += 1;
    right += (boosted_log_odds(model.view(), &d.x[i * 3]) > 0) == (d.y[i] == 1);
  }
  return static_cast<double>(right) / static_cast<double>(rows);
}

TEST(Boosting, AMonotoneFeatureMovesTheLogOddsOneWayOnly) {
  // In exclusive_or() the label rises with x0 where x1 <= 0.3 and falls with
  // it above; it rises with x1 where x0 <= 0.5 and falls above. Free trees
  // learn all four; trees held to one direction only the half that agrees.
  const Data train = exclusive_or(4000, 16);
  const auto row = [&](std::size_t i) { return &train.x[i * 3]; };
  BoostingParams params = shallow_trees(30);
  params.depth = 3;  // room below a split for a grandchild to cross its bound
  const TreeEnsemble free = fit_boosted_trees(row, train.y.size(), 3, train.y, train.w, params);
  EXPECT_FALSE(keeps_direction(free, 0, +1));
  EXPECT_FALSE(keeps_direction(free, 1, -1));
  params.monotone = {+1};
  const TreeEnsemble rising = fit_boosted_trees(row, train.y.size(), 3, train.y, train.w, params);
  EXPECT_TRUE(keeps_direction(rising, 0, +1));
  EXPECT_GT(accuracy_where(rising, train, 1, 0.25f, true), 0.95);  // x1 <= 0.3: the label is x0 > 0.5
  EXPECT_LT(accuracy_where(rising, train, 1, 0.35f, false), 0.75);  // above: it falls with x0
  params.monotone = {0, -1};
  const TreeEnsemble falling = fit_boosted_trees(row, train.y.size(), 3, train.y, train.w, params);
  EXPECT_TRUE(keeps_direction(falling, 1, -1));
  EXPECT_GT(accuracy_where(falling, train, 0, 0.55f, false), 0.95);  // x0 > 0.5: the label is x1 <= 0.3
}

TEST(Boosting, FeaturesLeftFreeGrowTheSameTreesAsNoConstraints) {
  const Data train = exclusive_or(2000, 17);
  const auto row = [&](std::size_t i) { return &train.x[i * 3]; };
  BoostingParams params = shallow_trees(10);
  const TreeEnsemble plain = fit_boosted_trees(row, train.y.size(), 3, train.y, train.w, params);
  params.monotone = {0, 0};  // shorter than the features: the rest are free too
  const TreeEnsemble zero = fit_boosted_trees(row, train.y.size(), 3, train.y, train.w, params);
  EXPECT_EQ(zero.leaves, plain.leaves);
  EXPECT_EQ(zero.thresholds, plain.thresholds);
}

}  // namespace
}  // namespace winnow::learn
