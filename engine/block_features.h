// SPDX-License-Identifier: MIT
// Blocks and their shallow features, shared by the block-based algorithms and
// the programs that train them (so training sees exactly what runs).
//
// A block is a maximal run of words with the same Token::block: the text
// between two block-level boundaries (seed 003's segmentation; Kohlschütter
// et al.'s "text blocks", seed 002). Its statistics are sums over its words,
// gathered in one pass; its features add the previous and next block's
// (boilerpipe's three-block window).
//
// Lengths count characters, so scripts without spaces (CJK: one word per
// character) are measured like the others.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "engine/content_sink.h"
#include "engine/tag.h"
#include "engine/token.h"
#include "engine/token_stream.h"

namespace winnow {

// The block's latest word when it was a letter of an alphabet written
// without spaces (Thai, Lao, Myanmar, Khmer; 3 bytes of UTF-8): such a
// letter and the one after it are looked up in the title and description
// as a pair. Kept by whoever gathers a block's words, one for the block
// being gathered, rather than in every BlockStats the extractors hold.
struct LetterPair {
  char previous[3] = {};
  bool has_previous = false;
};

struct BlockStats {
  std::uint64_t index = 0;         // blocks with words before this one
  std::uint32_t tags_before = 0;   // tag tokens between the previous block and this one
  std::uint32_t words = 0;
  std::uint32_t chars = 0;          // characters of its words (no spaces)
  std::uint32_t anchor_words = 0;
  std::uint32_t anchor_chars = 0;
  std::uint32_t sentence_ends = 0;  // words that end a sentence (engine/punctuation.h)
  std::uint32_t commas = 0;         // commas of every script (engine/punctuation.h)
  std::uint32_t capitalized = 0;    // words starting with a capital: ASCII, Latin-1, Latin
                                    // Extended-A, Greek, Cyrillic
  std::uint32_t numeric = 0;        // words holding a digit
  std::uint32_t cjk = 0;            // CJK characters (each one word)
  std::uint32_t title_words = 0;    // words that also occur in the document's <title> (a letter
                                    // of Thai, Lao, Myanmar or Khmer: with the letter before it)
  std::uint32_t description_words = 0;  // words of 4 or more characters (or CJK characters)
                                         // that occur in the page's <meta> description
  std::uint8_t heading_level = 0;
  std::uint8_t unlinked_separators = 0;  // words outside links made only of separators ("|", "·":
                                         // engine/label_text.h), as between a menu's links; at most
                                         // 255 (it fills the padding after heading_level)
  std::uint16_t block_shape = 0;    // Token::block_shape of its first word
  bool teaser_end = false;          // ends in "...", "…", "»" or "more"
  bool starts_copyright = false;    // "©", "copyright", "(c)"
  bool page_described = false;      // the page had a description by this block's last word
  bool after_main_landmark = false;  // the page's <main> (or role=main) had ended before its first word
  bool after_declared_body = false;  // so had an itemprop=articleBody (or text) element
  PageKind page_kind = PageKind::undeclared;  // the page's og:type by this block's last word
  AddressShape page_address = AddressShape::undeclared;  // what the page's address says it is
  Tag block_tag = Tag::unknown;
  std::uint32_t semantics = 0;      // engine/semantics.h bits every word of it carries
  std::uint32_t container = 0;        // Token::container of its first word
  std::uint32_t grand_container = 0;
  SourceSpan span;
  // page: TokenStream::page_text(). letters: where the block's words come
  // from, the letter before this word (see LetterPair); null looks every
  // letter up alone.
  void add_word(const Token& token, std::string_view text, const PageText& page, LetterPair* letters = nullptr);
};
// The default extractor holds lag + 2 of them (its memory bound); a field
// added should fill padding, as unlinked_separators does, or be counted.
static_assert(sizeof(BlockStats) <= 96, "BlockStats stays within 96 bytes");

// Number of features features() writes.
constexpr std::size_t kBlockFeatureCount = 74;

// Features of `current` in its window; a missing neighbour is a default
// (empty) BlockStats with `exists` false.
void block_features(const BlockStats& previous, bool has_previous, const BlockStats& current,
                    const BlockStats& next, bool has_next, float* out);

// Names of the features, for the training program's report.
const char* block_feature_name(std::size_t index);

}  // namespace winnow
