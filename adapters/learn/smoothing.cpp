// SPDX-License-Identifier: MIT
#include "adapters/learn/smoothing.h"

#include <cmath>

namespace winnow::learn {

void LabelCounts::add_page(const std::vector<std::uint8_t>& labels) {
  for (std::size_t i = 0; i < labels.size(); ++i) {
    states[labels[i]] += 1;
    if (i > 0) transitions[labels[i - 1]][labels[i]] += 1;
  }
}

void set_smoothing(const LabelCounts& counts, double smoothing_weight, winnow::BlockModel* model) {
  for (int from = 0; from < 2; ++from) {
    const double leaving = counts.transitions[from][0] + counts.transitions[from][1];
    for (int to = 0; to < 2; ++to)
      model->log_transition[from][to] =
          static_cast<float>(smoothing_weight * std::log(counts.transitions[from][to] / leaving));
  }
  const double total = counts.states[0] + counts.states[1];
  for (int s = 0; s < 2; ++s) model->log_prior[s] = static_cast<float>(std::log(counts.states[s] / total));
}

}  // namespace winnow::learn
