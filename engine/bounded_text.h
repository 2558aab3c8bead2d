// SPDX-License-Identifier: MIT
// A growable byte buffer whose every growth is charged to the memory budget.
// Growth is by at most half the current capacity and never past what the
// budget has left; when the budget refuses, append() returns false, keeps
// what it had and marks the budget exceeded.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "engine/memory_budget.h"

namespace winnow {

class BoundedText {
 public:
  explicit BoundedText(MemoryBudget& budget) : budget_(&budget) {}
  BoundedText(const BoundedText&) = delete;
  BoundedText& operator=(const BoundedText&) = delete;
  ~BoundedText() { budget_->release(charged_); }

  bool append(std::string_view bytes);
  void truncate(std::size_t size) {
    if (size < text_.size()) text_.resize(size);
  }
  void clear() { text_.clear(); }
  std::string_view view() const { return text_; }
  std::size_t size() const { return text_.size(); }
  bool truncated() const { return truncated_; }
  void swap(BoundedText& other);

 private:
  bool grow_to(std::size_t needed);

  MemoryBudget* budget_;
  std::string text_;
  std::size_t charged_ = 0;
  bool truncated_ = false;
};

}  // namespace winnow
