// SPDX-License-Identifier: MIT
// MSS online (Kadane over the classifier's scores, two tokens of look-ahead
// for the trigram) against the offline maximum run from prefix sums
// (tests/reference/mss_offline.h): every fixture with the shipped model,
// random sequences with random models; features, the model's shape, a
// known answer, and the budget.
#include "engine/mss.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "reference/drive.h"
#include "reference/mss_offline.h"
#include "support/budget_contract.h"
#include "support/test_support.h"
#include "support/token_dump.h"

namespace winnow {
namespace {

using reference::SimpleToken;

std::string online(const std::vector<SimpleToken>& tokens, const MssModel& model) {
  MemoryBudget budget(1 << 22);
  auto mss = create_mss(budget, model);
  return reference::drive(*mss, tokens);
}

std::string offline(const std::vector<SimpleToken>& tokens, const MssModel& model) {
  return reference::render(tokens, reference::mss_offline(tokens, model));
}

// A model that scores by parent tag only (no trigram listed, "other" = 0).
struct ParentModel {
  std::vector<std::int16_t> parents = std::vector<std::int16_t>(static_cast<std::size_t>(Tag::count), 0);
  std::uint32_t key = 0;
  std::int16_t llr = 0;
  MssBucketIndex buckets = mss_bucket_index(&key, 0);
  MssModel view() const {
    return MssModel{0, 0, &key, &llr, 0, parents.data(), parents.size(), "test", &buckets};
  }
};

TEST(Mss, OnlineEqualsOfflineOnEveryFixture) {
  for (const std::string& name : test::fixture_names()) {
    const std::string html = test::read_fixture(name);
    const auto tokens = test::tokens_of(html);
    ExtractorConfig config;
    config.algorithm = "mss";
    const test::RunResult result = test::run_pipeline(html, config, 0);
    EXPECT_EQ(result.status, Status::Ok) << name;
    reference::MssRun run;
    const auto keep = reference::mss_offline(tokens, kMssModel, &run);
    EXPECT_EQ(result.text, reference::render(tokens, keep)) << name;
    ASSERT_EQ(result.spans.size(), run.found ? 1u : 0u) << name;
    if (run.found) {
      EXPECT_EQ(result.spans[0].begin, tokens[run.first].token.source_begin) << name;
      EXPECT_EQ(result.spans[0].end, tokens[run.last].token.source_end) << name;
    }
  }
}

TEST(Mss, TheShippedModelFindsTheArticle) {
  ExtractorConfig config;
  config.algorithm = "mss";
  const std::string text = test::run_pipeline(test::read_fixture("article.html"), config, 0).text;
  EXPECT_NE(text.find("Measurements taken along twelve northern rivers"), std::string::npos) << text;
  EXPECT_EQ(text.find("Privacy"), std::string::npos) << text;
}

TEST(Mss, TheShippedModelIsWellFormed) {
  EXPECT_GT(kMssModel.trigram_count, 1000u);
  EXPECT_TRUE(std::is_sorted(kMssModel.trigram_keys, kMssModel.trigram_keys + kMssModel.trigram_count));
  EXPECT_EQ(std::adjacent_find(kMssModel.trigram_keys, kMssModel.trigram_keys + kMssModel.trigram_count),
            kMssModel.trigram_keys + kMssModel.trigram_count);
  // At least every tag up to the last one the shipped model was trained with,
  // in the order of engine/tag.h; tags appended since (annotation,
  // annotation-xml) score 0, as unseen, until train_mss runs again.
  EXPECT_GE(kMssModel.parent_count, static_cast<std::size_t>(Tag::annotation));
  EXPECT_LE(kMssModel.parent_count, static_cast<std::size_t>(Tag::count));
  EXPECT_NE(std::string(kMssModel.description).find("trained on"), std::string::npos);
  // Text inside <p> leans to content, inside <a> and <li> to boilerplate.
  EXPECT_GT(kMssModel.parent_llr[static_cast<int>(Tag::p)], 0);
  EXPECT_LT(kMssModel.parent_llr[static_cast<int>(Tag::a)], 0);
  EXPECT_LT(kMssModel.parent_llr[static_cast<int>(Tag::li)], kMssModel.parent_llr[static_cast<int>(Tag::p)]);
}

TEST(Mss, TheBucketIndexFindsEveryKeyAndNothingElse) {
  // Keys at the ends of the range and several in one bucket.
  constexpr std::uint32_t kKeys[] = {0u, 1u, 0x000FFFFFu, 0x00100000u, 0x7FFFFFFFu, 0x80000000u, 0x80000001u,
                                     0xFFF00000u, 0xFFFFFFFEu, 0xFFFFFFFFu};
  constexpr MssBucketIndex kIndex = mss_bucket_index(kKeys, 10);
  static_assert(kIndex[0] == 0 && kIndex[1] == 3 && kIndex[kMssBuckets] == 10, "computed at compile time");
  const std::int16_t llr[10] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
  const std::vector<std::int16_t> parents(static_cast<std::size_t>(Tag::count), 0);
  const MssModel model{0, -5000, kKeys, llr, 10, parents.data(), parents.size(), "test", &kIndex};
  constexpr MssBucketIndex kNoKeys = mss_bucket_index(kKeys, 0);
  const MssModel other{0, -5000, kKeys, llr, 0, parents.data(), parents.size(), "test", &kNoKeys};
  for (int i = 0; i < 10; ++i) {
    // Listed: its own ratio, not the "other" one.
    EXPECT_GT(mss_score(model, kKeys[i], Tag::p), mss_score(other, kKeys[i], Tag::p)) << i;
  }
  for (std::uint32_t absent : {2u, 0x000FFFFEu, 0x00100001u, 0x80000002u, 0xFFF00001u, 0xFFFFFFFDu})
    EXPECT_EQ(mss_score(model, absent, Tag::p), mss_score(other, absent, Tag::p)) << absent;
  // The shipped model: every key found with its own ratio, as a binary
  // search over the sorted keys finds it.
  const MssModel& shipped = kMssModel;
  for (std::size_t i = 0; i < shipped.trigram_count; ++i) {
    const std::uint32_t key = shipped.trigram_keys[i];
    const std::int32_t expected = static_cast<std::int32_t>(std::lround(
        (1.0 / (1.0 + std::exp(-static_cast<double>(shipped.prior + shipped.trigram_llr[i]) / 1024.0)) - 0.5) *
        kMssScoreOne));
    ASSERT_EQ(mss_score(shipped, key, Tag::count), expected) << i;
    const bool next_listed = std::binary_search(shipped.trigram_keys, shipped.trigram_keys + shipped.trigram_count, key + 1);
    if (!next_listed) {
      const std::int32_t unlisted = static_cast<std::int32_t>(std::lround(
          (1.0 / (1.0 + std::exp(-static_cast<double>(shipped.prior + shipped.other_trigram) / 1024.0)) - 0.5) *
          kMssScoreOne));
      ASSERT_EQ(mss_score(shipped, key + 1, Tag::count), unlisted) << i;
    }
  }
}

TEST(Mss, Normalisation) {
  char buffer[TokenStream::kMaxWordBytes];
  EXPECT_EQ(mss_normalize("Hello,", buffer), "hello");
  EXPECT_EQ(mss_normalize("(2024)", buffer), "0000");
  EXPECT_EQ(mss_normalize("e-Mail", buffer), "e-mail");
  EXPECT_EQ(mss_normalize("--", buffer), "");
  EXPECT_EQ(mss_normalize("Straße.", buffer), "straße");
  Token word;
  Token other_word;
  EXPECT_EQ(mss_symbol(word, "The"), mss_symbol(other_word, "the."));
  EXPECT_EQ(mss_symbol(word, "1999"), mss_symbol(word, "2024"));
  EXPECT_NE(mss_symbol(word, "the"), mss_symbol(word, "a"));
  Token p_start, p_end;
  p_start.kind = TokenKind::StartTag;
  p_start.tag = Tag::p;
  p_end.kind = TokenKind::EndTag;
  p_end.tag = Tag::p;
  EXPECT_NE(mss_symbol(p_start, ""), mss_symbol(p_end, ""));
  EXPECT_NE(mss_trigram_key(1, 2, 3), mss_trigram_key(3, 2, 1));
}

TEST(Mss, ParentsAreTheEnclosingElements) {
  // <div><p>word</p><a>x</a></div>
  auto tag = [](TokenKind kind, Tag t, std::uint16_t depth) {
    Token token;
    token.kind = kind;
    token.tag = t;
    token.depth = depth;
    return token;
  };
  MssParents parents;
  EXPECT_EQ(parents.parent_of(tag(TokenKind::StartTag, Tag::div, 0)), Tag::unknown);
  EXPECT_EQ(parents.parent_of(tag(TokenKind::StartTag, Tag::p, 1)), Tag::div);
  EXPECT_EQ(parents.parent_of(tag(TokenKind::Word, Tag::p, 2)), Tag::p);
  EXPECT_EQ(parents.parent_of(tag(TokenKind::EndTag, Tag::p, 1)), Tag::div);
  EXPECT_EQ(parents.parent_of(tag(TokenKind::StartTag, Tag::a, 1)), Tag::div);
  EXPECT_EQ(parents.parent_of(tag(TokenKind::EndTag, Tag::a, 1)), Tag::div);
  EXPECT_EQ(parents.parent_of(tag(TokenKind::EndTag, Tag::div, 0)), Tag::unknown);
}

std::vector<SimpleToken> tagged_words(const std::string& pattern) {
  // 'p': a word inside <p>, 'a': a word inside <a>, 'T': a <span> tag. The
  // sequence of tokens_from_pattern() ('W' for each word, all in <p>), then
  // each word's element and its text "<p or a><position>".
  std::string words_and_tags = pattern;
  std::replace_if(words_and_tags.begin(), words_and_tags.end(), [](char c) { return c != 'T'; }, 'W');
  std::vector<SimpleToken> tokens = reference::tokens_from_pattern(words_and_tags);
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    if (pattern[i] == 'T') continue;
    tokens[i].token.tag = pattern[i] == 'p' ? Tag::p : Tag::a;
    tokens[i].text = std::string(1, pattern[i]) + std::to_string(i);
  }
  return tokens;
}

TEST(Mss, AKnownAnswer) {
  ParentModel m;
  m.parents[static_cast<int>(Tag::p)] = 2048;   // +2 nats
  m.parents[static_cast<int>(Tag::a)] = -2048;  // -2 nats
  // The p-run with one link inside wins; the lone p words at the ends do not.
  const auto tokens = tagged_words("paaaaTpppppapppppTaaaap");
  EXPECT_EQ(online(tokens, m.view()), "p6 p7 p8 p9 p10 a11 p12 p13 p14 p15 p16\n");
  EXPECT_EQ(offline(tokens, m.view()), "p6 p7 p8 p9 p10 a11 p12 p13 p14 p15 p16\n");
}

TEST(Mss, OnlineEqualsOfflineOnRandomSequencesAndModels) {
  std::mt19937 generator(5);
  for (int round = 0; round < 300; ++round) {
    ParentModel m;
    std::uniform_int_distribution<int> llr(-3000, 3000);
    m.parents[static_cast<int>(Tag::p)] = static_cast<std::int16_t>(llr(generator));
    m.parents[static_cast<int>(Tag::a)] = static_cast<std::int16_t>(llr(generator));
    std::string pattern;
    const int n = std::uniform_int_distribution<int>(0, 80)(generator);
    for (int i = 0; i < n; ++i) pattern += "paT"[std::uniform_int_distribution<int>(0, 2)(generator)];
    const auto tokens = tagged_words(pattern);
    EXPECT_EQ(online(tokens, m.view()), offline(tokens, m.view())) << "round " << round << " " << pattern;
    // And with the shipped model, whose trigram table now matters.
    EXPECT_EQ(online(tokens, kMssModel), offline(tokens, kMssModel)) << "round " << round << " " << pattern;
  }
}

TEST(Mss, PendingWordsAreReadBackFromTheStreamWindowIntact) {
  // Words of every length up to the longest the tokenizer makes, so the
  // stream's text arena wraps with gaps: the window MSS asks for must keep
  // the text of every token it has not scored yet.
  std::mt19937 generator(11);
  for (int round = 0; round < 50; ++round) {
    ParentModel m;
    m.parents[static_cast<int>(Tag::p)] = 900;
    m.parents[static_cast<int>(Tag::a)] = -900;
    std::string pattern;
    for (int i = 0; i < 60; ++i) pattern += "ppaT"[std::uniform_int_distribution<int>(0, 3)(generator)];
    auto tokens = tagged_words(pattern);
    std::uniform_int_distribution<std::size_t> length(1, TokenStream::kMaxWordBytes);
    for (std::size_t i = 0; i < tokens.size(); ++i) {
      if (!tokens[i].token.is_word()) continue;
      const std::string tag = tokens[i].text;
      tokens[i].text = tag + std::string(length(generator), 'x');
      tokens[i].text.resize(std::min(tokens[i].text.size(), TokenStream::kMaxWordBytes));
    }
    const std::string expected = offline(tokens, m.view());
    EXPECT_EQ(online(tokens, m.view()), expected) << "round " << round;
    EXPECT_NE(expected.find("xxxxxxxx"), std::string::npos) << "round " << round << ": long words kept";
  }
}

TEST(Mss, ScoresAreBoundedAndSymmetric) {
  ParentModel m;
  for (int llr : {-32767, -1024, 0, 1024, 32767}) {
    m.parents[static_cast<int>(Tag::p)] = static_cast<std::int16_t>(llr);
    const std::int32_t s = mss_score(m.view(), 7, Tag::p);
    EXPECT_GT(s, -kMssScoreOne / 2 - 1);
    EXPECT_LT(s, kMssScoreOne / 2 + 1);
    m.parents[static_cast<int>(Tag::p)] = static_cast<std::int16_t>(-llr);
    EXPECT_LE(std::abs(mss_score(m.view(), 7, Tag::p) + s), 1);
  }
}

TEST(Mss, CandidateTextOverTheBudgetKeepsTheBestPrefixAndSaysSo) {
  ParentModel m;
  m.parents[static_cast<int>(Tag::p)] = 2048;
  const auto tokens = tagged_words(std::string(5000, 'p'));
  const MssModel model = m.view();  // the algorithm keeps a reference: it must outlive it
  MemoryBudget budget(4096);
  auto mss = create_mss(budget, model);
  const std::string text = reference::drive(*mss, tokens);
  EXPECT_TRUE(budget.exceeded());
  EXPECT_LE(budget.peak(), 4096u);
  EXPECT_GT(text.size(), 1000u) << "the prefix that fitted is delivered";
  EXPECT_EQ(text.compare(0, 6, "p0 p1 "), 0);
}

// fuzz_pipeline finding 69b8e004: a page without visible words gave the
// span of its best run of tags, with no text.
TEST(Mss, APageWithoutWordsGivesNeitherTextNorSpans) {
  ExtractorConfig config;
  config.algorithm = "mss";
  const test::RunResult r =
      test::run_pipeline("<html><head><title>Science</title></head><body><div><span></span></div>", config, 0);
  EXPECT_EQ(r.text, "");
  EXPECT_TRUE(r.spans.empty()) << r.spans.size();
}

TEST(Mss, SmallBudgetThroughThePipeline) { test::expect_article_within("mss", 64 * 1024, 64); }

TEST(Mss, EmptyDocumentGivesNoContent) {
  EXPECT_EQ(online({}, kMssModel), "");
}

}  // namespace
}  // namespace winnow
