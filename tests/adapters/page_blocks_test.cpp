// SPDX-License-Identifier: MIT
// What the training programs share: the blocks they collect from a page, and
// the labels the gold text gives them.
#include "adapters/learn/page_blocks.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "tests/support/test_support.h"

namespace winnow::learn {
namespace {

struct RecordedBlock {
  std::string text;
  BlockStart at;
  std::uint32_t words = 0;
  void start(const BlockStart& s) { at = s; }
  void add_word(const Token&, std::string_view, const TokenStream&) { ++words; }
};

TEST(PageBlocks, CollectsEveryBlockWithItsTextAndWhereItStarts) {
  const std::vector<RecordedBlock> blocks = collect_blocks<RecordedBlock>(
      "<html><body><nav><a href=/>Home</a></nav><p>Rivers rise <b>fast</b>.</p><p>Then fall.</p></body></html>");
  ASSERT_EQ(blocks.size(), 3u);
  EXPECT_EQ(blocks[0].text, "Home");
  EXPECT_EQ(blocks[1].text, "Rivers rise fast.");
  EXPECT_EQ(blocks[2].text, "Then fall.");
  EXPECT_EQ(blocks[1].words, 4u) << "the full stop is a word of its own, glued to the one before";
  for (std::size_t i = 0; i < blocks.size(); ++i) EXPECT_EQ(blocks[i].at.index, i);
  EXPECT_EQ(blocks[1].at.words_before, 1u);
  EXPECT_EQ(blocks[2].at.words_before, 5u);
  EXPECT_GT(blocks[1].at.tags_before, 0u) << "</a></nav><p> lie between Home and Rivers";
}

TEST(PageBlocks, AFeatureBlockLooksThaiLettersUpInTheTitleInPairsAsTheExtractorDoes) {
  // Title "กข"; the paragraph "ขก": ข opens the run and is looked up alone
  // (found), ก with the letter before it, "ขก" (not in the title). Looked up
  // alone, as training did from stop 58 to stop 104 while the extractor used
  // pairs, both letters would count.
  const std::vector<FeatureBlock> blocks = collect_blocks<FeatureBlock>(
      "<html><head><title>\u0E01\u0E02</title></head><body><p>\u0E02\u0E01</p></body></html>");
  ASSERT_EQ(blocks.size(), 1u);
  EXPECT_EQ(blocks[0].stats.words, 2u);
  EXPECT_EQ(blocks[0].stats.title_words, 1u);
  EXPECT_EQ(blocks[0].text, "\u0E02\u0E01");
}

// On a page the extractor reads as a discussion (engine/discussion.h) it
// scores the blocks from the first post on without the comment cue, which
// training keeps; the blocks before it are compared. The reading is replayed
// in the extractor's order: a block closes, then the one before it is scored.
std::size_t comparable_blocks(const std::vector<FeatureBlock>& blocks, const std::vector<float>& probabilities) {
  DiscussionReading reading;
  for (std::size_t i = 0; i < blocks.size(); ++i) {
    if (reading.closed(blocks[i].stats, blocks[i].text)) return i == 0 ? 0 : i - 1;
    if (i >= 1) reading.scored(blocks[i - 1].stats, probabilities[i - 1]);
  }
  return blocks.size();
}

// What training learns from is what the extractor scores: the shipped
// model's two stages over the blocks training gathers, with the blocks the
// extractor passes over left out as it leaves them out, give each block the
// score the default extractor reports for it. Returns the first block where
// they differ (empty: none), and in *compared how many blocks were compared.
std::string first_score_difference(const std::string& html, std::size_t* compared) {
  const BlockModel& model = default_block_model();
  std::vector<FeatureBlock> blocks = collect_blocks<FeatureBlock>(html);
  leave_out_passed_over(&blocks, DefaultExtractor::kDefaultLag);
  const std::vector<float> features = feature_rows(blocks);
  std::vector<float> context(blocks.size() * kContextFeatureCount);
  context_rows(model, blocks, features.data(), context.data());

  test::RecordingSink sink;
  HtmlExtractor extractor(test::config_for("default", 64u << 20), sink);
  extractor.feed(html.data(), html.size(), true);
  std::map<std::pair<std::uint64_t, std::uint64_t>, float> scores;
  for (const test::RecordingSink::Decision& d : sink.decisions()) scores[{d.span.begin, d.span.end}] = d.score;

  std::vector<float> probabilities(blocks.size());
  for (std::size_t i = 0; i < blocks.size(); ++i) {
    float p = refined_probability(model, &context[i * kContextFeatureCount]);
    if (DefaultExtractor::is_display_formula(blocks[i].stats)) p = std::max(p, DefaultExtractor::kFormulaMinimum);
    probabilities[i] = p;
  }
  *compared = comparable_blocks(blocks, probabilities);
  for (std::size_t i = 0; i < *compared; ++i) {
    const float p = probabilities[i];
    const auto found = scores.find({blocks[i].stats.span.begin, blocks[i].stats.span.end});
    if (found == scores.end()) return "no decision for block " + std::to_string(i) + ": " + blocks[i].text;
    // Both sides call the same engine functions on the same statistics, so
    // the scores are equal to the bit.
    if (found->second != p)
      return "block " + std::to_string(i) + " scores " + std::to_string(found->second) + " in the extractor, " +
             std::to_string(p) + " in training: " + blocks[i].text;
  }
  return "";
}

TEST(PageBlocks, TrainingsFeaturesGiveEveryBlockTheScoreTheExtractorGivesIt) {
  std::vector<std::string> names = test::fixture_names();
  for (const std::string& name : test::fixture_names("modern")) names.push_back("modern/" + name);
  for (const std::string& name : names) {
    std::size_t compared = 0;
    EXPECT_EQ(first_score_difference(test::read_fixture(name), &compared), "") << name;
    EXPECT_GT(compared, 0u) << name;
  }
}

// The whole development corpus when WINNOW_PARITY_CORPUS names it (12 s).
TEST(PageBlocks, CorpusTrainingsFeaturesGiveEveryBlockTheScoreTheExtractorGivesIt) {
  const char* dir = std::getenv("WINNOW_PARITY_CORPUS");
  if (dir == nullptr) GTEST_SKIP() << "set WINNOW_PARITY_CORPUS to the corpus directory";
  std::size_t pages = 0, blocks = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir)) {
    if (entry.path().extension() != ".html") continue;
    std::size_t compared = 0;
    EXPECT_EQ(first_score_difference(test::read_file(entry.path().string()), &compared), "") << entry.path();
    blocks += compared;
    ++pages;
  }
  EXPECT_GT(pages, 0u) << "no page under " << dir;
  std::printf("%zu pages, %zu blocks compared\n", pages, blocks);
}

