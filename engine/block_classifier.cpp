// SPDX-License-Identifier: MIT
#include "engine/block_classifier.h"

#include <algorithm>
#include <cmath>

#include "engine/content_writer.h"
#include "engine/punctuation.h"
#include "engine/utf8.h"

namespace winnow {
namespace {

// Words per 80-character line (seed 003: total words over total lines).
double text_density(const ClassifierBlock& b) {
  if (b.words == 0) return 0;
  const double width = static_cast<double>(b.chars) + (b.words - 1);
  return b.words / std::max(1.0, std::ceil(width / 80.0));
}

double sentence_length(const ClassifierBlock& b) {
  const double sentences = b.sentence_ends + (b.open_sentence ? 1 : 0);
  return sentences > 0 ? b.words / sentences : 0;
}

double link_density(const ClassifierBlock& b) { return b.words ? static_cast<double>(b.anchor_words) / b.words : 0; }

double log_quotient(double a, double b) { return std::log((1.0 + a) / (1.0 + b)); }

const char* const kBaseNames[kBaseFeatureCount] = {
    "bias", "log_words", "quotient_words", "log_sentence_length", "quotient_sentence_length", "text_density",
    "quotient_text_density", "link_density", "has_previous", "has_next", "next_log_words", "next_link_density",
    "next_text_density", "quotient_next_words"};
const char* const kPositionNames[kPositionBins] = {"position_0", "position_1", "position_2", "position_3",
                                                   "position_4", "position_5", "position_6", "position_7"};

}  // namespace

void ClassifierBlock::add_word(const Token& token, std::string_view text) {
  if (words == 0) {
    semantics = token.semantics;
    span.begin = token.source_begin;
  }
  semantics &= token.semantics;  // the cues every word carries (engine/block_features.cpp says why)
  span.end = token.source_end;
  const std::uint32_t n = utf8_characters(text);
  ++words;
  chars += n;
  if (token.has(kTokenInAnchor)) ++anchor_words;
  else net += n + (token.has(kTokenGlued) ? 0 : 1);
  open_sentence = !ends_sentence(text);
  if (!open_sentence) ++sentence_ends;
}

std::size_t streaming_position_bin(std::uint64_t words_before) {
  const std::uint64_t x = 1 + words_before / 50;
  std::size_t bin = 0;
  while ((x >> (bin + 1)) != 0) ++bin;  // floor(log2(x))
  return std::min(bin, kPositionBins - 1);
}

void classifier_features(const std::uint8_t* selected, const ClassifierBlock& prev, bool has_prev,
                         const ClassifierBlock& b, const ClassifierBlock& next, bool has_next,
                         std::size_t position_bin, float* f) {
  const double words = b.words, length = sentence_length(b), density = text_density(b);
  std::size_t i = 0;
  f[i++] = 1.0f;
  f[i++] = static_cast<float>(std::log1p(words));
  f[i++] = has_prev ? static_cast<float>(log_quotient(words, prev.words)) : 0.0f;
  f[i++] = static_cast<float>(std::log1p(length));
  f[i++] = has_prev ? static_cast<float>(log_quotient(length, sentence_length(prev))) : 0.0f;
  f[i++] = static_cast<float>(std::min(density, 30.0) / 10.0);
  f[i++] = has_prev ? static_cast<float>(log_quotient(density, text_density(prev))) : 0.0f;
  f[i++] = static_cast<float>(link_density(b));
  f[i++] = has_prev ? 1.0f : 0.0f;
  f[i++] = has_next ? 1.0f : 0.0f;
  f[i++] = has_next ? static_cast<float>(std::log1p(static_cast<double>(next.words))) : 0.0f;
  f[i++] = has_next ? static_cast<float>(link_density(next)) : 0.0f;
  f[i++] = has_next ? static_cast<float>(std::min(text_density(next), 30.0) / 10.0) : 0.0f;
  f[i++] = has_next ? static_cast<float>(log_quotient(next.words, words)) : 0.0f;
  for (std::size_t k = 0; k < kPositionBins; ++k) f[i++] = k == position_bin ? 1.0f : 0.0f;
  for (std::size_t k = 0; k < kSelectedTokens; ++k) f[i++] = (b.semantics >> selected[k]) & 1u ? 1.0f : 0.0f;
}

const char* classifier_feature_name(std::size_t index) {
  if (index < kBaseFeatureCount) return kBaseNames[index];
  if (index < kBaseFeatureCount + kPositionBins) return kPositionNames[index - kBaseFeatureCount];
  return index < kClassifierFeatureCount ? "token" : "unused";
}

float classifier_probability(const BlockClassifierModel& model, const float* x) {
  double z = 0;
  for (std::size_t j = 0; j < kClassifierFeatureCount; ++j) z += model.weights[j] * ((x[j] - model.mean[j]) / model.scale[j]);
  return static_cast<float>(1.0 / (1.0 + std::exp(-z)));
}

BlockClassifier::BlockClassifier(MemoryBudget& budget, const BlockClassifierModel& model)
    : model_(model), pending_text_(budget), current_text_(budget) {}

void BlockClassifier::decide_pending(bool has_next, ContentWriter& out) {
  float features[kClassifierFeatureCount];
  classifier_features(model_.selected, previous_, has_previous_, pending_, current_, has_next,
                      streaming_position_bin(pending_.words_before), features);
  if (classifier_probability(model_, features) >= 0.5f)
    out.write_rendered(pending_text_.view(), pending_.span, pending_.words, pending_.net);
  previous_ = pending_;
  has_previous_ = true;
  has_pending_ = false;
}

void BlockClassifier::close_block(ContentWriter& out) {
  open_ = false;
  if (has_pending_) decide_pending(true, out);
  pending_ = current_;
  pending_text_.swap(current_text_);
  has_pending_ = true;
}

void BlockClassifier::on_token(const Token& token, std::string_view text, const TokenStream&, ContentWriter& out) {
  if (token.is_tag()) return;
  if (open_ && token.block != block_id_) close_block(out);
  const std::string_view before = ContentWriter::rendered_prefix(token, !open_);
  if (!open_) {
    open_ = true;
    block_id_ = token.block;
    current_ = ClassifierBlock{};
    current_.words_before = words_seen_;
    current_text_.clear();
  }
  current_text_.append_word(before, text);
  current_.add_word(token, text);
  ++words_seen_;
}

void BlockClassifier::finish(ContentWriter& out) {
  if (open_) close_block(out);
  if (has_pending_) decide_pending(false, out);
}

std::unique_ptr<Algorithm> create_block_classifier(MemoryBudget& budget) {
  return make_algorithm<BlockClassifier>(budget, budget, block_classifier_model());
}

}  // namespace winnow
