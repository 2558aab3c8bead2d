// SPDX-License-Identifier: MIT
// Block statistics and features: what a block's words add up to, and which
// markup cues the block as a whole carries.
#include "engine/block_features.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdint>

#include "engine/semantics.h"

namespace winnow {
namespace {

Token word(std::uint32_t semantics, std::uint8_t flags = 0) {
  Token t;
  t.kind = TokenKind::Word;
  t.block_tag = Tag::p;
  t.semantics = semantics;
  t.flags = flags;
  return t;
}

std::size_t index_of(const char* name) {
  for (std::size_t i = 0; i < kBlockFeatureCount; ++i)
    if (std::string_view(block_feature_name(i)) == name) return i;
  ADD_FAILURE() << "no feature " << name;
  return 0;
}

TEST(BlockStats, CarriesOnlyTheCuesEveryWordHas) {
  // <div class="article"><p><a class="comments-count">0</a> The council voted ...</p></div>
  BlockStats block;
  block.add_word(word(kSemArticle | kSemComment, kTokenInAnchor), "0", PageText{});
  block.add_word(word(kSemArticle), "The", PageText{});
  block.add_word(word(kSemArticle), "council", PageText{});
  EXPECT_EQ(block.semantics, kSemArticle) << "a link opening the paragraph does not make it a comment";

  BlockStats byline;  // <p><span class="byline">By Ann Lee</span></p>
  byline.add_word(word(kSemByline), "By", PageText{});
  byline.add_word(word(kSemByline), "Ann", PageText{});
  EXPECT_EQ(byline.semantics, kSemByline) << "an inline element around all of the block still counts";
}

TEST(BlockStats, CountsTheSeparatorsBetweenLinks) {
  // <nav><a>Inchkeel</a> · <a>Skerrow</a> | <a>Marrowby Pier</a> »</nav>
  BlockStats bar;
  bar.add_word(word(kSemNavigation, kTokenInAnchor), "Inchkeel", PageText{});
  bar.add_word(word(kSemNavigation), "\xC2\xB7", PageText{});
  bar.add_word(word(kSemNavigation, kTokenInAnchor), "Skerrow", PageText{});
  bar.add_word(word(kSemNavigation), "|", PageText{});
  bar.add_word(word(kSemNavigation, kTokenInAnchor), "Marrowby", PageText{});
  bar.add_word(word(kSemNavigation, kTokenInAnchor), "\xC2\xBB", PageText{});
  bar.add_word(word(kSemNavigation), "Pier", PageText{});
  EXPECT_EQ(bar.anchor_words, 4u);
  EXPECT_EQ(bar.unlinked_separators, 2u) << "a separator inside a link is a link's word";
}

// The count features are log1p of the counts, whether a count comes from
// the table of small counts or past its end, for the block and for each
// neighbour.
TEST(BlockFeatures, CountsAreTheirLog1pOnBothSidesOfTheTable) {
  for (const std::uint32_t n : {0u, 1u, 7u, 1022u, 1023u, 1024u, 1025u, 100000u}) {
    BlockStats b;
    b.words = n;
    b.chars = n + 1;
    b.sentence_ends = n;
    b.tags_before = n;
    float f[kBlockFeatureCount];
    block_features(b, true, b, b, true, f);
    EXPECT_EQ(f[index_of("log_words")], std::log1p(static_cast<float>(n))) << n;
    EXPECT_EQ(f[index_of("log_chars")], std::log1p(static_cast<float>(n + 1))) << n;
    EXPECT_EQ(f[index_of("log_sentences")], std::log1p(static_cast<float>(n))) << n;
    EXPECT_EQ(f[index_of("log_tags_before")], std::log1p(static_cast<float>(n))) << n;
    EXPECT_EQ(f[index_of("prev_log_words")], std::log1p(static_cast<float>(n))) << n;
    EXPECT_EQ(f[index_of("next_sentences")], std::log1p(static_cast<float>(n))) << n;
  }
}

// A declared region's two features: a block after it reads "after" and not
// "inside", a block in it the other way round.
void expect_region_features(const BlockStats& after, const BlockStats& in, const char* after_feature,
                            const char* in_feature) {
  float f[kBlockFeatureCount];
  block_features(BlockStats{}, false, after, BlockStats{}, false, f);
  EXPECT_EQ(f[index_of(after_feature)], 1.0f);
  EXPECT_EQ(f[index_of(in_feature)], 0.0f);
  block_features(BlockStats{}, false, in, BlockStats{}, false, f);
  EXPECT_EQ(f[index_of(after_feature)], 0.0f);
  EXPECT_EQ(f[index_of(in_feature)], 1.0f);
}

TEST(BlockStats, KnowsWhetherItFollowsTheMainLandmark) {
  PageText ended;
  ended.main_landmark_ended = true;
  BlockStats inside;  // inside a second landmark, after the first one ended
  inside.add_word(word(kSemMainLandmark | kSemContent), "Story", ended);
  EXPECT_FALSE(inside.after_main_landmark);
  BlockStats footer;
  footer.add_word(word(kSemFooter), "Imprint", ended);
  EXPECT_TRUE(footer.after_main_landmark);
  BlockStats before;
  before.add_word(word(kSemNavigation), "Menu", PageText{});
  EXPECT_FALSE(before.after_main_landmark) << "before the landmark ends nothing is known";
  expect_region_features(footer, inside, "after_main_landmark", "sem_main_landmark");
}

TEST(BlockStats, KnowsWhetherItFollowsTheDeclaredArticleBody) {
  PageText ended;
  ended.declared_body_ended = true;
  BlockStats comments;
  comments.add_word(word(kSemComment), "Reply", ended);
  EXPECT_TRUE(comments.after_declared_body);
  EXPECT_FALSE(comments.after_main_landmark);
  BlockStats post;  // a forum's next post, itemprop="text" again
  post.add_word(word(kSemArticle | kSemDeclaredBody), "Agreed", ended);
  EXPECT_FALSE(post.after_declared_body);
  expect_region_features(comments, post, "after_declared_body", "sem_declared_body");
}

TEST(BlockStats, CountsCharactersLinksAndTitleWords) {
  BlockStats block;
  block.add_word(word(0), "Harbour", PageText{"the harbour wall", ""});
  block.add_word(word(0, kTokenInAnchor), "wall,", PageText{"the harbour wall", ""});
  block.add_word(word(0), "rebuilt.", PageText{"the harbour wall", ""});
  EXPECT_EQ(block.words, 3u);
  EXPECT_EQ(block.chars, 7u + 5u + 8u);
  EXPECT_EQ(block.anchor_chars, 5u);
  EXPECT_EQ(block.title_words, 2u) << "case and trailing punctuation are ignored";
  EXPECT_EQ(block.commas, 1u);
  EXPECT_EQ(block.sentence_ends, 1u);

  MemoryBudget budget(1 << 16);
  TokenStream stream(budget, 4, 1024);
  stream.append_title("The Harbour ");
  stream.append_title("Wall \xE5\x9B\xBE");  // 图
  BlockStats filtered;
  for (const char* w : {"Harbour", "wall,", "rebuilt.", "walls", "\xE5\x9B\xBE", "\xE7\xBE\x8E"})
    filtered.add_word(word(0, 0), w, stream.page_text());
  EXPECT_EQ(filtered.title_words, 3u) << "the trigram filter skips searches, not words: harbour, wall, 图";
}

// Each Thai letter is a word (the tokenizer splits scripts written without
// spaces a word per character), and one of some seventy letters is in almost
// any Thai title: a letter after another is looked up as the pair.
TEST(BlockStats, LooksUpTheLettersOfAScriptWithoutSpacesInTheTitleInPairs) {
  const PageText page{"ข่าววันนี้", ""};  // "today's news"
  LetterPair letters;  // one block's, as the extractor keeps it: each block below starts afresh
  const auto add = [&page, &letters](BlockStats& block, const char* text, bool glued) {
    if (block.words == 0) letters = LetterPair{};
    block.add_word(word(0, kTokenCjk | (glued ? kTokenGlued : 0)), text, page, &letters);
  };
  BlockStats headline;  // the title's own words: each pair is in it
  bool glued = false;
  for (const char* letter : {"ข", "่", "า", "ว", "ว", "ั", "น", "น", "ี", "้"}) {
    add(headline, letter, glued);
    glued = true;
  }
  EXPECT_EQ(headline.title_words, 10u);
  BlockStats other;  // the title's letters in another order: only the first counts
  add(other, "น", false);
  add(other, "ว", true);
  add(other, "ข", true);
  EXPECT_EQ(other.title_words, 1u);
  BlockStats spaced;  // a letter after a space starts a run and is looked up alone
  add(spaced, "ข", false);
  add(spaced, "ว", false);
  add(spaced, "น", true);
  EXPECT_EQ(spaced.title_words, 2u) << "ข, ว; not วน";
  BlockStats alone;  // without the pair's state every letter is looked up alone
  for (const char* letter : {"น", "ว", "ข"}) alone.add_word(word(0, kTokenCjk | kTokenGlued), letter, page);
  EXPECT_EQ(alone.title_words, 3u);
  BlockStats ideographs;  // an ideograph says something alone, whatever comes before it
  const PageText chinese{"图书馆", ""};
  letters = LetterPair{};
  ideographs.add_word(word(0, kTokenCjk), "馆", chinese, &letters);
  ideographs.add_word(word(0, kTokenCjk | kTokenGlued), "图", chinese, &letters);
  EXPECT_EQ(ideographs.title_words, 2u);
}

TEST(BlockStats, CountsTheLongerWordsOfTheDescription) {
  const std::string_view description = "floods close the harbour road at dawn";
  BlockStats block;
  for (const char* w : {"The", "harbour", "road,", "closed", "at", "dawn."}) block.add_word(word(0), w, PageText{"", description});
  EXPECT_EQ(block.description_words, 3u) << "harbour, road and dawn; the, at: too short to tell";
  EXPECT_TRUE(block.page_described);
  BlockStats none;
  none.add_word(word(0), "harbour", PageText{});
  EXPECT_EQ(none.description_words, 0u);
  EXPECT_FALSE(none.page_described);
  MemoryBudget budget(1 << 16);
  TokenStream stream(budget, 4, 1024);
  stream.set_description(description);
  BlockStats filtered;
  for (const char* w : {"The", "harbour", "road,", "closed", "at", "dawn."}) filtered.add_word(word(0), w, stream.page_text());
  EXPECT_EQ(filtered.description_words, 3u) << "the trigram filter skips searches, not words";
  const std::size_t share = index_of("description_share"), described = index_of("has_description");
  float f[kBlockFeatureCount];
  block_features(BlockStats(), false, block, BlockStats(), false, f);
  EXPECT_FLOAT_EQ(f[share], 0.5f);
  EXPECT_EQ(f[described], 1.0f);
  block_features(BlockStats(), false, none, BlockStats(), false, f);
  EXPECT_EQ(f[share], 0.0f);
  EXPECT_EQ(f[described], 0.0f);
}

TEST(BlockStats, CarriesThePagesDeclaredKind) {
  const std::size_t article = index_of("declared_article"), other = index_of("declared_other");
  float f[kBlockFeatureCount];
  for (PageKind kind : {PageKind::undeclared, PageKind::article, PageKind::other}) {
    BlockStats block;
    PageText page;
    page.kind = kind;
    block.add_word(word(0), "harbour", page);
    EXPECT_EQ(block.page_kind, kind);
    block_features(BlockStats(), false, block, BlockStats(), false, f);
    EXPECT_EQ(f[article], kind == PageKind::article ? 1.0f : 0.0f);
    EXPECT_EQ(f[other], kind == PageKind::other ? 1.0f : 0.0f);
  }
}

TEST(BlockStats, CarriesWhatThePagesAddressSaysForTheDecisionNotAsAFeature) {
  float with[kBlockFeatureCount], without[kBlockFeatureCount];
  BlockStats plain, overview;
  PageText page;
  plain.add_word(word(0), "harbour", page);
  page.address = AddressShape::overview;
  overview.add_word(word(0), "harbour", page);
  EXPECT_EQ(plain.page_address, AddressShape::undeclared);
  EXPECT_EQ(overview.page_address, AddressShape::overview);
  // The trees were not trained on it: only the offset reads it.
  block_features(BlockStats(), false, plain, BlockStats(), false, without);
  block_features(BlockStats(), false, overview, BlockStats(), false, with);
  for (std::size_t i = 0; i < kBlockFeatureCount; ++i) EXPECT_EQ(with[i], without[i]) << block_feature_name(i);
}

// The share of capitalised words and of commas must mean the same in every
// script the corpus has, or a model trained mostly on English pages reads a
// Greek paragraph (no ASCII capitals) or a Chinese one (no ASCII commas) as
// something else.
TEST(BlockStats, CountsCapitalsAndCommasOfOtherScripts) {
  BlockStats block;
  for (const char* w : {"\xCE\x91\xCE\xB8\xCE\xAE\xCE\xBD\xCE\xB1",  // Αθήνα
                        "\xD0\x9C\xD0\xBE\xD1\x81\xD0\xBA\xD0\xB2\xD0\xB0",  // Москва
                        "\xC5\x81\xC3\xB3" "d" "\xC5\xBA",  // Łódź
                        "\xC3\x89" "cole",                        // École
                        "Rome,"})
    block.add_word(word(0), w, PageText{});
  for (const char* w : {"\xCE\xB1\xCF\x80\xCF\x8C",  // από
                        "\xD0\xB8",                      // и
                        "\xC5\xBC\xC3\xB3\xC5\x82\xC4\x87",  // żółć
                        "\xC3\x97",                      // ×
                        "1,000"})
    block.add_word(word(0), w, PageText{});
  EXPECT_EQ(block.capitalized, 5u);
  BlockStats question;  // "Πού πάμε;" and "Where next;"
  question.add_word(word(0), "\xCF\x80\xCE\xAC\xCE\xBC\xCE\xB5;", PageText{});
  question.add_word(word(0), "next;", PageText{});
  EXPECT_EQ(question.sentence_ends, 1u) << "';' ends a Greek question, not an English clause";
  BlockStats title;  // the title's "Москва" written in capitals in the text
  title.add_word(word(0), "\xD0\x9C\xD0\x9E\xD0\xA1\xD0\x9A\xD0\x92\xD0\x90",
                 PageText{"\xD0\xBC\xD0\xBE\xD1\x81\xD0\xBA\xD0\xB2\xD0\xB0 - news", ""});
  EXPECT_EQ(title.title_words, 1u);
  EXPECT_EQ(block.commas, 1u) << "the separator of 1,000 is no clause's comma";
  BlockStats chinese;
  chinese.add_word(word(0, kTokenCjk), "\xE4\xBD\x86\xEF\xBC\x8C", PageText{});  // 但，
  chinese.add_word(word(0, kTokenCjk), "\xE3\x80\x81", PageText{});                // 、
  EXPECT_EQ(chinese.commas, 2u);
  BlockStats arabic;  // "قال، ثم سأل؟": a comma and a question mark of its own
  arabic.add_word(word(0), "قال،", PageText{});
  arabic.add_word(word(0), "ثم", PageText{});
  arabic.add_word(word(0), "سأل؟", PageText{});
  EXPECT_EQ(arabic.commas, 1u);
  EXPECT_EQ(arabic.sentence_ends, 1u);
}

// A quoted sentence ends inside its quotes; prose that quotes people must
// not look like a run of clauses with no end.
TEST(BlockStats, CountsASentenceEndBeforeClosingQuotes) {
  BlockStats block;
  for (const char* w : {"“We", "are", "ready.”", "(It", "was.)", "she", "said:", "“Go!”"})
    block.add_word(word(0), w, PageText{});
  EXPECT_EQ(block.sentence_ends, 3u);
}

TEST(BlockFeatures, WritesTheBlocksCuesAndItsNeighbours) {
  BlockStats previous, current, next;
  current.add_word(word(kSemNoscript), "Fallback", PageText{});
  current.add_word(word(kSemNoscript, kTokenInAnchor), "link", PageText{});
  float f[kBlockFeatureCount];
  block_features(previous, false, current, next, false, f);
  EXPECT_EQ(f[index_of("sem_noscript")], 1.0f);
  EXPECT_EQ(f[index_of("sem_comment")], 0.0f);
  EXPECT_NEAR(f[index_of("link_density")], 4.0f / 12.0f, 1e-6);
  EXPECT_EQ(f[index_of("prev_exists")], 0.0f);
  EXPECT_EQ(f[index_of("next_exists")], 0.0f);
  EXPECT_EQ(std::string_view(block_feature_name(kBlockFeatureCount)), "unused");
}

// A block's shape says what its innermost block tag does not: a paragraph
// inside a list item or a quote (a forum post's quote, an article's list of
// steps written as paragraphs), a data table's cell.
TEST(BlockFeatures, ReadTheBlocksShapeFromItsFirstWord) {
  const auto features_of = [](std::uint8_t shape) {
    BlockStats block;
    Token first = word(0);
    first.block_shape = shape;
    block.add_word(first, "Knead", PageText{});
    block.add_word(word(0), "well", PageText{});
    std::array<float, kBlockFeatureCount> f{};
    block_features(BlockStats{}, false, block, BlockStats{}, false, f.data());
    return f;
  };
  const auto quoted_item = features_of(static_cast<std::uint8_t>(BlockKind::OrderedListItem) | kBlockQuoted |
                                       kBlockContinuesItem | 2 << kBlockListNestingShift);
  EXPECT_EQ(quoted_item[index_of("shape_quoted")], 1.0f);
  EXPECT_EQ(quoted_item[index_of("shape_list_item")], 1.0f);
  EXPECT_EQ(quoted_item[index_of("shape_data_cell")], 0.0f);
  EXPECT_EQ(quoted_item[index_of("tag_p")], 1.0f) << "the block tag is still the paragraph's";
  const auto cell = features_of(static_cast<std::uint8_t>(BlockKind::TableCell));
  EXPECT_EQ(cell[index_of("shape_quoted")], 0.0f);
  EXPECT_EQ(cell[index_of("shape_list_item")], 0.0f);
  EXPECT_EQ(cell[index_of("shape_data_cell")], 1.0f);
  const auto paragraph = features_of(0);
  EXPECT_EQ(paragraph[index_of("shape_quoted")] + paragraph[index_of("shape_list_item")] +
                paragraph[index_of("shape_data_cell")],
            0.0f);
}

}  // namespace
}  // namespace winnow
