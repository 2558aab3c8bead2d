// SPDX-License-Identifier: MIT
// Sentence ends and commas across scripts.
#include "engine/punctuation.h"

#include <gtest/gtest.h>

#include <string>

namespace winnow {
namespace {

TEST(Punctuation, EndsSentencesOfEveryListedScript) {
  for (const char* word : {"end.", "now!", "why?", "τέλος.", "πού;", "πού\xCD\xBE" /* U+037E */, "վերջ։", "لماذا؟", "انتهى۔",
                           "समाप्त।", "समाप्त॥", "ပြီး။", "ተፈጸመ።", "ለምን፧", "ចប់។", "wow‼", "了。", "好！",
                           "吗？", "ｅｎｄ．", "終わり｡", "."})
    EXPECT_TRUE(ends_sentence(word)) << word;
}

TEST(Punctuation, AMarkBeforeClosingQuotesAndBracketsStillEndsTheSentence) {
  for (const char* word : {"said.”", "said.\"", "(sic.)", "[end.]", "fin.»", "„Ende.“", "‚Ende.‘", "it.’”",
                           "了。」", "吗？』", "了。）", "{done!}", "πού;»"})
    EXPECT_TRUE(ends_sentence(word)) << word;
}

TEST(Punctuation, OtherEndingsDoNot) {
  for (const char* word : {"", "word", "clause,", "list:", "and;", "teaser…", "more...x", "”", "\"", "(a)",
                           "1990", "中文", "said”", "U+", "\x80", "\xE3\x80"})
    EXPECT_FALSE(ends_sentence(word)) << word;
  EXPECT_TRUE(ends_sentence("more...")) << "three dots end in '.', as they always did";
}

// The marks are compared as numbers packing a character's bytes and their
// count: a character whose bytes differ from a mark's only in the last, or
// that holds a mark's bytes and one more, is still no mark.
TEST(Punctuation, ACharacterThatOnlyResemblesAMarkIsNone) {
  for (const char* word : {"\xE3\x80\x83" /* U+3003, beside the full stop U+3002 */, "x\xE3\x80\x82\x80",
                           "\xF0\x9F\x98\x80" /* an emoji: four bytes */, "\x82", "\xE3\x80\x8E" /* U+300E opens */})
    EXPECT_FALSE(ends_sentence(word)) << word;
  EXPECT_TRUE(ends_sentence("\xE3\x80\x82\xE3\x80\x8F")) << "。』: the closer U+300F, then the full stop";
  EXPECT_EQ(comma_length("\xE3\x80\x82", 0), 0u) << "U+3002 beside the comma U+3001";
  EXPECT_EQ(comma_length("\xF0\x9F\x98\x80", 0), 0u);
}

TEST(Punctuation, GreekQuestionMarkOnlyInAGreekWord) {
  EXPECT_TRUE(ends_sentence("πάμε;"));
  EXPECT_FALSE(ends_sentence("next;")) << "';' ends an English clause, not a sentence";
  EXPECT_FALSE(ends_sentence("next;”"));
}

TEST(Punctuation, CommasOfEveryListedScriptAndTheirLengths) {
  const std::string words[] = {",", "،", "၊", "፣", "、", "，", "､", "՝"};
  for (const std::string& w : words) EXPECT_EQ(comma_length(w, 0), w.size()) << w;
  const std::string clause = "a,b،c";
  EXPECT_EQ(comma_length(clause, 0), 0u);
  EXPECT_EQ(comma_length(clause, 1), 1u);
  EXPECT_EQ(comma_length(clause, 3), 2u);
  EXPECT_EQ(comma_length(clause, 4), 0u) << "inside the Arabic comma's bytes";
  EXPECT_EQ(comma_length(clause, clause.size()), 0u);
  EXPECT_EQ(comma_length("。", 0), 0u) << "a full stop is no comma";
  EXPECT_EQ(comma_length("\xEF\xBC", 0), 0u) << "a comma cut short is none";
}

}  // namespace
}  // namespace winnow
