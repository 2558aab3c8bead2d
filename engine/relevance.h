// SPDX-License-Identifier: MIT
// Relevance-based content extraction (Wu, Chen, Zhu, Wang 2012; seed 001):
// leaf scores, path-ID relevance, relevance-weighted smoothing, information
// blocks and a 2-means classification of the blocks. Smoothing is online;
// the block decision is taken at the end of the document.
//
// Leaves are the DOM's text nodes: here, the maximal runs of words with no
// tag between them.
//
// Leaf score (eq. 1, lost in the seed's text extraction; reconstructed from
// its prose: "if the text is fully stopped, the score will increase by two
// times; if the text is anchor, [it is multiplied by] 50 %; if the text
// includes punctuation at least, the score will increase by one time", with
// alpha = 2, beta = 0.5, gamma = 1):
//   S = L * alpha^T * beta^A * (1 + gamma)^P
// L the leaf's length in characters (its words and the spaces between
// them), T = 1 when its last word ends a sentence (. ! ? and the CJK full
// stops, before closing quotes or brackets), A = 1 when it is inside <a>,
// P = 1 when it holds a comma or a full stop (, . and their CJK forms).
//
// Path IDs and relevance (eq. 2, also lost). The seed gives each leaf the
// path of child positions from the root and says the ID's length is the
// number of layers; the relevance of two leaves is their IDs' common prefix
// over their length. Our reading: an ID has one symbol per layer (the
// position among the parent's children), so the common prefix of leaves a
// and b is m(a, b), the number of elements that stay open from a to b (their
// common ancestors), and
//   r(a, b) = m(a, b) / max(|D_a|, |D_b|),   |D| = depth + 1.
// Two text nodes under one <p> at depth 12 have r = 12/13 = 0.92; under two
// sibling paragraphs, 11/13 = 0.85. Streaming: m between consecutive leaves
// is the smallest depth of any token between them, and m(a, c) = min(m(a,
// b), m(b, c)) for a < b < c, so no ID is ever stored.
//
// Smoothing (eq. 3, lost; "the score of a node depends on the scores of its
// surroundings ... high-score nodes upgrade their neighbours", weighted by
// relevance, V the average score inside the window): for the window W_i of
// the w = 5 leaves centred on i (cut at the document's ends),
//   S'_i = (1 - rho_i) S_i + rho_i V_i,   V_i = mean_{j in W_i} S_j,
//   rho_i = mean_{j in W_i, j != i} r(i, j),
// so a leaf is pulled towards its window's average as strongly as it is
// related to its neighbours. Computed online, two leaves after leaf i.
//
// Information blocks (definition 4): with avg the mean score of all leaves,
// maximal runs of adjacent leaves with S' > avg, read left to right and cut
// where adding the next leaf would break "the minimal relevance within the
// set is above the threshold (0.9) or every leaf's S is above avg"; runs of
// two or more leaves are the information blocks. The relevance of a set is
// the common prefix of all its IDs over the longest ID (for two leaves, eq.
// 2). Block features (eqs. 4-7): height h = V_b / V_max (V_b the mean S of
// the block), width d = L_b / L_max (L_b its leaves), position N = F_b / O
// (its first leaf's index over the number of leaves), cluster degree D = its
// relevance. Classification: 2-means (Lloyd) over (h, d, N, D), started at
// the highest and the lowest block; the cluster whose centre is higher is
// content, and every leaf of a content block is written.
//
// Parameters (RelevanceParams): alpha 2, beta 0.5, gamma 1, window 5,
// relevance threshold 0.9 (the seed's best values).
// State: per leaf 56 bytes (score, smoothed score, depth, common depth with
// the next leaf, span, first word, block) and its text. The blocks are not
// stored: each pass of the 2-means finds them again from the leaves.
// Memory bound: 56 bytes per text node plus the document's text, growing
// with the document and capped by the budget: when the buffers reach it, no
// more leaves are kept, the budget is marked exceeded (the extractor stops
// reading) and the blocks are chosen among the leaves kept.
// Output delay: the end of the document.
#pragma once

