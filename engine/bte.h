// SPDX-License-Identifier: MIT
// BTE, Body Text Extraction (Finn, Kushmerick, Smyth 2001; seed 000 §5.2).
//
// Formula: with B_n = 1 for a tag token and 0 for a word token, choose i <= j
// maximising
//   T(i,j) = sum_{n<i} B_n + sum_{i<=n<=j} (1 - B_n) + sum_{n>j} B_n.
// Since the two outer sums equal (all tags) - (tags in [i,j]), T(i,j) is a
// constant plus sum_{i<=n<=j} v_n with v_n = +1 for a word and -1 for a tag:
// a maximum-sum segment, found online by Kadane's scan (engine/max_segment.h,
// shared with MSS). Ties go to the segment that ends first and, among those,
// starts last (the scan restarts whenever the running sum is <= 0).
//
// Parameters: none.
// State: a MaxSegment: running sum, best sum, their start/end source offsets
// (O(1)), plus the rendered text of the best segment and of the current
// candidate, each a BoundedText charged to the budget.
// Memory bound: 2 * (text of the longest candidate) bytes, capped by the
// budget. When a candidate outgrows what the budget has left, its text stops
// growing, the budget is marked exceeded (the extractor then stops reading
// input) and the best segment seen so far is written, its span exact and its
// text cut at the cap.
// Output delay: unbounded — no segment is final before the end of the
// document, so everything is written by finish().
#pragma once

#include <cstdint>
#include <memory>

#include "engine/algorithm.h"
#include "engine/max_segment.h"
#include "engine/memory_budget.h"

namespace winnow {

class Bte final : public Algorithm {
 public:
  explicit Bte(MemoryBudget& budget) : segment_(budget) {}
  void on_token(const Token& token, std::string_view text, const TokenStream& stream,
                ContentWriter& out) override;
  void finish(ContentWriter& out) override;

  std::int64_t best_score() const { return segment_.best_sum(); }

 private:
  MaxSegment segment_;
};

std::unique_ptr<Algorithm> create_bte(MemoryBudget& budget);

}  // namespace winnow
