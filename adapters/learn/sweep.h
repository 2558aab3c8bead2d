// SPDX-License-Identifier: MIT
// The grid train_blocks --sweep-bias / --sweep-smoothing measures: the
// decoding parameters that do not change what is learned (the offset on the
// content log-odds and the HMM's smoothing weight), each fold's model
// evaluated at every combination. Training a fold takes minutes and scoring
// its held-out pages seconds, so a grid costs one cross-validation instead of
// one per point, and every point is measured on the same trees.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace winnow::learn {

struct SweepPoint {
  float bias = 0;
  double smoothing_weight = 0;
};

// "a,b,c" as numbers; nullopt for an empty list, an empty item or an item
// that is not wholly a finite number.
std::optional<std::vector<double>> parse_value_list(std::string_view text);

// Every (bias, smoothing weight), biases varying slowest; an empty list
// stands for the one given default.
std::vector<SweepPoint> sweep_grid(const std::vector<double>& biases, const std::vector<double>& weights,
                                   float default_bias, double default_weight);

// Where a sweep writes one point's --documents table: the path with
// "-bias<b>-smoothing<w>" put before its extension ("cv.tsv" at -1.25, 0.7:
// "cv-bias-1.25-smoothing0.7.tsv").
std::string sweep_documents_path(const std::string& path, const SweepPoint& point);

}  // namespace winnow::learn
