// SPDX-License-Identifier: MIT
// DSC, Document Slope Curve (Pinto et al. 2002, as adapted for content
// extraction by Gottron, seed 000 §5.3), online with a bounded delay.
//
// Formula: with B_n = 1 for a tag token and 0 for a word token, the slope
// curve is d(i) = sum_{n<=i} B_n. Windows of l tokens with 50 % overlap
// (step h = l/2) are passed over the N tokens: window k covers tokens
// [k h, min(k h + l, N)) for k = 0 .. K-1, K = max(1, ceil(N/h) - 1), so the
// last window may be shorter. Its slope is tags_k / len_k; the document's
// average slope is A = d(N-1) / N = tags / N. Window k is low-slope when
//   tags_k / len_k < A / 2      (compared exactly: 2 tags_k N < tags len_k)
// or when it holds no tag at all (our adaptation: a page without tags has
// A = 0, and the paper's strict test would then find no plateau at all).
// Three consecutive low windows open a content area at the start of the
// first of them; three consecutive high windows close it at the end of the
// window before them (= the start of the second of the three, since windows
// overlap by half). An area still open at the end runs to the last token.
// The seed gives the rule in prose only; the boundaries above are our
// reading of it (Gottron's "variation which extracted the low slope areas").
// Every word inside an area is content.
//
// Online: A is global, known only at the end. DSC estimates it with a
// bounded look-ahead: window k is classified once W tokens past its end have
// been seen, against the running average over everything seen so far,
// A_n = tags_seen / n with n = (k+2)h + W. Windows still unclassified at the
// end use the exact A, so a document of at most W + l tokens comes out
// exactly as offline. (Mixing a prior into the running average, m tokens at
// a fixed slope, was measured too and gained nothing.) What the estimate
// costs against the exact offline version is measured over the development
// corpus by `winnow-online-check --algo dsc` (adapters/train/; README,
// "Online DSC, CETR and MSS").
//
// Parameters (DscParams, defaults): window l = 20 tokens (even; the seed does
// not give l: 10 to 24 scored alike on the development corpus, 40 and 80
// lower), lookahead W = 8192 tokens, max_words = 3072 and text_bytes =
// 20480 (the undecided words and their text, see below).
// State: token and tag counts; per segment of h tokens not yet classified or
// decided, its tag count and first word index (16 bytes); the run counters
// of the window labels; and the undecided words themselves, compactly (16
// bytes + text each; tags need not be kept) in a DelayedWords queue.
// Memory bound (bytes), all reserved at creation, nothing grows later:
//   16 max_words + text_bytes + 16 (W/h + 8)
// = 49,152 + 20,480 + 13,232 = 82,864 with the defaults; max_words and
// text_bytes are raised to at least 2l + 1 words and 129 (2l + 1) bytes.
// Output delay: at most 2l + W tokens (a token is written or dropped when the
// window two windows after its own is classified). When the queue is full
// (more than max_words words or text_bytes of text within the delay, i.e. on
// pages with few tags or very long words), the oldest complete windows are
// classified early with the estimate at hand: the delay bound holds in
// tokens, words and bytes.
#pragma once

#include <cstdint>
#include <memory>
#include <string_view>

#include "engine/algorithm.h"
#include "engine/memory_budget.h"
#include "engine/ring_buffer.h"

namespace winnow {

// A FIFO of the words an algorithm has seen but not yet decided, kept
// compactly in two rings reserved at creation: 16 bytes per word (its source
// range, its text size, whether it is glued, in a link, starts a new block
// and a preformatted line) plus its text (and before it: for a word that
// starts a preformatted line its line_start, one byte; for the first word of
// a heading, item, quote or preformatted block its pack_block_style(), one
// byte, or two for a nested list's item, as every word of a block has the
// same). Used by DSC and CETR.
// Released words are handed to ContentWriter with everything it reads exact
// (word_index, source range, heading level and block shape, glued and link
// flags, line starts) except
// the block numbers, which are renumbered (consecutive from 0): that keeps
// what the writer compares, two words share a block iff they did in the
// input. Source offsets must stay below 2^56.
// Memory: 16 max_words + text_bytes.
class DelayedWords {
 public:
  DelayedWords(MemoryBudget& budget, std::size_t max_words, std::size_t text_bytes);
  bool ok() const { return words_.ok() && text_.ok(); }

