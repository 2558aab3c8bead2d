// SPDX-License-Identifier: MIT
#include "engine/article_end.h"

namespace winnow {

void ArticleEnd::kept(std::uint32_t words) {
  // After a gap the next kept block starts a new run. The strictness ends
  // with it, and comes back after the next gap only if that run is an
  // article of its own: a teaser kept even so does not make the story
  // before it longer.
  if (dropped_in_a_row_ >= kEndGapBlocks) run_words_ = 0;
  run_words_ += words;
  dropped_in_a_row_ = 0;
}

void ArticleEnd::dropped() {
  if (dropped_in_a_row_ < kEndGapBlocks) ++dropped_in_a_row_;
}

}  // namespace winnow
