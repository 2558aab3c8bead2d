// SPDX-License-Identifier: MIT
// The online maximum-sum segment against its definition, brute force over
// every (i, j), for any integer scores (BTE's and MSS's tests cover their
// own scores on real pages).
#include "engine/max_segment.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "support/test_support.h"

namespace winnow {
namespace {

struct Scored {
  Token token;
  std::string text;
  std::int64_t score = 0;
};

struct Best {
  std::int64_t sum;
  std::size_t i, j;
};

// argmax over i <= j of the sum of scores i..j; ties: the smallest j, then
// the largest i (what MaxSegment promises).
Best brute_force(const std::vector<Scored>& tokens) {
  Best best{MaxSegment::kNoSegment, 0, 0};
  for (std::size_t j = 0; j < tokens.size(); ++j) {
    std::int64_t sum = 0;
    for (std::size_t i = j + 1; i-- > 0;) {
      sum += tokens[i].score;
      if (sum > best.sum || (sum == best.sum && j == best.j && i > best.i)) best = {sum, i, j};
    }
  }
  return best;
}

std::vector<Scored> random_tokens(std::mt19937& generator, std::size_t n) {
  std::vector<Scored> tokens(n);
  std::bernoulli_distribution is_word(0.6);
  std::uniform_int_distribution<int> score(-3, 3);  // zeros make ties
  std::uint64_t words = 0;
  std::uint32_t block = 0;
  for (std::size_t k = 0; k < n; ++k) {
    Token& t = tokens[k].token;
    t.seq = k;
    t.source_begin = 10 * k;
    t.source_end = 10 * k + 4;
    t.kind = is_word(generator) ? TokenKind::Word : TokenKind::StartTag;
    if (t.is_word()) {
      t.word_index = words++;
      t.block = block;
      tokens[k].text = "w" + std::to_string(k);
    } else {
      ++block;
    }
    tokens[k].score = score(generator);
  }
  return tokens;
}

test::RecordingSink written(const MaxSegment& segment) {
  test::RecordingSink sink;
  ContentWriter out(sink);
  segment.write(out);
  out.finish();
  return sink;
}

TEST(MaxSegment, WritesTheSegmentOfTheDefinitionWithItsSpan) {
  std::mt19937 generator(2024);
  for (int round = 0; round < 500; ++round) {
    const auto tokens = random_tokens(generator, 1 + static_cast<std::size_t>(round % 50));
    MemoryBudget budget(1 << 20);
    MaxSegment segment(budget);
    for (const Scored& t : tokens) segment.take(t.token, t.text, t.score);
    const test::RecordingSink sink = written(segment);

    const Best best = brute_force(tokens);
    EXPECT_EQ(segment.best_sum(), best.sum) << "round " << round;
    test::RecordingSink expected_sink;
    ContentWriter expected(expected_sink);
    for (std::size_t k = best.i; k <= best.j; ++k)
      if (tokens[k].token.is_word()) expected.write_word(tokens[k].token, tokens[k].text);
    expected.finish();
    EXPECT_EQ(sink.text(), expected_sink.text()) << "round " << round << " (" << best.i << ", " << best.j << ")";
    if (expected_sink.text().empty()) {
      EXPECT_TRUE(sink.spans().empty()) << "a segment without words has no span either; round " << round;
    } else {
      ASSERT_EQ(sink.spans().size(), 1u) << "round " << round;
      EXPECT_EQ(sink.spans()[0].begin, tokens[best.i].token.source_begin) << "round " << round;
      EXPECT_EQ(sink.spans()[0].end, tokens[best.j].token.source_end) << "round " << round;
    }
  }
}

TEST(MaxSegment, NothingTakenWritesNothing) {
  MemoryBudget budget(1024);
  MaxSegment segment(budget);
  const test::RecordingSink sink = written(segment);
  EXPECT_EQ(segment.best_sum(), MaxSegment::kNoSegment);
  EXPECT_EQ(sink.text(), "");
  EXPECT_TRUE(sink.spans().empty());
}

TEST(MaxSegment, ABestSegmentLeftBehindKeepsItsTextAfterTheScanRestarts) {
  // +5 +5 (best, 10), then a fall below zero restarts the candidate, and a
  // later run reaches only 9: the first segment's text, swapped out of the
  // candidate's buffer, is what is written.
  std::vector<Scored> tokens;
  const std::int64_t scores[] = {5, 5, -20, 4, 5};
  for (std::size_t k = 0; k < 5; ++k) {
    Scored t;
    t.token.kind = TokenKind::Word;
    t.token.seq = k;
    t.token.word_index = k;
    t.token.source_begin = 10 * k;
    t.token.source_end = 10 * k + 4;
    t.text = "w" + std::to_string(k);
    t.score = scores[k];
    tokens.push_back(t);
  }
  MemoryBudget budget(1 << 16);
  MaxSegment segment(budget);
  for (const Scored& t : tokens) segment.take(t.token, t.text, t.score);
  const test::RecordingSink sink = written(segment);
  EXPECT_EQ(segment.best_sum(), 10);
  EXPECT_EQ(sink.text(), "w0 w1\n");
  ASSERT_EQ(sink.spans().size(), 1u);
  EXPECT_EQ(sink.spans()[0].begin, 0u);
  EXPECT_EQ(sink.spans()[0].end, 14u);
}

}  // namespace
}  // namespace winnow
