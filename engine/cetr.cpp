// SPDX-License-Identifier: MIT
#include "engine/cetr.h"

#include <algorithm>
#include <cmath>

#include "engine/utf8.h"

namespace winnow {
namespace {

constexpr int kMaxIterations = 50;

CetrParams sanitize(CetrParams p) {
  p.max_line_tokens = std::max<std::uint32_t>(1, p.max_line_tokens);
  p.smoothing_radius = std::min(p.smoothing_radius, Cetr::kMaxRadius);
  if (!(p.smoothing_sigma > 0)) p.smoothing_sigma = 1;
  p.max_words = std::max(p.max_words, p.max_line_tokens + 1);
  p.text_bytes = std::max<std::uint32_t>(p.text_bytes, DelayedWords::kMaxWordBytes * (p.max_line_tokens + 1));
  p.max_lines = std::max(p.max_lines, 2 * p.smoothing_radius + p.derivative_lines + 4);
  return p;
}

std::uint32_t cell_index(double value, int per_octave) {
  const double q = std::floor(per_octave * std::log2(1 + std::max(0.0, value)));
  return q >= 65535 ? 65535u : static_cast<std::uint32_t>(q);
}

}  // namespace

void Cetr::Moments::add(double v) {
  ++n;
  const double delta = v - mean;
  mean += delta / static_cast<double>(n);
  m2 += delta * (v - mean);
}

double Cetr::Moments::sd() const { return n == 0 ? 0 : std::sqrt(m2 / static_cast<double>(n)); }

Cetr::Cetr(MemoryBudget& budget, const CetrParams& params)
    : params_(sanitize(params)),
      lines_(budget, params_.max_lines),
      words_(budget, params_.max_words, params_.text_bytes) {
  const int r = static_cast<int>(params_.smoothing_radius);
  for (int j = -r; j <= r; ++j)
    weights_[j + r] = std::exp(-static_cast<double>(j * j) / (2 * params_.smoothing_sigma * params_.smoothing_sigma));
  if (params_.clustering == CetrParams::Clustering::KMeans) {
    cells_ = BudgetBuffer<Cell>(budget, kMaxCells);
  }
}

bool Cetr::ok() const {
  return lines_.ok() && words_.ok() && (params_.clustering != CetrParams::Clustering::KMeans || cells_.ok());
}

double Cetr::smooth(std::uint64_t k, std::uint64_t last) const {
  const std::int64_t r = params_.smoothing_radius;
  double sum = 0;
  double weight = 0;
  for (std::int64_t j = -r; j <= r; ++j) {
    const std::int64_t i = static_cast<std::int64_t>(k) + j;
    if (i < 0 || i > static_cast<std::int64_t>(last)) continue;
    sum += weights_[j + r] * lines_.at(static_cast<std::uint64_t>(i)).ratio;
    weight += weights_[j + r];
  }
  return sum / weight;
}

double Cetr::slope(std::uint64_t k, std::uint64_t last, double smoothed_k) const {
  const std::uint64_t a = std::min<std::uint64_t>(params_.derivative_lines, last - k);
  if (a == 0) return 0;
  double sum = 0;
  for (std::uint64_t j = 1; j <= a; ++j)
    sum += k + j < next_smooth_ ? lines_.at(k + j).smoothed : smooth(k + j, last);
  return std::fabs(sum / static_cast<double>(a) - smoothed_k);
}

void Cetr::finalize_values(std::uint64_t last, bool at_end) {
  const std::uint64_t r = params_.smoothing_radius;
  const std::uint64_t a = params_.derivative_lines;
  while (next_smooth_ <= last && (at_end || next_smooth_ + r <= last)) {
    Line& line = lines_.at(next_smooth_);
    line.smoothed = smooth(next_smooth_, last);
    smoothed_moments_.add(line.smoothed);
    ++next_smooth_;
  }
  while (next_slope_ < next_smooth_ && (at_end || next_slope_ + a < next_smooth_)) {
    Line& line = lines_.at(next_slope_);
    line.slope = slope(next_slope_, at_end ? last : next_slope_ + a, line.smoothed);
    if (cells_.ok()) add_point(line.smoothed, line.slope);
    ++next_slope_;
  }
}

bool Cetr::ready(std::uint64_t k) const {
  return params_.clustering == CetrParams::Clustering::KMeans ? k < next_slope_ : k < next_smooth_;
}

void Cetr::add_point(double smoothed, double slope) {
  point_moments_[0].add(smoothed);
  point_moments_[1].add(slope);
  centroids_stale_ = true;
  // Each time the number of points doubles, k-means starts from m and
  // m + 2d again rather than from the previous centroids, so that the warm
  // starts do not carry an early local optimum through a long page (a few
  // cold runs in all; measured by winnow-online-check, README).
  const std::uint64_t n = point_moments_[0].n;
  if ((n & (n - 1)) == 0) centroid_placed_[0] = centroid_placed_[1] = false;
  for (;;) {
    const std::uint32_t key =
        cell_index(smoothed, cells_per_octave_) << 16 | cell_index(slope, cells_per_octave_);
    Cell* cell = std::find_if(cells_.data(), cells_.data() + cell_count_, [key](const Cell& c) { return c.key == key; });
    if (cell == cells_.data() + cell_count_) {
      if (cell_count_ == kMaxCells && cells_per_octave_ > 1) {
        // Out of cells: halve the resolution, merging cells that now coincide.
        cells_per_octave_ /= 2;
        for (std::size_t i = 0; i < cell_count_; ++i) {
          const std::uint32_t x = (cells_[i].key >> 16) / 2, y = (cells_[i].key & 0xFFFF) / 2;
          cells_[i].key = x << 16 | y;
        }
        std::sort(cells_.data(), cells_.data() + cell_count_, [](const Cell& a, const Cell& b) { return a.key < b.key; });
        std::size_t kept = 0;
        for (std::size_t i = 0; i < cell_count_; ++i) {
          if (kept > 0 && cells_[kept - 1].key == cells_[i].key) {
            cells_[kept - 1].count += cells_[i].count;
            cells_[kept - 1].sum_ratio += cells_[i].sum_ratio;
            cells_[kept - 1].sum_slope += cells_[i].sum_slope;
          } else {
            cells_[kept++] = cells_[i];
          }
        }
        cell_count_ = kept;
        continue;
      }
      if (cell_count_ == kMaxCells) cell = cells_.data() + kMaxCells - 1;  // 1 per octave: cannot happen
      else *cell = Cell{key, 0, 0, 0}, ++cell_count_;
    }
    ++cell->count;
    cell->sum_ratio += smoothed;
    cell->sum_slope += slope;
    return;
  }
}

void Cetr::update_centroids() {
  if (!centroids_stale_) return;
  centroids_stale_ = false;
  // Lloyd's iterations go on from the centroids of the previous update (a
  // point or a few were added since, so they converge in two or three
  // iterations instead of about ten from scratch); a centroid that had no
  // point yet, or every centroid at the end of the document, starts where
  // the first update starts it.
  double c[2][2] = {{centroids_[0][0], centroids_[0][1]}, {centroids_[1][0], centroids_[1][1]}};
  const double start[2][2] = {
      {point_moments_[0].mean, point_moments_[1].mean},
      {point_moments_[0].mean + 2 * point_moments_[0].sd(), point_moments_[1].mean + 2 * point_moments_[1].sd()}};
  for (int m = 0; m < 2; ++m)
    if (!centroid_placed_[m]) c[m][0] = start[m][0], c[m][1] = start[m][1];
  for (int iteration = 0; iteration < kMaxIterations; ++iteration) {
    double sum[2][2] = {{0, 0}, {0, 0}};
    double count[2] = {0, 0};
    for (std::size_t i = 0; i < cell_count_; ++i) {
      const Cell& cell = cells_[i];
      const double x = cell.sum_ratio / cell.count;
      const double y = cell.sum_slope / cell.count;
      double best = x * x + y * y;  // the origin
      int cluster = -1;
      for (int m = 0; m < 2; ++m) {
        const double d = (x - c[m][0]) * (x - c[m][0]) + (y - c[m][1]) * (y - c[m][1]);
        if (d < best) best = d, cluster = m;
      }
      if (cluster < 0) continue;
      sum[cluster][0] += cell.sum_ratio;
      sum[cluster][1] += cell.sum_slope;
      count[cluster] += cell.count;
    }
    bool moved = false;
    for (int m = 0; m < 2; ++m) {
      if (count[m] == 0) continue;
      centroid_placed_[m] = true;
      const double x = sum[m][0] / count[m];
      const double y = sum[m][1] / count[m];
      if (x != c[m][0] || y != c[m][1]) moved = true;
      c[m][0] = x;
      c[m][1] = y;
    }
    if (!moved) break;
  }
  for (int m = 0; m < 2; ++m) centroids_[m][0] = c[m][0], centroids_[m][1] = c[m][1];
}

bool Cetr::is_content(double smoothed, double slope) {
  if (params_.clustering == CetrParams::Clustering::Threshold)
    return smoothed >= params_.lambda * smoothed_moments_.sd();
  update_centroids();
  const double origin = smoothed * smoothed + slope * slope;
  for (const auto& c : centroids_) {
    const double d = (smoothed - c[0]) * (smoothed - c[0]) + (slope - c[1]) * (slope - c[1]);
    if (d < origin) return true;
  }
  return false;
}

void Cetr::pop_unneeded() {
  const std::uint64_t r = params_.smoothing_radius;
  const std::uint64_t oldest =
      std::min({next_decide_, next_slope_, next_smooth_ >= r ? next_smooth_ - r : std::uint64_t{0}});
  while (!lines_.empty() && lines_.begin_seq() < oldest) lines_.pop_front();
}

void Cetr::decide_next(ContentWriter& out) {
  const std::uint64_t k = next_decide_;
  const Line& line = lines_.at(k);
  double smoothed = line.smoothed;
  double slope_k = line.slope;
  if (!ready(k)) {
    // Forced: values from the lines complete so far.
    ++forced_lines_;
    const std::uint64_t last = line_count() - 1;
    if (k >= next_smooth_) smoothed = smooth(k, last);
    if (k >= next_slope_) slope_k = slope(k, last, smoothed);
  }
  words_.release_until(line.end_word, is_content(smoothed, slope_k), out);
  ++next_decide_;
  pop_unneeded();
}

void Cetr::close_line(ContentWriter& out) {
  while (lines_.full() && next_decide_ < line_count()) decide_next(out);
  const double ratio = line_tags_ == 0 ? static_cast<double>(line_chars_)
                                       : static_cast<double>(line_chars_) / static_cast<double>(line_tags_);
  lines_.push(Line{words_seen_, tokens_, ratio, 0, 0});
  line_tokens_ = line_tags_ = line_words_ = 0;
  line_chars_ = 0;
  finalize_values(line_count() - 1, false);
}

void Cetr::on_token(const Token& token, std::string_view text, const TokenStream&, ContentWriter& out) {
  const bool breaks = token.is_tag() && token.has(kTokenBlockBoundary) && line_words_ > 0;
  if (line_tokens_ > 0 && (breaks || line_tokens_ >= params_.max_line_tokens)) close_line(out);
  if (token.is_word()) {
    // A full queue: decide the oldest lines early rather than lose words.
    while (!words_.fits(token, text) && next_decide_ < line_count()) decide_next(out);
    words_.push(token, text);
    ++line_words_;
    line_chars_ += utf8_characters(text);
    ++words_seen_;
  } else {
    ++line_tags_;
  }
  ++line_tokens_;
  ++tokens_;
  while (next_decide_ < line_count() && ready(next_decide_) &&
         lines_.at(next_decide_).end_token + params_.lookahead <= tokens_)
    decide_next(out);
}

void Cetr::finish(ContentWriter& out) {
  if (line_tokens_ > 0) close_line(out);
  if (line_count() > 0) finalize_values(line_count() - 1, true);
  // The lines left are decided on the final statistics: k-means from its
  // first start again, as the offline method runs it, not from where the
  // look-ahead's updates left it.
  centroid_placed_[0] = centroid_placed_[1] = false;
  centroids_stale_ = true;
  while (next_decide_ < line_count()) decide_next(out);
  words_.release_until(words_.end_index(), false, out);
}

std::unique_ptr<Algorithm> create_cetr(MemoryBudget& budget, const CetrParams& params) {
  return make_algorithm<Cetr>(budget, budget, params);
}

std::unique_ptr<Algorithm> create_cetr(MemoryBudget& budget) { return create_cetr(budget, CetrParams{}); }

std::unique_ptr<Algorithm> create_cetr_km(MemoryBudget& budget) {
  CetrParams params;
  params.clustering = CetrParams::Clustering::KMeans;
  return create_cetr(budget, params);
}

}  // namespace winnow
