// SPDX-License-Identifier: MIT
// What a block is in the page's structure, for writers that render it: a
// heading's level, a list item's bullet, a quote's bar, a code block. The
// tokenizer stamps it on every word (Token::heading_level and
// Token::block_shape); ContentSink::on_block_start() hands it to the sink
// before each block's text.
#pragma once

#include <cstdint>

namespace winnow {

// What kind of block a word's block is, for writers that render structure
// (a bullet, a quote bar, a code block): the innermost list item, term,
// definition, table cell, caption or preformatted element around the word,
// else a paragraph. Each of those elements is block-level, so every word of
// one block has the same kind. A paragraph, division or other block-level
// element inside a table cell makes paragraphs again: such a cell is a
// layout table's, not a data table's.
enum class BlockKind : std::uint8_t {
  Paragraph = 0,
  ListItem = 1,         // <li> in a <ul>, <menu> or no list
  OrderedListItem = 2,  // <li> in an <ol>
  Term = 3,             // <dt>
  Definition = 4,       // <dd>
  TableCell = 5,        // <td>, <th>
  Caption = 6,          // <figcaption>, a table's <caption>
  Preformatted = 7,     // <pre>, <xmp>, <plaintext> (not a white-space style: CSS
                        // keeps the lines of a poem or an address as well)
};

// Token::block_shape: the kind in the low bits, and bits of context.
inline constexpr std::uint8_t kBlockKindMask = 0x07;
// Inside a <blockquote>.
inline constexpr std::uint8_t kBlockQuoted = 0x08;
// Not the first block with words of its innermost list item, term,
// definition, table cell or caption: a second paragraph of an item, or the
// text after a list nested in it.
inline constexpr std::uint8_t kBlockContinuesItem = 0x10;
// How many list items (<li>) are open around the block besides the innermost
// one, at most kMaxListNesting: 0 in a top-level list's item and outside any
// list, 1 in an item of a list nested in an item, ... Deeper lists are drawn
// at the deepest level: a renderer on a small screen has no room for more,
// and four levels take two bits of the shape.
inline constexpr std::uint8_t kBlockListNestingShift = 5;
inline constexpr std::uint8_t kBlockListNestingMask = 0x60;
inline constexpr int kMaxListNesting = 3;
// Inside a <blockquote> inside another (a forum post quoting a quote):
// quote nesting 1. Deeper quotes are drawn at that level, as most
// readers show them.
inline constexpr std::uint8_t kBlockQuoteNested = 0x80;
inline constexpr int kMaxQuoteNesting = 1;
// The first block with words of a list's first item (<ul>, <ol>, <menu>,
// <dl>) or of a table row's first cell (<tr>): where a writer starts a new
// list (two lists in a row are two lists, not one) or a new row.
inline constexpr std::uint16_t kBlockStartsGroup = 0x100;
inline constexpr std::uint8_t kBlockShapeBits = 9;

// The same, unpacked.
struct BlockShape {
  int heading_level = 0;  // 1..6 inside h1..h6, else 0
  BlockKind kind = BlockKind::Paragraph;
  bool quoted = false;
  bool continues_item = false;
  int list_nesting = 0;   // 0..kMaxListNesting (kBlockListNestingMask)
  int quote_nesting = 0;  // quotes around the innermost one, 0..kMaxQuoteNesting (kBlockQuoteNested)
  bool starts_group = false;  // the first of its list or of its table row (kBlockStartsGroup)

  static BlockShape unpack(std::uint8_t heading_level, std::uint16_t block_shape) {
    BlockShape shape;
    shape.heading_level = heading_level;
    shape.kind = static_cast<BlockKind>(block_shape & kBlockKindMask);
    shape.quoted = (block_shape & kBlockQuoted) != 0;
    shape.continues_item = (block_shape & kBlockContinuesItem) != 0;
    shape.list_nesting = (block_shape & kBlockListNestingMask) >> kBlockListNestingShift;
    shape.quote_nesting = (block_shape & kBlockQuoteNested) ? 1 : 0;
    shape.starts_group = (block_shape & kBlockStartsGroup) != 0;
    return shape;
  }
  std::uint16_t packed_shape() const {
    const int nesting = list_nesting < 0 ? 0 : list_nesting > kMaxListNesting ? kMaxListNesting : list_nesting;
    return static_cast<std::uint16_t>(static_cast<std::uint8_t>(kind) | (quoted ? kBlockQuoted : 0) |
                                      (continues_item ? kBlockContinuesItem : 0) |
                                      nesting << kBlockListNestingShift | (quote_nesting > 0 ? kBlockQuoteNested : 0) |
                                      (starts_group ? kBlockStartsGroup : 0));
  }
  bool plain() const { return heading_level == 0 && packed_shape() == 0; }
};

// A kind's name in the CLI's JSON and the docs: "paragraph", "list_item",
// "ordered_list_item", "term", "definition", "table_cell", "caption",
// "preformatted".
const char* block_kind_name(BlockKind kind);

}  // namespace winnow
