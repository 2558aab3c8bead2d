// SPDX-License-Identifier: MIT
// Events -> tokens. One tag token per element start and end, one word token
// per whitespace-separated word (and per CJK character, since those scripts
// do not separate words with spaces), each stamped with its block, anchor and
// heading context, its block's shape (engine/block_shape.h) and its depth. Text inside script, style, svg, hidden
// elements and the like produces no tokens.
//
// A word split across text events (libxml2 flushes its text buffer every
// 1000 bytes and at each entity) is reassembled here, so tokens never depend
// on how the parser happened to cut the text. Words encoded as UTF-8 twice
// ("â€™" for "’") are repaired (engine/mojibake.h).
//
// A block's text is cut at kMaxBlockTextBytes (engine/token.h).
//
// Memory: max_depth * sizeof(OpenElement) + kMaxWordBytes, fixed at creation.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>

#include "engine/event.h"
#include "engine/budget_buffer.h"
#include "engine/memory_budget.h"
#include "engine/semantics.h"
#include "engine/token.h"
#include "engine/token_stream.h"

namespace winnow {

class TokenConsumer {
 public:
  virtual ~TokenConsumer() = default;
  // text is the word's text (empty for tags); valid during the call.
  virtual void on_token(const Token& token, std::string_view text) = 0;
  virtual void on_end_of_tokens() = 0;
  // The page's metadata (TokenStream::page_metadata()) was settled: once,
  // before the first word token (or before on_end_of_tokens()).
  virtual void on_metadata_settled() {}
};

class Tokenizer final : public EventHandler {
 public:
  Tokenizer(MemoryBudget& budget, TokenStream& stream, TokenConsumer& consumer,
            std::size_t max_depth);

  bool ok() const { return stack_.ok(); }

  void on_start_element(Tag tag, const ElementAttributes& attributes, SourceSpan source) override;
  void on_end_element(Tag tag, SourceSpan source) override;
  void on_text(std::string_view text, SourceSpan source) override;
  void on_end_document(std::uint64_t offset) override;

  std::uint64_t token_count() const { return stream_.end_seq(); }
  std::uint64_t word_count() const { return word_count_; }
  // Elements that did not fit the depth limit (they were flattened).
  std::uint64_t flattened_elements() const { return flattened_total_; }

 private:
  enum ElementFlag : std::uint8_t {
    kInvisible = 1 << 0,
    kAnchor = 1 << 1,
    kHeading = 1 << 2,
    kOnclick = 1 << 3,
    kAdvert = 1 << 4,  // engine/semantics.h element_is_advert()
    kPreformatted = 1 << 5,  // inside <pre>, <xmp>, <plaintext> or white-space: pre…: lines are kept
    kLinesOnly = 1 << 6,     // with kPreformatted, white-space: pre-line: spaces still collapse
    kHidden = 1 << 7,        // hidden by its own attributes (hides_element), not by its tag
  };
  // The counts take the bits their largest value needs (list items to
  // kMaxListNesting + 1 = 4, quotes to kMaxQuoteNesting + 1 = 2), and the
  // semantics the rest of 32.
  static constexpr unsigned kListCountBits = 3;
  static constexpr unsigned kQuoteCountBits = 2;
  static constexpr unsigned kSemanticsBits = 32 - kListCountBits - kQuoteCountBits;
  // Every bit engine/semantics.h defines, the features' and those past them
  // (kSemHighest is the highest): a bit past the field would be dropped
  // without a word (stop 107 lost a 25th bit so, until it looked).
  static_assert(kSemCount <= kSemanticsBits && kSemHighest < (1u << kSemanticsBits),
                "the semantics bits fit beside two counts");
  static_assert(kMaxListNesting + 1 < (1u << kListCountBits) && kMaxQuoteNesting + 1 < (1u << kQuoteCountBits),
                "the counts fit");
  struct OpenElement {
    Tag tag;
    std::uint8_t flags;    // ElementFlag, inherited from the parent
    std::uint8_t style;    // the innermost enclosing heading's level (or 0), the block kind
                           // and kBlockQuoted, as pack_block_style() lays them out (the
                           // list nesting and kBlockContinuesItem are the word's own)
    Tag block_tag;         // innermost block-level element, this one included
    std::uint32_t semantics : kSemanticsBits;  // union of the semantics bits of this element and its ancestors
    // <li> elements open, this one included, counted to kMaxListNesting + 1
    // (how deep the words' list item is nested, kBlockListNestingMask), and
    // <blockquote> elements to kMaxQuoteNesting + 1 (kBlockQuoteNested). In
    // the semantics' spare bits, so the stack costs no more per element.
    std::uint32_t list_items : kListCountBits;
    std::uint32_t quotes : kQuoteCountBits;
    std::uint32_t block_id;   // start-token seq (+1) of the innermost block-level element
    std::uint32_t container;  // block_id of the block-level element around that one
    std::uint32_t grand_container;
  };

