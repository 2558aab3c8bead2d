// SPDX-License-Identifier: MIT
#include "engine/boosted_trees.h"

namespace winnow {

float boosted_log_odds(const BoostedTrees& model, const float* x) {
  float sum = model.base;
  for (std::size_t t = 0; t < model.tree_count; ++t) {
    std::uint32_t at = model.roots[t];
    while (model.nodes[at].feature != kTreeLeaf) {
      const TreeNode& node = model.nodes[at];
      at = x[node.feature] <= node.value ? at + 1 : node.right;
    }
    sum += model.nodes[at].value;
  }
  return sum;
}

}  // namespace winnow
