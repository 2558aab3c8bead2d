// SPDX-License-Identifier: MIT
// The label a page puts on an advertisement ("Advertisement", "Sponsored",
// "Anzeige", "Реклама", "广告", "Story continues below advertisement"): a
// block whose whole text is one is never content, whatever surrounds it.
//
// Why a list of words and not the model: such a label usually sits between
// two paragraphs of the story (an ad slot in the middle of the article), and
// the default extractor's smoothing keeps a short block between two content
// blocks from a probability of about 0.005, so the trees' low score for it
// (0.1 to 0.2 where its element's class says "ad") does not drop it. On the
// development corpus the default wrote such a label on 55 pages; the gold
// keeps one on 6 (stop 73; adapters/learn/README.md). The labels are
// general words of many languages, no site's own: any page's reader reads
// them as the ad's, not the story's.
//
// Matching: engine/label_text.h (case, punctuation and the writers'
// markers do not matter; at most kMaxAdLabelBytes).
//
// Memory: none (a stack copy of at most kMaxAdLabelBytes); no state.
#pragma once

#include <cstddef>
#include <string_view>

#include "engine/label_text.h"

namespace winnow {

constexpr std::size_t kMaxAdLabelBytes = kMaxLabelBytes;

// Whether `text`, one block's words (as the writers render it, the block
// marker and line break markers allowed), is only an advertisement's label.
bool is_ad_label(std::string_view text);

}  // namespace winnow
