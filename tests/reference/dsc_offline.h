// SPDX-License-Identifier: MIT
// DSC offline (seed 000 §5.3), the whole document in memory: the exact
// average slope A = tags / N, every window classified against it, the
// content areas found from the list of window labels. The definition is the
// one stated in engine/dsc.h; this file computes it directly, without the
// online bookkeeping, so that tests and the corpus check can compare.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace winnow::reference {

struct DscOfflineParams {
  std::size_t window = 20;  // l (even)
  // false: the exact average slope (the definition). true: a model of the
  // online estimate instead, for testing the streaming bookkeeping: window
  // k is classified against the average over the first n = (k+2)h + W
  // tokens (W = lookahead), or over all N when n > N.
  bool model_online_estimate = false;
  std::size_t lookahead = 0;
};

// keep[i]: token i lies in a content area (only words matter to the output).
template <typename Tokens>
std::vector<bool> dsc_offline(const Tokens& tokens, const DscOfflineParams& params = {}) {
  const std::size_t n = tokens.size();
  std::vector<bool> keep(n, false);
  if (n == 0) return keep;
  const std::size_t l = params.window;
  const std::size_t h = l / 2;
  std::vector<std::uint64_t> d(n + 1, 0);  // d[i] = tags among the first i tokens
  for (std::size_t i = 0; i < n; ++i) d[i + 1] = d[i] + (tokens[i].token.is_tag() ? 1 : 0);

  const std::size_t segments = (n + h - 1) / h;
  const std::size_t windows = std::max<std::size_t>(1, segments - 1);
  std::vector<bool> low(windows);
  for (std::size_t k = 0; k < windows; ++k) {
    const std::size_t begin = k * h;
    const std::size_t end = std::min(begin + l, n);
    const std::uint64_t tags = d[end] - d[begin];
    std::size_t seen = n;
    if (params.model_online_estimate && (k + 2) * h + params.lookahead <= n)
      seen = (k + 2) * h + params.lookahead;
    // slope_k < A / 2  <=>  tags / (end - begin) < tags_seen / (2 seen)
    low[k] = tags == 0 || 2 * tags * seen < d[seen] * (end - begin);
  }

  // Areas: [start of the first window of a low triple, start of the second
  // window of the next high triple).
  bool inside = false;
  std::size_t run = 0;  // length of the current run of equal labels
  std::size_t area_begin = 0;
  for (std::size_t k = 0; k < windows; ++k) {
    run = (k > 0 && low[k] == low[k - 1]) ? run + 1 : 1;
    if (!inside && low[k] && run >= 3) {
      inside = true;
      area_begin = (k - 2) * h;
    } else if (inside && !low[k] && run >= 3) {
      inside = false;
      for (std::size_t i = area_begin; i < (k - 1) * h; ++i) keep[i] = true;
    }
  }
  if (inside)
    for (std::size_t i = area_begin; i < n; ++i) keep[i] = true;
  return keep;
}

}  // namespace winnow::reference
