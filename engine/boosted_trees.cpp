// SPDX-License-Identifier: MIT
#include "engine/boosted_trees.h"

namespace winnow {

float boosted_log_odds(const BoostedTrees& model, const float* x) {
  const std::size_t inner = (std::size_t{1} << model.depth) - 1;
  const std::size_t leaf_count = inner + 1;
  float sum = model.base;
  for (std::size_t t = 0; t < model.tree_count; ++t) {
    const std::uint8_t* feature = model.features + t * inner;
    const float* threshold = model.thresholds + t * inner;
    std::size_t i = 0;
    for (std::size_t d = 0; d < model.depth; ++d) i = 2 * i + 1 + (x[feature[i]] > threshold[i] ? 1 : 0);
    sum += model.leaves[t * leaf_count + (i - inner)];
  }
  return sum;
}

}  // namespace winnow
