// SPDX-License-Identifier: MIT
// Boilerplate detection with shallow text features (Kohlschütter, Fankhauser,
// Nejdl, WSDM 2010; seed 002 describes it and its boilerpipe library):
// hand-held decision rules over a block and its two neighbours, streaming.
// Two extractors, as the library has them:
//
// `shallow-default` (boilerpipe's DefaultExtractor idea):
//  1. Blocks: Token::block runs of words (the text between two block-level
//     boundaries). Per block: words w, link density ld = words inside <a> /
//     w, text density td = words per line when the text is wrapped at 80
//     characters, the last line left out unless it is the only one (the
//     paper's "density of text blocks"; lines are filled word by word, a
//     space between words).
//  2. Fusion: a block whose text density equals the one before it is fused
//     with it (their lines and wrapped words add up, so the density stays;
//     the paper's block fusion, after Kohlschütter & Nejdl 2008), until the
//     fused text would pass kMaxFusedBytes (winnow's bound on memory).
//  3. Density rules, the C4.8 tree of the paper over (prev, curr, next):
//       curr.ld > 0.333333                       -> boilerplate
//       prev.ld <= 0.555556:
//         curr.td <= 9:  next.td > 10 -> content; else prev.td <= 4 -> boilerplate, else content
//         curr.td > 9:   next.td == 0 -> boilerplate, else content
//       prev.ld > 0.555556: next.td <= 11 -> boilerplate, else content
//     A missing neighbour (start, end of the document) is an empty block:
//     no words, ld = td = 0.
// `shallow-article` (the ArticleExtractor's steps, news-specific):
//  1. Blocks as above, not fused; the number-of-words rules of the paper:
//       curr.ld > 0.333333                       -> boilerplate
//       prev.ld <= 0.555556: content iff curr.w > 16 or next.w > 15 or prev.w > 4
//       prev.ld > 0.555556:  content iff curr.w > 40 or next.w > 17
//  2. Title: a block that matches the document's <title> marks where the
//     article starts. Compared lower-cased with spaces collapsed, against
//     the whole title and its longest part between separators (" - ",
//     " | ", " : ", " » ", " · ", " – ", " — ", " / "; the shorter parts
//     name the site): equal, or, for a candidate of 3 or more words, the
//     block starts with it (at most 2n + 4 words) or it starts with the
//     block (at least half its words).
//  3. End of article: a block of fewer than 15 words that starts with an
//     end marker ("comments", "12 comments", "leave a reply", "post a
//     comment", "related", "you may also like", "tags:", "©", ... see
//     kEndMarkers) ends the article once at least 60 words of content
//     blocks came before it: it and every block after it are boilerplate.
//  4. Largest block: runs of content blocks that are adjacent (no
//     boilerplate block between them) and at the same tag level (the number
//     of open block-level elements around the block) are fused; the run
//     with the most words is kept (the first on a tie), with every other
//     run at its level of at least 100 words, and, when a title block comes
//     before it, the title block and every content block between the two.
//     Headings after the last kept text block are dropped.
//
// Thresholds: ld 0.333333 / 0.555556, td 9 / 10 / 4 / 11 and words 16 / 15
// / 4 / 40 / 17 are the paper's decision trees (its densitometric and
// number-of-words classifiers, as boilerpipe ships them); 15 words for an
// end marker, 60 content words before it and 100 words at the same tag
// level are boilerpipe's ArticleExtractor settings as its documentation
// states them; the marker and separator lists are winnow's own.
//
// Parameters (ShallowTextParams): the variant; fuse equal densities (on for
// default); the thresholds above as named constants.
// State: per block 64 bytes of statistics (previous, waiting, fusing and
// current block); the text of the last three, each a BoundedText charged to
// the budget as it grows. Article: also a record (88 bytes) and the text of
// every content or title block until the end marker.
// Memory bound: default: about 400 bytes plus the text of three consecutive
// (fused) blocks, a fused run at most kMaxFusedBytes (16 KiB); article: that
// plus 88 bytes and the text of each content block up to the end marker. All of it capped by the budget: when a block
// or the article store outgrows what is left, the budget is marked exceeded
// (the extractor stops reading), and what was decided is written: default
// writes the blocks before the window, article decides among the blocks
// it stored.
// Output delay: default: a block is written when the block after its next
// (fused) block ends; a run of equal-density blocks holds one decision back
// for its whole length. Article: the end of the document.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>

#include "engine/algorithm.h"
#include "engine/bounded_text.h"
#include "engine/budget_buffer.h"
#include "engine/content_sink.h"
#include "engine/memory_budget.h"
#include "engine/token.h"
#include "engine/token_stream.h"

namespace winnow {

// One text block's shallow statistics, built word by word.
struct ShallowBlock {
  static constexpr std::uint32_t kLineWidth = 80;

