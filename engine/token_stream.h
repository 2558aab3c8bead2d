// SPDX-License-Identifier: MIT
// The single-pass token stream: the most recent tokens and the text of their
// words, held in two fixed-capacity rings charged to the budget. An
// algorithm that decides with a delay reads back into this window instead of
// keeping its own copies; its required window is declared up front, so the
// memory bound is known before the first byte.
//
// Memory: window_tokens * sizeof(Token) + text_bytes, plus the title and the
// description (kTitleBytes + kDescriptionBytes), their trigrams (2 x 128
// bytes), the title as written (PageTitle::kBytes + 1), the page's metadata
// (PageMetadata::kStorageBytes) and a few words.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "engine/memory_budget.h"
#include "engine/page_address.h"
#include "engine/page_metadata.h"
#include "engine/page_title.h"
#include "engine/ring_buffer.h"
#include "engine/token.h"

namespace winnow {

// The trigrams of a short text's bytes, as 1024 bits: a word one of whose
// trigrams is not among them does not occur in the text, which spares most
// words the search (no false negatives; some false positives). Each of the
// word's trigrams is looked up, not only its first, so a word that only
// begins like one of the text's ("theory" against "there") is rejected
// without a search. Memory: 128 bytes.
class Trigrams {
 public:
  void add(std::string_view text);
  // word: at least three bytes.
  bool may_contain(std::string_view word) const {
    for (std::size_t i = 0; i + 3 <= word.size(); ++i) {
      const std::size_t b = bit(word.data() + i);
      if (((bits_[b / 64] >> (b % 64)) & 1u) == 0) return false;
    }
    return true;
  }

 private:
  static std::size_t bit(const char* p) {
    const std::uint32_t v = static_cast<std::uint32_t>(static_cast<unsigned char>(p[0])) << 16 |
                            static_cast<std::uint32_t>(static_cast<unsigned char>(p[1])) << 8 |
                            static_cast<unsigned char>(p[2]);
    return (v * 0x9E3779B1u) >> 22;  // the top 10 bits of a multiplicative hash
  }
  std::uint64_t bits_[16] = {};
};

// What the page says it is, in its Open Graph type (<meta property="og:type">):
// a news story or a blog post ("article", "blog", "cwi:news_story") or
// something else ("website" on home pages, listings and service pages,
// "product", "video.other"). Read before the body, so every block knows it.
enum class PageKind : std::uint8_t { undeclared, article, other };

// The page's own texts a block's words are looked up in, lower-cased
// (engine/letter_case.h), either of which may be empty, its declared kind and
// the shape of its declared address.
struct PageText {
  std::string_view title;
  std::string_view description;
  const Trigrams* description_trigrams = nullptr;  // null: search every word
  const Trigrams* title_trigrams = nullptr;        // null: search every word
  PageKind kind = PageKind::undeclared;
  bool main_landmark_ended = false;
  bool declared_body_ended = false;
  AddressShape address = AddressShape::undeclared;
};

class TokenStream {
 public:
  // Longest word the tokenizer produces; longer runs are split into glued parts.
  static constexpr std::size_t kMaxWordBytes = 128;

  TokenStream(MemoryBudget& budget, std::size_t window_tokens, std::size_t text_bytes);

  bool ok() const { return tokens_.ok() && text_.ok(); }

  // Appends a token (its seq and text position are assigned here), evicting
  // the oldest token when the window is full. Returns the stored token.
  const Token& push(Token token, std::string_view word_text);
  // The same, for a producer that writes the token's fields straight into
  // its slot: seq, text_pos and text_size are set here, every other field
  // holds whatever the slot held before and must be assigned.
  Token& push_new(std::string_view word_text);

  bool contains(std::uint64_t seq) const { return tokens_.contains(seq); }
  const Token& at(std::uint64_t seq) const { return tokens_.at(seq); }
  std::uint64_t begin_seq() const { return tokens_.begin_seq(); }
  std::uint64_t end_seq() const { return tokens_.end_seq(); }
  // The word's text; empty for tags and for words whose text the arena has
  // already reused (size text_bytes for the look-back you need).
  std::string_view text(const Token& token) const;

  // The document's <title>, its first kTitleBytes bytes, lower-cased
  // (engine/letter_case.h).
  static constexpr std::size_t kTitleBytes = 256;
  void append_title(std::string_view text);
  std::string_view title() const { return std::string_view(title_, title_size_); }

  // The title a reader shows (engine/page_title.h), beside the lower-cased
  // one above, which the features compare words with.
  PageTitle& page_title() { return page_title_; }
  const PageTitle& page_title() const { return page_title_; }

  // What the page declares about itself (engine/page_metadata.h).
  PageMetadata& page_metadata() { return page_metadata_; }
  const PageMetadata& page_metadata() const { return page_metadata_; }

  // The page's description (the first <meta> naming one: description,
  // og:description, twitter:description), its first kDescriptionBytes bytes,
  // lower-cased like the title; later ones are ignored. A summary of the
  // article by its authors: its words mark the lead and the article's blocks
  // where a teaser list's do not.
  static constexpr std::size_t kDescriptionBytes = 256;
  void set_description(std::string_view text);
  std::string_view description() const { return std::string_view(description_, description_size_); }
  PageText page_text() const {
    return PageText{title(),  description(),        &description_trigrams_, &title_trigrams_,
                    kind_,    main_landmark_ended_, declared_body_ended_, address_};
  }

  // The page's declared kind from its first og:type; later ones are ignored.
  void set_page_kind(std::string_view og_type);
  PageKind page_kind() const { return kind_; }

  // What the page's declared address says it is (engine/page_address.h), set
  // when the metadata is settled, before the first word.
  void set_address_shape(AddressShape shape) { address_ = shape; }
  AddressShape address_shape() const { return address_; }

  // The page's main landmark (<main>, role=main), or the article body it
  // declares (itemprop=articleBody), has ended: what follows is outside it,
  // the page's furniture or comments more often than its content.
  void set_main_landmark_ended() { main_landmark_ended_ = true; }
  void set_declared_body_ended() { declared_body_ended_ = true; }

 private:
  RingBuffer<Token> tokens_;
  RingBuffer<char> text_;  // used as a byte arena addressed by absolute position
  std::uint64_t text_head_ = 0;
  std::size_t text_slot_ = 0;  // text_head_ % the arena's capacity, kept to spare a division per word
  char title_[kTitleBytes];
  std::size_t title_size_ = 0;
  Trigrams title_trigrams_;
  PageTitle page_title_;
  PageMetadata page_metadata_;
  char description_[kDescriptionBytes];
  std::size_t description_size_ = 0;
  Trigrams description_trigrams_;
  PageKind kind_ = PageKind::undeclared;
  AddressShape address_ = AddressShape::undeclared;
  bool main_landmark_ended_ = false;
  bool declared_body_ended_ = false;
};

}  // namespace winnow
