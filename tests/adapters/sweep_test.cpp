// SPDX-License-Identifier: MIT
// The grid of decoding parameters train_blocks --sweep-bias /
// --sweep-smoothing evaluates, and how it reads its lists.
#include "adapters/learn/sweep.h"

#include <gtest/gtest.h>

namespace winnow::learn {
namespace {

TEST(Sweep, ReadsCommaSeparatedNumbers) {
  const auto values = parse_value_list("-1.5,-1.25,0,2e-1");
  ASSERT_TRUE(values.has_value());
  EXPECT_EQ(*values, (std::vector<double>{-1.5, -1.25, 0, 0.2}));
  EXPECT_EQ(*parse_value_list("0.7"), std::vector<double>{0.7});
}

TEST(Sweep, RefusesEmptyItemsAndWhatIsNotANumber) {
  for (const char* text : {"", ",", "0.5,", ",0.5", "0.5,,0.7", "0.5x", "abc", "0.5 ", "nan", "inf"})
    EXPECT_FALSE(parse_value_list(text).has_value()) << '"' << text << '"';
}

TEST(Sweep, GridHoldsEveryPairWithBiasesVaryingSlowest) {
  const auto grid = sweep_grid({-1.5, -1.0}, {0.6, 0.7, 0.8}, -1.25f, 0.7);
  ASSERT_EQ(grid.size(), 6u);
  EXPECT_FLOAT_EQ(grid[0].bias, -1.5f);
  EXPECT_DOUBLE_EQ(grid[0].smoothing_weight, 0.6);
  EXPECT_FLOAT_EQ(grid[2].bias, -1.5f);
  EXPECT_DOUBLE_EQ(grid[2].smoothing_weight, 0.8);
  EXPECT_FLOAT_EQ(grid[3].bias, -1.0f);
  EXPECT_DOUBLE_EQ(grid[3].smoothing_weight, 0.6);
  EXPECT_FLOAT_EQ(grid[5].bias, -1.0f);
  EXPECT_DOUBLE_EQ(grid[5].smoothing_weight, 0.8);
}

TEST(Sweep, AnEmptyListStandsForTheDefault) {
  const auto only_weights = sweep_grid({}, {0.5, 1.0}, -1.25f, 0.7);
  ASSERT_EQ(only_weights.size(), 2u);
  EXPECT_FLOAT_EQ(only_weights[0].bias, -1.25f);
  EXPECT_FLOAT_EQ(only_weights[1].bias, -1.25f);
  EXPECT_DOUBLE_EQ(only_weights[1].smoothing_weight, 1.0);
  const auto neither = sweep_grid({}, {}, -1.25f, 0.7);
  ASSERT_EQ(neither.size(), 1u);
  EXPECT_FLOAT_EQ(neither[0].bias, -1.25f);
  EXPECT_DOUBLE_EQ(neither[0].smoothing_weight, 0.7);
}

TEST(Sweep, EachPointsDocumentsGoToTheirOwnFile) {
  const SweepPoint point{-1.25f, 0.7};
  EXPECT_EQ(sweep_documents_path("/tmp/cv.tsv", point), "/tmp/cv-bias-1.25-smoothing0.7.tsv");
  EXPECT_EQ(sweep_documents_path("cv", point), "cv-bias-1.25-smoothing0.7");
  EXPECT_EQ(sweep_documents_path("run.d/cv", point), "run.d/cv-bias-1.25-smoothing0.7");
  EXPECT_EQ(sweep_documents_path("dir/.hidden", point), "dir/.hidden-bias-1.25-smoothing0.7");
  EXPECT_NE(sweep_documents_path("cv.tsv", {-1.0f, 0.7}), sweep_documents_path("cv.tsv", {-1.25f, 0.7}));
}

}  // namespace
}  // namespace winnow::learn