TEST(PageBlocks, ABlockIsContentWhenHalfItsWordsAreInTheGold) {
  const std::vector<std::string> texts = {"menu home about", "rivers rise fast in spring", "rivers fall"};
  const std::vector<std::uint8_t> labels = label_by_gold(
      "Rivers rise fast in spring. About", texts.size(),
      [&](std::size_t i) { return texts[i].size(); }, [&](std::size_t i) -> const std::string& { return texts[i]; });
  // The long block takes "rivers", so "rivers fall" finds half of its words
  // only if a second "rivers" is left: it is not.
  EXPECT_EQ(labels, (std::vector<std::uint8_t>{0, 1, 0}));
}

TEST(PageBlocks, MatchGoldCountsTheWordsEachBlockFindsAndTheLabelIsHalfOfThem) {
  const std::vector<std::string> texts = {"menu home about", "rivers rise fast in spring", "rivers fall", ""};
  const std::vector<GoldMatch> matches = match_gold(
      "Rivers rise fast in spring. About", texts.size(), [&](std::size_t i) { return texts[i].size(); },
      [&](std::size_t i) -> const std::string& { return texts[i]; });
  ASSERT_EQ(matches.size(), 4u);
  EXPECT_EQ(matches[0].found, 1u);  // "about"
  EXPECT_EQ(matches[0].words, 3u);
  EXPECT_EQ(matches[1].found, 5u);
  EXPECT_EQ(matches[2].found, 0u) << "the longer block used the gold's one \"rivers\"";
  EXPECT_EQ(matches[2].words, 2u);
  EXPECT_FLOAT_EQ(matches[0].share(), 1.0f / 3.0f);
  EXPECT_FALSE(matches[0].content());
  EXPECT_TRUE(matches[1].content());
  EXPECT_EQ(matches[3].words, 0u);
  EXPECT_FALSE(matches[3].content()) << "a block without words is never content";
  EXPECT_EQ(matches[3].share(), 0.0f);
  EXPECT_TRUE((GoldMatch{1, 2}).content()) << "exactly half is content";
}

