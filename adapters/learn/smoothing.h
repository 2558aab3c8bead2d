// SPDX-License-Identifier: MIT
// The default extractor's HMM (engine/block_labeler.h) as train_blocks
// estimates it from labelled pages: the prior is the labels' frequency, the
// transition log-probabilities are those of consecutive labels (add-one
// counts), multiplied by a smoothing weight.
//
// Why a weight. The HMM assumes that a block's probability depends on its
// own label only, but the first stage already reads a three-block window and
// the second stage what the block's containers scored so far: neighbouring
// probabilities are correlated, and transitions counted from the labels
// charge a change of label for context the probabilities already carry. The
// weight (< 1) tempers them, as a hybrid recogniser scales its language
// model against its acoustic scores. With the transitions of the stop-34
// model, a block alone among boilerplate needed p > 0.986 to be kept (two
// changes cost 4.95 nats); at weight 0.7, p > 0.94. Measured by
// cross-validation in adapters/learn/README.md (stop 35).
#pragma once

#include <cstdint>
#include <vector>

#include "engine/block_labeler.h"

namespace winnow::learn {

// Label counts over pages, each count started at 1 (add-one smoothing, so no
// transition is impossible).
struct LabelCounts {
  double transitions[2][2] = {{1, 1}, {1, 1}};  // [from][to], 0 boilerplate, 1 content
  double states[2] = {1, 1};

  // One page's labels, in document order (0 or 1 each).
  void add_page(const std::vector<std::uint8_t>& labels);
};

// Sets model's log_prior from the counts and log_transition to
// smoothing_weight times the log transition frequencies.
void set_smoothing(const LabelCounts& counts, double smoothing_weight, winnow::BlockModel* model);

}  // namespace winnow::learn
