// SPDX-License-Identifier: MIT
// CETR offline (Weninger & Hsu 2008; Weninger, Hsu & Han 2010), the whole
// document in memory: every line's tag ratio, the Gaussian-smoothed ratios,
// their smoothed derivative, then the clustering with the exact statistics
// of the whole document — the standard deviation threshold, or k-means over
// every (T', G) point itself (no grid). Definitions as stated in
// engine/cetr.h, computed directly from the arrays.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "engine/token.h"

namespace winnow::reference {

struct CetrOfflineParams {
  bool kmeans = false;
  std::size_t max_line_tokens = 64;
  double sigma = 1.0;
  std::size_t radius = 3;
  std::size_t derivative_lines = 3;
  double lambda = 1.0;
  // false: the exact statistics of the whole document (the definition).
  // true: a model of the online version with look-ahead W = 0, for testing
  // its bookkeeping: line k is decided as soon as its value is final, i.e.
  // when line k+r (threshold) or k+r+a (k-means) closes, with the
  // statistics of lines 0..k; lines whose value only becomes final at the
  // end of the document are decided with those of all lines.
  bool model_no_lookahead = false;
};

struct CetrLines {
  std::vector<std::size_t> first_token;  // line k = tokens [first_token[k], first_token[k+1])
  std::vector<double> ratio, smoothed, slope;
};

template <typename Tokens>
CetrLines cetr_lines(const Tokens& tokens, const CetrOfflineParams& p) {
  CetrLines lines;
  std::vector<std::size_t> chars, tags;
  std::size_t words_in_line = 0, tokens_in_line = 0;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const Token& t = tokens[i].token;
    const bool breaks = t.is_tag() && t.has(kTokenBlockBoundary) && words_in_line > 0;
    if (lines.first_token.empty() || (tokens_in_line > 0 && (breaks || tokens_in_line >= p.max_line_tokens))) {
      lines.first_token.push_back(i);
      chars.push_back(0);
      tags.push_back(0);
      words_in_line = tokens_in_line = 0;
    }
    ++tokens_in_line;
    if (t.is_word()) {
      ++words_in_line;
      for (const char c : std::string_view(tokens[i].text)) chars.back() += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    } else {
      ++tags.back();
    }
  }
  const std::size_t n = chars.size();
  for (std::size_t k = 0; k < n; ++k)
    lines.ratio.push_back(tags[k] == 0 ? static_cast<double>(chars[k])
                                       : static_cast<double>(chars[k]) / static_cast<double>(tags[k]));
  const std::int64_t r = static_cast<std::int64_t>(p.radius);
  for (std::size_t k = 0; k < n; ++k) {
    double sum = 0, weight = 0;
    for (std::int64_t j = -r; j <= r; ++j) {
      const std::int64_t i = static_cast<std::int64_t>(k) + j;
      if (i < 0 || i >= static_cast<std::int64_t>(n)) continue;
      const double w = std::exp(-static_cast<double>(j * j) / (2 * p.sigma * p.sigma));
      sum += w * lines.ratio[static_cast<std::size_t>(i)];
      weight += w;
    }
    lines.smoothed.push_back(sum / weight);
  }
  for (std::size_t k = 0; k < n; ++k) {
    const std::size_t a = std::min(p.derivative_lines, n - 1 - k);
    double sum = 0;
    for (std::size_t j = 1; j <= a; ++j) sum += lines.smoothed[k + j];
    lines.slope.push_back(a == 0 ? 0.0 : std::fabs(sum / static_cast<double>(a) - lines.smoothed[k]));
  }
  return lines;
}

// Lloyd's iterations with one centroid held at the origin over the first
// `seen` points (x, y): the two moving centroids. From `previous`, the
// iterations go on from its centroids that were placed (had points once),
// as the online code does between the updates of a document; without it,
// or for a centroid never placed, they start at m and m + 2 d.
struct CetrCentroids {
  double c[2][2];
  bool placed[2] = {false, false};
  bool is_content(double px, double py) const {
    const double origin = px * px + py * py;
    for (int m = 0; m < 2; ++m)
      if ((px - c[m][0]) * (px - c[m][0]) + (py - c[m][1]) * (py - c[m][1]) < origin) return true;
    return false;
  }
};

