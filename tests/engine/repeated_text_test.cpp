// SPDX-License-Identifier: MIT
#include "engine/repeated_text.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace winnow {
namespace {

RepeatedText::Block block(const std::string& text, std::uint32_t words = 20) {
  return {RepeatedText::fingerprint(text), words};
}

// Writes the blocks as an extractor would: each kept, then written unless
// left out. Returns which were left out, in order.
std::string keep_all(RepeatedText& repeated, const std::vector<RepeatedText::Block>& blocks) {
  std::string left_out;
  for (std::size_t i = 0; i < blocks.size(); ++i) {
    const RepeatedText::Block* next = i + 1 < blocks.size() ? &blocks[i + 1] : nullptr;
    const bool out = repeated.leaves_out(blocks[i], next);
    if (!out) repeated.written(blocks[i]);
    left_out += out ? '-' : 'w';
  }
  return left_out;
}

TEST(RepeatedText, AFingerprintIgnoresWhitespaceOnly) {
  EXPECT_EQ(RepeatedText::fingerprint("the story\nsays"), RepeatedText::fingerprint("the  story says"));
  EXPECT_EQ(RepeatedText::fingerprint("the story says"), RepeatedText::fingerprint("\tthe story says \r\n"));
  EXPECT_NE(RepeatedText::fingerprint("the story says"), RepeatedText::fingerprint("the story said"));
  EXPECT_NE(RepeatedText::fingerprint("The story says"), RepeatedText::fingerprint("the story says"));
}

TEST(RepeatedText, RemembersWhatWasWritten) {
  RepeatedText repeated;
  const auto story = block("the story");
  EXPECT_FALSE(repeated.was_written(story.fingerprint));
  repeated.written(story);
  EXPECT_TRUE(repeated.was_written(story.fingerprint));
  EXPECT_FALSE(repeated.was_written(RepeatedText::fingerprint("another story")));
  // A short block is no copy, so it takes no place.
  const auto share = block("Share", RepeatedText::kMinWords - 1);
  repeated.written(share);
  EXPECT_FALSE(repeated.was_written(share.fingerprint));
}

TEST(RepeatedText, ASecondCopyOfARunIsLeftOutWhole) {
  RepeatedText repeated;
  const auto a = block("first paragraph"), b = block("second paragraph"), c = block("third paragraph");
  const auto after = block("a reader's comment");
  // The first copy's blocks are written; the second copy's first block goes
  // because the next one copies too, the others because the one before did;
  // what follows the copy is written again.
  EXPECT_EQ(keep_all(repeated, {a, b, c, a, b, c, after}), "www---w");
}

TEST(RepeatedText, AsksForTheNextBlockOnlyWhenItDecides) {
  RepeatedText repeated;
  const auto a = block("first paragraph"), b = block("second paragraph");
  EXPECT_FALSE(repeated.needs_next(a)) << "nothing written yet";
  EXPECT_EQ(keep_all(repeated, {a, b}), "ww");
  EXPECT_TRUE(repeated.needs_next(a)) << "a copy after a block that was none";
  EXPECT_TRUE(repeated.leaves_out(a, &b));
  EXPECT_FALSE(repeated.needs_next(b)) << "the block before was a copy: that decides";
  EXPECT_TRUE(repeated.leaves_out(b, nullptr));
  EXPECT_FALSE(repeated.needs_next(block("a new paragraph"))) << "no copy";
}

TEST(RepeatedText, ATextRepeatedAloneIsWritten) {
  RepeatedText repeated;
  const auto a = block("the story's key sentence"), b = block("second paragraph"), c = block("third paragraph");
  // A pull quote: a copy, but neither neighbour is one.
  EXPECT_EQ(keep_all(repeated, {a, b, a, c}), "wwww");
}

TEST(RepeatedText, AParagraphRepeatedInARowIsThePagesOwn) {
  RepeatedText repeated;
  const auto lorem = block("lorem ipsum dolor sit amet");
  EXPECT_EQ(keep_all(repeated, {lorem, lorem, lorem, lorem}), "wwww");
  // Nor does a paragraph repeated in a row make a run of two texts: each
  // repeat is the kept block's just before it.
  RepeatedText other;
  const auto title = block("a heading of four words");
  EXPECT_EQ(keep_all(other, {title, lorem, lorem, lorem}), "wwww");
}

TEST(RepeatedText, ShortBlocksAreNoCopies) {
  RepeatedText repeated;
  const auto share = block("Share", 1), print = block("Print this", 2);
  const auto a = block("first paragraph"), b = block("second paragraph");
  EXPECT_EQ(keep_all(repeated, {share, print, a, b, share, print, share, print}), "wwwwwwww");
  // A short block just before a copy does not hide it: the copy's next
  // block copies too.
  RepeatedText again;
  EXPECT_EQ(keep_all(again, {a, b, share, a, b}), "www--");
}

TEST(RepeatedText, RemembersTheFirstTextsOnly) {
  RepeatedText repeated;
  for (std::size_t i = 0; i < RepeatedText::kRemembered + 10; ++i)
    repeated.written(block("paragraph " + std::to_string(i)));
  EXPECT_TRUE(repeated.was_written(RepeatedText::fingerprint("paragraph 0")));
  EXPECT_TRUE(repeated.was_written(
      RepeatedText::fingerprint("paragraph " + std::to_string(RepeatedText::kRemembered - 1))));
  EXPECT_FALSE(repeated.was_written(
      RepeatedText::fingerprint("paragraph " + std::to_string(RepeatedText::kRemembered))));
}

}  // namespace
}  // namespace winnow
