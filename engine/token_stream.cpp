// SPDX-License-Identifier: MIT
#include "engine/token_stream.h"

#include <algorithm>
#include <cstring>

#include "engine/letter_case.h"
#include "engine/mojibake.h"

namespace winnow {

TokenStream::TokenStream(MemoryBudget& budget, std::size_t window_tokens, std::size_t text_bytes)
    : tokens_(budget, std::max<std::size_t>(window_tokens, 1)),
      text_(budget, std::max(text_bytes, 2 * kMaxWordBytes)) {}

const Token& TokenStream::push(Token token, std::string_view word_text) {
  Token& slot = push_new(word_text);
  token.seq = slot.seq;
  token.text_size = slot.text_size;
  if (!word_text.empty()) token.text_pos = slot.text_pos;
  slot = token;
  return slot;
}

Token& TokenStream::push_new(std::string_view word_text) {
  const std::uint64_t seq = tokens_.end_seq();
  std::uint64_t text_pos = 0;
  std::uint32_t text_size = 0;
  if (!word_text.empty()) {
    const std::size_t capacity = text_.capacity();
    const std::size_t size = std::min(word_text.size(), capacity);
    // A word never wraps: if it does not fit before the end of the arena it
    // starts at the arena's beginning, so text() can return one view.
    if (text_slot_ + size > capacity) {
      text_head_ += capacity - text_slot_;
      text_slot_ = 0;
    }
    std::memcpy(&text_.at(text_slot_), word_text.data(), size);  // the slot of text_head_
    text_pos = text_head_;
    text_size = static_cast<std::uint32_t>(size);
    text_head_ += size;
    text_slot_ += size;
    if (text_slot_ == capacity) text_slot_ = 0;
  }
  if (tokens_.full()) tokens_.pop_front();
  Token& token = *tokens_.push_slot();
  token.seq = seq;
  token.text_pos = text_pos;
  token.text_size = text_size;
  return token;
}

std::string_view TokenStream::text(const Token& token) const {
  if (token.text_size == 0 || token.text_pos + text_.capacity() < text_head_) return {};
  return std::string_view(&text_.at(token.text_pos), token.text_size);
}

void TokenStream::append_title(std::string_view text) {
  std::size_t n = std::min(text.size(), kTitleBytes - title_size_);
  text.copy(title_ + title_size_, n);
  // Repaired as the words are (engine/mojibake.h), piece by piece: a run
  // split between two pieces (at an entity) stays as it came.
  n = repair_double_utf8(title_ + title_size_, n);
  // From the byte before: a letter whose two bytes came in two pieces.
  const std::size_t from = title_size_ > 0 ? title_size_ - 1 : 0;
  title_size_ += n;
  lower_letters(title_ + from, title_size_ - from);
  // The new trigrams: those that reach into this piece or into the byte
  // lowered above. Bits only get set, so one that lowering changed stays as
  // a false positive, never a false negative.
  title_trigrams_.add(title().substr(from >= 2 ? from - 2 : 0));
}

void TokenStream::set_description(std::string_view text) {
  if (description_size_ > 0) return;
  std::size_t n = std::min(text.size(), kDescriptionBytes);
  // Never half a character at the cut: it would match nothing, but a
  // continuation byte is no word boundary either.
  if (n < text.size())
    while (n > 0 && (static_cast<unsigned char>(text[n]) & 0xC0) == 0x80) --n;
  text.copy(description_, n);
  // Repaired as the words are (engine/mojibake.h), so that theirs match.
  n = repair_double_utf8(description_, n);
  description_size_ = n;
  lower_letters(description_, n);
  description_trigrams_.add(description());
}

void TokenStream::set_page_kind(std::string_view og_type) {
  if (kind_ != PageKind::undeclared || og_type.empty()) return;
  char lower[32];
  const std::size_t n = std::min(og_type.size(), sizeof lower);
  og_type.copy(lower, n);
  lower_letters(lower, n);
  const std::string_view type(lower, n);
  // Sites extend the type with their own prefixes ("cwi:news_story").
  const bool story = type == "blog" || type == "news" || type.find("article") != std::string_view::npos ||
                     type.find("story") != std::string_view::npos;
  kind_ = story ? PageKind::article : PageKind::other;
}

void Trigrams::add(std::string_view text) {
  for (std::size_t i = 0; i + 3 <= text.size(); ++i) {
    const std::size_t b = bit(text.data() + i);
    bits_[b / 64] |= std::uint64_t{1} << (b % 64);
  }
}

}  // namespace winnow
