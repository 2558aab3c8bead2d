// SPDX-License-Identifier: MIT
// DSC online against its offline definition (tests/reference/dsc_offline.h):
// exact on every fixture (each is shorter than the look-ahead), exact against
// a model of the running estimate on random sequences with short
// look-aheads, hand-made slopes with a known answer, and the memory bound.
#include "engine/dsc.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "reference/drive.h"
#include "reference/dsc_offline.h"
#include "support/budget_contract.h"
#include "support/test_support.h"
#include "support/token_dump.h"

namespace winnow {
namespace {

using reference::SimpleToken;

std::string online(const std::vector<SimpleToken>& tokens, const DscParams& params) {
  MemoryBudget budget(1 << 22);
  auto dsc = create_dsc(budget, params);
  return reference::drive(*dsc, tokens);
}

std::string offline(const std::vector<SimpleToken>& tokens, std::size_t window) {
  reference::DscOfflineParams p;
  p.window = window;
  return reference::render(tokens, reference::dsc_offline(tokens, p));
}

std::string offline_model(const std::vector<SimpleToken>& tokens, std::size_t window, std::size_t lookahead) {
  reference::DscOfflineParams p;
  p.window = window;
  p.model_online_estimate = true;
  p.lookahead = lookahead;
  return reference::render(tokens, reference::dsc_offline(tokens, p));
}

std::string repeat(const std::string& s, int n) {
  std::string r;
  for (int i = 0; i < n; ++i) r += s;
  return r;
}

TEST(Dsc, OnlineEqualsOfflineOnEveryFixture) {
  for (const std::string& name : test::fixture_names()) {
    const std::string html = test::read_fixture(name);
    const auto tokens = test::tokens_of(html);
    ExtractorConfig config;
    config.algorithm = "dsc";
    const test::RunResult result = test::run_pipeline(html, config, 0);
    EXPECT_EQ(result.status, Status::Ok) << name;
    EXPECT_EQ(result.text, reference::render(tokens, reference::dsc_offline(tokens))) << name;
  }
}

TEST(Dsc, FindsTheArticleOfTheArticleFixture) {
  ExtractorConfig config;
  config.algorithm = "dsc";
  const std::string text = test::run_pipeline(test::read_fixture("article.html"), config, 0).text;
  EXPECT_NE(text.find("Measurements taken along twelve northern rivers"), std::string::npos) << text;
  EXPECT_EQ(text.find("Privacy"), std::string::npos) << text;
}

TEST(Dsc, AKnownPlateau) {
  // l = 4 (h = 2). 24 tags, 24 words, 24 tags: A = 48/72, A/2 = 1/3; a
  // window is low when it holds at most one tag of four. Windows start every
  // 2 tokens; those starting at 24..44 are tag-free (low), 22 and 46 hold two
  // tags (high). The area opens at the first low window (token 24) and
  // closes at the start of the second high window after it (token 50): the
  // words 24..47 exactly.
  const std::string pattern = repeat("T", 24) + repeat("W", 24) + repeat("T", 24);
  const auto tokens = reference::tokens_from_pattern(pattern);
  DscParams params;
  params.window = 4;
  std::string expected;
  for (int i = 24; i < 48; ++i) expected += (i > 24 ? " w" : "w") + std::to_string(i);
  expected += "\n";
  EXPECT_EQ(offline(tokens, 4), expected);
  EXPECT_EQ(online(tokens, params), expected);
}

TEST(Dsc, TwoPlateausBothExtractedUnlikeBte) {
  // Two text runs separated by a long navigation list: BTE keeps one, DSC both.
  const std::string pattern =
      repeat("TTW", 20) + repeat("W", 40) + repeat("TTTW", 30) + repeat("W", 40) + repeat("TTW", 20);
  const auto tokens = reference::tokens_from_pattern(pattern);
  DscParams params;
  params.window = 8;
  const std::string text = online(tokens, params);
  EXPECT_EQ(text, offline(tokens, 8));
  EXPECT_NE(text.find("w61 w62"), std::string::npos) << text;    // first run
  EXPECT_NE(text.find("w221 w222"), std::string::npos) << text;  // second run
  EXPECT_EQ(text.find("w140 "), std::string::npos) << text;      // navigation
}

TEST(Dsc, PagesWithoutTagsAreAllContent) {
  const auto tokens = reference::tokens_from_pattern(repeat("W", 100));
  const std::string text = online(tokens, DscParams{});
  EXPECT_EQ(text, offline(tokens, 20));
  EXPECT_EQ(text.substr(0, 6), "w0 w1 ");
  EXPECT_NE(text.find("w99\n"), std::string::npos);
}

TEST(Dsc, ShortAndEmptyDocuments) {
  for (const std::string pattern : {"", "W", "TW", "TWWT", "TWWWWWWWWT"}) {
    const auto tokens = reference::tokens_from_pattern(pattern);
    DscParams params;
    params.window = 2;
    EXPECT_EQ(online(tokens, params), offline(tokens, 2)) << pattern;
  }
}

// The streaming bookkeeping (segments, run counters, decided words) must give
// exactly what the offline model of the same estimate gives: random
// sequences, random window lengths, short look-aheads so that most windows
// are classified during the stream.
TEST(Dsc, OnlineEqualsTheOfflineModelOfItsEstimateOnRandomSequences) {
  std::mt19937 generator(2024);
  for (int round = 0; round < 300; ++round) {
    std::uniform_int_distribution<int> length(0, 600);
    std::uniform_real_distribution<double> density(0.1, 0.9);
    std::string pattern;
    double p = density(generator);
    const int n = length(generator);
    for (int i = 0; i < n; ++i) {
      if (i % 50 == 0) p = density(generator);  // plateaus and dense parts
      pattern += std::bernoulli_distribution(p)(generator) ? 'T' : 'W';
    }
    const auto tokens = reference::tokens_from_pattern(pattern, round % 2 == 0);
    DscParams params;
    params.window = 2 * std::uniform_int_distribution<std::uint32_t>(1, 12)(generator);
    params.lookahead = std::uniform_int_distribution<std::uint32_t>(0, 200)(generator);
    EXPECT_EQ(online(tokens, params), offline_model(tokens, params.window, params.lookahead))
        << "round " << round << " l=" << params.window << " W=" << params.lookahead << " " << pattern;
    // With a look-ahead longer than the document the estimate is exact.
    params.lookahead = 1000;
    EXPECT_EQ(online(tokens, params), offline(tokens, params.window)) << "round " << round;
  }
}

TEST(Dsc, AFullQueueDecidesEarlyButKeepsEveryWordInOrder) {
  // max_words is raised to 2l + 1 = 9: with 400 words in a row the queue
  // fills long before the look-ahead and windows are classified early.
  const auto tokens = reference::tokens_from_pattern(repeat("TTTTW", 30) + repeat("W", 400) + repeat("TTTTW", 30));
  DscParams params;
  params.window = 4;
  params.max_words = 1;
  params.text_bytes = 1;
  MemoryBudget budget(1 << 20);
  auto dsc = create_dsc(budget, params);
  const std::size_t reserved = budget.used();
  EXPECT_EQ(reserved, 16u * 9 + 130u * 9 + 16u * (params.lookahead / 2 + 8) + BudgetAllocated::charge_of<Dsc>());
  const std::string text = reference::drive(*dsc, tokens);
  EXPECT_EQ(budget.peak(), reserved) << "nothing grows after creation";
  EXPECT_NE(text.find("w150 w151"), std::string::npos) << text;
  EXPECT_NE(text.find("w548 w549"), std::string::npos) << text;
  EXPECT_EQ(text.find("w4 "), std::string::npos) << text;
}

TEST(Dsc, ReservesItsStatedBoundAndRefusesATooSmallBudget) {
  const DscParams defaults;
  const std::size_t bound = 16 * std::size_t{defaults.max_words} + defaults.text_bytes +
                            16 * (defaults.lookahead / (defaults.window / 2) + 8) + BudgetAllocated::charge_of<Dsc>();
  MemoryBudget enough(bound);
  EXPECT_NE(create_dsc(enough), nullptr);
  EXPECT_EQ(enough.peak(), bound);
  MemoryBudget short_by_one(bound - 1);
  EXPECT_EQ(create_dsc(short_by_one), nullptr);
}

TEST(Dsc, SmallBudgetThroughThePipeline) {
  test::expect_article_fits("dsc", 160 * 1024);
}

}  // namespace
}  // namespace winnow
