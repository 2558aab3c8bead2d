// SPDX-License-Identifier: MIT
// Per-document scores for all measures (definitions in metrics.h).
#include "adapters/eval/metrics.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>
#include <unordered_set>

#include "adapters/eval/lcs.h"
#include "adapters/eval/normalize.h"

namespace winnow::eval {
namespace {

const double kUndefined = std::nan("");

double f1_of(double precision, double recall) {
  return precision + recall > 0 ? 2 * precision * recall / (precision + recall) : 0.0;
}

Symbols to_symbols(const std::u32string& text) {
  return Symbols(text.begin(), text.end());
}

// Scores a shingle comparison with the same special cases as the other
// measures, for per-document F1 (histograms, standard deviation). The
// summary's shingle F1 is built from the mean P and R instead (shingles.h).
Score shingle_score(const ShingleCounts& c) {
  const bool gold_empty = c.tp + c.fn <= 0;
  const bool extraction_empty = c.tp + c.fp <= 0;
  Score s;
  s.precision = shingle_precision(c);
  s.recall = shingle_recall(c);
  if (gold_empty && extraction_empty) {
    s = {1.0, 1.0, 1.0, SpecialCase::BothEmpty};
  } else if (extraction_empty) {
    s.special = SpecialCase::ExtractionEmpty;
  } else if (gold_empty) {
    s.special = SpecialCase::GoldEmpty;
  } else if (c.tp <= 0) {
    s.special = SpecialCase::NoOverlap;
  }
  if (s.special != SpecialCase::BothEmpty)
    s.f1 = std::isnan(s.precision) || std::isnan(s.recall) ? 0.0 : f1_of(s.precision, s.recall);
  return s;
}

}  // namespace

Score score_from_counts(std::size_t overlap, std::size_t extracted, std::size_t gold) {
  if (extracted == 0 && gold == 0) return {1.0, 1.0, 1.0, SpecialCase::BothEmpty};
  if (extracted == 0) return {kUndefined, 0.0, 0.0, SpecialCase::ExtractionEmpty};
  if (gold == 0) return {0.0, kUndefined, 0.0, SpecialCase::GoldEmpty};
  if (overlap == 0) return {0.0, 0.0, 0.0, SpecialCase::NoOverlap};
  const double precision = static_cast<double>(overlap) / static_cast<double>(extracted);
  const double recall = static_cast<double>(overlap) / static_cast<double>(gold);
  return {precision, recall, f1_of(precision, recall), SpecialCase::Regular};
}

PreparedText prepare_text(std::string_view utf8) {
  return {normalize_characters(utf8), split_words(utf8), shingle_tokens(utf8)};
}

std::size_t character_overlap(const std::u32string& gold, const std::u32string& extracted) {
  return lcs_length(to_symbols(gold), to_symbols(extracted));
}

std::size_t sequence_overlap(const std::vector<std::string>& gold,
                             const std::vector<std::string>& extracted) {
  WordIds ids;
  const Symbols gold_ids = ids.ids(gold);
  const Symbols extracted_ids = ids.ids(extracted);
  return lcs_length(gold_ids, extracted_ids);
}

std::size_t bag_overlap(const std::vector<std::string>& gold,
                        const std::vector<std::string>& extracted) {
  std::unordered_map<std::string_view, std::size_t> gold_counts;
  for (const std::string& w : gold) ++gold_counts[w];
  std::size_t overlap = 0;
  // Each extracted occurrence consumes one gold occurrence: sum of minima.
  for (const std::string& w : extracted) {
    auto it = gold_counts.find(w);
    if (it != gold_counts.end() && it->second > 0) {
      --it->second;
      ++overlap;
    }
  }
  return overlap;
}

std::size_t distinct_count(const std::vector<std::string>& words) {
  return std::unordered_set<std::string_view>(words.begin(), words.end()).size();
}

std::size_t set_overlap(const std::vector<std::string>& gold,
                        const std::vector<std::string>& extracted) {
  const std::unordered_set<std::string_view> gold_set(gold.begin(), gold.end());
  const std::unordered_set<std::string_view> extracted_set(extracted.begin(), extracted.end());
  return static_cast<std::size_t>(std::count_if(
      extracted_set.begin(), extracted_set.end(),
      [&](std::string_view w) { return gold_set.count(w) != 0; }));
}

DocumentScores score_document(const PreparedText& gold, const PreparedText& extracted) {
  DocumentScores d;
  auto& by = d.by_measure;
  by[static_cast<std::size_t>(Measure::Characters)] =
      score_from_counts(character_overlap(gold.characters, extracted.characters),
                        extracted.characters.size(), gold.characters.size());
  by[static_cast<std::size_t>(Measure::WordSequence)] =
      score_from_counts(sequence_overlap(gold.words, extracted.words), extracted.words.size(),
                        gold.words.size());
  by[static_cast<std::size_t>(Measure::BagOfWords)] =
      score_from_counts(bag_overlap(gold.words, extracted.words), extracted.words.size(),
                        gold.words.size());
  by[static_cast<std::size_t>(Measure::SetOfWords)] =
      score_from_counts(set_overlap(gold.words, extracted.words), distinct_count(extracted.words),
                        distinct_count(gold.words));
  d.shingles = shingle_counts(gold.shingle_tokens, extracted.shingle_tokens);
  by[static_cast<std::size_t>(Measure::Shingles)] = shingle_score(d.shingles);
  return d;
}

}  // namespace winnow::eval
