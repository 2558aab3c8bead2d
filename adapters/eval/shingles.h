// SPDX-License-Identifier: MIT
// The 4-gram shingle metric of the public Zyte article-extraction benchmark,
// re-implemented from its definition (issue 4) so that winnow's figures can be
// compared with the benchmark's published ones and with the reference table
// in the corpus README:
//   tokens   maximal runs of \w characters (Unicode letters, numbers, '_'
//            as in Python's re; case is kept, combining marks split tokens)
//   shingles every run of 4 consecutive tokens; a text with 1..3 tokens is
//            one shorter shingle; a text without tokens has none
//   per doc  over the two shingle multisets TP = sum of min counts,
//            FP = extra extracted, FN = missed gold, all divided by
//            TP + FP + FN so that long documents do not weigh more
//   P, R     per document P = TP/(TP+FP), R = TP/(TP+FN), and 1 when
//            FP = FN = 0; P averages over documents with TP+FP > 0, R over
//            those with TP+FN > 0; F1 = 2PR/(P+R) of the two means.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace winnow::eval {

constexpr std::size_t kShingleLength = 4;

// Normalised TP, FP, FN of one document (all zero when both texts are empty).
struct ShingleCounts {
  double tp = 0;
  double fp = 0;
  double fn = 0;
};

std::vector<std::string> shingle_tokens(std::string_view utf8);

ShingleCounts shingle_counts(const std::vector<std::string>& gold_tokens,
                             const std::vector<std::string>& extracted_tokens);

// Per-document precision and recall; NaN where the benchmark leaves the
// document out of the mean (TP+FP = 0, resp. TP+FN = 0).
double shingle_precision(const ShingleCounts& c);
double shingle_recall(const ShingleCounts& c);

}  // namespace winnow::eval
