// SPDX-License-Identifier: MIT
// BTE, Body Text Extraction (Finn, Kushmerick, Smyth 2001; seed 000 §5.2).
//
// Formula: with B_n = 1 for a tag token and 0 for a word token, choose i <= j
// maximising
//   T(i,j) = sum_{n<i} B_n + sum_{i<=n<=j} (1 - B_n) + sum_{n>j} B_n.
// Since the two outer sums equal (all tags) - (tags in [i,j]), T(i,j) is a
// constant plus sum_{i<=n<=j} v_n with v_n = +1 for a word and -1 for a tag:
// a maximum-sum segment, found online by Kadane's scan. Ties go to the
// segment that ends first and, among those, starts last (the scan restarts
// whenever the running sum is <= 0).
//
// Parameters: none.
// State: running sum, best sum, their start/end source offsets (O(1)), plus
// the rendered text of the best segment and of the current candidate, each a
// BoundedText charged to the budget.
// Memory bound: 2 * (text of the longest candidate) bytes, capped by the
// budget. When a candidate outgrows what the budget has left, its text stops
// growing, the budget is marked exceeded (the extractor then stops reading
// input) and the best segment seen so far is written, its span exact and its
// text cut at the cap.
// Output delay: unbounded — no segment is final before the end of the
// document, so everything is written by finish().
#pragma once

#include <cstdint>
#include <limits>
#include <memory>

#include "engine/algorithm.h"
#include "engine/bounded_text.h"
#include "engine/content_sink.h"
#include "engine/memory_budget.h"

namespace winnow {

class Bte final : public Algorithm {
 public:
  explicit Bte(MemoryBudget& budget);
  void on_token(const Token& token, std::string_view text, const TokenStream& stream,
                ContentWriter& out) override;
  void finish(ContentWriter& out) override;

  std::int64_t best_score() const { return best_sum_; }

 private:
  // Collects the current candidate's rendering into current_text_.
  class CandidateSink final : public ContentSink {
   public:
    explicit CandidateSink(Bte& owner) : owner_(owner) {}
    void on_text(std::string_view text) override { owner_.current_text_.append(text); }
    void on_block_end() override { owner_.current_text_.append("\n"); }
    void on_heading(int level) override { owner_.current_text_.append(ContentWriter::heading_marker(level)); }
   private:
    Bte& owner_;
  };

  void start_candidate(const Token& token);

  BoundedText best_text_;
  BoundedText current_text_;
  CandidateSink candidate_sink_;
  ContentWriter candidate_writer_;
  std::int64_t current_sum_ = 0;
  static constexpr std::int64_t kNoSegment = std::numeric_limits<std::int64_t>::min();
  std::int64_t best_sum_ = kNoSegment;
  std::uint64_t current_begin_ = 0;       // source offset where the candidate starts
  bool best_is_current_prefix_ = false;   // best = the current candidate up to best_prefix_size_
  std::size_t best_prefix_size_ = 0;
  SourceSpan best_span_;
  std::uint64_t current_words_ = 0;
  std::uint64_t best_words_ = 0;
  std::uint64_t best_net_text_ = 0;
};

std::unique_ptr<Algorithm> create_bte(MemoryBudget& budget);

}  // namespace winnow
