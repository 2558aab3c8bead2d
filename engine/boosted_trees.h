// SPDX-License-Identifier: MIT
// Gradient-boosted regression trees: the additive model
//   F(x) = base + sum_t tree_t(x)
// of Friedman (Annals of Statistics 2001), here the log-odds of a binary
// label. Evaluation only: adapters/learn/boosting.h grows the trees.
//
// Layout: every tree is stored complete to the same depth D, as an implicit
// binary heap: internal node i (of 2^D - 1) tests x[feature[i]] <= threshold[i]
// and goes to child 2i + 1 when it holds, 2i + 2 when not; the 2^D leaves
// follow. A tree the learner stopped early is padded with nodes that always
// go left (threshold FLT_MAX) over copies of the leaf. So evaluation is D
// steps of index arithmetic per tree with no data-dependent branch, and the
// tables are dense (no child pointers). Measured against a pre-order layout
// with child indices: the default extractor's added cost went from 4.6 to 4.1
// CPU ms per MB of HTML (bench/, corpus sample, within the noise of ±4%).
//
// State: none (the tables are constant). Memory: none at run time; the tables
// are 2^D * 4 + (2^D - 1) * 5 bytes per tree. Cost: D steps per tree.
#pragma once

#include <cstddef>
#include <cstdint>

namespace winnow {

struct BoostedTrees {
  std::size_t depth = 0;
  std::size_t tree_count = 0;
  const std::uint8_t* features = nullptr;  // tree_count * (2^depth - 1)
  const float* thresholds = nullptr;       // tree_count * (2^depth - 1)
  const float* leaves = nullptr;           // tree_count * 2^depth
  float base = 0;                          // the log-odds before any tree
};

// F(x); x must hold every feature index the nodes name.
float boosted_log_odds(const BoostedTrees& model, const float* x);

}  // namespace winnow