  std::uint8_t context_flags() const { return depth_ ? stack_[depth_ - 1].flags : 0; }
  std::uint8_t context_style() const { return depth_ ? stack_[depth_ - 1].style : 0; }
  // The element's style: its parent's, with what the element itself says
  // (a heading's level, a list item's or a cell's kind, a quote).
  std::uint8_t element_style(Tag tag) const;
  Tag context_block_tag() const { return depth_ ? stack_[depth_ - 1].block_tag : Tag::unknown; }
  std::uint32_t context_semantics() const { return depth_ ? stack_[depth_ - 1].semantics : 0; }
  const OpenElement* context() const { return depth_ ? &stack_[depth_ - 1] : nullptr; }
  Tag innermost_tag() const { return depth_ ? stack_[depth_ - 1].tag : Tag::unknown; }
  bool inside(Tag tag) const {
    for (std::size_t i = 0; i < depth_; ++i)
      if (stack_[i].tag == tag) return true;
    return false;
  }
  void emit_tag(TokenKind kind, Tag tag, SourceSpan source, bool block_boundary, std::uint32_t semantics = 0);
  void flush_word();
  void settle_metadata();
  void emit_repaired_word(std::size_t size);
  void emit_word(std::string_view text, std::uint64_t begin, std::uint64_t end, bool cjk);
  void start_block() {
    ++block_;
    block_text_bytes_ = 0;
    space_before_ = true;
    line_breaks_ = 0;
    line_columns_ = 0;
    broken_by_br_ = false;
  }
  // A <br>: a line break inside the block, or (at a block's start, or after
  // another <br> with no word between) the block's end, as a browser shows
  // `<br><br>` as a paragraph break and Readability.js makes it a <p>.
  // Returns whether the block ends.
  bool break_line();
  // The element's white-space flags from its tag and inline style, else its
  // parent's (flags).
  static std::uint8_t white_space(Tag tag, const ElementAttributes& attributes, std::uint8_t flags);
  // Whitespace inside preformatted text: counts line breaks and the
  // indentation after the last one, for the next word's line_start.
  void note_preformatted_space(char space);

  TokenStream& stream_;
  TokenConsumer& consumer_;
  BudgetBuffer<OpenElement> stack_;
  std::size_t max_depth_ = 0;
  std::size_t depth_ = 0;
  std::uint64_t flattened_open_ = 0;   // flattened elements still open
  std::uint64_t flattened_total_ = 0;
  std::uint32_t block_ = 0;
  std::size_t block_text_bytes_ = 0;  // the block's words' bytes, one more for each space
  std::uint64_t word_count_ = 0;
  bool space_before_ = true;  // whitespace or a block boundary since the last word
  // Preformatted whitespace since the last word: line breaks (counted to 2,
  // an empty line), columns after the last break, and whether the last
  // character was a CR (so CR LF, even split between texts, is one break).
  std::uint8_t line_breaks_ = 0;
  std::size_t line_columns_ = 0;
  bool after_cr_ = false;
  bool broken_by_br_ = false;  // a <br> broke the line since the block's last word
  // The innermost item (list item, term, definition, cell, caption) opened
  // since the last word, and the first block of it that had words: the
  // blocks after that one continue it (kBlockContinuesItem).
  bool item_opened_ = false;
  std::uint32_t item_first_block_ = 0;
  // A list or a table row opened since the last item's words, and the block
  // that started the latest one: its words carry kBlockStartsGroup.
  bool group_opened_ = false;
  bool group_started_ = false;
  std::uint32_t group_first_block_ = 0;

  char word_[TokenStream::kMaxWordBytes];
  std::size_t word_size_ = 0;
  // The pending word kept a no-break space or soft hyphen for a repair of
  // text encoded twice (engine/mojibake.h) that may not happen.
  bool word_kept_break_ = false;
  std::uint64_t word_begin_ = 0;
  std::uint64_t word_end_ = 0;
};

}  // namespace winnow
