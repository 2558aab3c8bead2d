// SPDX-License-Identifier: MIT
// Grows gradient-boosted regression trees for a binary target under the
// logistic loss (Friedman 2001, "Greedy function approximation"), with the
// second-order leaf values and split gain of Chen & Guestrin (KDD 2016):
//   gain = G_L^2 / (H_L + lambda) + G_R^2 / (H_R + lambda) - G^2 / (H + lambda)
//   leaf = -G / (H + lambda) * learning_rate
// where G and H sum the weighted gradients w (p - y) and Hessians
// w p (1 - p) of the rows in a node. The target y of a row is the
// probability it should get: 0 or 1 for a hard label, anything between for
// a soft one (the loss is then the cross-entropy against it). Splits are searched over per-feature
// quantile bins (at most `bins` candidate thresholds per feature), trees are
// grown level by level to `depth`. The result evaluates with
// engine/boosted_trees.h, so training and run time decide identically.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include "engine/boosted_trees.h"

namespace winnow::learn {

struct BoostingParams {
  std::size_t trees = 100;
  std::size_t depth = 4;
  float learning_rate = 0.1f;
  double lambda = 1.0;            // L2 penalty on leaf values
  double min_child_hessian = 10;  // smallest H a child may have
  std::size_t bins = 64;          // candidate thresholds per feature, at most 255
  // Stochastic gradient boosting (Friedman 2002): each tree is grown on a
  // share of the groups (all rows of a group together), drawn anew per tree
  // from `seed`. 1 uses every row.
  double subsample = 1.0;
  // Column subsampling (as in Chen & Guestrin's XGBoost): each tree may
  // split only on a share of the features, drawn anew per tree from `seed`,
  // so that no one feature carries every tree. 1 offers every feature.
  double feature_share = 1.0;
  // Dropout of trees (DART, Rashmi & Gilad-Bachrach, AISTATS 2015): before
  // tree t is grown, each earlier tree is left out with this probability
  // (drawn from `seed`), the new tree is fitted to what the others leave,
  // and, k trees left out, the new tree is scaled by 1 / (k + learning_rate)
  // and the k trees by k / (k + learning_rate) (XGBoost's "tree"
  // normalisation), so late trees cannot only correct the last few. 0 is
  // plain boosting.
  double drop_rate = 0.0;
  // Monotone constraints (as the XGBoost library implements them; Chen &
  // Guestrin's paper has none): monotone[f] = +1 lets the log-odds only rise with
  // feature f, -1 only fall, 0 (or a feature past the end) leaves it free.
  // A split on a constrained feature is taken only if its two leaf values
  // keep the order; both children then stay on their side of the values'
  // midpoint, and every descendant inside its ancestors' bounds, so the
  // whole tree (and the sum of trees) keeps the order. Leaf values and gains
  // are those of the bounded weights: with w = clamp(-G / (H + lambda)),
  // a node's score is -(2 G w + (H + lambda) w^2).
  std::vector<std::int8_t> monotone;
  std::uint64_t seed = 0;
};

// A padding node's threshold: every feature value is <= it, so it goes left.
constexpr float kAlwaysLeft = 3.402823466e+38f;  // FLT_MAX

// Trees in the complete layout of engine/boosted_trees.h.
struct TreeEnsemble {
  std::size_t depth = 0;
  std::size_t tree_count = 0;
  std::vector<std::uint8_t> features;
  std::vector<float> thresholds;
  std::vector<float> leaves;
  float base = 0;
  // A view for boosted_log_odds(); valid while the ensemble lives.
  BoostedTrees view() const {
    return BoostedTrees{depth, tree_count, features.data(), thresholds.data(), leaves.data(), base};
  }
};

// row(i): the feature_count features of row i, for i < rows.
using RowAccess = std::function<const float*(std::size_t)>;

// groups[i]: the group of row i for params.subsample (rows of one page are
// alike, so a page is drawn whole); empty: each row is its own group.
TreeEnsemble fit_boosted_trees(const RowAccess& row, std::size_t rows, std::size_t feature_count,
                               const std::vector<float>& targets, const std::vector<float>& weights,
                               const BoostingParams& params, const std::vector<std::uint32_t>& groups = {});

// Bagging (Breiman 1996) of boosted ensembles: `bags` ensembles, each grown
// with params and seed params.seed + k (so with params.subsample < 1 each
// sees other pages), averaged. The average of their log-odds is itself one
// ensemble: every tree, its leaves divided by `bags`, and the mean base, so
// run time evaluates it as any other.
TreeEnsemble fit_bagged_trees(const RowAccess& row, std::size_t rows, std::size_t feature_count,
                              const std::vector<float>& targets, const std::vector<float>& weights,
                              const BoostingParams& params, std::size_t bags,
                              const std::vector<std::uint32_t>& groups = {});

// The ensemble whose log-odds are the mean of the members' (same depth).
TreeEnsemble average_ensembles(const std::vector<TreeEnsemble>& members);

}  // namespace winnow::learn
