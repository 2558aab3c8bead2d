// SPDX-License-Identifier: MIT
// The training programs' page figures: means over pages, and the shingle F1
// of the mean precision and recall over the pages where each is defined.
#include "adapters/learn/figures.h"

#include <gtest/gtest.h>

#include <cmath>

namespace winnow::learn {
namespace {

eval::DocumentScores page(double bag_f1, double seq_f1, double shingle_p, double shingle_r) {
  eval::DocumentScores s{};
  s.by_measure[static_cast<std::size_t>(eval::Measure::BagOfWords)].f1 = bag_f1;
  s.by_measure[static_cast<std::size_t>(eval::Measure::WordSequence)].f1 = seq_f1;
  s.by_measure[static_cast<std::size_t>(eval::Measure::Shingles)].precision = shingle_p;
  s.by_measure[static_cast<std::size_t>(eval::Measure::Shingles)].recall = shingle_r;
  return s;
}

TEST(PageFigures, MeansOverPagesAndShingleF1OfTheMeans) {
  PageFigures f;
  f.add(page(1.0, 0.5, 1.0, 0.5));
  f.add(page(0.5, 0.25, 0.5, 1.0));
  EXPECT_EQ(f.docs, 2u);
  EXPECT_DOUBLE_EQ(f.mean_bag_f1(), 0.75);
  EXPECT_DOUBLE_EQ(f.mean_seq_f1(), 0.375);
  EXPECT_DOUBLE_EQ(f.shingle_f1(), 0.75) << "mean P 0.75, mean R 0.75";
}

TEST(PageFigures, UndefinedShinglePrecisionOrRecallIsLeftOutOfItsMean) {
  PageFigures f;
  f.add(page(0.0, 0.0, std::nan(""), 0.0));  // nothing extracted: no precision
  f.add(page(1.0, 1.0, 0.6, 1.0));
  EXPECT_EQ(f.shingle_p_docs, 1u);
  EXPECT_EQ(f.shingle_r_docs, 2u);
  EXPECT_DOUBLE_EQ(f.shingle_f1(), 2 * 0.6 * 0.5 / 1.1) << "mean P 0.6 over one page, mean R 0.5 over two";
}

TEST(PageFigures, AddingTablesEqualsAddingTheirPages) {
  PageFigures a, b, both;
  for (const auto& s : {page(0.9, 0.8, 0.7, 0.6), page(0.1, 0.2, std::nan(""), 0.3)}) a.add(s), both.add(s);
  for (const auto& s : {page(0.4, 0.4, 0.4, std::nan(""))}) b.add(s), both.add(s);
  a.add(b);
  EXPECT_EQ(a.docs, both.docs);
  EXPECT_DOUBLE_EQ(a.mean_bag_f1(), both.mean_bag_f1());
  EXPECT_DOUBLE_EQ(a.shingle_f1(), both.shingle_f1());
}

TEST(PageFigures, NoPagesGiveZeros) {
  const PageFigures none;
  EXPECT_EQ(none.mean_bag_f1(), 0.0);
  EXPECT_EQ(none.mean_seq_f1(), 0.0);
  EXPECT_EQ(none.shingle_f1(), 0.0);
}

}  // namespace
}  // namespace winnow::learn
