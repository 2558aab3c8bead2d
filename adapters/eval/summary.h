// SPDX-License-Identifier: MIT
// Per-document results and their aggregation per package and algorithm.
//
// Means follow seed 002 ("arithmetic mean of all three metrics for every
// extractor"), over the documents where the value is defined (metrics.h).
// The spread is the estimated (sample, n - 1) standard deviation of F1 that
// seed 000 (section 3) uses as a stability measure. Time is Gottron's seconds
// per kB of HTML: total seconds over total kB (1 kB = 1000 bytes), so tiny
// pages do not dominate. For the shingle measure, F1 is 2PR/(P+R) of the mean
// P and mean R, as in the Zyte benchmark (shingles.h).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "adapters/eval/metrics.h"

namespace winnow::eval {

struct DocumentResult {
  std::string package;
  std::string document;
  std::string algorithm;
  std::uint64_t html_bytes = 0;
  double seconds = 0;    // extraction time only, measured in-process
  DocumentScores scores;
  std::string status = "ok";  // "ok" or why the extraction was not clean
  bool failed = false;        // the extractor reported an error
};

struct MeasureSummary {
  double precision = 0;
  double recall = 0;
  double f1 = 0;
  double f1_stddev = 0;
  std::array<std::size_t, kSpecialCaseCount> cases{};  // indexed by SpecialCase
};

struct SummaryRow {
  std::string package;  // kAllPackages for the row over every package
  std::string algorithm;
  std::size_t documents = 0;
  std::size_t failures = 0;
  double seconds = 0;
  std::uint64_t html_bytes = 0;
  std::array<MeasureSummary, kMeasureCount> measures;
  double seconds_per_kb() const;
};

inline const char* const kAllPackages = "ALL";

// One row per (package, algorithm) in order of first appearance, then one
// "ALL" row per algorithm over every document (also for a single package, so
// that scripts can always pick the ALL rows).
std::vector<SummaryRow> summarize(const std::vector<DocumentResult>& documents);

// Helpers exposed for tests.
double mean_of_defined(const std::vector<double>& values);  // NaN-skipping; NaN if none
double sample_stddev(const std::vector<double>& values);    // 0 for fewer than 2 values
MeasureSummary summarize_measure(const std::vector<const DocumentResult*>& docs, Measure m);

}  // namespace winnow::eval