TEST(PageBlocks, WithContentOnlyClaimsABlockThatIsNotContentLeavesTheGoldsWords) {
  // A comment thread longer than the article, taken first, finds the
  // article's common words but under half of its own.
  const std::vector<std::string> texts = {
      "great post the man was right and the abbot was wise i loved it so much thanks",
      "the abbot asked the man",
      "the man was shocked",
  };
  const std::string gold = "The abbot asked the man. The man was shocked.";
  const auto words_of = [&](std::size_t i) { return texts[i].size(); };
  const auto text_of = [&](std::size_t i) -> const std::string& { return texts[i]; };
  const std::vector<GoldMatch> claimed_by_all = match_gold(gold, texts.size(), words_of, text_of);
  EXPECT_EQ(claimed_by_all[0].found, 5u) << "the, the, man, was, abbot: found, but 5 of 17";
  EXPECT_EQ(claimed_by_all[2].found, 1u) << "the thread used up the, man and was";
  EXPECT_FALSE(claimed_by_all[2].content());

  const std::vector<GoldMatch> matches = match_gold(gold, texts.size(), words_of, text_of, GoldClaims::ContentOnly);
  ASSERT_EQ(matches.size(), 3u);
  EXPECT_EQ(matches[0].found, 5u);
  EXPECT_FALSE(matches[0].content());
  EXPECT_EQ(matches[1].found, 5u);
  EXPECT_EQ(matches[2].found, 4u) << "the thread kept nothing; the first paragraph only its own words";
  EXPECT_TRUE(matches[2].content());

  EXPECT_EQ(label_by_gold(gold, texts.size(), words_of, text_of), (std::vector<std::uint8_t>{0, 1, 0}));
  EXPECT_EQ(label_by_gold(gold, texts.size(), words_of, text_of, GoldClaims::ContentOnly),
            (std::vector<std::uint8_t>{0, 1, 1}))
      << "label_by_gold passes the claims on to match_gold";
  EXPECT_EQ(label_by_best_reading(gold, texts.size(), words_of, text_of), (std::vector<std::uint8_t>{0, 1, 1}))
      << "the paragraph the thread took words from is the gold's";
}

TEST(PageBlocks, BySequenceABlockIsContentWhenHalfItsShinglesAreInTheGold) {
  const std::string gold = "The river rose in the spring and the town was flooded. Home";
  const std::vector<std::string> texts = {
      "the town and the river and the spring",     // every word in the gold, no 4-gram of it: a menu
      "the river rose in the spring and the town",  // all its 4-grams
      "was flooded",                                // its bigram
      "flooded was",                                // its words, not their order
      "home",                                       // a word left in the gold's bag
      "town",                                       // taken by the block labelled content above
  };
  // The menu is taken first, as if it were the page's longest block.
  const std::vector<std::size_t> words = {20, 9, 2, 2, 1, 1};
  const auto words_of = [&](std::size_t i) { return words[i]; };
  const auto text_of = [&](std::size_t i) -> const std::string& { return texts[i]; };
  EXPECT_EQ(label_by_gold_sequence(gold, texts.size(), words_of, text_of),
            (std::vector<std::uint8_t>{0, 1, 1, 0, 1, 0}));
  // By the bag, the menu passes (7 of its 8 words are in the gold) and uses
  // up the words the article's block needs.
  EXPECT_EQ(label_by_gold(gold, texts.size(), words_of, text_of), (std::vector<std::uint8_t>{1, 0, 1, 0, 1, 0}));
}

