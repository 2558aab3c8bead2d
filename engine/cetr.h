// SPDX-License-Identifier: MIT
// CETR, Content Extraction via Tag Ratios (Weninger & Hsu 2008; Weninger,
// Hsu & Han 2010; seeds 002 and 004), online with a bounded delay.
//
// Lines. The papers compute one text-to-tag ratio per line of the HTML
// source. Source line breaks are arbitrary — a minifier puts a whole page on
// one line, a pretty-printer every tag on its own — and the engine never
// sees them. A line here is defined on the token stream: it starts at the
// first token after the previous line and ends just before the first
// block-boundary tag (p, div, li, br, td, ...) that follows at least one
// word, or after max_line_tokens tokens. So a line is one rendered block of
// text with the tags that open it and the inline tags inside it: the unit a
// browser draws as a line or paragraph, which is what a hand-written source
// line usually held when the papers measured. Tags between blocks join the
// next line instead of forming lines of their own, so runs of wrapper tags
// never become zero-ratio lines that would dilute the smoothing; the cap
// keeps a block of thousands of words from being one line, which bounds the
// delay and the state.
//
// Formula. For line k with x_k characters (code points of its words) and y_k
// tag tokens, the tag ratio is T_k = x_k / y_k, or x_k when y_k = 0 (seed
// 002's TTRArray). Smoothing (2010, §3; kernel reconstructed: the seeds name
// Gaussian smoothing but give no formula) with weights
// w_j = exp(-j^2 / (2 s^2)), |j| <= r:
//   T'_k = sum_j w_j T_{k+j} / sum_j w_j   over the j with 0 <= k+j < L,
// i.e. renormalised at the document's ends. The smoothed derivative (2010's
// second dimension; reconstructed) is the distance from T'_k to the mean of
// the next a smoothed ratios:
//   G_k = | (1/a') sum_{j=1..a'} T'_{k+j} - T'_k |,  a' = min(a, L-1-k), G = 0 if a' = 0.
// Clustering, two variants:
//  - threshold (2008; `cetr`): line k is content when T'_k >= lambda * sd,
//    sd the (population) standard deviation of all T';
//  - 2-D k-means (2010; `cetr-km`): k-means with three centroids over the
//    points (T'_k, G_k), one centroid held at the origin (the non-content
//    cluster); the other two start at m and m + 2 d (m, d the per-dimension
//    mean and standard deviation of the points) and move by Lloyd's
//    iterations until they stop moving (at most 50). Line k is content when
//    a moving centroid is strictly nearer than the origin. (The 2010 paper
//    sets k = 3 with one cluster anchored at the origin; the seeds give no
//    initialisation: this one is ours.)
// Every word of a content line is content.
//
// Online. T'_k is exact once line k+r is complete, G_k once line k+r+a is:
// that is the fixed part of the delay. The clustering statistics are global;
// they are estimated with a look-ahead: line k is decided once W tokens past
// its end have been seen, against the statistics of every line whose value is
// final by then — a running mean and deviation (Welford) for the threshold; a
// summary of all points for k-means: at most 1024 cells of a grid over
// (log2(1 + T'), log2(1 + G)), each holding the count and the sums of the
// points in it, starting at 64 cells per octave and halving the resolution
// whenever the cells run out. Lloyd's iterations run on the cells, each one
// weighted point at the mean of its points: exact while no two distinct
// points share a cell; otherwise the points of one cell (within 1/64 octave
// of each other at first) move between clusters together. At the end
// every remaining line uses the final statistics (the threshold variant is
// then exact, up to rounding, for a document of at most W tokens). Between
// two k-means updates of a document a line or a few were added, so each
// update goes on from the previous update's centroids (two or three Lloyd
// iterations instead of about ten from m and m + 2d, which made `cetr-km`
// 0.69x the parser floor); the update on the final statistics, and the
// first update after the number of points has doubled, start from m and
// m + 2d again, as the offline method does. The cost
// against the exact offline versions is measured over the development corpus
// by `winnow-online-check --algo cetr,cetr-km` (adapters/train/; README,
// "Online DSC, CETR and MSS").
//
// Parameters (CetrParams, defaults): max_line_tokens 64 (32 and 128 scored
// alike), smoothing s = 1 line and r = 3 lines, derivative a = 3 lines,
// lambda = 1 (0.5 and 1.5 scored lower), look-ahead W = 8192 tokens,
// max_lines = 768, max_words = 3072, text_bytes = 20480.
// State: the counts of the line being built; per line still needed (not yet
// decided, or inside the smoothing reach of one that is not final) its end,
// T, T' and G (40 bytes); the undecided words (a DelayedWords queue, see
// engine/dsc.h); the running moments; for k-means the cells.
// Memory bound (bytes), all reserved at creation:
//   40 max_lines + 16 max_words + text_bytes  [+ 24 * 1024 for k-means]
// = 30,720 + 49,152 + 20,480 = 100,352 (threshold), 124,928 (k-means) with the
// defaults; max_words and text_bytes are raised to at least max_line_tokens + 1
// words and 129 (max_line_tokens + 1) bytes, max_lines to 2r + a + 4.
// Output delay: at most max(W, (r + a + 1) max_line_tokens) + max_line_tokens
// tokens. When the line ring or the word queue is full, the oldest line is
// decided early: with the values it has if they are final, else with values
// computed from the lines complete so far (as if the document ended there) —
// only on pages with more than max_lines lines or text_bytes of text within
// the delay.
#pragma once

