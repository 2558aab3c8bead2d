// SPDX-License-Identifier: MIT
#include "engine/bte.h"

namespace winnow {

Bte::Bte(MemoryBudget& budget)
    : best_text_(budget), current_text_(budget), candidate_sink_(*this),
      candidate_writer_(candidate_sink_) {}

void Bte::start_candidate(const Token& token) {
  // The best segment may be a prefix of the candidate being abandoned: keep
  // that prefix by swapping buffers instead of copying.
  if (best_is_current_prefix_) {
    best_text_.swap(current_text_);
    best_text_.truncate(best_prefix_size_);
    best_is_current_prefix_ = false;
  }
  current_text_.clear();
  current_words_ = 0;
  candidate_writer_ = ContentWriter(candidate_sink_);
  current_begin_ = token.source_begin;
}

void Bte::on_token(const Token& token, std::string_view text, const TokenStream&, ContentWriter&) {
  const std::int64_t value = token.is_word() ? 1 : -1;
  if (current_sum_ <= 0) {
    start_candidate(token);
    current_sum_ = value;
  } else {
    current_sum_ += value;
  }
  if (token.is_word()) {
    candidate_writer_.write_word(token, text);
    ++current_words_;
  }
  if (current_sum_ > best_sum_) {
    best_sum_ = current_sum_;
    best_is_current_prefix_ = true;
    best_prefix_size_ = current_text_.size();
    best_words_ = current_words_;
    best_net_text_ = candidate_writer_.net_text_length();
    best_span_ = SourceSpan{current_begin_, token.source_end};
  }
}

void Bte::finish(ContentWriter& out) {
  // On a page without visible words the best segment is one tag (sum -1):
  // no content, so no span either.
  if (best_sum_ == kNoSegment || best_words_ == 0) return;
  std::string_view best = best_is_current_prefix_
                              ? current_text_.view().substr(0, best_prefix_size_)
                              : best_text_.view();
  // Text cut by the budget may end with the space written before a word
  // that did not fit.
  while (!best.empty() && best.back() == ' ') best.remove_suffix(1);
  out.write_rendered(best, best_span_, best_words_, best_net_text_);
}

std::unique_ptr<Algorithm> create_bte(MemoryBudget& budget) { return make_algorithm<Bte>(budget, budget); }

}  // namespace winnow
