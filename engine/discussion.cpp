// SPDX-License-Identifier: MIT
#include "engine/discussion.h"

#include "engine/block_shape.h"
#include "engine/interface_label.h"
#include "engine/semantics.h"

namespace winnow {

bool DiscussionReading::closed(const BlockStats& block, std::string_view text) {
  if (reading_ != Reading::undecided) return false;
  if (block.words <= kAnnouncementWords && announces_comments(text)) {
    reading_ = Reading::story;
    return false;
  }
  if ((block.semantics & kSemComment) == 0) return false;
  const std::uint32_t unlinked = block.words - block.anchor_words;
  const BlockKind kind = static_cast<BlockKind>(block.block_shape & kBlockKindMask);
  const bool listed = kind == BlockKind::ListItem || kind == BlockKind::OrderedListItem;
  const bool post =
      block.words >= kPostWords && unlinked * 5 > block.words * 4 && block.heading_level == 0 && !listed;
  if (post) {
    reading_ = Reading::discussion;
    return true;
  }
  if (unlinked >= kReplyWords && ++short_replies_ > kShortRepliesAllowed) reading_ = Reading::story;
  return false;
}

void DiscussionReading::scored(const BlockStats& block, float probability) {
  if (reading_ == Reading::undecided && (block.semantics & kSemComment) == 0 && block.words >= kStoryWords &&
      probability >= 0.5f)
    reading_ = Reading::story;
}

}  // namespace winnow