inline CetrCentroids cetr_kmeans(const std::vector<double>& x, const std::vector<double>& y, std::size_t seen,
                                 const CetrCentroids* previous = nullptr) {
  const std::size_t n = seen;
  // Running (Welford) mean and deviation, as the online code keeps them:
  // the start points then agree to the last bit, which matters once the
  // starts are warm (a point exactly between two centroids goes to the one
  // the last bit favours).
  auto mean_sd = [n](const std::vector<double>& v, double* mean, double* sd) {
    double m = 0, m2 = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const double delta = v[i] - m;
      m += delta / static_cast<double>(i + 1);
      m2 += delta * (v[i] - m);
    }
    *mean = m;
    *sd = n ? std::sqrt(m2 / static_cast<double>(n)) : 0;
  };
  double mx, sx, my, sy;
  mean_sd(x, &mx, &sx);
  mean_sd(y, &my, &sy);
  CetrCentroids r{{{mx, my}, {mx + 2 * sx, my + 2 * sy}}};
  if (previous)
    for (int m = 0; m < 2; ++m)
      if (previous->placed[m]) r.c[m][0] = previous->c[m][0], r.c[m][1] = previous->c[m][1], r.placed[m] = true;
  auto& c = r.c;
  // Equal points move together; each group is summed first, in the order
  // the points came, and the groups in the order they first appeared, so
  // the sums round as the online code's grid cells do when no two distinct
  // points share a cell (warm starts carry any last-bit difference on).
  struct Group {
    double x, y, sum_x, sum_y, count;
  };
  std::vector<Group> groups;
  for (std::size_t i = 0; i < n; ++i) {
    auto g = std::find_if(groups.begin(), groups.end(), [&](const Group& e) { return e.x == x[i] && e.y == y[i]; });
    if (g == groups.end()) g = groups.insert(groups.end(), Group{x[i], y[i], 0, 0, 0});
    g->sum_x += x[i];
    g->sum_y += y[i];
    g->count += 1;
  }
  for (int iteration = 0; iteration < 50; ++iteration) {
    double sum[2][2] = {{0, 0}, {0, 0}}, count[2] = {0, 0};
    for (const Group& g : groups) {
      const double gx = g.sum_x / g.count, gy = g.sum_y / g.count;
      double best = gx * gx + gy * gy;
      int cluster = -1;
      for (int m = 0; m < 2; ++m) {
        const double d = (gx - c[m][0]) * (gx - c[m][0]) + (gy - c[m][1]) * (gy - c[m][1]);
        if (d < best) best = d, cluster = m;
      }
      if (cluster >= 0) {
        sum[cluster][0] += g.sum_x;
        sum[cluster][1] += g.sum_y;
        count[cluster] += g.count;
      }
    }
    bool moved = false;
    for (int m = 0; m < 2; ++m) {
      if (count[m] == 0) continue;
      r.placed[m] = true;
      const double nx = sum[m][0] / count[m], ny = sum[m][1] / count[m];
      if (nx != c[m][0] || ny != c[m][1]) moved = true;
      c[m][0] = nx;
      c[m][1] = ny;
    }
    if (!moved) break;
  }
  return r;
}

template <typename Tokens>
std::vector<bool> cetr_offline(const Tokens& tokens, const CetrOfflineParams& p = {}) {
  const CetrLines lines = cetr_lines(tokens, p);
  const std::size_t n = lines.ratio.size();
  // content[k] with the statistics of lines [0, seen).
  std::size_t centroids_seen = 0, sd_seen = 0;
  double sd = 0;
  CetrCentroids centroids{};
  auto decide = [&](std::size_t k, std::size_t seen) {
    if (p.kmeans) {
      // During the document the updates go on from the previous centroids;
      // on the final statistics (seen == n: the lines decided at the end),
      // and once the number of points has reached a power of two since the
      // previous update, k-means starts afresh.
      if (seen != centroids_seen) {
        bool doubled = false;
        for (std::size_t count = centroids_seen + 1; count <= seen; ++count) doubled |= (count & (count - 1)) == 0;
        const bool warm = seen < n && !doubled;
        centroids = cetr_kmeans(lines.smoothed, lines.slope, seen, warm ? &centroids : nullptr);
        centroids_seen = seen;
      }
      return centroids.is_content(lines.smoothed[k], lines.slope[k]);
    }
    if (seen != sd_seen) {
      double mean = 0;
      for (std::size_t i = 0; i < seen; ++i) mean += lines.smoothed[i];
      mean = seen ? mean / static_cast<double>(seen) : 0;
      double q = 0;
      for (std::size_t i = 0; i < seen; ++i) q += (lines.smoothed[i] - mean) * (lines.smoothed[i] - mean);
      sd = seen ? std::sqrt(q / static_cast<double>(seen)) : 0;
      sd_seen = seen;
    }
    return lines.smoothed[k] >= p.lambda * sd;
  };
  std::vector<bool> content(n);
  const std::size_t reach = p.radius + (p.kmeans ? p.derivative_lines : 0);
  for (std::size_t k = 0; k < n; ++k) {
    const bool early = p.model_no_lookahead && n >= 2 && k + reach <= n - 2;
    content[k] = decide(k, early ? k + 1 : n);
  }
  std::vector<bool> keep(tokens.size(), false);
  for (std::size_t k = 0; k < n; ++k) {
    const std::size_t end = k + 1 < n ? lines.first_token[k + 1] : tokens.size();
    for (std::size_t i = lines.first_token[k]; i < end; ++i) keep[i] = content[k];
  }
  return keep;
}

}  // namespace winnow::reference
