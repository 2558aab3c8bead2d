// SPDX-License-Identifier: MIT
// Gradient-boosted regression trees: the additive model
//   F(x) = base + sum_t tree_t(x)
// of Friedman (Annals of Statistics 2001), here the log-odds of a binary
// label. Evaluation only: adapters/learn/boosting.h grows the trees.
//
// Layout: the nodes of every tree in one array, each tree in pre-order, so a
// node's left child is the node after it and only the right child's index is
// stored. A node with feature == kTreeLeaf is a leaf and `value` is its
// output; otherwise x[feature] <= value goes left.
//
// State: none (the tables are constant). Memory: none at run time; the tables
// are 12 bytes per node. Cost: one comparison per level per tree.
#pragma once

#include <cstddef>
#include <cstdint>

namespace winnow {

constexpr std::uint8_t kTreeLeaf = 0xFF;

struct TreeNode {
  float value;          // threshold, or the leaf's output
  std::uint32_t right;  // index of the right child (internal nodes)
  std::uint8_t feature;
};

struct BoostedTrees {
  const TreeNode* nodes = nullptr;
  const std::uint32_t* roots = nullptr;  // index of each tree's root in nodes
  std::size_t tree_count = 0;
  float base = 0;  // the log-odds before any tree
};

// F(x); x must hold every feature index the nodes name.
float boosted_log_odds(const BoostedTrees& model, const float* x);

}  // namespace winnow
