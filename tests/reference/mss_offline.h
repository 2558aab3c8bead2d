// SPDX-License-Identifier: MIT
// MSS offline (Pasternack & Roth 2009), the whole document in memory: the
// scores of every token from the engine's local classifier (engine/mss.h:
// the features and the model are shared, what is checked here is the
// segmentation), then the maximum-sum run computed from prefix sums — for
// every end j the smallest prefix before it — rather than by a scan.
// Ties as stated in engine/mss.h: the run that ends first, then the one
// that starts last.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/mss.h"

namespace winnow::reference {

template <typename Tokens>
std::vector<std::int32_t> mss_scores(const Tokens& tokens, const MssModel& model) {
  const std::size_t n = tokens.size();
  std::vector<std::uint32_t> symbols(n + 2, kMssEndSymbol);
  std::vector<Tag> parents(n);
  MssParents tracker;
  for (std::size_t i = 0; i < n; ++i) {
    parents[i] = tracker.parent_of(tokens[i].token);
    symbols[i] = mss_symbol(tokens[i].token, tokens[i].text);
  }
  std::vector<std::int32_t> scores(n);
  for (std::size_t i = 0; i < n; ++i)
    scores[i] = mss_score(model, mss_trigram_key(symbols[i], symbols[i + 1], symbols[i + 2]), parents[i]);
  return scores;
}

struct MssRun {
  bool found = false;
  std::size_t first = 0;  // tokens [first, last]
  std::size_t last = 0;
  std::int64_t sum = 0;
};

inline MssRun max_sum_run(const std::vector<std::int32_t>& scores) {
  MssRun best;
  std::int64_t prefix = 0;         // sum of scores[0, j)
  std::int64_t min_prefix = 0;     // smallest prefix sum at a start <= j
  std::size_t min_at = 0;          // its start (the latest among equals)
  for (std::size_t j = 0; j < scores.size(); ++j) {
    if (prefix <= min_prefix) min_prefix = prefix, min_at = j;
    prefix += scores[j];
    const std::int64_t sum = prefix - min_prefix;
    if (!best.found || sum > best.sum) best = MssRun{true, min_at, j, sum};
  }
  return best;
}

template <typename Tokens>
std::vector<bool> mss_offline(const Tokens& tokens, const MssModel& model = kMssModel, MssRun* run = nullptr) {
  const MssRun best = max_sum_run(mss_scores(tokens, model));
  if (run) *run = best;
  std::vector<bool> keep(tokens.size(), false);
  if (best.found)
    for (std::size_t i = best.first; i <= best.last; ++i) keep[i] = true;
  return keep;
}

}  // namespace winnow::reference