#include <cstdint>
#include <memory>

#include "engine/algorithm.h"
#include "engine/dsc.h"  // DelayedWords
#include "engine/memory_budget.h"
#include "engine/ring_buffer.h"

namespace winnow {

struct CetrParams {
  enum class Clustering : std::uint8_t { Threshold, KMeans };
  Clustering clustering = Clustering::Threshold;
  std::uint32_t max_line_tokens = 64;
  double smoothing_sigma = 1.0;   // s, in lines
  std::uint32_t smoothing_radius = 3;  // r, in lines (at most 8)
  std::uint32_t derivative_lines = 3;  // a
  double lambda = 1.0;            // threshold = lambda * standard deviation
  std::uint32_t lookahead = 8192; // W, tokens
  std::uint32_t max_lines = 768;
  std::uint32_t max_words = 3072;
  std::uint32_t text_bytes = 20480;
};

class Cetr final : public Algorithm {
 public:
  Cetr(MemoryBudget& budget, const CetrParams& params);
  bool ok() const;

  void on_token(const Token& token, std::string_view text, const TokenStream& stream,
                ContentWriter& out) override;
  void finish(ContentWriter& out) override;

  // Lines decided before their values were final (a full ring or queue).
  std::uint64_t forced_lines() const { return forced_lines_; }

  static constexpr std::uint32_t kMaxRadius = 8;
  static constexpr std::size_t kMaxCells = 1024;

 private:
  struct Line {
    std::uint64_t end_word;   // word_index one past its last word
    std::uint64_t end_token;  // tokens seen when it closed
    double ratio;             // T
    double smoothed;          // T' (final once index < next_smooth_)
    double slope;             // G  (final once index < next_slope_)
  };
  struct Cell {
    std::uint32_t key;  // x cell << 16 | y cell
    std::uint32_t count;
    double sum_ratio;
    double sum_slope;
  };
  struct Moments {  // Welford
    std::uint64_t n = 0;
    double mean = 0;
    double m2 = 0;
    void add(double v);
    double sd() const;
  };

  std::uint64_t line_count() const { return lines_.end_seq(); }
  void close_line(ContentWriter& out);
  // T' / G of line k from the lines up to `last` (inclusive).
  double smooth(std::uint64_t k, std::uint64_t last) const;
  double slope(std::uint64_t k, std::uint64_t last, double smoothed_k) const;
  void finalize_values(std::uint64_t last, bool at_end);
  bool ready(std::uint64_t k) const;
  void decide_next(ContentWriter& out);
  bool is_content(double smoothed, double slope);
  void add_point(double smoothed, double slope);
  void update_centroids();
  void pop_unneeded();

  CetrParams params_;
  double weights_[2 * kMaxRadius + 1];
  RingBuffer<Line> lines_;
  DelayedWords words_;
  BudgetBuffer<Cell> cells_;  // k-means only
  std::size_t cell_count_ = 0;
  int cells_per_octave_ = 64;
  // the line being built
  std::uint32_t line_tokens_ = 0;
  std::uint32_t line_tags_ = 0;
  std::uint32_t line_words_ = 0;
  std::uint64_t line_chars_ = 0;
  std::uint64_t tokens_ = 0;
  std::uint64_t words_seen_ = 0;
  std::uint64_t next_smooth_ = 0;  // first line whose T' is not final
  std::uint64_t next_slope_ = 0;   // first line whose G is not final
  std::uint64_t next_decide_ = 0;  // first undecided line
  Moments smoothed_moments_;       // of the final T'
  Moments point_moments_[2];       // of the k-means points (T', G)
  double centroids_[2][2] = {{0, 0}, {0, 0}};
  bool centroid_placed_[2] = {false, false};  // moved to the mean of its points once
  bool centroids_stale_ = true;
  std::uint64_t forced_lines_ = 0;
};

std::unique_ptr<Algorithm> create_cetr(MemoryBudget& budget);
std::unique_ptr<Algorithm> create_cetr_km(MemoryBudget& budget);
std::unique_ptr<Algorithm> create_cetr(MemoryBudget& budget, const CetrParams& params);


}  // namespace winnow
