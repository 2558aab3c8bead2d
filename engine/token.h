// SPDX-License-Identifier: MIT
// The unit every algorithm consumes: a tag token (an element starting or
// ending) or a word token, in document order, with the context algorithms
// need (block, anchor, depth) precomputed once by the tokenizer.
#pragma once

#include <cstddef>
#include <cstdint>

#include "engine/block_shape.h"
#include "engine/tag.h"

namespace winnow {

enum class TokenKind : std::uint8_t { StartTag, EndTag, Word };

enum TokenFlag : std::uint8_t {
  kTokenGlued = 1 << 0,          // word: no whitespace before it ("foo<b>bar</b>", CJK)
  kTokenInAnchor = 1 << 1,       // word: inside an <a> element
  kTokenInHeading = 1 << 2,      // word: inside h1..h6
  kTokenBlockBoundary = 1 << 3,  // tag: starts or ends a block of text
  kTokenCjk = 1 << 4,            // word: one character of CJK, Thai, Lao, Myanmar or Khmer
  kTokenInOnclick = 1 << 5,      // word: inside an element with an onclick attribute (a script link)
  kTokenInAdvert = 1 << 6,       // word: inside an advert by its link target or banner size (semantics.h)
  kTokenLineBreak = 1 << 7,      // word: a line break before it in its block (a single <br>, or
                                 // preformatted text: <pre>, <xmp>, <plaintext>); Token::line_start
                                 // says how the line starts
};

// How a preformatted line starts (Token::line_start): the columns of
// whitespace before its first word (a tab reaching the next multiple of 8),
// at most kMaxLineIndent, and whether an empty line came before it. Spaces
// between words on a line are one space, as everywhere else.
inline constexpr std::uint8_t kMaxLineIndent = 64;
inline constexpr std::uint8_t kLineIndentMask = 0x7F;
inline constexpr std::uint8_t kBlankLineBefore = 0x80;

// A block is the text between two block-level boundaries, cut where its
// words would pass this many bytes (a byte per space counted): the words
// after the cut start the next block of the same element. Without a bound,
// one block of a long <pre>, of a page of text without tags, or of text
// nested past the depth limit (flattened into one block) held all of it in
// every algorithm that decides block by block, and ended BudgetExceeded at
// 256 KiB after about 110 KB. 4 KiB is about 650 words of English or 1,000
// CJK characters; blocks that long are rare in pages (14 of the default
// extractor's 111,125 kept blocks on the development corpus, at stop 37).
inline constexpr std::size_t kMaxBlockTextBytes = 4096;

struct Token {
  std::uint64_t seq = 0;           // position in the token stream
  std::uint64_t word_index = 0;    // words: number of words before this one
  std::uint64_t source_begin = 0;  // byte range of the original input
  std::uint64_t source_end = 0;
  std::uint64_t text_pos = 0;      // words: where the text sits in the stream's text ring
  std::uint32_t text_size = 0;
  std::uint32_t block = 0;         // index of the text block the token belongs to (kMaxBlockTextBytes)
  std::uint16_t depth = 0;         // open elements around the token
  Tag tag = Tag::unknown;          // tags: the element; words: the innermost element
  TokenKind kind = TokenKind::Word;
  std::uint8_t flags = 0;
  std::uint8_t heading_level = 0;  // words: level (1..6) of the enclosing heading, or 0
  Tag block_tag = Tag::unknown;    // words: the innermost block-level element around them
  std::uint8_t line_start = 0;     // words with kTokenLineBreak: indent | kBlankLineBefore
  std::uint16_t block_shape = 0;   // words: BlockKind | kBlockQuoted | kBlockContinuesItem | list nesting
                                   // | kBlockQuoteNested | kBlockStartsGroup
  std::uint32_t semantics = 0;     // words: engine/semantics.h bits of all open ancestors;
                                   // start tags: the bits of the element's own attributes only
  std::uint32_t container = 0;     // words: id of the block-level element around the block's own
  std::uint32_t grand_container = 0;  // words: and of the one around that

  bool is_word() const { return kind == TokenKind::Word; }
  bool is_tag() const { return kind != TokenKind::Word; }
  bool has(TokenFlag flag) const { return (flags & flag) != 0; }
  std::size_t line_indent() const { return line_start & kLineIndentMask; }
  bool after_blank_line() const { return (line_start & kBlankLineBefore) != 0; }
  BlockKind block_kind() const { return static_cast<BlockKind>(block_shape & kBlockKindMask); }
  BlockShape shape() const { return BlockShape::unpack(heading_level, block_shape); }
};
// The window of tokens is sized in tokens (engine/token_stream.h): a field
// that grows the token grows every budget's share of it.
static_assert(sizeof(Token) <= 72, "Token stays within 72 bytes");

// How a block is rendered, packed for the algorithms that hold words
// compactly: the heading level (0..6) in the low 3 bits, the block_shape
// above them. Eleven bits since lists and quotes keep their nesting (stop 54),
// twelve since lists and table rows say where they start (stop 55); it was
// one byte before.
using BlockStyle = std::uint16_t;
inline BlockStyle pack_block_style(const Token& word) {
  return static_cast<BlockStyle>((word.heading_level & 7u) | word.block_shape << 3);
}
inline void unpack_block_style(BlockStyle style, Token& word) {
  word.heading_level = static_cast<std::uint8_t>(style & 7u);
  word.block_shape = static_cast<std::uint16_t>(style >> 3);
}
static_assert(kBlockShapeBits + 3 <= 16, "a heading level and a block shape fit a BlockStyle");
static_assert(kBlockShapeBits <= 16, "a block shape fits Token::block_shape");

// What ContentWriter reads of a word besides its text, span, index and block,
// in 16 bits for the algorithms that keep a word in few bytes (LQF, Crunch):
// its block style and its glued, link and line break flags.
inline std::uint16_t pack_word_rendering(const Token& word) {
  const unsigned flags = (word.has(kTokenGlued) ? 1u : 0u) | (word.has(kTokenInAnchor) ? 2u : 0u) |
                         (word.has(kTokenLineBreak) ? 4u : 0u);
  return static_cast<std::uint16_t>(pack_block_style(word) | flags << (kBlockShapeBits + 3));
}
inline void unpack_word_rendering(std::uint16_t rendering, Token& word) {
  unpack_block_style(static_cast<BlockStyle>(rendering & ((1u << (kBlockShapeBits + 3)) - 1)), word);
  const unsigned flags = rendering >> (kBlockShapeBits + 3);
  word.flags = static_cast<std::uint8_t>(((flags & 1u) ? kTokenGlued : 0) | ((flags & 2u) ? kTokenInAnchor : 0) |
                                         ((flags & 4u) ? kTokenLineBreak : 0));
}
static_assert(kBlockShapeBits + 3 + 3 <= 16, "a block style and three flags fit 16 bits");

// The token ContentWriter is given for a word an algorithm held in its own
// compact form (LQF's and Crunch's Word: source_begin, source_length, block,
// rendering from pack_word_rendering(), line_start), numbered word_index.
template <typename HeldWord>
Token held_word_token(const HeldWord& w, std::uint64_t word_index) {
  Token token;
  token.kind = TokenKind::Word;
  token.word_index = word_index;
  token.source_begin = w.source_begin;
  token.source_end = w.source_begin + w.source_length;
  token.block = w.block;
  unpack_word_rendering(w.rendering, token);
  token.line_start = w.line_start;
  return token;
}

}  // namespace winnow
