// SPDX-License-Identifier: MIT
// Where extracted content goes. The engine calls these in document order as
// soon as content is decided; the views are valid only during the call.
#pragma once

#include <cstdint>
#include <string_view>

#include "engine/block_shape.h"

namespace winnow {

class PageMetadata;  // engine/page_metadata.h

// A byte range [begin, end) into the original input: Gottron's f_e (seed 000,
// section 2) returns a set of such pairs.
struct SourceSpan {
  std::uint64_t begin = 0;
  std::uint64_t end = 0;
};

// The page-level verdict of seed 004: an overview page (entry points,
// teaser lists) delivers little text that is not link text.
enum class PageVerdict : std::uint8_t { Article, Overview };

class ContentSink {
 public:
  virtual ~ContentSink() = default;
  // Once per document, before any other call: what the page declares about
  // itself (title, description, author, dates, ...; engine/page_metadata.h),
  // settled at its first word of content or at its end.
  virtual void on_metadata(const PageMetadata& /*metadata*/) {}
  // A piece of text of the current block (words joined by single spaces).
  virtual void on_text(std::string_view text) = 0;
  // The current block ended (the text format writes '\n').
  virtual void on_block_end() = 0;
  // Preformatted text (<pre>) keeps its lines: the current block's text goes
  // on on a new line (an empty line is two calls; the indentation comes as
  // spaces in the next on_text). Never before a block's first text.
  virtual void on_line_break() { on_text("\n"); }
  // A maximal run of consecutive content tokens covers these input bytes
  // (never empty; in document order). It comes once the run has ended: after
  // the end of the block the run ended in, before the next block's text;
  // where a run ends inside a block (the algorithm dropped a word there), in
  // the middle of that block's text.
  virtual void on_span(SourceSpan) {}
  // A block is about to start (before its first text, once per block): what
  // it is in the page's structure. By default a heading's level goes on to
  // on_heading(); a sink that renders structure overrides this instead.
  virtual void on_block_start(const BlockShape& shape) {
    if (shape.heading_level) on_heading(shape.heading_level);
  }
  // The block about to start is a heading of this level (1..6).
  virtual void on_heading(int /*level*/) {}
  // A block-labelling extractor (`default` and its --favor variants) decided
  // a block: its input bytes, whether it is kept, and its P(content) after
  // the container context (before the HMM smoothing, which may overrule it;
  // 0 for a block passed over unscored, DefaultExtractor::passed_over_blocks).
  // Called for every block in document order, before a kept block's text;
  // the fallback blocks written at the end are reported again there as kept,
  // and a recovered headline (and its deck) again as kept just before its text.
  virtual void on_block_decision(SourceSpan /*span*/, bool /*kept*/, float /*score*/) {}
  // Once, at the end: the verdict and the net text length it was based on
  // (characters of delivered content outside links).
  virtual void on_verdict(PageVerdict /*verdict*/, std::uint64_t /*net_text_length*/) {}
};

}  // namespace winnow
