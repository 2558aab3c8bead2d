// SPDX-License-Identifier: MIT
// The single-pass token stream: the most recent tokens and the text of their
// words, held in two fixed-capacity rings charged to the budget. An
// algorithm that decides with a delay reads back into this window instead of
// keeping its own copies; its required window is declared up front, so the
// memory bound is known before the first byte.
//
// Memory: window_tokens * sizeof(Token) + text_bytes, plus the title and the
// description (kTitleBytes + kDescriptionBytes) and a few words.
#pragma once

#include <cstddef>
#include <string_view>

#include "engine/memory_budget.h"
#include "engine/ring_buffer.h"
#include "engine/token.h"

namespace winnow {

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

  // The page's description (the first <meta> naming one: description,
  // og:description, twitter:description), its first kDescriptionBytes bytes,
  // lower-cased like the title; later ones are ignored. A summary of the
  // article by its authors: its words mark the lead and the article's blocks
  // where a teaser list's do not.
  static constexpr std::size_t kDescriptionBytes = 256;
  void set_description(std::string_view text);
  std::string_view description() const { return std::string_view(description_, description_size_); }

 private:
  RingBuffer<Token> tokens_;
  RingBuffer<char> text_;  // used as a byte arena addressed by absolute position
  std::uint64_t text_head_ = 0;
  std::size_t text_slot_ = 0;  // text_head_ % the arena's capacity, kept to spare a division per word
  char title_[kTitleBytes];
  std::size_t title_size_ = 0;
  char description_[kDescriptionBytes];
  std::size_t description_size_ = 0;
};

}  // namespace winnow
