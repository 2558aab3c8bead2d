// SPDX-License-Identifier: MIT
// CETR online against its offline definition (tests/reference/cetr_offline.h):
// exact on every fixture (each shorter than the look-ahead), exact against a
// model of the no-look-ahead estimate on random sequences, lines as defined
// on tokens, hand-made pages with a known answer, and the memory bound.
#include "engine/cetr.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "reference/cetr_offline.h"
#include "reference/drive.h"
#include "support/budget_contract.h"
#include "support/test_support.h"
#include "support/token_dump.h"

namespace winnow {
namespace {

using reference::SimpleToken;

CetrParams params_for(bool kmeans) {
  CetrParams p;
  p.clustering = kmeans ? CetrParams::Clustering::KMeans : CetrParams::Clustering::Threshold;
  return p;
}

reference::CetrOfflineParams offline_params(const CetrParams& p) {
  reference::CetrOfflineParams o;
  o.kmeans = p.clustering == CetrParams::Clustering::KMeans;
  o.max_line_tokens = p.max_line_tokens;
  o.sigma = p.smoothing_sigma;
  o.radius = p.smoothing_radius;
  o.derivative_lines = p.derivative_lines;
  o.lambda = p.lambda;
  return o;
}

std::string online(const std::vector<SimpleToken>& tokens, const CetrParams& params) {
  MemoryBudget budget(1 << 22);
  auto cetr = create_cetr(budget, params);
  return reference::drive(*cetr, tokens);
}

std::string offline(const std::vector<SimpleToken>& tokens, const CetrParams& params, bool model = false) {
  reference::CetrOfflineParams o = offline_params(params);
  o.model_no_lookahead = model;
  return reference::render(tokens, reference::cetr_offline(tokens, o));
}

// A token with its text, for building pages by hand.
struct PageBuilder {
  std::vector<SimpleToken> tokens;
  std::uint64_t words = 0;
  std::uint32_t block = 0;
  void tag(bool boundary) {
    SimpleToken t;
    t.token.kind = TokenKind::StartTag;
    t.token.tag = boundary ? Tag::div : Tag::a;
    if (boundary) {
      ++block;
      t.token.flags = kTokenBlockBoundary;
    }
    push(t);
  }
  void word(const std::string& text) {
    SimpleToken t;
    t.token.kind = TokenKind::Word;
    t.token.tag = Tag::p;
    t.token.word_index = words++;
    t.text = text;
    push(t);
  }
  void push(SimpleToken t) {
    t.token.seq = tokens.size();
    t.token.block = block;
    t.token.source_begin = 10 * tokens.size();
    t.token.source_end = t.token.source_begin + 5;
    t.token.word_index = t.token.is_word() ? t.token.word_index : words;
    tokens.push_back(t);
  }
};

TEST(Cetr, OnlineEqualsOfflineOnEveryFixture) {
  for (const char* algorithm : {"cetr", "cetr-km"}) {
    for (const std::string& name : test::fixture_names()) {
      const std::string html = test::read_fixture(name);
      const auto tokens = test::tokens_of(html);
      ExtractorConfig config;
      config.algorithm = algorithm;
      const test::RunResult result = test::run_pipeline(html, config, 0);
      EXPECT_EQ(result.status, Status::Ok) << algorithm << " " << name;
      const CetrParams p = params_for(std::string(algorithm) == "cetr-km");
      EXPECT_EQ(result.text, reference::render(tokens, reference::cetr_offline(tokens, offline_params(p))))
          << algorithm << " " << name;
    }
  }
}

TEST(Cetr, FindsTheArticleOfTheArticleFixture) {
  for (const char* algorithm : {"cetr", "cetr-km"}) {
    ExtractorConfig config;
    config.algorithm = algorithm;
    const std::string text = test::run_pipeline(test::read_fixture("article.html"), config, 0).text;
    EXPECT_NE(text.find("Measurements taken along twelve northern rivers"), std::string::npos) << text;
    EXPECT_EQ(text.find("Privacy"), std::string::npos) << algorithm << "\n" << text;
  }
}

TEST(Cetr, LinesAreBlocksWithTheTagsThatOpenThem) {
  // <div><div><a>Home</a> <div>long text ...</div> <div><a>x</a>
  PageBuilder page;
  page.tag(true);
  page.tag(true);
  page.tag(false);
  page.word("Home");
  page.tag(false);  // inline, stays in the line
  page.tag(true);   // a block boundary after a word: a new line
  for (int i = 0; i < 5; ++i) page.word("word");
  page.tag(true);
  page.tag(true);
  page.word("xy");
  reference::CetrOfflineParams p;
  const reference::CetrLines lines = reference::cetr_lines(page.tokens, p);
  ASSERT_EQ(lines.first_token.size(), 3u);
  EXPECT_EQ(lines.first_token[1], 5u);
  EXPECT_EQ(lines.first_token[2], 11u);
  EXPECT_DOUBLE_EQ(lines.ratio[0], 4.0 / 4);   // "Home", 4 tags
  EXPECT_DOUBLE_EQ(lines.ratio[1], 20.0 / 1);  // 5 x "word", 1 tag
  EXPECT_DOUBLE_EQ(lines.ratio[2], 2.0 / 2);
  // The cap splits a long block.
  p.max_line_tokens = 2;
  EXPECT_EQ(reference::cetr_lines(page.tokens, p).first_token.size(), 8u);
}

TEST(Cetr, KeepsTheParagraphsAndDropsTheMenu) {
  PageBuilder page;
  for (int i = 0; i < 30; ++i) {  // a menu: short links, one per block
    page.tag(true);
    page.tag(false);
    page.word("menu" + std::to_string(i));
    page.tag(false);
  }
  for (int i = 0; i < 10; ++i) {  // the article
    page.tag(true);
    for (int w = 0; w < 40; ++w) page.word("text" + std::to_string(i * 40 + w));
  }
  for (int i = 0; i < 30; ++i) {  // the footer
    page.tag(true);
    page.tag(false);
    page.word("foot" + std::to_string(i));
    page.tag(false);
  }
  for (bool kmeans : {false, true}) {
    const CetrParams p = params_for(kmeans);
    const std::string text = online(page.tokens, p);
    EXPECT_EQ(text, offline(page.tokens, p)) << kmeans;
    EXPECT_NE(text.find("text0 text1"), std::string::npos) << text;
    EXPECT_NE(text.find("text398 text399"), std::string::npos) << text;
    EXPECT_EQ(text.find("menu10"), std::string::npos) << text;
    EXPECT_EQ(text.find("foot20"), std::string::npos) << text;
  }
}

std::vector<SimpleToken> random_page(std::mt19937& generator) {
  PageBuilder page;
  std::uniform_int_distribution<int> length(0, 300);
  std::uniform_int_distribution<int> kind(0, 9);
  std::uniform_int_distribution<int> letters(1, 12);
  const int n = length(generator);
  int mode = 0;
  for (int i = 0; i < n; ++i) {
    if (i % 40 == 0) mode = kind(generator) % 3;  // text-heavy, mixed, tag-heavy parts
    const int roll = kind(generator);
    if (roll < 2 + 3 * mode) page.tag(roll % 2 == 0);
    else page.word(std::string(static_cast<std::size_t>(letters(generator)), 'x') + std::to_string(i));
  }
  return page.tokens;
}

// The streaming bookkeeping (lines, smoothing, the ring of lines, the
// queue of words) against the offline model of the same estimate.
TEST(Cetr, OnlineEqualsTheOfflineModelOfItsEstimateOnRandomSequences) {
  std::mt19937 generator(77);
  for (int round = 0; round < 300; ++round) {
    const auto tokens = random_page(generator);
    CetrParams p = params_for(false);
    p.max_line_tokens = std::uniform_int_distribution<std::uint32_t>(1, 20)(generator);
    p.lookahead = 0;
    EXPECT_EQ(online(tokens, p), offline(tokens, p, true)) << "round " << round;
    p.lookahead = 100000;  // longer than the page: the exact statistics
    EXPECT_EQ(online(tokens, p), offline(tokens, p)) << "round " << round;
  }
}

TEST(Cetr, KMeansOverTheCellsEqualsKMeansOverThePointsOnRandomSequences) {
  // Random pages have few distinct ratios; points in one cell are then equal
  // points, and the cells give exactly the k-means of the points.
  std::mt19937 generator(78);
  for (int round = 0; round < 200; ++round) {
    const auto tokens = random_page(generator);
    CetrParams p = params_for(true);
    p.max_line_tokens = std::uniform_int_distribution<std::uint32_t>(1, 20)(generator);
    p.lookahead = 100000;
    EXPECT_EQ(online(tokens, p), offline(tokens, p)) << "round " << round;
    p.lookahead = 0;
    EXPECT_EQ(online(tokens, p), offline(tokens, p, true)) << "round " << round;
  }
}

std::string padded(int i) {
  std::string digits = std::to_string(i);
  return std::string(5 - digits.size(), '0') + digits;
}

TEST(Cetr, AFullRingDecidesEarlyAndKeepsEveryWordInOrder) {
  // 3000 one-line blocks, all alike, and a ring of 13 lines.
  PageBuilder page;
  for (int i = 0; i < 3000; ++i) {
    page.tag(true);
    page.word("w" + padded(i));
    page.word("x" + padded(i));
  }
  CetrParams p = params_for(false);
  p.max_lines = 1;   // raised to 2r + a + 4 = 13
  p.max_words = 1;   // raised to max_line_tokens + 1 = 65
  p.text_bytes = 1;  // raised to 130 (kMaxWordBytes * (max_line_tokens + 1))
  MemoryBudget budget(1 << 20);
  auto cetr = create_cetr(budget, p);
  ASSERT_NE(cetr, nullptr);
  const std::size_t bound = 40u * 13 + 16u * 65 + 130u * 65 + BudgetAllocated::charge_of<Cetr>();
  EXPECT_EQ(budget.used(), bound);
  const std::string text = reference::drive(*cetr, page.tokens);
  EXPECT_EQ(budget.peak(), bound) << "nothing grows after creation";
  // All lines alike: every line is content (T' >= sd = 0), in order.
  std::string expected;
  for (int i = 0; i < 3000; ++i) expected += "w" + padded(i) + " x" + padded(i) + "\n";
  EXPECT_EQ(text, expected);
}

TEST(Cetr, AFullQueueDecidesLinesBeforeTheirValuesAreFinal) {
  // One block of 1000 words: lines of 64 words, a queue of 65 words, so a
  // line must go before the three lines after it (its smoothing reach) exist.
  PageBuilder page;
  page.tag(true);
  for (int i = 0; i < 1000; ++i) page.word("w" + padded(i));
  CetrParams p = params_for(false);
  p.max_words = 1;
  p.text_bytes = 1;
  MemoryBudget budget(1 << 20);
  auto cetr = create_cetr(budget, p);
  const std::string text = reference::drive(*cetr, page.tokens);
  EXPECT_GT(static_cast<Cetr&>(*cetr).forced_lines(), 0u);
  std::string expected;
  for (int i = 0; i < 1000; ++i) expected += (i ? " w" : "w") + padded(i);
  EXPECT_EQ(text, expected + "\n");
}

TEST(Cetr, ReservesItsStatedBoundAndRefusesATooSmallBudget) {
  for (bool kmeans : {false, true}) {
    const CetrParams p = params_for(kmeans);
    const std::size_t bound = 40 * std::size_t{p.max_lines} + 16 * std::size_t{p.max_words} + p.text_bytes +
                              (kmeans ? 24 * Cetr::kMaxCells : 0) + BudgetAllocated::charge_of<Cetr>();
    MemoryBudget enough(bound);
    EXPECT_NE(create_cetr(enough, p), nullptr);
    EXPECT_EQ(enough.peak(), bound);
    MemoryBudget short_by_one(bound - 1);
    EXPECT_EQ(create_cetr(short_by_one, p), nullptr);
  }
}

TEST(Cetr, SmallBudgetThroughThePipeline) {
  for (const char* algorithm : {"cetr", "cetr-km"}) test::expect_article_fits(algorithm, 192 * 1024);
}

}  // namespace
}  // namespace winnow
