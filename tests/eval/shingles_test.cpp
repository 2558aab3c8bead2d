// SPDX-License-Identifier: MIT
// Tests of shingles.h on small hand-made pairs, following the Zyte
// benchmark's definition of tokens, shingles, TP/FP/FN and P/R.
#include "adapters/eval/shingles.h"

#include <gtest/gtest.h>

#include <cmath>

#include "adapters/eval/metrics.h"

namespace winnow::eval {
namespace {

using Tokens = std::vector<std::string>;

ShingleCounts counts(const std::string& gold, const std::string& extracted) {
  return shingle_counts(shingle_tokens(gold), shingle_tokens(extracted));
}

// A pair's normalised TP, FP and FN, and the precision and recall they give,
// in that order.
struct Scores {
  double tp, fp, fn, precision, recall;
};

void expect_scores(const ShingleCounts& c, const Scores& want) {
  EXPECT_DOUBLE_EQ(c.tp, want.tp);
  EXPECT_DOUBLE_EQ(c.fp, want.fp);
  EXPECT_DOUBLE_EQ(c.fn, want.fn);
  EXPECT_DOUBLE_EQ(shingle_precision(c), want.precision);
  EXPECT_DOUBLE_EQ(shingle_recall(c), want.recall);
}

TEST(ShingleTokens, AreRunsOfWordCharacters) {
  EXPECT_EQ(shingle_tokens("Hello, wörld_1 x-y!"), (Tokens{"Hello", "wörld_1", "x", "y"}));
  EXPECT_EQ(shingle_tokens("今天天气很好。我们"), (Tokens{"今天天气很好", "我们"}));
  EXPECT_TRUE(shingle_tokens(" ... ").empty());
}

TEST(ShingleTokens, KeepCaseAndSplitAtCombiningMarks) {
  // Python's \w has no combining marks: "e" + U+0301 + "x" is two tokens.
  EXPECT_EQ(shingle_tokens("Ab e\xCC\x81x"), (Tokens{"Ab", "e", "x"}));
}

TEST(ShingleCounts, IdenticalTextsMatchCompletely) {
  // a b c d e -> shingles (a b c d), (b c d e): TP 2 -> normalised 1, 0, 0.
  expect_scores(counts("a b c d e", "a, b; c d e."), {1.0, 0.0, 0.0, 1.0, 1.0});
}

TEST(ShingleCounts, MissingTailCostsRecall) {
  // gold (a b c d), (b c d e); extracted (a b c d): TP 1, FP 0, FN 1 of 2.
  expect_scores(counts("a b c d e", "a b c d"), {0.5, 0.0, 0.5, 1.0, 0.5});
}

TEST(ShingleCounts, ExtraTextCostsPrecision) {
  // gold (a b c d); extracted (x a b c), (a b c d), (b c d y):
  // TP 1, FP 2, FN 0 of 3 -> P 1/3, R 1.
  expect_scores(counts("a b c d", "x a b c d y"), {1.0 / 3.0, 2.0 / 3.0, 0.0, 1.0 / 3.0, 1.0});
}

TEST(ShingleCounts, ShortTextsAreOneShorterShingle) {
  // "a b" is the single shingle (a b); "a b c" is (a b c): they differ.
  EXPECT_DOUBLE_EQ(counts("a b", "a b").tp, 1.0);
  expect_scores(counts("a b", "a b c"), {0.0, 0.5, 0.5, 0.0, 0.0});
}

TEST(ShingleCounts, ShinglesAreAMultiset) {
  // x x x x x has (x x x x) twice; x x x x has it once: TP 1, FN 1.
  const ShingleCounts c = counts("x x x x x", "x x x x");
  EXPECT_DOUBLE_EQ(c.tp, 0.5);
  EXPECT_DOUBLE_EQ(c.fp, 0.0);
  EXPECT_DOUBLE_EQ(c.fn, 0.5);
}

TEST(ShingleCounts, CaseMatters) {
  EXPECT_DOUBLE_EQ(counts("A b c d", "a b c d").tp, 0.0);
}

TEST(ShingleCounts, EmptySidesFollowTheBenchmark) {
  const ShingleCounts both = counts("", "...");
  EXPECT_EQ(both.tp + both.fp + both.fn, 0.0);
  EXPECT_TRUE(std::isnan(shingle_precision(both)));  // left out of mean P
  EXPECT_TRUE(std::isnan(shingle_recall(both)));     // left out of mean R

  const ShingleCounts no_extraction = counts("a b c d", "");
  EXPECT_DOUBLE_EQ(no_extraction.fn, 1.0);
  EXPECT_TRUE(std::isnan(shingle_precision(no_extraction)));
  EXPECT_DOUBLE_EQ(shingle_recall(no_extraction), 0.0);

  const ShingleCounts no_gold = counts("", "a b c d");
  EXPECT_DOUBLE_EQ(no_gold.fp, 1.0);
  EXPECT_DOUBLE_EQ(shingle_precision(no_gold), 0.0);
  EXPECT_TRUE(std::isnan(shingle_recall(no_gold)));
}

TEST(ShingleScore, PerDocumentSpecialCasesMatchTheOtherMeasures) {
  const auto shingle = [](const std::string& g, const std::string& e) {
    return score_document(prepare_text(g), prepare_text(e))
        .by_measure[static_cast<std::size_t>(Measure::Shingles)];
  };
  EXPECT_EQ(shingle("", "").special, SpecialCase::BothEmpty);
  EXPECT_EQ(shingle("", "").f1, 1.0);
  EXPECT_EQ(shingle("a b c d", "").special, SpecialCase::ExtractionEmpty);
  EXPECT_EQ(shingle("", "a b c d").special, SpecialCase::GoldEmpty);
  EXPECT_EQ(shingle("a b c d", "e f g h").special, SpecialCase::NoOverlap);
  // P 1/3, R 1 -> per-document F1 = 2 * (1/3) / (4/3) = 0.5.
  EXPECT_DOUBLE_EQ(shingle("a b c d", "x a b c d y").f1, 0.5);
}

}  // namespace
}  // namespace winnow::eval
