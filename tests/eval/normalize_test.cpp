// SPDX-License-Identifier: MIT
// Tests of normalize.h: whitespace collapse for characters, word splitting
// with lowercasing, punctuation as separator and one word per CJK character.
#include "adapters/eval/normalize.h"

#include <gtest/gtest.h>

namespace winnow::eval {
namespace {

using Words = std::vector<std::string>;

TEST(NormalizeCharacters, CollapsesAndTrimsWhitespaceKeepsCaseAndPunctuation) {
  EXPECT_EQ(normalize_characters("  Hello,\n\n\t world!  "), U"Hello, world!");
  EXPECT_EQ(normalize_characters("a\xC2\xA0\xC2\xA0" "b"), U"a b");  // NBSP is whitespace
  EXPECT_EQ(normalize_characters("line one\r\nline two\n"), U"line one line two");
}

TEST(NormalizeCharacters, DropsInvisibleCharacters) {
  // Soft hyphen, zero-width joiner, BOM and a bell vanish without a trace.
  EXPECT_EQ(normalize_characters("\xEF\xBB\xBFhy\xC2\xAD" "phen\xE2\x80\x8D\x07"), U"hyphen");
}

TEST(NormalizeCharacters, EmptyAndBlankTextsAreEmpty) {
  EXPECT_EQ(normalize_characters(""), U"");
  EXPECT_EQ(normalize_characters(" \n\t "), U"");
}

TEST(SplitWords, LowercasesAndSplitsAtPunctuationAndSymbols) {
  EXPECT_EQ(split_words("The cat, the HAT!"), (Words{"the", "cat", "the", "hat"}));
  EXPECT_EQ(split_words("e-mail (2024) costs $3.50"),
            (Words{"e", "mail", "2024", "costs", "3", "50"}));
  EXPECT_EQ(split_words("don't—stop"), (Words{"don", "t", "stop"}));
  EXPECT_EQ(split_words("«Ünïcödé» ΑΘΗΝΑ"), (Words{"ünïcödé", "αθηνα"}));
}

TEST(SplitWords, LineBreaksTabsAndNbspSeparate) {
  EXPECT_EQ(split_words("one\ntwo\tthree\xC2\xA0" "four"),
            (Words{"one", "two", "three", "four"}));
}

TEST(SplitWords, CombiningMarksStayInTheirWord) {
  // "é" as e + U+0301 and the Devanagari word "किताब" (with vowel signs).
  EXPECT_EQ(split_words("cafe\xCC\x81 \xE0\xA4\x95\xE0\xA4\xBF\xE0\xA4\xA4\xE0\xA4\xBE\xE0\xA4\xAC"),
            (Words{"cafe\xCC\x81", "\xE0\xA4\x95\xE0\xA4\xBF\xE0\xA4\xA4\xE0\xA4\xBE\xE0\xA4\xAC"}));
  // A mark with no word before it is no word.
  EXPECT_EQ(split_words(" \xCC\x81 a"), (Words{"a"}));
}

TEST(SplitWords, EachCjkCharacterIsOneWord) {
  EXPECT_EQ(split_words("今天天气很好。"), (Words{"今", "天", "天", "气", "很", "好"}));
  EXPECT_EQ(split_words("日本語のテキスト"),
            (Words{"日", "本", "語", "の", "テ", "キ", "ス", "ト"}));
  EXPECT_EQ(split_words("한국어"), (Words{"한", "국", "어"}));
  // Latin next to Han without a space still splits: "GDP增长" -> gdp, 增, 长.
  EXPECT_EQ(split_words("GDP增长3%"), (Words{"gdp", "增", "长", "3"}));
}

TEST(SplitWords, InvisibleCharactersDoNotSplitWords) {
  EXPECT_EQ(split_words("hy\xC2\xAD" "phen"), (Words{"hyphen"}));
}

TEST(SplitWords, NothingButPunctuationHasNoWords) {
  EXPECT_TRUE(split_words("... -- !!").empty());
  EXPECT_TRUE(split_words("").empty());
}

TEST(WordIds, SameWordSameIdAcrossCalls) {
  WordIds ids;
  const auto a = ids.ids({"x", "y", "x"});
  const auto b = ids.ids({"y", "z"});
  EXPECT_EQ(a[0], a[2]);
  EXPECT_NE(a[0], a[1]);
  EXPECT_EQ(b[0], a[1]);
  EXPECT_EQ(ids.size(), 3u);
}

}  // namespace
}  // namespace winnow::eval
