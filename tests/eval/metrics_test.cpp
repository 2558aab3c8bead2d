// SPDX-License-Identifier: MIT
// Tests of metrics.h: hand-computed precision/recall/F1 for every measure and
// every special case of seed 002's table.
#include "adapters/eval/metrics.h"

#include <gtest/gtest.h>

#include <cmath>

namespace winnow::eval {
namespace {

const Score& of(const DocumentScores& d, Measure m) {
  return d.by_measure[static_cast<std::size_t>(m)];
}

DocumentScores score(const std::string& gold, const std::string& extracted) {
  return score_document(prepare_text(gold), prepare_text(extracted));
}

// gold words:      the cat sat on the mat          (6; set {the,cat,sat,on,mat} = 5)
// extracted words: home the cat the dog sat        (6; set {home,the,cat,dog,sat} = 5)
const char* const kGold = "The cat sat on the mat.";
const char* const kExtracted = "Home | the cat, the dog sat.";

TEST(Metrics, WordSequenceIsTheLcsOfWords) {
  // LCS = "the cat sat" (or "the cat the"): 3.  P = 3/6, R = 3/6.
  const Score s = of(score(kGold, kExtracted), Measure::WordSequence);
  EXPECT_DOUBLE_EQ(s.precision, 0.5);
  EXPECT_DOUBLE_EQ(s.recall, 0.5);
  EXPECT_DOUBLE_EQ(s.f1, 0.5);
  EXPECT_EQ(s.special, SpecialCase::Regular);
}

TEST(Metrics, BagOfWordsTakesMinimumCounts) {
  // min counts: the 2, cat 1, sat 1 = 4.  P = 4/6, R = 4/6, F1 = 2/3.
  const Score s = of(score(kGold, kExtracted), Measure::BagOfWords);
  EXPECT_DOUBLE_EQ(s.precision, 4.0 / 6.0);
  EXPECT_DOUBLE_EQ(s.recall, 4.0 / 6.0);
  EXPECT_DOUBLE_EQ(s.f1, 2.0 / 3.0);
}

TEST(Metrics, SetOfWordsIntersectsDistinctWords) {
  // {the, cat, sat}: 3 of 5 on both sides.
  const Score s = of(score(kGold, kExtracted), Measure::SetOfWords);
  EXPECT_DOUBLE_EQ(s.precision, 0.6);
  EXPECT_DOUBLE_EQ(s.recall, 0.6);
  EXPECT_DOUBLE_EQ(s.f1, 0.6);
}

TEST(Metrics, BagAndSetDifferWhenWordsRepeat) {
  // gold: a a a b (4 words, set 2); extracted: a b b (3 words, set 2).
  // bag: min(a 3,1) + min(b 1,2) = 2 -> P 2/3, R 2/4; set: 2 -> P = R = 1.
  const DocumentScores d = score("a a a b", "a b b");
  EXPECT_DOUBLE_EQ(of(d, Measure::BagOfWords).precision, 2.0 / 3.0);
  EXPECT_DOUBLE_EQ(of(d, Measure::BagOfWords).recall, 0.5);
  EXPECT_DOUBLE_EQ(of(d, Measure::BagOfWords).f1, 2 * (2.0 / 3.0) * 0.5 / (2.0 / 3.0 + 0.5));
  EXPECT_DOUBLE_EQ(of(d, Measure::SetOfWords).f1, 1.0);
  // sequence: LCS(a a a b, a b b) = "a b" = 2 -> same P, R as the bag here.
  EXPECT_DOUBLE_EQ(of(d, Measure::WordSequence).precision, 2.0 / 3.0);
  EXPECT_DOUBLE_EQ(of(d, Measure::WordSequence).recall, 0.5);
}

TEST(Metrics, SequenceRewardsOrderBagDoesNot) {
  // Same words, reversed: bag and set are perfect, the sequence LCS is 1.
  const DocumentScores d = score("one two three", "three two one");
  EXPECT_DOUBLE_EQ(of(d, Measure::BagOfWords).f1, 1.0);
  EXPECT_DOUBLE_EQ(of(d, Measure::SetOfWords).f1, 1.0);
  EXPECT_DOUBLE_EQ(of(d, Measure::WordSequence).precision, 1.0 / 3.0);
  EXPECT_DOUBLE_EQ(of(d, Measure::WordSequence).recall, 1.0 / 3.0);
}

TEST(Metrics, CharactersAreTheLcsOfCodePointsAfterWhitespaceCollapse) {
  // gold "Hello, world" (12 code points), extracted "hello world" (11).
  // LCS "ello world" = 10: P = 10/11, R = 10/12, F1 = 2*10/(11+12) = 20/23.
  const Score s = of(score("  Hello,\n\n  world ", "hello world"), Measure::Characters);
  EXPECT_DOUBLE_EQ(s.precision, 10.0 / 11.0);
  EXPECT_DOUBLE_EQ(s.recall, 10.0 / 12.0);
  EXPECT_NEAR(s.f1, 20.0 / 23.0, 1e-12);
}

TEST(Metrics, CharactersCountCodePointsNotBytes) {
  // "café" vs "cafe": 4 code points each (é is 2 bytes), LCS 3.
  const Score s = of(score("café", "cafe"), Measure::Characters);
  EXPECT_DOUBLE_EQ(s.precision, 0.75);
  EXPECT_DOUBLE_EQ(s.recall, 0.75);
}

TEST(Metrics, CjkWordsAreCharacters) {
  // gold 今天天气很好 (6 words), extracted 今天下雨 (4 words): LCS 今天 = 2.
  const Score s = of(score("今天天气很好", "今天下雨"), Measure::WordSequence);
  EXPECT_DOUBLE_EQ(s.precision, 2.0 / 4.0);
  EXPECT_DOUBLE_EQ(s.recall, 2.0 / 6.0);
}

TEST(SpecialCases, BothEmptyIsPerfect) {
  const Score s = score_from_counts(0, 0, 0);
  EXPECT_EQ(s.special, SpecialCase::BothEmpty);
  EXPECT_EQ(s.precision, 1.0);
  EXPECT_EQ(s.recall, 1.0);
  EXPECT_EQ(s.f1, 1.0);
  const DocumentScores d = score(" \n", "");
  for (const Score& m : d.by_measure) {
    EXPECT_EQ(m.special, SpecialCase::BothEmpty);
    EXPECT_EQ(m.f1, 1.0);
  }
}

TEST(SpecialCases, OnlyTheExtractionEmptyLeavesPrecisionUndefined) {
  const Score s = score_from_counts(0, 0, 5);
  EXPECT_EQ(s.special, SpecialCase::ExtractionEmpty);
  EXPECT_TRUE(std::isnan(s.precision));
  EXPECT_EQ(s.recall, 0.0);
  EXPECT_EQ(s.f1, 0.0);
  for (const Score& m : score("some gold text here", "").by_measure) {
    EXPECT_EQ(m.special, SpecialCase::ExtractionEmpty);
    EXPECT_TRUE(std::isnan(m.precision));
    EXPECT_EQ(m.recall, 0.0);
    EXPECT_EQ(m.f1, 0.0);
  }
}

TEST(SpecialCases, OnlyTheGoldEmptyLeavesRecallUndefined) {
  const Score s = score_from_counts(0, 5, 0);
  EXPECT_EQ(s.special, SpecialCase::GoldEmpty);
  EXPECT_EQ(s.precision, 0.0);
  EXPECT_TRUE(std::isnan(s.recall));
  EXPECT_EQ(s.f1, 0.0);
  for (const Score& m : score("", "navigation menu text").by_measure) {
    EXPECT_EQ(m.special, SpecialCase::GoldEmpty);
    EXPECT_EQ(m.precision, 0.0);
    EXPECT_TRUE(std::isnan(m.recall));
    EXPECT_EQ(m.f1, 0.0);
  }
}

TEST(SpecialCases, NoOverlapIsZeroEverywhere) {
  const Score s = score_from_counts(0, 3, 4);
  EXPECT_EQ(s.special, SpecialCase::NoOverlap);
  EXPECT_EQ(s.precision, 0.0);
  EXPECT_EQ(s.recall, 0.0);
  EXPECT_EQ(s.f1, 0.0);
  const DocumentScores d = score("xyz", "abc");
  for (const Score& m : d.by_measure) EXPECT_EQ(m.special, SpecialCase::NoOverlap);
}

TEST(SpecialCases, AreDecidedPerMeasure) {
  // Punctuation only: characters are compared, but there are no words.
  const DocumentScores d = score("...", "...");
  EXPECT_EQ(of(d, Measure::Characters).special, SpecialCase::Regular);
  EXPECT_EQ(of(d, Measure::Characters).f1, 1.0);
  EXPECT_EQ(of(d, Measure::WordSequence).special, SpecialCase::BothEmpty);
  EXPECT_EQ(of(d, Measure::SetOfWords).special, SpecialCase::BothEmpty);
  EXPECT_EQ(of(d, Measure::Shingles).special, SpecialCase::BothEmpty);
}

TEST(Metrics, PerfectExtractionScoresOneEverywhere) {
  const DocumentScores d = score("A page.\nWith two blocks.", "A page. With two blocks.");
  for (const Score& m : d.by_measure) {
    EXPECT_EQ(m.special, SpecialCase::Regular);
    EXPECT_DOUBLE_EQ(m.precision, 1.0);
    EXPECT_DOUBLE_EQ(m.recall, 1.0);
    EXPECT_DOUBLE_EQ(m.f1, 1.0);
  }
}

TEST(Metrics, OverlapHelpersCountDirectly) {
  EXPECT_EQ(bag_overlap({"a", "a", "b"}, {"a", "b", "b", "c"}), 2u);
  EXPECT_EQ(set_overlap({"a", "a", "b"}, {"b", "c"}), 1u);
  EXPECT_EQ(distinct_count({"a", "a", "b"}), 2u);
  EXPECT_EQ(sequence_overlap({"a", "b", "c"}, {"c", "a", "b"}), 2u);
  EXPECT_EQ(character_overlap(U"abc", U"axc"), 2u);
}

}  // namespace
}  // namespace winnow::eval
