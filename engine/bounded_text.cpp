// SPDX-License-Identifier: MIT
#include "engine/bounded_text.h"

#include <algorithm>
#include <cstring>
#include <utility>

namespace winnow {

BoundedText::~BoundedText() { free_storage(); }

void BoundedText::free_storage() {
  budget_->deallocate(data_);
  budget_->release(charged_);
  data_ = nullptr;
  size_ = 0;
  charged_ = 0;
  truncated_ = false;
}

bool BoundedText::grow_to(std::size_t needed, bool required) {
  // While the text moves, the old and the new buffer are both alive: the new
  // one is charged in full before the old one is released, so the budget's
  // peak is the heap's (or the arena's).
  // Required text may take memory back from optional text (a Reclaimer).
  if (required) budget_->make_room(needed);
  std::size_t target = std::max(needed, charged_ + std::max(min_step_, charged_ / 2));
  target = std::min(target, budget_->available());
  // Text the caller can do without grows by no more than it needs.
  if (!required) target = std::min(target, needed);
  char* moved = nullptr;
  if (target >= needed &&
      (required ? budget_->try_reserve(target) : budget_->try_reserve_optional(target))) {
    moved = static_cast<char*>(budget_->allocate(target));
    if (moved == nullptr) budget_->release(target);
  }
  if (moved == nullptr) {
    if (required) {
      truncated_ = true;
      budget_->mark_exceeded();
    } else {
      budget_->note_declined();
    }
    return false;
  }
  if (size_ > 0) std::memcpy(moved, data_, size_);
  budget_->deallocate(data_);
  budget_->release(charged_);
  data_ = moved;
  charged_ = target;
  return true;
}

bool BoundedText::append(std::string_view bytes) { return add(bytes, true); }

bool BoundedText::append_word(std::string_view before, std::string_view word) {
  const std::size_t size_before = size_;
  if (add(before, true) && add(word, true)) return true;
  truncate(size_before);
  return false;
}

bool BoundedText::try_append(std::string_view bytes) { return add(bytes, false); }

bool BoundedText::try_assign(std::string_view bytes) {
  if (truncated_) return false;
  if (bytes.size() > charged_ && !grow_to(bytes.size(), false)) return false;
  if (!bytes.empty()) std::memcpy(data_, bytes.data(), bytes.size());
  size_ = bytes.size();
  return true;
}

bool BoundedText::add(std::string_view bytes, bool required) {
  if (truncated_) return false;
  const std::size_t needed = size_ + bytes.size();
  if (needed > charged_ && !grow_to(needed, required)) return false;
  if (!bytes.empty()) std::memcpy(data_ + size_, bytes.data(), bytes.size());
  size_ = needed;
  return true;
}

void BoundedText::erase(std::size_t pos, std::size_t count) {
  if (pos >= size_) return;
  count = std::min(count, size_ - pos);
  std::memmove(data_ + pos, data_ + pos + count, size_ - pos - count);
  size_ -= count;
}

void BoundedText::swap(BoundedText& other) {
  std::swap(budget_, other.budget_);
  std::swap(min_step_, other.min_step_);
  std::swap(data_, other.data_);
  std::swap(size_, other.size_);
  std::swap(charged_, other.charged_);
  std::swap(truncated_, other.truncated_);
}

}  // namespace winnow
