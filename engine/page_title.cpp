// SPDX-License-Identifier: MIT
#include "engine/page_title.h"

#include "engine/mojibake.h"

namespace winnow {
namespace {

// HTML's ASCII whitespace (the same set the tokenizer splits words at).
bool is_html_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }

std::size_t sequence_length(unsigned char lead) {
  if (lead < 0x80) return 1;
  if (lead >= 0xF0) return 4;
  if (lead >= 0xE0) return 3;
  return 2;
}

// The size of text[0, size) without a character the cut left incomplete.
std::size_t without_partial_character(const char* text, std::size_t size) {
  std::size_t lead = size;
  while (lead > 0 && (static_cast<unsigned char>(text[lead - 1]) & 0xC0) == 0x80) --lead;
  if (lead == 0) return size;  // only continuation bytes: nothing to complete
  --lead;
  return size - lead < sequence_length(static_cast<unsigned char>(text[lead])) ? lead : size;
}

}  // namespace

void PageTitle::begin() {
  if (state_ == State::None) state_ = State::Open;
}

void PageTitle::append(std::string_view text) {
  if (state_ != State::Open) return;
  for (const char c : text) {
    if (full_) return;
    if (is_html_space(c)) {
      space_pending_ = size_ > 0;
      continue;
    }
    const std::size_t needed = space_pending_ ? 2 : 1;
    if (size_ + needed > kBytes) {
      full_ = true;
      return;
    }
    if (space_pending_) text_[size_++] = ' ';
    space_pending_ = false;
    text_[size_++] = c;
  }
}

void PageTitle::end() {
  if (state_ == State::Open) finish();
}

void PageTitle::finish() {
  if (state_ == State::Known) return;
  if (full_) {
    size_ = without_partial_character(text_, size_);
    while (size_ > 0 && text_[size_ - 1] == ' ') --size_;
  }
  // Once, over the whole title: where the pieces were cut cannot matter.
  size_ = repair_double_utf8(text_, size_);
  text_[size_] = '\0';
  state_ = State::Known;
}

}  // namespace winnow
