// SPDX-License-Identifier: MIT
// Precision, recall and F1 of one extraction against its gold text, for the
// four item types of Gottron's framework (seed 000, section 3):
//   characters      intersection = LCS of the code point sequences
//   word sequence   intersection = LCS of the word sequences
//   bag of words    intersection = sum over words of min(count_gold, count_extracted)
//   set of words    intersection = common distinct words
// P = |intersection| / |extracted|, R = |intersection| / |gold|,
// F1 = 2PR / (P + R) (seed 000 section 3; seed 002 "Metrics").
//
// Special cases (seed 002, "Metrics", table of four cases), decided per
// measure on the normalised items:
//   both empty           P = R = F1 = 1 (nothing to find, nothing found)
//   extraction empty     P undefined, R = 0, F1 = 0
//   gold empty           R undefined, P = 0, F1 = 0
//   no overlap           both non-empty, intersection empty: P = R = 0, F1 = 0
// Undefined values are NaN, printed as "NA", and left out of means; F1 is
// always defined, so every document counts in mean F1.
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "adapters/eval/shingles.h"

namespace winnow::eval {

enum class Measure : std::size_t { Characters, WordSequence, BagOfWords, SetOfWords, Shingles };
constexpr std::size_t kMeasureCount = 5;
// Short names used in TSV headers and the report.
constexpr std::array<const char*, kMeasureCount> kMeasureNames = {"chars", "seq", "bag", "set",
                                                                  "shingle"};
// Long names for the report's legends (Gottron's labels where he has them).
constexpr std::array<const char*, kMeasureCount> kMeasureTitles = {
    "characters (Str)", "word sequence (Seq)", "bag of words (Vec)", "set of words (Set)",
    "4-gram shingles (Zyte)"};

enum class SpecialCase : std::size_t { Regular, BothEmpty, ExtractionEmpty, GoldEmpty, NoOverlap };
constexpr std::size_t kSpecialCaseCount = 5;
constexpr std::array<const char*, kSpecialCaseCount> kSpecialCaseNames = {
    "regular", "both_empty", "extraction_empty", "gold_empty", "no_overlap"};

struct Score {
  double precision = 0;  // NaN when undefined
  double recall = 0;     // NaN when undefined
  double f1 = 0;
  SpecialCase special = SpecialCase::Regular;
};

// Applies the definitions and special cases above to item counts.
Score score_from_counts(std::size_t overlap, std::size_t extracted, std::size_t gold);

// A text normalised once and scored against many extractions.
struct PreparedText {
  std::u32string characters;
  std::vector<std::string> words;
  std::vector<std::string> shingle_tokens;
};
PreparedText prepare_text(std::string_view utf8);

struct DocumentScores {
  std::array<Score, kMeasureCount> by_measure;
  ShingleCounts shingles;  // normalised TP/FP/FN behind by_measure[Shingles]
};

DocumentScores score_document(const PreparedText& gold, const PreparedText& extracted);

// The individual intersections, exposed for tests.
std::size_t character_overlap(const std::u32string& gold, const std::u32string& extracted);
std::size_t sequence_overlap(const std::vector<std::string>& gold,
                             const std::vector<std::string>& extracted);
std::size_t bag_overlap(const std::vector<std::string>& gold,
                        const std::vector<std::string>& extracted);
std::size_t distinct_count(const std::vector<std::string>& words);
std::size_t set_overlap(const std::vector<std::string>& gold,
                        const std::vector<std::string>& extracted);

}  // namespace winnow::eval
