// SPDX-License-Identifier: MIT
// Tests of summary.h: means over defined values, sample standard deviation,
// grouping per package with ALL rows, shingle F1 from mean P and R,
// special-case counts and seconds per kB.
#include "adapters/eval/summary.h"

#include <gtest/gtest.h>

#include <cmath>

namespace winnow::eval {
namespace {

const double kNaN = std::nan("");

DocumentResult doc(const std::string& package, const std::string& algorithm, Score s,
                   ShingleCounts shingles = {}, std::uint64_t bytes = 1000, double seconds = 0) {
  DocumentResult d;
  d.package = package;
  d.document = "d";
  d.algorithm = algorithm;
  d.html_bytes = bytes;
  d.seconds = seconds;
  d.scores.by_measure.fill(s);
  d.scores.shingles = shingles;
  return d;
}

TEST(Summary, MeanSkipsUndefinedValues) {
  EXPECT_DOUBLE_EQ(mean_of_defined({0.5, kNaN, 1.0}), 0.75);
  EXPECT_TRUE(std::isnan(mean_of_defined({kNaN})));
  EXPECT_TRUE(std::isnan(mean_of_defined({})));
}

TEST(Summary, SampleStandardDeviation) {
  EXPECT_NEAR(sample_stddev({0.0, 1.0}), std::sqrt(0.5), 1e-12);
  EXPECT_NEAR(sample_stddev({2, 4, 4, 4, 5, 5, 7, 9}), std::sqrt(32.0 / 7.0), 1e-12);
  EXPECT_EQ(sample_stddev({0.3}), 0.0);
  EXPECT_EQ(sample_stddev({}), 0.0);
}

TEST(Summary, MeansAndCountsOverSpecialCases) {
  // Regular (P .5, R 1, F1 2/3), extraction empty (P NaN, R 0, F1 0),
  // gold empty (P 0, R NaN, F1 0), both empty (1, 1, 1).
  const std::vector<DocumentResult> docs = {
      doc("p", "x", {0.5, 1.0, 2.0 / 3.0, SpecialCase::Regular}),
      doc("p", "x", {kNaN, 0.0, 0.0, SpecialCase::ExtractionEmpty}),
      doc("p", "x", {0.0, kNaN, 0.0, SpecialCase::GoldEmpty}),
      doc("p", "x", {1.0, 1.0, 1.0, SpecialCase::BothEmpty}),
  };
  std::vector<const DocumentResult*> pointers;
  for (const auto& d : docs) pointers.push_back(&d);
  const MeasureSummary s = summarize_measure(pointers, Measure::BagOfWords);
  EXPECT_DOUBLE_EQ(s.precision, (0.5 + 0.0 + 1.0) / 3.0);
  EXPECT_DOUBLE_EQ(s.recall, (1.0 + 0.0 + 1.0) / 3.0);
  EXPECT_DOUBLE_EQ(s.f1, (2.0 / 3.0 + 0 + 0 + 1) / 4.0);
  const double mean = (2.0 / 3.0 + 1.0) / 4.0;
  const double var = ((2.0 / 3.0 - mean) * (2.0 / 3.0 - mean) + 2 * mean * mean +
                      (1 - mean) * (1 - mean)) / 3.0;
  EXPECT_NEAR(s.f1_stddev, std::sqrt(var), 1e-12);
  EXPECT_EQ(s.cases[static_cast<std::size_t>(SpecialCase::Regular)], 1u);
  EXPECT_EQ(s.cases[static_cast<std::size_t>(SpecialCase::ExtractionEmpty)], 1u);
  EXPECT_EQ(s.cases[static_cast<std::size_t>(SpecialCase::GoldEmpty)], 1u);
  EXPECT_EQ(s.cases[static_cast<std::size_t>(SpecialCase::BothEmpty)], 1u);
  EXPECT_EQ(s.cases[static_cast<std::size_t>(SpecialCase::NoOverlap)], 0u);
}

TEST(Summary, ShingleF1IsTheF1OfMeanPrecisionAndMeanRecall) {
  // Per document: (P 1, R .5), (P NaN, R 0), (P 0, R NaN).
  // mean P = (1 + 0)/2 = .5, mean R = (.5 + 0)/2 = .25, F1 = 2*.5*.25/.75 = 1/3.
  const std::vector<DocumentResult> docs = {
      doc("p", "x", {1.0, 0.5, 2.0 / 3.0, SpecialCase::Regular}),
      doc("p", "x", {kNaN, 0.0, 0.0, SpecialCase::ExtractionEmpty}),
      doc("p", "x", {0.0, kNaN, 0.0, SpecialCase::GoldEmpty}),
  };
  std::vector<const DocumentResult*> pointers;
  for (const auto& d : docs) pointers.push_back(&d);
  const MeasureSummary s = summarize_measure(pointers, Measure::Shingles);
  EXPECT_DOUBLE_EQ(s.precision, 0.5);
  EXPECT_DOUBLE_EQ(s.recall, 0.25);
  EXPECT_NEAR(s.f1, 1.0 / 3.0, 1e-12);
  // Other measures average per-document F1 instead: (2/3 + 0 + 0) / 3.
  EXPECT_NEAR(summarize_measure(pointers, Measure::SetOfWords).f1, 2.0 / 9.0, 1e-12);
}

TEST(Summary, RowsPerPackageAndAlgorithmThenAllRows) {
  const Score perfect{1, 1, 1, SpecialCase::Regular};
  const Score half{0.5, 0.5, 0.5, SpecialCase::Regular};
  const std::vector<DocumentResult> docs = {
      doc("p1", "a", perfect, {}, 2000, 0.002), doc("p1", "b", half, {}, 2000, 0.004),
      doc("p2", "a", half, {}, 6000, 0.010),    doc("p2", "b", half, {}, 6000, 0.006),
  };
  const std::vector<SummaryRow> rows = summarize(docs);
  ASSERT_EQ(rows.size(), 6u);
  EXPECT_EQ(rows[0].package, "p1");
  EXPECT_EQ(rows[0].algorithm, "a");
  EXPECT_EQ(rows[1].algorithm, "b");
  EXPECT_EQ(rows[2].package, "p2");
  EXPECT_EQ(rows[4].package, kAllPackages);
  EXPECT_EQ(rows[4].algorithm, "a");
  EXPECT_EQ(rows[4].documents, 2u);
  EXPECT_DOUBLE_EQ(rows[4].measures[0].f1, 0.75);
  EXPECT_EQ(rows[4].html_bytes, 8000u);
  // (0.002 + 0.010) s over 8 kB.
  EXPECT_DOUBLE_EQ(rows[4].seconds_per_kb(), 0.012 / 8.0);
  EXPECT_DOUBLE_EQ(rows[0].seconds_per_kb(), 0.001);
}

TEST(Summary, SinglePackageStillGetsAllRows) {
  const std::vector<SummaryRow> rows = summarize({doc("p", "a", {1, 1, 1, SpecialCase::Regular})});
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[1].package, kAllPackages);
}

TEST(Summary, FailuresAreCounted) {
  DocumentResult failed = doc("p", "a", {kNaN, 0, 0, SpecialCase::ExtractionEmpty});
  failed.failed = true;
  const std::vector<SummaryRow> rows =
      summarize({failed, doc("p", "a", {1, 1, 1, SpecialCase::Regular})});
  EXPECT_EQ(rows[0].failures, 1u);
  EXPECT_EQ(rows[0].documents, 2u);
}

}  // namespace
}  // namespace winnow::eval
