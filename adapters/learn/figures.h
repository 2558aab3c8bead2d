// SPDX-License-Identifier: MIT
// The figures the training programs report for a set of pages: the mean
// word-sequence and bag-of-words F1 over pages, and the shingle F1 of the
// mean shingle precision and recall (pages whose precision or recall is
// undefined, an empty output or an empty gold, are left out of that mean),
// the way winnow-eval's summary reports them. One definition, so that the
// figures of train_blocks, train_block_classifier and train_ncleaner can be
// set against each other and against winnow-eval's.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdio>

#include "adapters/eval/metrics.h"

namespace winnow::learn {

struct PageFigures {
  double bag_f1 = 0, seq_f1 = 0, shingle_p = 0, shingle_r = 0;  // sums over pages
  std::size_t docs = 0, shingle_p_docs = 0, shingle_r_docs = 0;

  void add(const eval::DocumentScores& s) {
    bag_f1 += s.by_measure[static_cast<std::size_t>(eval::Measure::BagOfWords)].f1;
    seq_f1 += s.by_measure[static_cast<std::size_t>(eval::Measure::WordSequence)].f1;
    const auto& shingles = s.by_measure[static_cast<std::size_t>(eval::Measure::Shingles)];
    if (!std::isnan(shingles.precision)) shingle_p += shingles.precision, ++shingle_p_docs;
    if (!std::isnan(shingles.recall)) shingle_r += shingles.recall, ++shingle_r_docs;
    ++docs;
  }
  void add(const PageFigures& o) {
    bag_f1 += o.bag_f1, seq_f1 += o.seq_f1, shingle_p += o.shingle_p, shingle_r += o.shingle_r;
    docs += o.docs, shingle_p_docs += o.shingle_p_docs, shingle_r_docs += o.shingle_r_docs;
  }
  double mean_bag_f1() const { return docs ? bag_f1 / static_cast<double>(docs) : 0; }
  double mean_seq_f1() const { return docs ? seq_f1 / static_cast<double>(docs) : 0; }
  double shingle_f1() const {
    const double p = shingle_p_docs ? shingle_p / static_cast<double>(shingle_p_docs) : 0;
    const double r = shingle_r_docs ? shingle_r / static_cast<double>(shingle_r_docs) : 0;
    return p + r > 0 ? 2 * p * r / (p + r) : 0;
  }
};

// The header of the programs' tables and one row of it: the name, the
// pages, seq F1, bag F1, shingle F1.
inline void print_figures_header() {
  std::printf("%-24s %6s %8s %8s %10s\n", "package", "docs", "seq F1", "bag F1", "shingle F1");
}
inline void print_figures_row(const char* name, const PageFigures& f) {
  std::printf("%-24s %6zu %8.3f %8.3f %10.3f\n", name, f.docs, f.mean_seq_f1(), f.mean_bag_f1(), f.shingle_f1());
}

}  // namespace winnow::learn
