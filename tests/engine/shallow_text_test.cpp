// SPDX-License-Identifier: MIT
// The shallow-text rules: the features and both decision trees by hand, the
// streaming default variant against the whole-document definition, the
// article variant's steps on small pages, memory.
#include "engine/shallow_text.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "support/test_support.h"
#include "support/token_dump.h"

namespace winnow {
namespace {

using test::config_for;

// A block of `words` words of `chars` characters each, `links` of them in <a>.
ShallowBlock block_of(std::uint32_t words, std::uint32_t links = 0, std::uint32_t chars = 5) {
  ShallowBlock b;
  Token t;
  const std::string w(chars, 'x');
  for (std::uint32_t i = 0; i < words; ++i) {
    t.flags = i < links ? kTokenInAnchor : 0;
    b.add_word(t, w);
  }
  return b;
}

TEST(ShallowText, TextDensityIsWordsPerWrappedLineWithoutTheLastOne) {
  EXPECT_DOUBLE_EQ(block_of(5).text_density(), 5.0) << "one line: all its words";
  // 13 five-letter words fill 77 columns; the 14th starts a new line.
  EXPECT_DOUBLE_EQ(block_of(14).text_density(), 13.0);
  EXPECT_DOUBLE_EQ(block_of(26).text_density(), 13.0) << "one full line; the second, the last, left out";
  EXPECT_DOUBLE_EQ(block_of(40).text_density(), 13.0) << "the last line's word is left out";
  EXPECT_DOUBLE_EQ(block_of(6, 3).link_density(), 0.5);
  EXPECT_DOUBLE_EQ(ShallowBlock{}.text_density(), 0.0);
}

TEST(ShallowText, FusionAddsTheDensityTerms) {
  ShallowBlock a = block_of(3), b = block_of(3), c = block_of(40);
  EXPECT_TRUE(same_text_density(a, b));
  EXPECT_FALSE(same_text_density(a, c));
  a.fuse(b);
  EXPECT_EQ(a.words, 6u);
  EXPECT_DOUBLE_EQ(a.text_density(), 3.0);
  a.fuse(c);  // 3 + 3 + 39 wrapped words over 1 + 1 + 3 lines
  EXPECT_DOUBLE_EQ(a.text_density(), 45.0 / 5.0);
}

TEST(ShallowText, DensityRulesFollowThePapersTree) {
  const ShallowBlock none, text = block_of(60), short_text = block_of(5), links = block_of(5, 5);
  EXPECT_FALSE(density_rules_content(none, block_of(60, 25), none)) << "link density 0.42 > 0.333";
  EXPECT_TRUE(density_rules_content(none, block_of(60, 19), text)) << "0.317 <= 0.333";
  // prev.ld <= 0.555556, curr.td <= 9
  EXPECT_TRUE(density_rules_content(none, short_text, text)) << "next.td 13 > 10";
  EXPECT_FALSE(density_rules_content(block_of(4), short_text, short_text)) << "prev.td 4 <= 4";
  EXPECT_TRUE(density_rules_content(short_text, short_text, short_text)) << "prev.td 5 > 4";
  // curr.td > 9
  EXPECT_TRUE(density_rules_content(none, text, short_text));
  EXPECT_FALSE(density_rules_content(none, text, none)) << "next.td == 0";
  // prev.ld > 0.555556
  EXPECT_FALSE(density_rules_content(links, text, short_text)) << "next.td 5 <= 11";
  EXPECT_TRUE(density_rules_content(links, short_text, text)) << "next.td 13 > 11";
}

TEST(ShallowText, NumWordsRulesFollowThePapersTree) {
  const ShallowBlock none, links = block_of(5, 5);
  EXPECT_FALSE(num_words_rules_content(none, block_of(30, 11), block_of(100)));
  EXPECT_TRUE(num_words_rules_content(none, block_of(17), none)) << "curr.w > 16";
  EXPECT_FALSE(num_words_rules_content(none, block_of(16), block_of(15))) << "prev.w 0 <= 4";
  EXPECT_TRUE(num_words_rules_content(none, block_of(3), block_of(16))) << "next.w > 15";
  EXPECT_TRUE(num_words_rules_content(block_of(5), block_of(3), none)) << "prev.w > 4";
  EXPECT_FALSE(num_words_rules_content(links, block_of(40), block_of(17))) << "after links: 40 and 17 are not enough";
  EXPECT_TRUE(num_words_rules_content(links, block_of(41), none));
  EXPECT_TRUE(num_words_rules_content(links, block_of(3), block_of(18)));
}

TEST(ShallowText, TitleSplitsIntoTheWholeAndItsLongestPart) {
  const TitleParts parts = split_title("Rivers of the North  - The Example Gazette | News");
  EXPECT_EQ(parts.whole(), "rivers of the north - the example gazette | news");
  EXPECT_EQ(parts.whole_words, 10u);  // the separators count as words
  EXPECT_EQ(parts.longest(), "rivers of the north");
  EXPECT_EQ(parts.longest_words, 4u);
  const TitleParts plain = split_title("One headline only");
  EXPECT_EQ(plain.longest(), plain.whole());
  EXPECT_EQ(split_title("").whole_size, 0u);
  // A block that starts with neither part's first letter is rejected before
  // it is normalised; one that starts with it after a heading marker and
  // spaces is still compared in full.
  EXPECT_FALSE(matches_title("Example of nothing", parts));
  EXPECT_TRUE(matches_title("\x01" "2  RIVERS of the north", parts));
  EXPECT_FALSE(matches_title("   ", parts));
}

TEST(ShallowText, TitleMatchesTheHeadlineButNotTheSiteName) {
  const std::string_view title = "rivers of the north - the example gazette";
  EXPECT_TRUE(matches_title("Rivers of the north - The Example Gazette", title));
  EXPECT_TRUE(matches_title("\x01" "\x40Rivers of the  north", title)) << "the longest part, a heading";
  EXPECT_TRUE(matches_title("Rivers of the north are running warmer", title)) << "the headline continued";
  EXPECT_FALSE(matches_title("The Example Gazette", title)) << "a shorter part names the site";
  EXPECT_FALSE(matches_title("Rivers", title));
  EXPECT_FALSE(matches_title("Rivers of the north and a very long sentence that goes on and on past the title", title));
  EXPECT_FALSE(matches_title("anything", ""));
}

TEST(ShallowText, TitleMatchesAHeadlineInCapitalsOfAnotherScript) {
  // <title>Рост цен - Новости</title> and the headline in capitals: РОСТ ЦЕН (Р lowers to a letter
  // with another first byte, so the first-letter check must lower too).
  const std::string_view title = "\xD0\xA0\xD0\xBE\xD1\x81\xD1\x82 \xD1\x86\xD0\xB5\xD0\xBD - "
                                 "\xD0\x9D\xD0\xBE\xD0\xB2\xD0\xBE\xD1\x81\xD1\x82\xD0\xB8";
  EXPECT_TRUE(matches_title("\xD0\xA0\xD0\x9E\xD0\xA1\xD0\xA2 \xD0\xA6\xD0\x95\xD0\x9D", title));
  EXPECT_FALSE(matches_title("\xD0\x9D\xD0\x9E\xD0\x92\xD0\x9E\xD0\xA1\xD0\xA2\xD0\x98", title))
      << "the site's name";
}

TEST(ShallowText, EndMarkersAreShortBlocksStartingWithAMarker) {
  EXPECT_TRUE(is_end_marker("Comments (2)", 2));
  EXPECT_TRUE(is_end_marker("\x01" "312 comments", 2));
  EXPECT_TRUE(is_end_marker("Leave a Reply", 3));
  EXPECT_TRUE(is_end_marker("Related: more from this author", 5));
  EXPECT_FALSE(is_end_marker("Commentary on the budget", 4)) << "whole words only";
  EXPECT_FALSE(is_end_marker("Comments from the minister were later withdrawn after a long debate in the house", 15));
}

// The whole document at once: blocks, fusion, the density rules.
std::string offline_default(const std::vector<test::DumpedToken>& tokens) {
  struct Block {
    ShallowBlock stats;
    std::vector<std::size_t> words;
    std::size_t text_bytes = 0;  // as rendered: a heading's marker, spaces, '\n' between fused blocks
  };
  std::vector<Block> blocks;
  for (std::size_t k = 0; k < tokens.size(); ++k) {
    if (!tokens[k].token.is_word()) continue;
    const bool first = blocks.empty() || tokens[blocks.back().words.back()].token.block != tokens[k].token.block;
    if (first) blocks.emplace_back();
    blocks.back().stats.add_word(tokens[k].token, tokens[k].text);
    blocks.back().words.push_back(k);
    blocks.back().text_bytes += ContentWriter::rendered_prefix(tokens[k].token, first).size() + tokens[k].text.size();
  }
  std::vector<Block> fused;
  for (Block& b : blocks) {
    if (!fused.empty() && same_text_density(fused.back().stats, b.stats) &&
        fused.back().text_bytes + 1 + b.text_bytes <= ShallowTextParams::kMaxFusedBytes) {
      fused.back().text_bytes += 1 + b.text_bytes;
      fused.back().stats.fuse(b.stats);
      fused.back().words.insert(fused.back().words.end(), b.words.begin(), b.words.end());
    } else {
      fused.push_back(b);
    }
  }
  test::RecordingSink sink;
  ContentWriter writer(sink);
  const ShallowBlock none;
  for (std::size_t i = 0; i < fused.size(); ++i) {
    const ShallowBlock& prev = i > 0 ? fused[i - 1].stats : none;
    const ShallowBlock& next = i + 1 < fused.size() ? fused[i + 1].stats : none;
    if (density_rules_content(prev, fused[i].stats, next))
      for (std::size_t k : fused[i].words) writer.write_word(tokens[k].token, tokens[k].text);
  }
  writer.finish();
  return sink.text();
}

TEST(ShallowText, StreamingDefaultEqualsTheWholeDocumentOnEveryFixture) {
  for (const std::string& name : test::fixture_names()) {
    const std::string html = test::read_fixture(name);
    EXPECT_EQ(test::run_pipeline(html, config_for("shallow-default"), 0).text, offline_default(test::tokens_of(html)))
        << name;
  }
}

TEST(ShallowText, StreamingDefaultEqualsTheWholeDocumentOnGeneratedPages) {
  // Runs of equal-density blocks (menus, one-line items) of every length.
  for (int n = 0; n < 12; ++n) {
    std::string page = "<html><body>";
    for (int i = 0; i < n; ++i) page += "<li><a href=/" + std::to_string(i) + ">Item</a></li>";
    for (int i = 0; i < 3 + n; ++i) {
      page += "<p>";
      for (int w = 0; w < 5 + 7 * ((i * n) % 5); ++w) page += "word" + std::to_string(w % 3) + " ";
      page += "</p><div>two words</div>";
    }
    page += "</body></html>";
    EXPECT_EQ(test::run_pipeline(page, config_for("shallow-default"), 7).text, offline_default(test::tokens_of(page)))
        << n;
  }
}

// A fused run stops growing at kMaxFusedBytes of text: 5,000 paragraphs of
// one density (12 words on one line: content), 300 KB, fused whole, ran the
// default budget out.
TEST(ShallowText, AFusedRunStopsGrowingAtItsBound) {
  std::string page = "<html><body>";
  for (int i = 0; i < 5000; ++i) page += "<p>one two three four five six seven eight nine ten eleven twelve</p>";
  page += "</body></html>";
  const test::RunResult r = test::run_pipeline(page, config_for("shallow-default"), 4096);
  EXPECT_EQ(r.status, Status::Ok);
  EXPECT_LE(r.stats.peak_memory, 256u * 1024);
  EXPECT_EQ(r.text, offline_default(test::tokens_of(page)));
  EXPECT_GT(r.text.size(), ShallowTextParams::kMaxFusedBytes) << "runs before the last are written";
}

const char* const kArticle =
    "<html><head><title>Rivers of the north - The Example Gazette</title></head><body>"
    "<div><a href=/>The Example Gazette</a></div><ul><li><a href=/w>World</a></li><li><a href=/s>Science</a></li></ul>"
    "<h1>Rivers of the north</h1><p>By A. Writer</p>"
    "<div><p>Measurements taken along twelve northern rivers over the last thirty years show that the water in late "
    "summer is now more than two degrees warmer than it was when the records began.</p>"
    "<p>The change matters for fish that need cold water to spawn. Salmon and trout move upstream later and in "
    "smaller numbers when the lower reaches stay warm into September, the researchers say.</p></div>"
    "<h3>Comments (2)</h3><p>This is a reader's comment that goes on for long enough to look like text to the "
    "word rules of the classifier.</p><p>Another reader writes at length about the rivers and the fish.</p>"
    "</body></html>";

TEST(ShallowText, ArticleStartsAtTheTitleAndStopsAtTheEndMarker) {
  const std::string text = test::run_pipeline(kArticle, config_for("shallow-article"), 0).text;
  EXPECT_EQ(text,
            "Rivers of the north\nBy A. Writer\n"
            "Measurements taken along twelve northern rivers over the last thirty years show that the water in late "
            "summer is now more than two degrees warmer than it was when the records began.\n"
            "The change matters for fish that need cold water to spawn. Salmon and trout move upstream later and in "
            "smaller numbers when the lower reaches stay warm into September, the researchers say.\n");
  const std::string all = test::run_pipeline(kArticle, config_for("shallow-default"), 0).text;
  EXPECT_NE(all.find("reader's comment"), std::string::npos) << "the default variant has no end markers";
}

TEST(ShallowText, ArticleKeepsTheLargestRunAndLargeBlocksAtItsLevel) {
  std::string page = "<html><body><div><p>A short teaser paragraph with some words in it, eighteen words or so here.</p></div>"
                     "<ul><li><a href=/1>Menu</a></li><li><a href=/2>Items</a></li></ul><div>";
  std::string longest;
  for (int i = 0; i < 120; ++i) longest += "word ";
  page += "<p>" + longest + "</p></div><ul><li><a href=/3>More</a></li><li><a href=/4>Links</a></li></ul>";
  page += "<div><p>" + longest + "second</p></div><ul><li><a href=/5>End</a></li></ul>";
  page += "<section><div><p>Another paragraph that sits one level deeper than the largest block does, so it goes";
  for (int i = 0; i < 40; ++i) page += " deeper";
  page += ".</p></div></section></body></html>";
  const std::string text = test::run_pipeline(page, config_for("shallow-article"), 0).text;
  EXPECT_EQ(text.find("teaser"), std::string::npos) << text;
  EXPECT_NE(text.find(longest.substr(0, longest.size() - 1) + "\n"), std::string::npos) << text;
  EXPECT_NE(text.find("second"), std::string::npos) << "120 words at the same level" << text;
  EXPECT_EQ(text.find("deeper"), std::string::npos) << text;
  EXPECT_EQ(text.find("Menu"), std::string::npos) << text;
}

TEST(ShallowText, DefaultWritesBeforeThePageEnds) {
  std::string page = "<html><body>";
  for (int i = 0; i < 200; ++i)
    page += "<p>Paragraph " + std::to_string(i) +
            " of a long article, with enough words in it to fill more than one line of eighty characters of text.</p>"
            "<p>A short line " + std::to_string(i) + "</p>";
  page += "</body></html>";
  const test::HalfwayText text = test::feed_in_two_halves(page, config_for("shallow-default"));
  EXPECT_NE(text.after_first_half.find("Paragraph 80 of a long article"), std::string::npos)
      << text.after_first_half.size();
  EXPECT_NE(text.at_end.find("Paragraph 199 of a long article"), std::string::npos);
}

TEST(ShallowText, ASmallBudgetStopsOnAnEndlessBlockAndKeepsWhatWasDecided) {
  std::string page = "<html><head><title>Rivers of the north</title></head><body><h1>Rivers of the north</h1>";
  for (int i = 0; i < 5; ++i)
    page += "<p>Paragraph " + std::to_string(i) +
            " of a long article, with enough words in it to fill more than one line of eighty characters.</p>";
  page += "<p>";
  // 13 words a line: not the paragraphs' density, or the default variant
  // would fuse them with it (and drop the whole as the page's last block).
  for (int i = 0; i < 20000; ++i) page += "wordy ";
  page += "</p></body></html>";
  for (const char* algorithm : {"shallow-default", "shallow-article"}) {
    const test::RunResult r = test::run_pipeline(page, config_for(algorithm, 64 * 1024), 4096);
    EXPECT_EQ(r.status, Status::BudgetExceeded) << algorithm;
    EXPECT_LE(r.stats.peak_memory, 64u * 1024 + 1024) << algorithm;
    EXPECT_NE(r.text.find("Paragraph 2 of a long article"), std::string::npos) << algorithm << r.text;
    const test::RunResult ok = test::run_pipeline(test::read_fixture("article.html"), config_for(algorithm, 64 * 1024), 3);
    EXPECT_EQ(ok.status, Status::Ok) << algorithm;
    EXPECT_NE(ok.text.find("planting along the water"), std::string::npos) << algorithm;
  }
}

}  // namespace
}  // namespace winnow
