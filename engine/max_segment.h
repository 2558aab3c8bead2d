// SPDX-License-Identifier: MIT
// The maximum-sum segment of a scored token sequence, found online, with the
// rendered text of the best segment so far: what BTE (a word +1, a tag -1;
// Finn et al. 2001) and MSS (a token's score from its trigram; Pasternack and
// Roth 2009) share, as the MSS paper itself presents BTE as its special case.
//
// Method: Kadane's scan. The running sum restarts at a token when it is
// <= 0, and the best segment is replaced only by a strictly larger sum, so
// ties go to the segment that ends first and, among those, to the one that
// starts last.
// State: the running and best sums, the current candidate's start, words and
// net text length, the best segment's span, words and net text length (O(1)),
// plus the rendered text of the current candidate and of the best segment
// when that is not a prefix of the candidate, each a BoundedText charged to
// the budget. When the candidate restarts, a best segment that was its
// prefix takes the candidate's buffer (swapped, not copied).
// Memory bound: 2 * (text of the longest candidate) bytes, capped by the
// budget: when a candidate outgrows what the budget has left, its text stops
// growing and the budget is marked exceeded (its owner then stops reading);
// the best segment's span stays exact, its text is cut at the cap.
// Output delay: none of its own; no segment is final before the end of the
// document, so its owner writes it from finish().
#pragma once

#include <cstdint>
#include <limits>
#include <string_view>

#include "engine/bounded_text.h"
#include "engine/content_sink.h"
#include "engine/content_writer.h"
#include "engine/memory_budget.h"
#include "engine/token.h"

namespace winnow {

class MaxSegment {
 public:
  explicit MaxSegment(MemoryBudget& budget);
  MaxSegment(const MaxSegment&) = delete;
  MaxSegment& operator=(const MaxSegment&) = delete;

  // Adds the next token of the document with its score; a word's text is
  // rendered into the candidate.
  void take(const Token& token, std::string_view text, std::int64_t score);
  // Writes the best segment. A best segment without words (a page without
  // visible words, whose best run is one tag) is no content and writes
  // nothing, not even a span.
  void write(ContentWriter& out) const;
  // The best sum so far; kNoSegment before the first token.
  std::int64_t best_sum() const { return best_sum_; }
  static constexpr std::int64_t kNoSegment = std::numeric_limits<std::int64_t>::min();

 private:
  // Collects the current candidate's rendering into current_text_.
  class CandidateSink final : public ContentSink {
   public:
    explicit CandidateSink(BoundedText& text) : text_(text) {}
    void on_text(std::string_view text) override { text_.append(text); }
    void on_block_end() override { text_.append("\n"); }
    void on_line_break() override { text_.append(std::string_view(&ContentWriter::kLineBreakMarker, 1)); }
    void on_block_start(const BlockShape& shape) override { text_.append(ContentWriter::block_marker(shape)); }

   private:
    BoundedText& text_;
  };

  void start_candidate(const Token& token);

  BoundedText best_text_;
  BoundedText current_text_;
  CandidateSink candidate_sink_;
  ContentWriter candidate_writer_;
  std::int64_t current_sum_ = 0;
  std::int64_t best_sum_ = kNoSegment;
  std::uint64_t current_begin_ = 0;      // source offset where the candidate starts
  std::uint64_t current_words_ = 0;
  bool best_is_current_prefix_ = false;  // best = the current candidate up to best_prefix_size_
  std::size_t best_prefix_size_ = 0;
  SourceSpan best_span_;
  std::uint64_t best_words_ = 0;
  std::uint64_t best_net_text_ = 0;
};

}  // namespace winnow
