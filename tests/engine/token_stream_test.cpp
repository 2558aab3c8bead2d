// SPDX-License-Identifier: MIT
#include "engine/token_stream.h"

#include <gtest/gtest.h>

#include <string>

namespace winnow {
namespace {

Token word() {
  Token t;
  t.kind = TokenKind::Word;
  return t;
}

TEST(TokenStream, AssignsSequenceNumbersAndKeepsAWindow) {
  MemoryBudget budget(64 * 1024);
  TokenStream stream(budget, 4, 1024);
  ASSERT_TRUE(stream.ok());
  for (int i = 0; i < 6; ++i) stream.push(word(), "w" + std::to_string(i));
  EXPECT_EQ(stream.begin_seq(), 2u);
  EXPECT_EQ(stream.end_seq(), 6u);
  EXPECT_EQ(stream.text(stream.at(5)), "w5");
  EXPECT_EQ(stream.text(stream.at(2)), "w2");
}

TEST(TokenStream, TextOfOverwrittenWordsIsReportedEmpty) {
  MemoryBudget budget(64 * 1024);
  TokenStream stream(budget, 100, 256);  // the arena is the limit here
  std::string long_word(100, 'x');
  stream.push(word(), long_word);
  const std::uint64_t first = stream.end_seq() - 1;
  for (int i = 0; i < 3; ++i) stream.push(word(), long_word);
  ASSERT_TRUE(stream.contains(first));
  EXPECT_TRUE(stream.text(stream.at(first)).empty());
  EXPECT_EQ(stream.text(stream.at(stream.end_seq() - 1)), long_word);
}

TEST(TokenStream, WordsNeverWrapInsideTheArena) {
  MemoryBudget budget(64 * 1024);
  TokenStream stream(budget, 100, 256);
  for (int i = 0; i < 50; ++i) {
    const std::string text(static_cast<std::size_t>(7 + i % 13), static_cast<char>('a' + i % 26));
    const Token& stored = stream.push(word(), text);
    EXPECT_EQ(stream.text(stored), text);
  }
}

// push_new() hands out the slot in place; a reused slot keeps its old fields
// except seq and the text's, which it sets (tags get no text, text_pos 0).
TEST(TokenStream, PushNewSetsSequenceAndTextOnAReusedSlot) {
  MemoryBudget budget(64 * 1024);
  TokenStream stream(budget, 2, 1024);
  Token old = word();
  old.text_pos = 99;
  old.word_index = 7;
  stream.push(old, "first");
  stream.push(old, "second");
  Token& tag = stream.push_new({});  // evicts "first", reuses its slot
  EXPECT_EQ(tag.seq, 2u);
  EXPECT_EQ(tag.text_size, 0u);
  EXPECT_EQ(tag.text_pos, 0u);
  EXPECT_EQ(tag.word_index, 7u) << "left for the producer to assign";
  Token& w = stream.push_new("third");
  EXPECT_EQ(w.seq, 3u);
  EXPECT_EQ(stream.text(w), "third");
  EXPECT_EQ(stream.begin_seq(), 2u);
  EXPECT_EQ(&stream.at(3), &w);
  const Token& kept = stream.push(old, {});  // push() keeps a tag's own text_pos, as before
  EXPECT_EQ(kept.text_pos, 99u);
  EXPECT_EQ(kept.seq, 4u);
}

TEST(TokenStream, TheTitleIsLowerCasedWhereverItsPiecesEnd) {
  MemoryBudget budget(1 << 16);
  TokenStream stream(budget, 4, 1024);
  // "Москва - NEWS" with the М's two bytes in two pieces, as text events may come.
  stream.append_title("\xD0");
  stream.append_title("\x9C\xD0\xBE\xD1\x81\xD0\xBA\xD0\xB2\xD0\xB0 - NEWS");
  EXPECT_EQ(stream.title(), "\xD0\xBC\xD0\xBE\xD1\x81\xD0\xBA\xD0\xB2\xD0\xB0 - news");
}

TEST(TokenStream, TheDescriptionIsTheFirstOneCutAtACharacter) {
  MemoryBudget budget(1 << 16);
  TokenStream stream(budget, 4, 1024);
  // 255 ASCII bytes, then "Ж" (two bytes) across the 256-byte limit.
  const std::string long_text = std::string(255, 'A') + "\xD0\x96 tail";
  stream.set_description(long_text);
  EXPECT_EQ(stream.description(), std::string(255, 'a')) << "no half character at the cut";
  stream.set_description("another");
  EXPECT_EQ(stream.description().size(), 255u) << "the first description stays";
  TokenStream cyrillic(budget, 4, 1024);
  cyrillic.set_description("\xD0\x9C\xD0\xBE\xD1\x81\xD0\xBA\xD0\xB2\xD0\xB0 NEWS");
  EXPECT_EQ(cyrillic.description(), "\xD0\xBC\xD0\xBE\xD1\x81\xD0\xBA\xD0\xB2\xD0\xB0 news");
}

TEST(TokenStream, TheOpenGraphTypeSaysWhetherThePageIsAStory) {
  MemoryBudget budget(1 << 16);
  for (const char* story : {"article", "Article", "blog", "news", "cwi:news_story", "newsarticle"}) {
    TokenStream stream(budget, 4, 1024);
    stream.set_page_kind(story);
    EXPECT_EQ(stream.page_kind(), PageKind::article) << story;
  }
  for (const char* other : {"website", "product", "product.group", "video.other", "profile"}) {
    TokenStream stream(budget, 4, 1024);
    stream.set_page_kind(other);
    EXPECT_EQ(stream.page_kind(), PageKind::other) << other;
  }
  TokenStream stream(budget, 4, 1024);
  EXPECT_EQ(stream.page_kind(), PageKind::undeclared);
  stream.set_page_kind("");
  EXPECT_EQ(stream.page_kind(), PageKind::undeclared) << "empty: nothing declared";
  stream.set_page_kind(std::string(100, 'x') + "article");
  EXPECT_EQ(stream.page_kind(), PageKind::other) << "read from its first 32 bytes";
  stream.set_page_kind("article");
  EXPECT_EQ(stream.page_kind(), PageKind::other) << "the first declaration stays";
}

TEST(TokenStream, TheTitleIsRepairedAsTheWordsAre) {
  MemoryBudget budget(1 << 16);
  TokenStream stream(budget, 4, 1024);
  stream.append_title("Caf\xC3\x83\xC2\xA9 owner\xC3\xA2\xE2\x82\xAC");  // CafÃ© ownerâ€ | ™s
  stream.append_title("\xE2\x84\xA2s story");
  EXPECT_EQ(stream.title(), "caf\xC3\xA9 owner\xC3\xA2\xE2\x82\xAC\xE2\x84\xA2s story")
      << "repaired within a piece; a run split between pieces stays";
}

TEST(TokenStream, TheDescriptionIsRepairedAsTheWordsAre) {
  MemoryBudget budget(1 << 16);
  TokenStream stream(budget, 4, 1024);
  stream.set_description("Caf\xC3\x83\xC2\xA9 owner\xC3\xA2\xE2\x82\xAC\xE2\x84\xA2s story");  // CafÃ© ownerâ€™s
  EXPECT_EQ(stream.description(), "caf\xC3\xA9 owner\xE2\x80\x99s story");
}

TEST(TokenStream, TheDescriptionsTrigramsMissNothingOfItAndFilterOtherWords) {
  MemoryBudget budget(1 << 16);
  TokenStream stream(budget, 4, 1024);
  const std::string text = "floods close the harbour road at dawn, \xE5\x9B\xBE\xE7\xBE\x8E";  // 图美
  stream.set_description(text);
  const Trigrams* trigrams = stream.page_text().description_trigrams;
  ASSERT_NE(trigrams, nullptr);
  for (std::size_t at = 0; at + 3 <= text.size(); ++at)
    EXPECT_TRUE(trigrams->may_contain(std::string_view(text).substr(at))) << "no false negative at " << at;
  std::size_t passed = 0;
  for (char c = 'a'; c <= 'z'; ++c) passed += trigrams->may_contain(std::string("qx") + c + "yz");
  EXPECT_LT(passed, 5u) << "36 trigrams in 1024 bits let few other words through";
}

// Every trigram of a word is looked up, not only its first: a word that
// begins as one of the text's but goes on otherwise does not pass.
TEST(TokenStream, TheTrigramsRejectAWordThatOnlyBeginsLikeOneOfTheText) {
  MemoryBudget budget(1 << 16);
  TokenStream stream(budget, 4, 1024);
  stream.set_description("there the harbour");
  const Trigrams* trigrams = stream.page_text().description_trigrams;
  ASSERT_NE(trigrams, nullptr);
  EXPECT_TRUE(trigrams->may_contain("there"));
  EXPECT_TRUE(trigrams->may_contain("harbour"));
  EXPECT_FALSE(trigrams->may_contain("theory")) << "'the' is in the text, 'heo' is not";
  EXPECT_FALSE(trigrams->may_contain("harbinger")) << "'har' is in the text, 'rbi' is not";
}

// The title comes in pieces (one per text event of <title>); a trigram
// across two pieces, and one whose letter was lowered only once its second
// byte came, is still found.
TEST(TokenStream, TheTitlesTrigramsCoverEveryPiece) {
  MemoryBudget budget(1 << 16);
  TokenStream stream(budget, 4, 1024);
  stream.append_title("Harbour wa");
  stream.append_title("ll \xD0");
  stream.append_title("\x9C\xD0\xBE\xD1\x81 rebuilt");
  const std::string_view title = stream.title();
  ASSERT_EQ(title, "harbour wall \xD0\xBC\xD0\xBE\xD1\x81 rebuilt");
  const Trigrams* trigrams = stream.page_text().title_trigrams;
  ASSERT_NE(trigrams, nullptr);
  for (std::size_t at = 0; at + 3 <= title.size(); ++at)
    EXPECT_TRUE(trigrams->may_contain(title.substr(at))) << "no false negative at " << at;
  std::size_t passed = 0;
  for (char c = 'a'; c <= 'z'; ++c) passed += trigrams->may_contain(std::string("qx") + c + "yz");
  EXPECT_LT(passed, 5u);
}

TEST(TokenStream, FailsCleanlyWhenTheBudgetIsTooSmall) {
  MemoryBudget budget(100);
  TokenStream stream(budget, 64, 4096);
  EXPECT_FALSE(stream.ok());
}

}  // namespace
}  // namespace winnow
