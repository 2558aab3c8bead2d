// SPDX-License-Identifier: MIT
#include "engine/discussion.h"

#include <gtest/gtest.h>

#include "engine/block_shape.h"
#include "engine/semantics.h"

namespace winnow {
namespace {

BlockStats block(std::uint32_t words, bool comment, std::uint32_t anchor_words = 0, std::uint8_t heading = 0) {
  BlockStats b;
  b.words = words;
  b.anchor_words = anchor_words;
  b.heading_level = heading;
  b.semantics = comment ? kSemComment : 0u;
  return b;
}

constexpr std::uint32_t kPost = DiscussionReading::kPostWords;

TEST(DiscussionReading, APostBeforeAnyStoryMakesTheThread) {
  DiscussionReading reading;
  EXPECT_FALSE(reading.closed(block(3, false), "Byte Forum new past"));
  reading.scored(block(3, false), 0.9f);  // a title: too short to be a story
  EXPECT_FALSE(reading.closed(block(4, true), "quillfeather 5 hours ago"));
  EXPECT_FALSE(reading.discussion());
  EXPECT_TRUE(reading.closed(block(kPost, true), "We did almost exactly the same migration"));
  EXPECT_TRUE(reading.discussion());
  EXPECT_FALSE(reading.closed(block(kPost, true), "a second post")) << "only the first post reports the turn";
  EXPECT_TRUE(reading.discussion());
}

TEST(DiscussionReading, AStoryScoredFirstMakesThePageAStory) {
  DiscussionReading reading;
  reading.closed(block(DiscussionReading::kStoryWords, false), "The story's first paragraph");
  reading.scored(block(DiscussionReading::kStoryWords, false), 0.5f);
  EXPECT_FALSE(reading.closed(block(kPost, true), "A reader's long comment"));
  EXPECT_FALSE(reading.discussion());
}

TEST(DiscussionReading, AnUnlikelyOrShortBlockOutsideTheCueIsNoStory) {
  DiscussionReading reading;
  reading.scored(block(DiscussionReading::kStoryWords, false), 0.49f);  // a sidebar's blurb
  reading.scored(block(DiscussionReading::kStoryWords - 1, false), 0.95f);
  reading.scored(block(40, true), 0.9f);  // under the cue: no story either
  EXPECT_TRUE(reading.closed(block(kPost, true), "the first post"));
}

TEST(DiscussionReading, AnAnnouncedCommentSectionIsAStorys) {
  DiscussionReading reading;
  EXPECT_FALSE(reading.closed(block(9, true), "{ 2 comments\xE2\x80\xA6 read them below or add one }"));
  EXPECT_FALSE(reading.closed(block(kPost, true), "Nook Nook :) I am hooked"));
  EXPECT_FALSE(reading.discussion()) << "a picture's post with its comments after it";
}

TEST(DiscussionReading, ShortRepliesBeforeTheFirstLongOneMakeItAStorysComments) {
  DiscussionReading reading;
  for (std::uint32_t i = 0; i < DiscussionReading::kShortRepliesAllowed; ++i)
    EXPECT_FALSE(reading.closed(block(DiscussionReading::kReplyWords, true), "Congratulations, and blessings!"));
  EXPECT_TRUE(reading.closed(block(kPost, true), "a first long post")) << "a thread's opening lines are allowed";

  DiscussionReading blog;
  for (std::uint32_t i = 0; i <= DiscussionReading::kShortRepliesAllowed; ++i)
    blog.closed(block(DiscussionReading::kReplyWords, true), "Congratulations, and blessings!");
  EXPECT_FALSE(blog.closed(block(kPost, true), "a long comment after short ones"));
  EXPECT_FALSE(blog.discussion());

  DiscussionReading cards;
  for (int i = 0; i < 10; ++i) cards.closed(block(DiscussionReading::kReplyWords - 1, true), "Rabbids Members 1");
  EXPECT_TRUE(cards.closed(block(kPost, true), "the post")) << "authors' cards are no replies";
}

TEST(DiscussionReading, AHeadingOrALinkedBlockIsNoPost) {
  EXPECT_FALSE(DiscussionReading().closed(block(kPost, true, 0, 2), "a heading under the cue"));
  EXPECT_FALSE(DiscussionReading().closed(block(kPost, true, kPost / 5 + 1), "recent comments: a list of links"));
  EXPECT_FALSE(DiscussionReading().closed(block(kPost - 1, true), "one word short"));
  EXPECT_TRUE(DiscussionReading().closed(block(kPost, true, kPost / 5 - 1), "a post with a link in it"));
}

// A comment set as a list's item is a story's comment list (WordPress's
// ol.commentlist; a news site's sidebar of readers' comments set before its
// story in the source): no thread's first post.
TEST(DiscussionReading, ACommentInAListItemIsNoPost) {
  for (const BlockKind kind : {BlockKind::ListItem, BlockKind::OrderedListItem}) {
    BlockStats item = block(kPost, true);
    item.block_shape = static_cast<std::uint16_t>(kind);
    DiscussionReading reading;
    EXPECT_FALSE(reading.closed(item, "When will you all realize what this means for the rest of us")) << int(kind);
    EXPECT_FALSE(reading.discussion());
  }
  BlockStats cell = block(kPost, true);
  cell.block_shape = static_cast<std::uint16_t>(BlockKind::TableCell);
  EXPECT_TRUE(DiscussionReading().closed(cell, "a post in a table layout's cell"));
}

}  // namespace
}  // namespace winnow
