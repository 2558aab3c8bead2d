// SPDX-License-Identifier: MIT
#include "engine/block_labeler.h"

#include <cmath>

namespace winnow {

float content_probability(const BlockModel& model, const float* features) {
  if (model.trees.tree_count > 0) return 1.0f / (1.0f + std::exp(-boosted_log_odds(model.trees, features)));
  float z = 0;
  for (std::size_t i = 0; i < kBlockFeatureCount; ++i)
    z += model.weights[i] * (features[i] - model.mean[i]) / model.scale[i];
  return 1.0f / (1.0f + std::exp(-z));
}

float refined_probability(const BlockModel& model, const float* features) {
  float z = 0;
  for (std::size_t i = 0; i < kContextFeatureCount; ++i)
    z += model.context_weights[i] * (features[i] - model.context_mean[i]) / model.context_scale[i];
  return 1.0f / (1.0f + std::exp(-z));
}

const ContainerMemory::Entry* ContainerMemory::find(std::uint32_t id) const {
  if (id == 0) return nullptr;
  for (const Entry& e : entries_)
    if (e.id == id) return &e;
  return nullptr;
}

void ContainerMemory::add(std::uint32_t id, float p, float words) {
  if (id == 0) return;
  Entry* slot = nullptr;
  for (Entry& e : entries_) {
    if (e.id == id) {
      slot = &e;
      break;
    }
    if (slot == nullptr || e.last_use < slot->last_use) slot = &e;
  }
  if (slot->id != id) *slot = Entry{id, 0, 0, 0, 0};
  slot->count += 1;
  slot->weighted_p += p * words;
  slot->words += words;
  slot->last_use = ++clock_;
}

void ContainerMemory::features(const BlockStats& block, float p, float* f) const {
  const Entry* c = find(block.container);
  const Entry* g = find(block.grand_container);
  const float clipped = std::fmin(std::fmax(p, 1e-4f), 1.0f - 1e-4f);
  const float c_mean = c && c->words > 0 ? c->weighted_p / c->words : 0.5f;
  const float g_mean = g && g->words > 0 ? g->weighted_p / g->words : 0.5f;
  const float c_count = c ? std::log1p(static_cast<float>(c->count)) : 0.0f;
  f[0] = 1.0f;
  f[1] = std::log(clipped / (1.0f - clipped));
  f[2] = c_mean - 0.5f;
  f[3] = c_count;
  f[4] = c ? std::log1p(c->words) : 0.0f;
  f[5] = g_mean - 0.5f;
  f[6] = g ? std::log1p(static_cast<float>(g->count)) : 0.0f;
  f[7] = (document_words_ > 0 ? document_weighted_p_ / document_words_ : 0.5f) - 0.5f;
  f[8] = c ? 0.0f : 1.0f;
  f[9] = (c_mean - 0.5f) * c_count;
  f[10] = std::log1p(content_words_);
  f[11] = std::log1p(blocks_since_content_);
  f[12] = content_words_ > 0 ? std::log1p(words_since_content_) : 0.0f;
}

void ContainerMemory::remember(const BlockStats& block, float p) {
  const float words = static_cast<float>(block.words);
  add(block.container, p, words);
  if (block.grand_container != block.container) add(block.grand_container, p, words);
  document_weighted_p_ += p * words;
  document_words_ += words;
  if (p > 0.5f) {
    content_words_ += words;
    blocks_since_content_ = 0;
    words_since_content_ = 0;
  } else {
    blocks_since_content_ += 1;
    words_since_content_ += words;
  }
}

BlockLabeler::BlockLabeler(MemoryBudget& budget, const BlockModel& model, std::size_t lag, float bias)
    : BlockLabeler(budget, model, lag, bias, bias) {}

BlockLabeler::BlockLabeler(MemoryBudget& budget, const BlockModel& model, std::size_t lag, float bias,
                           float second_bias)
    : model_(model), lag_(lag), bias_(bias), second_bias_(second_bias), steps_(budget, lag + 2) {}

void BlockLabeler::advance(const float* last, const float* log_p, float bias, float bias_shift, float* score,
                           std::uint8_t* back) const {
  const float emission[2] = {log_p[0] - model_.log_prior[0], log_p[1] - model_.log_prior[1] + bias + bias_shift};
  for (int s = 0; s < 2; ++s) {
    if (last == nullptr) {
      score[s] = emission[s] + model_.log_prior[s];
      back[s] = static_cast<std::uint8_t>(s);
      continue;
    }
    const float stay = last[s] + model_.log_transition[s][s];
    const float move = last[1 - s] + model_.log_transition[1 - s][s];
    back[s] = static_cast<std::uint8_t>(stay >= move ? s : 1 - s);
    score[s] = emission[s] + (stay >= move ? stay : move);
  }
  const float top = score[0] > score[1] ? score[0] : score[1];
  score[0] -= top;  // keep the numbers small; only differences matter
  score[1] -= top;
}

bool BlockLabeler::push(float p, float bias_shift) {
  constexpr float kFloor = 1e-6f;
  p = std::fmin(std::fmax(p, kFloor), 1.0f - kFloor);
  // log P(boilerplate), log P(content)
  const float log_p[2] = {std::log(1.0f - p), std::log(p)};
  const bool first = steps_.empty();
  Step step;
  advance(first ? nullptr : steps_.back().score, log_p, bias_, bias_shift, step.score, step.back);
  float second_score[2];
  advance(first ? nullptr : second_score_, log_p, second_bias_, bias_shift, second_score, step.second_back);
  second_score_[0] = second_score[0];
  second_score_[1] = second_score[1];
  if (steps_.full()) steps_.pop_front();
  steps_.push(step);
  if (steps_.size() <= lag_) return false;
  const std::uint64_t newest = steps_.end_seq() - 1;
  decided_ = state_at(newest - lag_, newest, best_final_state(false), false);
  second_decided_ = state_at(newest - lag_, newest, best_final_state(true), true);
  steps_.pop_front();
  return true;
}

int BlockLabeler::best_final_state(bool second) const {
  const float* last = second ? second_score_ : steps_.back().score;
  return last[1] > last[0] ? 1 : 0;
}

bool BlockLabeler::state_at(std::uint64_t seq, std::uint64_t from_seq, int state, bool second) const {
  for (std::uint64_t t = from_seq; t > seq; --t) {
    const Step& step = steps_.at(t);
    state = second ? step.second_back[state] : step.back[state];
  }
  return state == 1;
}

bool BlockLabeler::flush(bool* label, bool* second_label) {
  if (steps_.empty()) return false;
  const std::uint64_t newest = steps_.end_seq() - 1;
  *label = state_at(steps_.begin_seq(), newest, best_final_state(false), false);
  if (second_label != nullptr) *second_label = state_at(steps_.begin_seq(), newest, best_final_state(true), true);
  steps_.pop_front();
  return true;
}

}  // namespace winnow
