// SPDX-License-Identifier: MIT
#include "engine/boosted_trees.h"

namespace winnow {

namespace {

// The walk of every tree, its depth a constant when Depth > 0 (the loops over
// the levels then unroll; the shipped model's depth is one of those), else
// model.depth.
template <std::size_t Depth>
float walk(const BoostedTrees& model, const float* x) {
  const std::size_t depth = Depth > 0 ? Depth : model.depth;
  const std::size_t inner = (std::size_t{1} << depth) - 1;
  const std::size_t leaf_count = inner + 1;
  float sum = model.base;
  std::size_t t = 0;
  // Eight trees walked side by side: each step of one tree waits on two
  // loads (its feature index, then the feature), so one tree at a time is
  // latency-bound. Their leaves are added in tree order, as below, so the
  // sum is the same float for float.
  constexpr std::size_t kLanes = 8;
  for (; t + kLanes <= model.tree_count; t += kLanes) {
    const std::uint8_t* feature = model.features + t * inner;
    const float* threshold = model.thresholds + t * inner;
    std::size_t i[kLanes] = {};
    for (std::size_t d = 0; d < depth; ++d) {
      for (std::size_t k = 0; k < kLanes; ++k) {
        const std::size_t node = k * inner + i[k];
        i[k] = 2 * i[k] + 1 + (x[feature[node]] > threshold[node] ? 1 : 0);
      }
    }
    const float* leaves = model.leaves + t * leaf_count;
    for (std::size_t k = 0; k < kLanes; ++k) sum += leaves[k * leaf_count + (i[k] - inner)];
  }
  for (; t < model.tree_count; ++t) {
    const std::uint8_t* feature = model.features + t * inner;
    const float* threshold = model.thresholds + t * inner;
    std::size_t i = 0;
    for (std::size_t d = 0; d < depth; ++d) i = 2 * i + 1 + (x[feature[i]] > threshold[i] ? 1 : 0);
    sum += model.leaves[t * leaf_count + (i - inner)];
  }
  return sum;
}

}  // namespace

float boosted_log_odds(const BoostedTrees& model, const float* x) {
  switch (model.depth) {
    case 3: return walk<3>(model, x);
    case 4: return walk<4>(model, x);
    case 5: return walk<5>(model, x);
    default: return walk<0>(model, x);
  }
}

}  // namespace winnow
