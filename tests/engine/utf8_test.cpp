// SPDX-License-Identifier: MIT
// Character counts of UTF-8 text of every sequence length, and suffixes.
#include "engine/utf8.h"

#include <gtest/gtest.h>

namespace winnow {
namespace {

TEST(Utf8, CountsCharactersNotBytes) {
  EXPECT_EQ(utf8_characters(""), 0u);
  EXPECT_EQ(utf8_characters("word"), 4u);
  EXPECT_EQ(utf8_characters("\xC3\xA9t\xC3\xA9"), 3u);                  // été: 2-byte sequences
  EXPECT_EQ(utf8_characters("\xE4\xB8\xAD\xE6\x96\x87"), 2u);            // 中文: 3-byte sequences
  EXPECT_EQ(utf8_characters("\xF0\x9F\x98\x80!"), 2u);                   // an emoji (4 bytes) and '!'
  EXPECT_EQ(utf8_characters("\xD0\x9C\xD0\xBE\xD1\x81\xD0\xBA\xD0\xB2\xD0\xB0"), 6u);  // Москва
}

TEST(Utf8, ASequenceCutAtEitherEndCountsOnlyItsLeadByte) {
  EXPECT_EQ(utf8_characters("\xB8\xAD" "a"), 1u);  // continuation bytes without their lead
  EXPECT_EQ(utf8_characters("a\xE4\xB8"), 2u);     // a lead byte whose sequence was cut
}

TEST(Utf8, EndsWith) {
  EXPECT_TRUE(ends_with("more...", "..."));
  EXPECT_TRUE(ends_with("\xE6\x96\x87\xE3\x80\x82", "\xE3\x80\x82"));  // 文。
  EXPECT_TRUE(ends_with("x", ""));
  EXPECT_FALSE(ends_with("..", "..."));
  EXPECT_FALSE(ends_with("more.", "..."));
  EXPECT_FALSE(ends_with("", "."));
}

}  // namespace
}  // namespace winnow