#include <cstdint>
#include <memory>
#include <string_view>

#include "engine/algorithm.h"
#include "engine/bounded_text.h"
#include "engine/budget_buffer.h"
#include "engine/memory_budget.h"

namespace winnow {

struct RelevanceParams {
  double alpha = 2.0;
  double beta = 0.5;
  double gamma = 1.0;
  std::uint32_t window = 5;
  double threshold = 0.9;
};

class Relevance final : public Algorithm {
 public:
  Relevance(MemoryBudget& budget, const RelevanceParams& params);

  void on_token(const Token& token, std::string_view text, const TokenStream& stream,
                ContentWriter& out) override;
  void finish(ContentWriter& out) override;

  // Eq. 1: the score of a leaf of `chars` characters.
  static double leaf_score(const RelevanceParams& p, double chars, bool stopped, bool anchor, bool punctuation) {
    return chars * (stopped ? p.alpha : 1.0) * (anchor ? p.beta : 1.0) * (punctuation ? 1.0 + p.gamma : 1.0);
  }
  // Eq. 2 on two IDs given by their lengths and the length of their common prefix.
  static double relevance(double common, double length_a, double length_b) {
    return common / (length_a > length_b ? length_a : length_b);
  }

  // After finish(): information blocks found and how many were content.
  std::size_t blocks() const { return blocks_found_; }
  std::size_t content_blocks() const { return content_blocks_; }

  struct Leaf {
    std::uint64_t source_begin;
    std::uint64_t source_end;
    std::uint64_t first_word;  // word_index of its first word
    std::uint32_t text_end;    // end of its words in text_ (joined by separator())
    std::uint32_t words;
    std::uint32_t block;       // Token::block of its words
    float score;               // S
    float smoothed;            // S'
    std::uint16_t depth;       // open elements around it
    std::uint16_t gap;         // common ancestors with the next leaf
    std::uint8_t flags;        // Token flags of its first word
    BlockStyle style;          // pack_block_style() of its first word
    std::uint8_t line_start;   // Token::line_start of its first word
  };
  struct Block {
    std::uint32_t first;
    std::uint32_t last;  // inclusive
    float mean_score;
    float relevance;
  };

 private:
  // Between a leaf's stored words: ' ', kGlued for a glued word, or
  // kLineBreak and the word's Token::line_start plus kLineStartBase (at most
  // 0xF0: past every separator's byte) for one that starts a preformatted line.
  static constexpr char kGlued = '\x02';
  static constexpr char kLineBreak = '\x03';
  static constexpr const char* kSeparators = " \x02\x03";
  static constexpr unsigned kLineStartBase = 0x30;
  std::string_view separator(const Token& token);
  char line_separator_[2] = {};

  void close_leaf();
  void smooth(std::size_t i);
  void write_leaf(const Leaf& leaf, std::size_t text_begin, ContentWriter& out) const;
  template <typename Visit>
  void for_each_block(double average, Visit&& visit) const;

  RelevanceParams params_;
  BoundedText text_;
  ChargedVector<Leaf> leaves_;
  bool full_ = false;

  // The leaf being read.
  bool open_ = false;
  Leaf leaf_{};
  std::size_t leaf_text_begin_ = 0;
  std::uint32_t chars_ = 0;
  bool stopped_ = false;
  bool punctuation_ = false;
  bool anchor_ = false;
  bool any_leaf_ = false;
  std::uint16_t min_depth_ = 0xFFFF;  // smallest depth since the previous leaf
  std::size_t next_smooth_ = 0;       // first leaf whose S' is not computed yet
  std::size_t blocks_found_ = 0;
  std::size_t content_blocks_ = 0;
};

std::unique_ptr<Algorithm> create_relevance(MemoryBudget& budget);
std::unique_ptr<Algorithm> create_relevance(MemoryBudget& budget, const RelevanceParams& params);

}  // namespace winnow
