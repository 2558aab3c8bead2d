// SPDX-License-Identifier: MIT
#include "adapters/learn/boosting.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

namespace winnow::learn {
namespace {

// Candidate thresholds of one feature: quantiles of a sample of its values.
// A value goes to the first bin whose threshold is >= it, so "bin <= b"
// means "value <= cuts[b]", the test boosted_log_odds() makes.
std::vector<float> quantile_cuts(const RowAccess& row, std::size_t rows, std::size_t feature, std::size_t bins) {
  const std::size_t stride = std::max<std::size_t>(1, rows / 200000);
  std::vector<float> values;
  for (std::size_t i = 0; i < rows; i += stride) values.push_back(row(i)[feature]);
  std::sort(values.begin(), values.end());
  std::vector<float> cuts;
  for (std::size_t b = 1; b < bins; ++b) {
    const float v = values.empty() ? 0.0f : values[std::min(values.size() - 1, b * values.size() / bins)];
    if (cuts.empty() || v > cuts.back()) cuts.push_back(v);
  }
  // Every distinct value below the largest cut has its own boundary when
  // there are few distinct values (indicator features).
  if (!values.empty() && (cuts.empty() || values.front() < cuts.front())) cuts.insert(cuts.begin(), values.front());
  return cuts;
}

struct Binned {
  std::vector<std::vector<float>> cuts;  // per feature
  std::vector<std::uint8_t> bin;         // rows * features
};

Binned bin_rows(const RowAccess& row, std::size_t rows, std::size_t features, std::size_t bins) {
  Binned b;
  for (std::size_t f = 0; f < features; ++f) b.cuts.push_back(quantile_cuts(row, rows, f, std::min<std::size_t>(bins, 255)));
  b.bin.resize(rows * features);
  for (std::size_t i = 0; i < rows; ++i) {
    const float* x = row(i);
    for (std::size_t f = 0; f < features; ++f) {
      const auto& c = b.cuts[f];
      b.bin[i * features + f] = static_cast<std::uint8_t>(std::lower_bound(c.begin(), c.end(), x[f]) - c.begin());
    }
  }
  return b;
}

// Whether group `group` is drawn for tree `tree`: a SplitMix64 hash of the
// three, so the draw depends on nothing else (threads, order of rows).
bool drawn(std::uint64_t seed, std::size_t tree, std::uint32_t group, double share) {
  if (share >= 1.0) return true;
  std::uint64_t z = seed + 0x9E3779B97F4A7C15ull * (static_cast<std::uint64_t>(tree) * 0x100000000ull + group + 1);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  z ^= z >> 31;
  return static_cast<double>(z >> 11) * 0x1.0p-53 < share;
}

struct Sums {
  double g = 0, h = 0;
};

// The leaf values a node's subtree may take (BoostingParams::monotone).
struct Bounds {
  double lower = -std::numeric_limits<double>::infinity();
  double upper = std::numeric_limits<double>::infinity();
};

double leaf_weight(const Sums& s, const Bounds& b, double lambda) {
  return std::clamp(-s.g / (s.h + lambda), b.lower, b.upper);
}

// The loss a node's leaf value takes off: G^2 / (H + lambda) when the value
// is inside the bounds (written so, to keep the gains of unconstrained trees
// to the last bit), -(2 G w + (H + lambda) w^2) at the bound w it is held to.
double score_of(const Sums& s, const Bounds& b, double lambda) {
  const double free = -s.g / (s.h + lambda);
  if (free >= b.lower && free <= b.upper) return s.g * s.g / (s.h + lambda);
  const double w = std::clamp(free, b.lower, b.upper);
  return -(2 * s.g * w + (s.h + lambda) * w * w);
}

std::int8_t constraint_of(const BoostingParams& params, std::size_t feature) {
  return feature < params.monotone.size() ? params.monotone[feature] : 0;
}

// A node while the tree grows: children by index, -1 for a leaf.
struct GrowingNode {
  Sums sums;
  Bounds bounds;
  int feature = -1;
  float threshold = 0;
  int left = -1, right = -1;
};

struct Split {
  double gain = 0;
  int feature = -1;
  std::size_t bin = 0;
  Sums left;
  double left_weight = 0, right_weight = 0;
};

// histogram: the node's own slots, `stride` per feature.
// offered[f]: whether this tree may split on feature f.
Split best_split(const Sums* histogram, const Binned& binned, std::size_t features, std::size_t stride,
                 const Sums& total, const Bounds& bounds, const BoostingParams& params,
                 const std::vector<bool>& offered) {
  Split best;
  const double parent = score_of(total, bounds, params.lambda);
  for (std::size_t f = 0; f < features; ++f) {
    if (!offered[f]) continue;
    const std::int8_t direction = constraint_of(params, f);
    const std::size_t cut_count = binned.cuts[f].size();
    Sums left;
    for (std::size_t b = 0; b < cut_count; ++b) {  // split after bin b
      left.g += histogram[f * stride + b].g;
      left.h += histogram[f * stride + b].h;
      const Sums right{total.g - left.g, total.h - left.h};
      if (left.h < params.min_child_hessian || right.h < params.min_child_hessian) continue;
      const double gain = score_of(left, bounds, params.lambda) + score_of(right, bounds, params.lambda) - parent;
      if (gain <= best.gain) continue;
      // The leaf values only for a split that would be the best: a split
      // against the feature's direction is passed over whatever its gain.
      const double wl = leaf_weight(left, bounds, params.lambda), wr = leaf_weight(right, bounds, params.lambda);
      if ((direction > 0 && wl > wr) || (direction < 0 && wl < wr)) continue;
      best = Split{gain, static_cast<int>(f), b, left, wl, wr};
    }
  }
  return best;
}

// The bounds of a split's children: the parent's, and for a constrained
// feature each child on its side of the midpoint of the two leaf values.
std::pair<Bounds, Bounds> child_bounds(const Bounds& parent, const Split& s, std::int8_t direction) {
  Bounds left = parent, right = parent;
  const double middle = (s.left_weight + s.right_weight) / 2;
  if (direction > 0) left.upper = right.lower = middle;
  if (direction < 0) left.lower = right.upper = middle;
  return {left, right};
}

// Writes the subtree at `at` into heap slot `slot` of a tree complete to
// `depth`; a leaf above the last level becomes always-left padding over
// copies of itself.
void complete(const std::vector<GrowingNode>& tree, int at, std::size_t slot, std::size_t level, std::size_t depth,
              const BoostingParams& params, std::uint8_t* features, float* thresholds, float* leaves) {
  const GrowingNode& n = tree[static_cast<std::size_t>(at)];
  const std::size_t inner = (std::size_t{1} << depth) - 1;
  if (level == depth) {
    leaves[slot - inner] = static_cast<float>(leaf_weight(n.sums, n.bounds, params.lambda)) * params.learning_rate;
    return;
  }
  const bool leaf = n.feature < 0;
  features[slot] = leaf ? 0 : static_cast<std::uint8_t>(n.feature);
  thresholds[slot] = leaf ? kAlwaysLeft : n.threshold;
  complete(tree, leaf ? at : n.left, 2 * slot + 1, level + 1, depth, params, features, thresholds, leaves);
  complete(tree, leaf ? at : n.right, 2 * slot + 2, level + 1, depth, params, features, thresholds, leaves);
}

}  // namespace

TreeEnsemble fit_boosted_trees(const RowAccess& row, std::size_t rows, std::size_t features,
                               const std::vector<float>& targets, const std::vector<float>& weights,
                               const BoostingParams& params, const std::vector<std::uint32_t>& groups) {
  TreeEnsemble model;
  model.depth = params.depth;
  if (rows == 0) return model;
  const Binned binned = bin_rows(row, rows, features, params.bins);
  const std::size_t stride = 256;  // histogram slots per feature
  double positive = 0, total = 0;
  for (std::size_t i = 0; i < rows; ++i) positive += weights[i] * targets[i], total += weights[i];
  const double prior = std::clamp(positive / total, 1e-6, 1 - 1e-6);
  model.base = static_cast<float>(std::log(prior / (1 - prior)));
  std::vector<float> score(rows, model.base);
  std::vector<double> g(rows), h(rows);
  std::vector<int> node_of(rows);
  const std::size_t inner = (std::size_t{1} << params.depth) - 1;
  const auto tree_view = [&](std::size_t t) {
    return BoostedTrees{params.depth, 1, &model.features[t * inner], &model.thresholds[t * inner],
                        &model.leaves[t * (inner + 1)], 0.0f};
  };
  std::vector<float> dropped_sum;  // per row: what the trees left out of this round add
  for (std::size_t t = 0; t < params.trees; ++t) {
    std::vector<std::size_t> dropped;
    if (params.drop_rate > 0)
      for (std::size_t j = 0; j < t; ++j)
        if (drawn(params.seed ^ 0xDA27ull, t, static_cast<std::uint32_t>(j), params.drop_rate)) dropped.push_back(j);
    if (!dropped.empty()) {
      dropped_sum.assign(rows, 0.0f);
      for (std::size_t i = 0; i < rows; ++i)
        for (std::size_t j : dropped) dropped_sum[i] += boosted_log_odds(tree_view(j), row(i));
    }
    Sums root;
    for (std::size_t i = 0; i < rows; ++i) {
      const float margin = dropped.empty() ? score[i] : score[i] - dropped_sum[i];
      const double p = 1.0 / (1.0 + std::exp(-static_cast<double>(margin)));
      const std::uint32_t group = groups.empty() ? static_cast<std::uint32_t>(i) : groups[i];
      // A row left out of this tree's draw adds nothing to its sums.
      const double w = drawn(params.seed, t, group, params.subsample) ? weights[i] : 0.0;
      g[i] = w * (p - targets[i]);
      h[i] = w * std::max(p * (1 - p), 1e-12);
      root.g += g[i], root.h += h[i];
      node_of[i] = 0;
    }
    // The features this tree may split on: drawn apart from the rows (another
    // stream of the same hash), at least one.
    std::vector<bool> offered(features);
    bool any = false;
    for (std::size_t f = 0; f < features; ++f)
      any |= offered[f] = drawn(params.seed ^ 0x5DEECE66Dull, t, static_cast<std::uint32_t>(f), params.feature_share);
    if (!any) std::fill(offered.begin(), offered.end(), true);
    std::vector<GrowingNode> tree{GrowingNode{root, Bounds{}}};
    std::vector<int> level{0};
    for (std::size_t d = 0; d < params.depth && !level.empty(); ++d) {
      // Histograms of the nodes of this level: slot of node k is k.
      std::vector<int> slot_of(tree.size(), -1);
      for (std::size_t k = 0; k < level.size(); ++k) slot_of[static_cast<std::size_t>(level[k])] = static_cast<int>(k);
      std::vector<Sums> histogram(level.size() * features * stride);
      for (std::size_t i = 0; i < rows; ++i) {
        const int s = slot_of[static_cast<std::size_t>(node_of[i])];
        if (s < 0) continue;
        Sums* base = &histogram[static_cast<std::size_t>(s) * features * stride];
        const std::uint8_t* bins = &binned.bin[i * features];
        for (std::size_t f = 0; f < features; ++f) {
          Sums& cell = base[f * stride + bins[f]];
          cell.g += g[i];
          cell.h += h[i];
        }
      }
      std::vector<int> next_level;
      std::vector<int> split_bin(tree.size() + 2 * level.size(), -1);
      for (std::size_t k = 0; k < level.size(); ++k) {
        const int id = level[k];
        const Split s = best_split(&histogram[k * features * stride], binned, features, stride,
                                   tree[static_cast<std::size_t>(id)].sums, tree[static_cast<std::size_t>(id)].bounds,
                                   params, offered);
        if (s.feature < 0) continue;
        const Sums parent = tree[static_cast<std::size_t>(id)].sums;
        const auto [left_bounds, right_bounds] = child_bounds(
            tree[static_cast<std::size_t>(id)].bounds, s, constraint_of(params, static_cast<std::size_t>(s.feature)));
        const int left = static_cast<int>(tree.size());
        tree.push_back(GrowingNode{s.left, left_bounds});
        tree.push_back(GrowingNode{Sums{parent.g - s.left.g, parent.h - s.left.h}, right_bounds});
        GrowingNode& n = tree[static_cast<std::size_t>(id)];
        n.feature = s.feature;
        n.threshold = binned.cuts[static_cast<std::size_t>(s.feature)][s.bin];
        n.left = left;
        n.right = left + 1;
        split_bin[static_cast<std::size_t>(id)] = static_cast<int>(s.bin);
        next_level.push_back(left);
        next_level.push_back(left + 1);
      }
      for (std::size_t i = 0; i < rows; ++i) {
        if (split_bin[static_cast<std::size_t>(node_of[i])] < 0) continue;  // not split at this level
        const GrowingNode& n = tree[static_cast<std::size_t>(node_of[i])];
        const std::uint8_t b = binned.bin[i * features + static_cast<std::size_t>(n.feature)];
        node_of[i] = b <= split_bin[static_cast<std::size_t>(node_of[i])] ? n.left : n.right;
      }
      level = std::move(next_level);
    }
    model.features.resize((t + 1) * inner);
    model.thresholds.resize((t + 1) * inner);
    model.leaves.resize((t + 1) * (inner + 1));
    complete(tree, 0, 0, 0, params.depth, params, &model.features[t * inner], &model.thresholds[t * inner],
             &model.leaves[t * (inner + 1)]);
    model.tree_count = t + 1;
    if (!dropped.empty()) {
      const float k = static_cast<float>(dropped.size());
      const float kept_share = k / (k + params.learning_rate), new_share = 1.0f / (k + params.learning_rate);
      for (std::size_t j : dropped)
        for (std::size_t l = 0; l <= inner; ++l) model.leaves[j * (inner + 1) + l] *= kept_share;
      for (std::size_t l = 0; l <= inner; ++l) model.leaves[t * (inner + 1) + l] *= new_share;
      for (std::size_t i = 0; i < rows; ++i) score[i] -= (1.0f - kept_share) * dropped_sum[i];
    }
    // The new tree's output for each row, as run time computes it.
    for (std::size_t i = 0; i < rows; ++i) score[i] += boosted_log_odds(tree_view(t), row(i));
  }
  return model;
}

TreeEnsemble average_ensembles(const std::vector<TreeEnsemble>& members) {
  TreeEnsemble mean;
  if (members.empty()) return mean;
  mean.depth = members.front().depth;
  const float share = 1.0f / static_cast<float>(members.size());
  for (const TreeEnsemble& m : members) {
    mean.features.insert(mean.features.end(), m.features.begin(), m.features.end());
    mean.thresholds.insert(mean.thresholds.end(), m.thresholds.begin(), m.thresholds.end());
    for (float leaf : m.leaves) mean.leaves.push_back(leaf * share);
    mean.tree_count += m.tree_count;
    mean.base += m.base * share;
  }
  return mean;
}

TreeEnsemble fit_bagged_trees(const RowAccess& row, std::size_t rows, std::size_t features,
                              const std::vector<float>& targets, const std::vector<float>& weights,
                              const BoostingParams& params, std::size_t bags,
                              const std::vector<std::uint32_t>& groups) {
  std::vector<TreeEnsemble> members;
  for (std::size_t k = 0; k < std::max<std::size_t>(bags, 1); ++k) {
    BoostingParams member = params;
    member.seed = params.seed + k;
    members.push_back(fit_boosted_trees(row, rows, features, targets, weights, member, groups));
  }
  return members.size() == 1 ? std::move(members.front()) : average_ensembles(members);
}

}  // namespace winnow::learn
