// SPDX-License-Identifier: MIT
#include "engine/bounded_text.h"

#include <algorithm>
#include <utility>

namespace winnow {

bool BoundedText::grow_to(std::size_t needed) {
  constexpr std::size_t kMinStep = 1024;
  // While the string moves, the old and the new buffer are both alive: the
  // new one is charged in full before the old one is released, so the
  // budget's peak is the heap's.
  std::size_t target = std::max(needed, charged_ + std::max(kMinStep, charged_ / 2));
  target = std::min(target, budget_->available());
  if (target < needed || !budget_->try_reserve(target)) {
    truncated_ = true;
    budget_->mark_exceeded();
    return false;
  }
  text_.reserve(target);
  budget_->release(charged_);
  charged_ = target;
  return true;
}

bool BoundedText::append(std::string_view bytes) {
  if (truncated_) return false;
  const std::size_t needed = text_.size() + bytes.size();
  if (needed > charged_ && !grow_to(needed)) return false;
  text_.append(bytes.data(), bytes.size());
  return true;
}

void BoundedText::swap(BoundedText& other) {
  std::swap(budget_, other.budget_);
  text_.swap(other.text_);
  std::swap(charged_, other.charged_);
  std::swap(truncated_, other.truncated_);
}

}  // namespace winnow
