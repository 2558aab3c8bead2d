// SPDX-License-Identifier: MIT
// BTE online (Kadane) against the definition: brute force over every (i, j).
#include "engine/bte.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "support/test_support.h"
#include "support/token_dump.h"

namespace winnow {
namespace {

struct Segment {
  std::int64_t score;
  std::size_t i;
  std::size_t j;
};

// T(i,j) from seed 000 literally: tags before i + words in [i,j] + tags after j.
// Ties: the smallest j, then the largest i (what the online scan keeps).
Segment brute_force(const std::vector<test::DumpedToken>& tokens) {
  const std::size_t n = tokens.size();
  std::vector<std::int64_t> tags_before(n + 1, 0);
  for (std::size_t k = 0; k < n; ++k) tags_before[k + 1] = tags_before[k] + (tokens[k].token.is_tag() ? 1 : 0);
  Segment best{-1, 0, 0};
  for (std::size_t j = 0; j < n; ++j) {
    for (std::size_t i = 0; i <= j; ++i) {
      const std::int64_t tags_inside = tags_before[j + 1] - tags_before[i];
      const std::int64_t words_inside = static_cast<std::int64_t>(j + 1 - i) - tags_inside;
      const std::int64_t score = tags_before[i] + words_inside + (tags_before[n] - tags_before[j + 1]);
      if (score > best.score || (score == best.score && j == best.j && i > best.i)) best = {score, i, j};
    }
  }
  return best;
}

std::string render(const std::vector<test::DumpedToken>& tokens, const Segment& s) {
  test::RecordingSink sink;
  ContentWriter writer(sink);
  for (std::size_t k = s.i; k <= s.j; ++k)
    if (tokens[k].token.is_word()) writer.write_word(tokens[k].token, tokens[k].text);
  writer.finish();
  return sink.text();
}

std::string run_online(const std::vector<test::DumpedToken>& tokens, MemoryBudget& budget) {
  Bte bte(budget);
  return test::run_tokens(bte, tokens);
}

std::vector<test::DumpedToken> random_tokens(std::mt19937& generator, std::size_t n) {
  std::vector<test::DumpedToken> tokens(n);
  std::bernoulli_distribution is_word(0.55);
  std::uint64_t words = 0;
  std::uint32_t block = 0;
  for (std::size_t k = 0; k < n; ++k) {
    Token& t = tokens[k].token;
    t.seq = k;
    t.kind = is_word(generator) ? TokenKind::Word : TokenKind::StartTag;
    if (t.is_word()) {
      t.word_index = words++;
      t.block = block;
      tokens[k].text = "w" + std::to_string(k);
    } else {
      ++block;
    }
  }
  return tokens;
}

TEST(Bte, OnlineEqualsBruteForceOnRandomSequences) {
  std::mt19937 generator(12345);
  for (int round = 0; round < 400; ++round) {
    const std::size_t n = 1 + static_cast<std::size_t>(round % 60);
    const auto tokens = random_tokens(generator, n);
    MemoryBudget budget(1 << 20);
    const std::string online = run_online(tokens, budget);
    const Segment best = brute_force(tokens);
    EXPECT_EQ(online, render(tokens, best)) << "round " << round << " best (" << best.i << "," << best.j << ")";
  }
}

TEST(Bte, OnlineEqualsBruteForceOnEveryFixture) {
  for (const std::string& name : test::fixture_names()) {
    const std::string html = test::read_fixture(name);
    const auto tokens = test::tokens_of(html);
    ASSERT_FALSE(tokens.empty()) << name;
    const Segment best = brute_force(tokens);
    ExtractorConfig config;
    config.algorithm = "bte";
    const test::RunResult result = test::run_pipeline(html, config, 0);
    EXPECT_EQ(result.text, render(tokens, best)) << name;
    ASSERT_EQ(result.spans.size(), result.text.empty() ? 0u : 1u) << name;
    if (!result.spans.empty()) {
      EXPECT_EQ(result.spans[0].begin, tokens[best.i].token.source_begin) << name;
      EXPECT_EQ(result.spans[0].end, tokens[best.j].token.source_end) << name;
    }
  }
}

TEST(Bte, PicksTheArticleOverNavigationAndFooter) {
  ExtractorConfig config;
  config.algorithm = "bte";
  const std::string text = test::run_pipeline(test::read_fixture("article.html"), config, 0).text;
  EXPECT_NE(text.find("Measurements taken along twelve northern rivers"), std::string::npos) << text;
  EXPECT_NE(text.find("planting along the water"), std::string::npos) << text;
  EXPECT_EQ(text.find("Most read"), std::string::npos) << text;
  EXPECT_EQ(text.find("Privacy"), std::string::npos) << text;
}

TEST(Bte, CandidateTextOverTheBudgetKeepsTheBestPrefixAndSaysSo) {
  std::vector<test::DumpedToken> tokens;
  for (int k = 0; k < 5000; ++k) {
    test::DumpedToken t;
    t.token.kind = TokenKind::Word;
    t.token.word_index = static_cast<std::uint64_t>(k);
    t.token.seq = static_cast<std::uint64_t>(k);
    t.text = "word";
    tokens.push_back(t);
  }
  MemoryBudget budget(4096);
  const std::string online = run_online(tokens, budget);
  EXPECT_TRUE(budget.exceeded());
  EXPECT_LE(budget.peak(), 4096u);
  EXPECT_GT(online.size(), 1000u) << "the prefix that fitted is delivered";
  EXPECT_EQ(online.compare(0, 10, "word word "), 0);
}

TEST(Bte, EmptyDocumentGivesNoContent) {
  MemoryBudget budget(1024);
  EXPECT_EQ(run_online({}, budget), "");
}

// fuzz_pipeline finding 2ef92d02 (stop 23): a page whose only text is its
// <title> gave the span of its best segment, one tag, with no text.
TEST(Bte, APageWithoutWordsGivesNeitherTextNorSpans) {
  ExtractorConfig config;
  config.algorithm = "bte";
  const test::RunResult r = test::run_pipeline("<html><head><title>Breakwater holds</title></head></html>", config, 0);
  EXPECT_EQ(r.text, "");
  EXPECT_TRUE(r.spans.empty()) << r.spans.size();
}

}  // namespace
}  // namespace winnow