  // The most a word takes of text_bytes: its text and its line start or
  // block style (a block's first word never starts a preformatted line).
  static constexpr std::size_t kMaxWordBytes = TokenStream::kMaxWordBytes + sizeof(BlockStyle);
  // Room for one more word with that text.
  bool fits(const Token& word, std::string_view text) const {
    const std::size_t style_bytes = !holds_style(word) ? 0 : pack_block_style(word) > 0xFF ? 2 : 1;
    const std::size_t bytes = text.size() + style_bytes + (word.has(kTokenLineBreak) ? 1 : 0);
    return !words_.full() && text_.capacity() - text_.size() >= bytes;
  }
  // Appends a word (call fits() first; every word of the document, in order).
  void push(const Token& word, std::string_view text);
  // word_index of the oldest word held, and one past the newest.
  std::uint64_t begin_index() const { return first_index_ + words_.begin_seq(); }
  std::uint64_t end_index() const { return first_index_ + words_.end_seq(); }
  bool empty() const { return words_.empty(); }
  // Writes (keep) or drops, in order, every word held whose word_index < end.
  void release_until(std::uint64_t end, bool keep, ContentWriter& out);

 private:
  struct Word {
    std::uint64_t begin_and_size;  // source_begin | text size << 56
    std::uint64_t end_and_bits;    // source_end | second style byte << 58 | style held << 59 |
                                   // line break << 60 | anchor << 61 | glued << 62 | new block << 63
  };
  // Whether the word, pushed next, starts a block with a style to keep.
  bool holds_style(const Token& word) const {
    return (!started_ || word.block != last_block_) && pack_block_style(word) != 0;
  }
  RingBuffer<Word> words_;
  RingBuffer<char> text_;  // byte FIFO
  std::uint64_t first_index_ = 0;
  bool started_ = false;
  std::uint32_t last_block_ = 0;    // block of the newest word pushed
  std::uint32_t output_block_ = 0;  // renumbered block of the oldest word held
  BlockStyle output_style_ = 0;     // pack_block_style() of the oldest word held
};

struct DscParams {
  std::uint32_t window = 20;          // l, tokens per window (even, >= 2)
  std::uint32_t lookahead = 8192;     // W, tokens seen past a window before it is classified
  std::uint32_t max_words = 3072;     // undecided words held
  std::uint32_t text_bytes = 20480;   // their text
};

class Dsc final : public Algorithm {
 public:
  Dsc(MemoryBudget& budget, const DscParams& params);
  bool ok() const { return segments_.ok() && words_.ok(); }

  void on_token(const Token& token, std::string_view text, const TokenStream& stream,
                ContentWriter& out) override;
  void finish(ContentWriter& out) override;

  // Windows classified before the end of the document, with the running
  // estimate of A (the others used the exact A).
  std::uint64_t estimated_windows() const { return estimated_windows_; }

 private:
  struct Segment {
    std::uint32_t tags;
    std::uint64_t first_word;  // word_index of the first word at or after its start
  };
  std::uint64_t half() const { return params_.window / 2; }
  void classify_next(std::uint64_t tags, std::uint64_t len, bool exact, ContentWriter& out);
  void classify_complete_window(ContentWriter& out);
  // Writes (keep) or drops the undecided words before segment `segment`.
  void decide_until(std::uint64_t segment, bool keep, ContentWriter& out);

  DscParams params_;
  RingBuffer<Segment> segments_;  // from the oldest segment still needed
  DelayedWords words_;
  std::uint64_t tokens_ = 0;
  std::uint64_t tags_ = 0;
  Segment current_{0, 0};         // the segment being filled
  std::uint64_t next_window_ = 0; // first window not yet classified
  std::uint64_t decided_segment_ = 0;  // words before this segment are decided
  std::uint32_t lows_ = 0;        // consecutive low / high windows
  std::uint32_t highs_ = 0;
  bool inside_ = false;
  std::uint64_t estimated_windows_ = 0;
};

std::unique_ptr<Algorithm> create_dsc(MemoryBudget& budget);
std::unique_ptr<Algorithm> create_dsc(MemoryBudget& budget, const DscParams& params);

}  // namespace winnow
