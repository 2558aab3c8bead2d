// SPDX-License-Identifier: MIT
// The mountain model (Bing, Wang, Zhang, Wang: "Primary content extraction
// with Mountain Model", IEEE CIT 2008, cited by seed 001 as [12]): the page
// is a sequence of content cells, the text between one tag's '>' and the
// next tag's '<'; each cell gets a score from the model, the cells form
// "information ridges", and a classifier (an SVM in the paper, trained on
// features only primary cells have) keeps the ridges of primary content.
//
// Reconstruction. The paper's formulas were not available to us; only the
// abstract and seed 001's one-paragraph summary were. What follows is our
// reading of that prose, not the paper's definitions:
//  - Cells are maximal runs of word tokens between two tag tokens (any tag,
//    inline ones included, as '>'..'<' implies). A cell's height is its
//    length in characters (plus one space per word) outside links; link
//    text adds nothing.
//  - The mountain: an altitude that climbs by each cell's height and
//    descends by tag_cost characters per tag between two cells, never
//    below zero: A_i = max(0, A_{i-1} - tag_cost * tags_i) + height_i.
//  - An information ridge is one rise of the altitude from zero: from the
//    first cell that lifts it above zero to the cell where it peaks; the
//    cells after the peak, until the altitude is back at zero, are its
//    slope and belong to no ridge. A ridge's height is its peak altitude.
//  - Classification: rule-based, not an SVM. A ridge is primary content
//    when its height is at least ridge_ratio times the highest ridge of
//    the page, and at most max_link_share of its characters are link text.
//    tag_cost and ridge_ratio were chosen on the development corpus (first
//    60 pages of each package, bag-of-words F1: tag_cost 4..30 x ratio
//    0.1..0.5 spans 0.81..0.887; 6, 8 and 10 within 0.005 of each other,
//    8 best on the whole corpus); the link share matters little, since link
//    text never lifts a ridge.
//
// Online. Ridges are found in one pass with O(1) state (altitude, peak).
// Only the highest ridge of the page is unknown until the end: a ridge that
// ends below ridge_ratio times the highest so far can never be kept and is
// dropped at once; the others are kept, rendered, until the end. When the
// dropped ones make up more than half of the kept text, the buffer is
// compacted.
// Parameters (MountainParams): tag_cost 8, ridge_ratio 0.2,
// max_link_share 0.5.
// State: altitude, peak and the open ridge's counters (O(1)); per kept ridge
// 56 bytes and its rendered text.
// Memory bound: 56 * (ridges kept) + their text, at most twice the text of
// the ridges within ridge_ratio of the highest so far (compaction uses a
// second buffer), charged to the budget. When the budget is reached, no
// more text is kept, the budget is marked exceeded (the extractor stops
// reading) and the ridges seen are classified, the last one cut there.
// Output delay: the end of the document.
#pragma once

#include <cstdint>
#include <memory>
#include <string_view>

#include "engine/algorithm.h"
#include "engine/bounded_text.h"
#include "engine/budget_buffer.h"
#include "engine/content_sink.h"
#include "engine/memory_budget.h"

namespace winnow {

struct MountainParams {
  double tag_cost = 8;
  double ridge_ratio = 0.2;
  double max_link_share = 0.5;
};

class Mountain final : public Algorithm {
 public:
  Mountain(MemoryBudget& budget, const MountainParams& params);
  void on_token(const Token& token, std::string_view text, const TokenStream& stream,
                ContentWriter& out) override;
  void finish(ContentWriter& out) override;

  // After finish(): the ridges found (every rise from zero) and kept.
  std::uint64_t ridges() const { return ridge_count_; }
  std::uint64_t kept_ridges() const { return kept_count_; }
  double highest() const { return highest_; }

 private:
  class RidgeSink final : public ContentSink {
   public:
    explicit RidgeSink(Mountain& owner) : owner_(owner) {}
    void on_text(std::string_view text) override { owner_.append(text); }
    void on_block_end() override { owner_.append("\n"); }
    void on_line_break() override { owner_.append(std::string_view(&ContentWriter::kLineBreakMarker, 1)); }
    void on_block_start(const BlockShape& shape) override { owner_.append(ContentWriter::block_marker(shape)); }
   private:
    Mountain& owner_;
  };
  struct Ridge {
    double height;
    std::uint64_t source_begin, source_end;
    std::uint32_t text_begin, text_end;
    std::uint32_t words;
    std::uint32_t net;
    std::uint32_t chars;
    std::uint32_t link_chars;
  };

  void append(std::string_view bytes);
  void start_ridge(const Token& token);
  void end_ridge();
  void compact();

  MountainParams params_;
  BoundedText text_;
  BoundedText spare_;
  ChargedVector<Ridge> kept_;
  RidgeSink sink_;
  ContentWriter writer_;
  bool full_ = false;

  double altitude_ = 0;
  std::uint64_t pending_tags_ = 0;
  bool in_cell_ = false;
  bool ridge_open_ = false;
  Ridge ridge_{};        // the open ridge, as of its peak
  std::uint32_t words_ = 0, chars_ = 0, link_chars_ = 0;  // of the open ridge so far
  double highest_ = 0;
  std::size_t dropped_bytes_ = 0;  // text of kept ridges now below the ratio
  std::uint64_t ridge_count_ = 0;
  std::uint64_t kept_count_ = 0;
};

std::unique_ptr<Algorithm> create_mountain(MemoryBudget& budget);
std::unique_ptr<Algorithm> create_mountain(MemoryBudget& budget, const MountainParams& params);

}  // namespace winnow
