// SPDX-License-Identifier: MIT
// Whether a block the default extractor kept copies a run of what it has
// already written: the page serves its story twice (a print or mobile copy
// beside the first, a box that quotes the story's paragraphs again, an
// archive page that lists the same post in full twice), and the second copy
// tells a reader nothing. A whole-DOM extractor such as Readability picks
// one container and so writes one copy; a stream has to notice the copy as
// it comes.
//
// The rule. A kept block of at least kMinWords words whose text was written
// before on the page (ASCII whitespace and control bytes aside) is left out
// when a neighbour is such a copy too: the kept block just before it was
// one, or the next block, which the extractor has already closed, has at
// least kMinWords words and a text, other than this block's, written before.
// A text repeated on its own is written (a pull quote, a slogan quoted in
// the story), and so is one that repeats the kept block just before it: a
// paragraph repeated in a row is the page's own (readability-testpages'
// synthetic pages repeat one lorem-ipsum paragraph, and their gold keeps
// every copy). Stop 27 measured leaving out every block written before:
// in-sample daniel +0.001, dragnet +0.002, readability-testpages -0.033.
// Measured at stop 85 (adapters/learn/README.md; train_blocks --no-write,
// margin over Readability.js by package, bag / shingle F1): +0.0221 /
// +0.0192 -> +0.0227 / +0.0196, dragnet +0.0018 / +0.0012, daniel +0.0009 /
// +0.0008, no package lower; pages whose gold keeps both copies (daniel
// ru-be21cce9cc0c, dragnet R743) lose the second.
//
// State: the fingerprints of the first kRemembered distinct texts of at
// least kMinWords words written (32-bit FNV-1a: two different texts of one page share one with odds of
// about kRemembered / 2^32), the latest kept block's, and whether it was
// such a copy. Memory: kRemembered * 4 + 12 bytes, in the object. Delay:
// none of its own (the next block is already in the extractor's look-ahead).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace winnow {

class RepeatedText {
 public:
  // The first texts written are the story's. 64 fingerprints kept more
  // copies of long lists (in-sample wcxb-dev-sample +0.0011 / +0.0008 bag /
  // shingle F1, the other packages level), but their 192 bytes more stopped
  // 91 corpus pages at a 55 KiB budget (32: one; 16: none).
  static constexpr std::size_t kRemembered = 16;
  // A shorter block ("Share", "Read more", a date) repeats on most pages and
  // is the smoothing's to judge; at 1 or 2, readability-testpages'
  // missing-paragraphs lost its repeated paragraphs (stop 85).
  static constexpr std::uint32_t kMinWords = 3;

  struct Block {
    std::uint32_t fingerprint = 0;
    std::uint32_t words = 0;
    // The rest of the block before it (no tag between: a paragraph longer
    // than kMaxBlockTextBytes, engine/token.h, is cut into blocks): a piece
    // of one paragraph is no copy of another piece, however alike.
    bool continues = false;
  };

  static std::uint32_t fingerprint(std::string_view text);

  // A block written (kept, or written at the end of the page). A block of
  // fewer than kMinWords words is not remembered: it is no copy, and would
  // take a story's place.
  void written(const Block& block);
  bool was_written(std::uint32_t fingerprint) const;

  // Whether leaves_out() needs the block after this one to decide: it is a
  // copy and the kept block before it was none. (The next block's text is
  // hashed only then.)
  bool needs_next(const Block& block) const { return repeats(block, latest_kept_) && !latest_was_copy_; }
  // Whether a block the smoothing kept is left out as a copy; `next` is the
  // block after it (nullptr if none is closed yet, or needs_next() said it
  // is not needed). The block becomes the latest kept one either way.
  bool leaves_out(const Block& block, const Block* next);

 private:
  bool repeats(const Block& block, std::uint32_t other_fingerprint) const;

  std::uint32_t remembered_[kRemembered] = {};
  std::uint32_t remembered_count_ = 0;
  std::uint32_t latest_kept_ = 0;
  bool latest_was_copy_ = false;
};

}  // namespace winnow
