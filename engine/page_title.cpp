// SPDX-License-Identifier: MIT
#include "engine/page_title.h"

#include "engine/letter_case.h"
#include "engine/mojibake.h"
#include "engine/utf8.h"

namespace winnow {

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
    size_ = utf8_without_partial_character(text_, size_);
    while (size_ > 0 && text_[size_ - 1] == ' ') --size_;
  }
  // Once, over the whole title: where the pieces were cut cannot matter.
  size_ = repair_double_utf8(text_, size_);
  text_[size_] = '\0';
  state_ = State::Known;
}

}  // namespace winnow
