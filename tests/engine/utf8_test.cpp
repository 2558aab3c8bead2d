// SPDX-License-Identifier: MIT
// Character counts of UTF-8 text of every sequence length, suffixes, and
// the encoder of a code point.
#include "engine/utf8.h"

#include <gtest/gtest.h>

#include <string>

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

TEST(Utf8, DecodesEachSequenceLengthAndToleratesWhatCannotOccur) {
  std::uint32_t cp = 0;
  EXPECT_EQ(decode_utf8("A", 0, &cp), 1u);
  EXPECT_EQ(cp, U'A');
  EXPECT_EQ(decode_utf8("x\xC3\xA9", 1, &cp), 2u);
  EXPECT_EQ(cp, 0xE9u);
  EXPECT_EQ(decode_utf8("\xE5\x8C\x97", 0, &cp), 3u);
  EXPECT_EQ(cp, 0x5317u);
  EXPECT_EQ(decode_utf8("\xF0\x9F\x98\x80", 0, &cp), 4u);
  EXPECT_EQ(cp, 0x1F600u);
  EXPECT_EQ(decode_utf8("\xA9", 0, &cp), 1u) << "a stray continuation byte";
  EXPECT_EQ(decode_utf8("\xE5\x8C", 0, &cp), 2u) << "a sequence cut by the end";
}

std::string encoded(char32_t c) {
  char bytes[4];
  return std::string(bytes, encode_utf8(c, bytes));
}

TEST(Utf8, EncodesEachSequenceLengthAtItsBounds) {
  EXPECT_EQ(encoded(U'A'), "A");
  EXPECT_EQ(encoded(0x7F), "\x7F");
  EXPECT_EQ(encoded(0x80), "\xC2\x80");
  EXPECT_EQ(encoded(0x7FF), "\xDF\xBF");
  EXPECT_EQ(encoded(0x800), "\xE0\xA0\x80");
  EXPECT_EQ(encoded(0x5317), "\xE5\x8C\x97");  // 北
  EXPECT_EQ(encoded(0xFFFF), "\xEF\xBF\xBF");
  EXPECT_EQ(encoded(0x10000), "\xF0\x90\x80\x80");
  EXPECT_EQ(encoded(0x10FFFF), "\xF4\x8F\xBF\xBF");
}

TEST(Utf8, WhatUtf8CannotHoldBecomesTheReplacementCharacter) {
  for (const char32_t c : {char32_t{0xD800}, char32_t{0xDC00}, char32_t{0xDFFF}, char32_t{0x110000}, char32_t{0xFFFFFFFF}})
    EXPECT_EQ(encoded(c), "\xEF\xBF\xBD") << static_cast<unsigned long>(c);
}

TEST(Utf8, ACheapLookForCjkIdeographsFindsTheirLeadBytes) {
  EXPECT_TRUE(may_hold_cjk_ideograph("来源：新民晚报"));
  EXPECT_TRUE(may_hold_cjk_ideograph("see \xE4\xB8\x80"));  // 一, U+4E00
  EXPECT_TRUE(may_hold_cjk_ideograph("\xE9\xBE\xA5"));       // U+9FA5
  EXPECT_FALSE(may_hold_cjk_ideograph("Plain ASCII text"));
  EXPECT_FALSE(may_hold_cjk_ideograph("Ελληνικά, русский"));
  EXPECT_FALSE(may_hold_cjk_ideograph("\xE3\x80\x82"));  // 。 leads with 0xE3
  EXPECT_FALSE(may_hold_cjk_ideograph(""));
}

TEST(Utf8, ContainsAnyOfAList) {
  constexpr std::string_view kNames[] = {"来源", "source"};
  EXPECT_TRUE(contains_any("2012 来源：新民晚报", kNames, 2));
  EXPECT_TRUE(contains_any("the source", kNames, 2));
  EXPECT_FALSE(contains_any("Source", kNames, 2)) << "as written, no case folding";
  EXPECT_FALSE(contains_any("来源", kNames, 0));
}

}  // namespace
}  // namespace winnow
