// SPDX-License-Identifier: MIT
// A growable byte buffer whose every growth is charged to the memory budget
// and whose bytes come from it (the caller's arena when there is one).
// Growth is by at least half the current capacity and never past what the
// budget has left; when the budget refuses, append() returns false, keeps
// what it had and marks the budget exceeded.
#pragma once

#include <cstddef>
#include <string_view>

#include "engine/memory_budget.h"

namespace winnow {

class BoundedText {
 public:
  static constexpr std::size_t kDefaultStep = 1024;
  // Growth is by at least min_step bytes (and at least half the capacity).
  explicit BoundedText(MemoryBudget& budget, std::size_t min_step = kDefaultStep)
      : budget_(&budget), min_step_(min_step) {}
  BoundedText(const BoundedText&) = delete;
  BoundedText& operator=(const BoundedText&) = delete;
  ~BoundedText();

  // Required text: when it would not fit, the budget's Reclaimer is first
  // asked to give optional memory back.
  bool append(std::string_view bytes);
  // A word and what goes before it (a separator, a heading marker): both, or
  // neither when the budget refuses the word, so that no line ends in a
  // separator (fuzz_algorithms finding 25ee9d3c).
  bool append_word(std::string_view before, std::string_view word);
  // The same for bytes the caller can do without (a fallback it may never
  // write), taking no more than they need: when the budget cannot hold
  // them, returns false and nothing changes (the budget is not marked
  // exceeded but counts the refusal, MemoryBudget::declined(); later
  // appends may succeed). It never takes memory back from anything.
  bool try_append(std::string_view bytes);
  // Replaces the text with bytes if the budget can hold them; otherwise
  // returns false and keeps the text it had (the refusal is counted as
  // above).
  bool try_assign(std::string_view bytes);
  void truncate(std::size_t size) {
    if (size < size_) size_ = size;
  }
  void clear() { size_ = 0; }
  // Removes count bytes at pos (clamped to the text), keeping the storage.
  void erase(std::size_t pos, std::size_t count);
  // Empties it and gives its bytes back to the budget.
  void free_storage();
  std::string_view view() const { return std::string_view(data_, size_); }
  std::size_t size() const { return size_; }
  // The bytes it holds from the budget (free_storage() gives them back).
  std::size_t storage() const { return charged_; }
  bool truncated() const { return truncated_; }
  void swap(BoundedText& other);

 private:
  bool add(std::string_view bytes, bool required);
  bool grow_to(std::size_t needed, bool required);

  MemoryBudget* budget_;
  std::size_t min_step_;
  char* data_ = nullptr;
  std::size_t size_ = 0;
  std::size_t charged_ = 0;  // bytes allocated and paid for
  bool truncated_ = false;
};

}  // namespace winnow
