// SPDX-License-Identifier: MIT
// LQF, the Link Quota Filter (Gottron, seed 000 §5.4; after Mantratzis et al.
// and Gupta's Crunch), streaming with a bounded delay.
//
// Formula: every block-level element E (p, div, li, td, h1, ... — the
// elements tag.h flags kTagBlock, except the void br and hr, which hold no
// text) is judged on its own text: the words whose innermost block-level
// element is E ("nested block level elements are not considered"). With
// a(E) the characters of those words inside <a> and t(E) all their
// characters,
//   drop E's own text  iff  a(E) / t(E) > threshold.
// Words outside every block-level element belong to an implicit root.
//
// Online. E's ratio is final when E ends, but E's text may come in several
// segments (the runs of its own words between its nested blocks:
// "<div>intro <p>..</p> outro</div>"), and nothing after an undecided
// segment can be written before it. So the words wait, in document order, in
// a queue of undecided words, each tagged with its segment; a segment is
// decided when its element ends, and the queue is written from the front as
// far as it is decided. When the queue is full (more than max_words words or
// text_bytes of text undecided, i.e. an element with own text still open
// max_words words later), the oldest segment is decided early with its
// element's ratio so far, and the rest of that segment, if it is still
// growing, follows the same decision. Up to that bound the result is the
// offline one exactly (tested against an offline reference).
//
// Parameters (LqfParams): threshold (0.5; `lqf-0.25`, `lqf` and `lqf-0.75`
// are the paper's three settings), max_words 256, text_bytes 2048,
// max_depth 128 nested block-level elements (deeper ones are counted as part
// of the innermost one kept; tags nest that deep only in adversarial input).
// State: per open block-level element its id and two character counts (16
// bytes); the undecided words (24 bytes + text each) and their segments
// (8 bytes each).
// Memory bound, reserved at creation, nothing grows later:
//   16 max_depth + 24 max_words + text_bytes + 8 (max_words + 1) bytes
// = 2,048 + 6,144 + 2,048 + 2,056 = 12,296 bytes with the defaults.
// Output delay: a word is written when its block-level element ends, or at
// most max_words words (text_bytes bytes) later.
#pragma once

#include <cstdint>
#include <memory>
#include <string_view>

#include "engine/algorithm.h"
#include "engine/memory_budget.h"
#include "engine/ring_buffer.h"

namespace winnow {

struct LqfParams {
  double threshold = 0.5;
  std::uint32_t max_words = 256;
  std::uint32_t text_bytes = 2048;
  std::uint32_t max_depth = 128;
};

class Lqf final : public Algorithm {
 public:
  Lqf(MemoryBudget& budget, const LqfParams& params);
  bool ok() const { return stack_.ok() && words_.ok() && text_.ok() && segments_.ok(); }

  void on_token(const Token& token, std::string_view text, const TokenStream& stream,
                ContentWriter& out) override;
  void finish(ContentWriter& out) override;

  // Segments decided before their element ended (the queue was full).
  std::uint64_t early_decisions() const { return early_decisions_; }

 private:
  enum : std::uint8_t { kPending = 0, kKeep = 1, kDrop = 2 };
  struct Element {
    std::uint32_t id;
    std::uint32_t chars;
    std::uint32_t anchor_chars;
    std::uint32_t pending;  // segments of this element still undecided
  };
  struct Segment {
    std::uint32_t owner;  // Element::id
    std::uint16_t level;  // index of the owner in the stack
    std::uint8_t state;
  };
  struct Word {
    std::uint64_t source_begin;
    std::uint32_t source_length;
    std::uint32_t block;
    std::uint32_t segment;  // low 32 bits of the segment's sequence number
    std::uint16_t rendering;  // pack_word_rendering(): block style, glued, link, line break
    std::uint8_t line_start;  // Token::line_start, for preformatted lines
    std::uint8_t size;
  };

  bool keeps(const Element& element) const;
  void decide(Segment& segment, bool early);
  void start_segment(std::uint32_t block, ContentWriter& out);
  void close_element(ContentWriter& out);
  void release(ContentWriter& out);
  void make_room(std::size_t text_size, ContentWriter& out);
  void write(const Word& word, std::uint64_t index, std::string_view text, ContentWriter& out);
  Segment& segment_of(const Word& word);

  LqfParams params_;
  BudgetBuffer<Element> stack_;
  std::size_t depth_ = 0;           // open elements kept in stack_ (the root is stack_[0])
  std::uint64_t overflow_ = 0;      // open elements past max_depth
  std::uint32_t next_id_ = 1;
  RingBuffer<Word> words_;          // undecided words, consecutive word indices
  RingBuffer<char> text_;           // their text, FIFO
  RingBuffer<Segment> segments_;    // segments from the oldest undecided word's to the current
  std::uint64_t first_index_ = 0;   // word_index of words_.front()
  bool has_segment_ = false;
  std::uint32_t block_ = 0;         // Token::block of the current segment
  std::uint64_t early_decisions_ = 0;
};

std::unique_ptr<Algorithm> create_lqf(MemoryBudget& budget);  // threshold 0.5
std::unique_ptr<Algorithm> create_lqf(MemoryBudget& budget, const LqfParams& params);
std::unique_ptr<Algorithm> create_lqf_025(MemoryBudget& budget);
std::unique_ptr<Algorithm> create_lqf_075(MemoryBudget& budget);

}  // namespace winnow
