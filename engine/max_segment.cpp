// SPDX-License-Identifier: MIT
#include "engine/max_segment.h"

namespace winnow {

MaxSegment::MaxSegment(MemoryBudget& budget)
    : best_text_(budget), current_text_(budget), candidate_sink_(current_text_), candidate_writer_(candidate_sink_) {}

void MaxSegment::start_candidate(const Token& token) {
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

void MaxSegment::take(const Token& token, std::string_view text, std::int64_t score) {
  if (current_sum_ <= 0) {
    start_candidate(token);
    current_sum_ = score;
  } else {
    current_sum_ += score;
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

void MaxSegment::write(ContentWriter& out) const {
  if (best_sum_ == kNoSegment || best_words_ == 0) return;
  const std::string_view best = ContentWriter::without_cut_prefix(
      best_is_current_prefix_ ? current_text_.view().substr(0, best_prefix_size_) : best_text_.view());
  out.write_rendered(best, best_span_, best_words_, best_net_text_);
}

}  // namespace winnow
