// SPDX-License-Identifier: MIT
#include "engine/engine.h"

namespace winnow {

Engine::Engine(MemoryBudget& budget, const AlgorithmInfo& algorithm, ContentSink& sink,
               std::size_t max_depth, std::size_t overview_threshold)
    : sink_(sink),
      overview_threshold_(overview_threshold),
      algorithm_(algorithm.instantiate(budget)),
      writer_(sink) {
  if (!algorithm_) {
    status_ = Status::BudgetTooSmall;
    return;
  }
  const StreamWindow window = algorithm_->window();
  stream_.emplace(budget, window.tokens, window.text_bytes);
  TokenConsumer& consumer = *this;
  tokenizer_.emplace(budget, *stream_, consumer, max_depth);
  if (!stream_->ok() || !tokenizer_->ok()) status_ = Status::BudgetTooSmall;
}

void Engine::on_start_element(Tag tag, const ElementAttributes& attributes, SourceSpan source) {
  if (status_ == Status::Ok && !finished_) tokenizer_->on_start_element(tag, attributes, source);
}

void Engine::on_end_element(Tag tag, SourceSpan source) {
  if (status_ == Status::Ok && !finished_) tokenizer_->on_end_element(tag, source);
}

void Engine::on_text(std::string_view text, SourceSpan source) {
  if (status_ == Status::Ok && !finished_) tokenizer_->on_text(text, source);
}

void Engine::on_end_document(std::uint64_t offset) {
  if (status_ == Status::Ok && !finished_) tokenizer_->on_end_document(offset);
}

void Engine::on_token(const Token& token, std::string_view text) {
  algorithm_->on_token(token, text, *stream_, writer_);
}

void Engine::on_metadata_settled() { sink_.on_metadata(stream_->page_metadata()); }

void Engine::on_end_of_tokens() {
  finished_ = true;
  algorithm_->finish(writer_);
  writer_.finish();
  const std::uint64_t net = writer_.net_text_length();
  sink_.on_verdict(verdict(net, overview_threshold_, stream_->address_shape()), net);
}

PageVerdict Engine::verdict(std::uint64_t net_text_length, std::size_t threshold, AddressShape address) {
  std::uint64_t below = threshold;
  if (address == AddressShape::overview) below = 2 * static_cast<std::uint64_t>(threshold);
  if (address == AddressShape::story) below = 0;
  return net_text_length < below ? PageVerdict::Overview : PageVerdict::Article;
}

}  // namespace winnow