  std::uint32_t words = 0;
  std::uint32_t anchor_words = 0;
  std::uint32_t chars = 0;
  std::uint32_t net = 0;              // characters outside links, as ContentWriter counts them
  // Wrapping: complete lines and their words; the open (last) line.
  std::uint32_t full_lines = 0;
  std::uint32_t words_in_full_lines = 0;
  std::uint32_t line_chars = 0;
  std::uint32_t line_words = 0;
  // Blocks fused into this one before the open one: their density terms.
  std::uint32_t fused_lines = 0;
  std::uint32_t fused_words = 0;
  std::uint16_t level = 0;            // open block-level elements around it
  std::uint8_t heading = 0;           // heading level of its first word
  SourceSpan span;

  void add_word(const Token& token, std::string_view text);
  // Adds a later block (boilerpipe's merge: densities' terms add up).
  void fuse(const ShallowBlock& next);
  // Text density as a fraction: words over lines.
  std::uint32_t density_words() const;
  std::uint32_t density_lines() const;
  double text_density() const;
  double link_density() const { return words ? static_cast<double>(anchor_words) / words : 0.0; }
};

bool same_text_density(const ShallowBlock& a, const ShallowBlock& b);

// The paper's two decision trees; an absent neighbour is ShallowBlock{}.
bool density_rules_content(const ShallowBlock& prev, const ShallowBlock& curr, const ShallowBlock& next);
bool num_words_rules_content(const ShallowBlock& prev, const ShallowBlock& curr, const ShallowBlock& next);

// Article helpers, exposed for the tests.
// What a block is compared with: the title normalised (lower case, single
// spaces), and its longest part between separators (usually the headline;
// the shorter parts name the site or section), with their word counts.
struct TitleParts {
  char text[TokenStream::kTitleBytes];
  std::size_t whole_size = 0, whole_words = 0;
  std::size_t longest_begin = 0, longest_size = 0, longest_words = 0;
  std::string_view whole() const { return std::string_view(text, whole_size); }
  std::string_view longest() const { return std::string_view(text + longest_begin, longest_size); }
};
TitleParts split_title(std::string_view title);
// Whether `block_text` (one rendered block) is the title or a part of it.
bool matches_title(std::string_view block_text, const TitleParts& title);
bool matches_title(std::string_view block_text, std::string_view title);
// Whether a block of `words` words starting with `block_text` ends the article.
bool is_end_marker(std::string_view block_text, std::uint32_t words);

struct ShallowTextParams {
  enum class Variant : std::uint8_t { Default, Article };
  Variant variant = Variant::Default;
  bool fuse_equal_density = true;

  static constexpr double kMaxLinkDensity = 0.333333;
  static constexpr double kPrevLinkDensity = 0.555556;
  static constexpr std::uint32_t kEndMarkerMaxWords = 15;
  static constexpr std::uint32_t kEndMarkerMinContentWords = 60;
  static constexpr std::uint32_t kSameLevelMinWords = 100;
  // A fused run stops growing at this much text: the blocks after it start a
  // new one. Fusion had no bound but the budget, so a long run of blocks of
  // equal density (a list nested past --max-depth, a long text cut into
  // blocks at kMaxBlockTextBytes) ran the budget out (winnow's own bound;
  // boilerpipe builds the whole document).
  static constexpr std::size_t kMaxFusedBytes = 4 * kMaxBlockTextBytes;
};

class ShallowText final : public Algorithm {
 public:
  ShallowText(MemoryBudget& budget, const ShallowTextParams& params);

  void on_token(const Token& token, std::string_view text, const TokenStream& stream,
                ContentWriter& out) override;
  void finish(ContentWriter& out) override;

  // Article: whether an end marker ended the article.
  bool ended_by_marker() const { return ended_; }

 private:
  struct Stored {  // a block kept for the article's end-of-document step
    ShallowBlock stats;
    std::uint64_t seq;          // index among all blocks with words
    std::uint32_t text_begin;
    std::uint32_t text_end;
    bool content;
    bool title;
  };

  void close_block(ContentWriter& out);
  void decide(const ShallowBlock& prev, const ShallowBlock& block, std::string_view text,
              const ShallowBlock& next, ContentWriter& out);
  void store(const ShallowBlock& block, std::string_view text, bool content);
  void write_block(const ShallowBlock& block, std::string_view text, ContentWriter& out);
  void finish_article(ContentWriter& out);

  ShallowTextParams params_;
  std::string_view title_;  // TokenStream::title(), valid for the stream's lifetime
  // title_ split once, not per block; the title only grows (the stream
  // appends to it), so its size says whether this is still its split.
  TitleParts title_parts_;
  std::size_t title_parts_size_ = 0;
  // The window: prev_ (decided), a_ (waiting for its next), b_ (closed, may
  // still fuse), current_ (being read).
  ShallowBlock prev_, a_, b_, current_;
  BoundedText a_text_, b_text_, current_text_;
  bool has_a_ = false, has_b_ = false, open_ = false;
  std::uint32_t block_id_ = 0;
  std::uint16_t level_ = 0;
  std::uint64_t blocks_decided_ = 0;

  // Article state.
  std::uint64_t content_words_ = 0;
  bool ended_ = false;
  bool full_ = false;
  BoundedText store_text_;
  ChargedVector<Stored> stored_;
};

std::unique_ptr<Algorithm> create_shallow_default(MemoryBudget& budget);
std::unique_ptr<Algorithm> create_shallow_article(MemoryBudget& budget);

}  // namespace winnow