TEST(PageBlocks, LabelledTextIsTheContentBlocksOneLineEach) {
  const std::vector<std::string> texts = {"Menu", "Rivers rise.", "Share", "Then fall."};
  const auto text_of = [&](std::size_t i) -> const std::string& { return texts[i]; };
  EXPECT_EQ(labelled_text({0, 1, 0, 1}, text_of), "Rivers rise.\nThen fall.\n");
  EXPECT_EQ(labelled_text({0, 0, 0, 0}, text_of), "");
}

TEST(PageBlocks, F1AgainstGoldIsWinnowEvals) {
  EXPECT_DOUBLE_EQ(f1_against_gold("Rivers rise fast.", "rivers  rise fast.", eval::Measure::BagOfWords), 1.0);
  EXPECT_DOUBLE_EQ(f1_against_gold("Rivers rise fast.", "Menu home", eval::Measure::BagOfWords), 0.0);
  // Half the words, in the gold's order: precision 1, recall 1/2.
  EXPECT_NEAR(f1_against_gold("one two three four", "one two", eval::Measure::BagOfWords), 2.0 / 3.0, 1e-9);
  EXPECT_DOUBLE_EQ(f1_against_gold("", "", eval::Measure::Shingles), 1.0) << "nothing to find, nothing found";
  EXPECT_DOUBLE_EQ(f1_against_gold("", "Menu home", eval::Measure::Shingles), 0.0);
}

TEST(PageBlocks, TheBestReadingIsTheSequencesWhereTheBagLetsAMenuTakeTheArticlesWords) {
  const std::string gold = "The river rose in the spring and the town was flooded. Home";
  const std::vector<std::string> texts = {"the town and the river and the spring",
                                          "the river rose in the spring and the town",
                                          "was flooded",
                                          "flooded was",
                                          "home",
                                          "town"};
  const std::vector<std::size_t> words = {20, 9, 2, 2, 1, 1};
  const auto words_of = [&](std::size_t i) { return words[i]; };
  const auto text_of = [&](std::size_t i) -> const std::string& { return texts[i]; };
  ASSERT_NE(label_by_gold(gold, texts.size(), words_of, text_of),
            label_by_gold_sequence(gold, texts.size(), words_of, text_of));
  EXPECT_EQ(label_by_best_reading(gold, texts.size(), words_of, text_of),
            label_by_gold_sequence(gold, texts.size(), words_of, text_of));
  EXPECT_EQ(label_by_best_reading(gold, texts.size(), words_of, text_of, 2.0),
            label_by_gold(gold, texts.size(), words_of, text_of))
      << "no labelling scores 2 more than another: the bag's stays";
}

TEST(PageBlocks, TheBestReadingIsTheBagsWhereThePageRepeatsTheArticle) {
  // A print copy of the article: by word order both copies are the gold,
  // by the bag the second finds the gold's words used up.
  const std::string gold = "Rivers rise fast in spring and fall in autumn.";
  const std::vector<std::string> texts = {"Rivers rise fast in spring and fall in autumn.",
                                          "Rivers rise fast in spring and fall in autumn."};
  const auto words_of = [&](std::size_t) { return std::size_t{10}; };
  const auto text_of = [&](std::size_t i) -> const std::string& { return texts[i]; };
  ASSERT_EQ(label_by_gold_sequence(gold, texts.size(), words_of, text_of), (std::vector<std::uint8_t>{1, 1}));
  EXPECT_EQ(label_by_best_reading(gold, texts.size(), words_of, text_of), (std::vector<std::uint8_t>{1, 0}));
}

TEST(PageBlocks, WhereTheLabellingsAgreeTheBestReadingIsTheirs) {
  const std::vector<std::string> texts = {"menu home about", "rivers rise fast in spring"};
  const auto words_of = [&](std::size_t i) { return texts[i].size(); };
  const auto text_of = [&](std::size_t i) -> const std::string& { return texts[i]; };
  EXPECT_EQ(label_by_best_reading("Rivers rise fast in spring.", texts.size(), words_of, text_of),
            (std::vector<std::uint8_t>{0, 1}));
  EXPECT_EQ(label_by_best_reading("", texts.size(), words_of, text_of), (std::vector<std::uint8_t>{0, 0}))
      << "an empty gold labels nothing";
}

}  // namespace
}  // namespace winnow::learn
