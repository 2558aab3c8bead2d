// SPDX-License-Identifier: MIT
// Block classifier (Yao & Zuo, seed 003, with the shallow text features of
// Kohlschütter et al. as seed 002 describes them): every text block is
// labelled content or boilerplate by a linear model over a few features,
// streaming with a delay of one block.
//
// Blocks: the text between two block-level boundaries (seed 003's
// "blockifying"; Token::block runs).
// Features of block b (kClassifierFeatureCount, in this order):
//  - seed 003's text features: number of words (log(1 + w)) and its quotient
//    to the previous block (as log((1 + w_b) / (1 + w_{b-1})), so that a
//    linear model sees a ratio symmetrically), average sentence length
//    (words per sentence; a sentence ends in . ! ? or a CJK stop, and an
//    unterminated tail is one more) and its quotient, text density (words
//    per 80-character line, Kohlschütter's wrapping) and its quotient, link
//    density (words inside <a> over words);
//  - one block of look-ahead (Kohlschütter's window): whether the previous
//    and the next block exist, the next block's words, link density and text
//    density, the quotient of its words to b's;
//  - relative position in M = 8 bins. Seed 003's floor(n / N * M) needs N,
//    the number of blocks, unknown while streaming; the bins here are of the
//    words before the block on a log scale: bin = min(7, floor(log2(1 +
//    words_before / 50))), i.e. 0-49, 50-149, 150-349, ... 6350- words. The
//    cost of this against the true relative position is measured by the
//    training program (README);
//  - id/class token indicators: seed 003 selects the 10 id and class tokens
//    with the highest Naive Bayes score for boilerplate, score_k = log(phi_{k|
//    y=0} / phi_{k|y=1}) * #blocks with k (multinomial event model, Laplace
//    smoothing), and adds one binary feature per token. The engine does not
//    keep raw class and id words (the tokenizer reduces them to the fixed
//    vocabulary of engine/semantics.h), so the vocabulary here is the
//    semantics bits of the block's ancestors, and the training program picks
//    the 10 with the highest score; the model stores which.
// Model: p = sigmoid(w . (x - mean) / scale), logistic regression trained by
// adapters/learn/train_block_classifier.cpp (L2, Newton's method) and
// shipped as engine/block_classifier_model.cpp; content when p >= 0.5.
//
// Parameters: the model. State: the statistics of the previous, the pending
// and the current block (56 bytes each) and the text of the pending and the
// current block (BoundedText, charged as it grows).
// Memory bound: about 300 bytes plus the text of two consecutive blocks,
// capped by the budget (a block longer than what is left, i.e. text
// without a block boundary, stops the extraction with BudgetExceeded after
// writing what was decided).
// Output delay: one block (a block is decided when the next one ends).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>

#include "engine/algorithm.h"
#include "engine/bounded_text.h"
#include "engine/content_sink.h"
#include "engine/memory_budget.h"
#include "engine/token.h"

namespace winnow {

constexpr std::size_t kPositionBins = 8;
constexpr std::size_t kSelectedTokens = 10;
constexpr std::size_t kBaseFeatureCount = 14;
constexpr std::size_t kClassifierFeatureCount = kBaseFeatureCount + kPositionBins + kSelectedTokens;

struct ClassifierBlock {
  std::uint64_t words_before = 0;  // words of the document before the block
  std::uint32_t words = 0;
  std::uint32_t chars = 0;          // characters of its words
  std::uint32_t anchor_words = 0;
  std::uint32_t sentence_ends = 0;
  std::uint32_t net = 0;            // characters outside links, as ContentWriter counts them
  std::uint32_t semantics = 0;      // engine/semantics.h bits every word of it carries
  bool open_sentence = false;       // the last word does not end a sentence
  SourceSpan span;

  void add_word(const Token& token, std::string_view text);
};

struct BlockClassifierModel {
  std::uint8_t selected[kSelectedTokens];  // semantics bits used as token indicators
  float weights[kClassifierFeatureCount];
  float mean[kClassifierFeatureCount];
  float scale[kClassifierFeatureCount];
};

// The model shipped (engine/block_classifier_model.cpp, generated).
const BlockClassifierModel& block_classifier_model();

// The position bin of a block while streaming (see above).
std::size_t streaming_position_bin(std::uint64_t words_before);

// Writes kClassifierFeatureCount features; a missing neighbour is ignored.
void classifier_features(const std::uint8_t* selected, const ClassifierBlock& previous, bool has_previous,
                         const ClassifierBlock& block, const ClassifierBlock& next, bool has_next,
                         std::size_t position_bin, float* out);
const char* classifier_feature_name(std::size_t index);
float classifier_probability(const BlockClassifierModel& model, const float* features);

class BlockClassifier final : public Algorithm {
 public:
  BlockClassifier(MemoryBudget& budget, const BlockClassifierModel& model);

  void on_token(const Token& token, std::string_view text, const TokenStream& stream,
                ContentWriter& out) override;
  void finish(ContentWriter& out) override;

 private:
  void close_block(ContentWriter& out);
  void decide_pending(bool has_next, ContentWriter& out);

  const BlockClassifierModel& model_;
  ClassifierBlock previous_, pending_, current_;
  bool has_previous_ = false, has_pending_ = false, open_ = false;
  BoundedText pending_text_, current_text_;
  std::uint32_t block_id_ = 0;
  std::uint64_t words_seen_ = 0;
};

std::unique_ptr<Algorithm> create_block_classifier(MemoryBudget& budget);

}  // namespace winnow
