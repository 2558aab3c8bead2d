// SPDX-License-Identifier: MIT
// The ways winnow code takes memory, all through the MemoryBudget (and so
// from the caller's arena when there is one):
//  - BudgetBuffer<T>: a fixed array of T, reserved and allocated at once,
//    released and freed together; the storage behind rings, stacks and
//    candidate tables.
//  - BudgetAllocated: a base class whose objects are created with
//    `new (budget) T(...)` and deleted with plain `delete` (each object
//    remembers where its memory came from), so algorithms, which the
//    registry hands out as std::unique_ptr, live in the arena too.
//  - ChargedVector<T>: an array that grows by half while the budget has
//    room, for what an algorithm keeps until the end of the document.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <limits>
#include <new>
#include <string_view>
#include <type_traits>
#include <utility>

#include "engine/memory_budget.h"

namespace winnow {

template <typename T>
class BudgetBuffer {
 public:
  BudgetBuffer() = default;
  // Check ok() afterwards: false when the budget refused or count is 0 (the
  // owner decides whether that is BudgetTooSmall or a degradation). Each
  // element is constructed from args.
  template <typename... Args>
  BudgetBuffer(MemoryBudget& budget, std::size_t count, Args&... args) {
    if (count == 0 || count > std::numeric_limits<std::size_t>::max() / sizeof(T)) return;
    Reservation reservation(budget, count * sizeof(T));
    if (!reservation.ok()) return;
    void* memory = budget.allocate(count * sizeof(T));
    if (memory == nullptr) return;
    data_ = static_cast<T*>(memory);
    for (std::size_t i = 0; i < count; ++i) new (data_ + i) T(args...);
    budget_ = &budget;
    size_ = count;
    reservation_ = std::move(reservation);
  }
  BudgetBuffer(BudgetBuffer&& other) noexcept { take(other); }
  BudgetBuffer& operator=(BudgetBuffer&& other) noexcept {
    if (this != &other) {
      reset();
      take(other);
    }
    return *this;
  }
  BudgetBuffer(const BudgetBuffer&) = delete;
  BudgetBuffer& operator=(const BudgetBuffer&) = delete;
  ~BudgetBuffer() { reset(); }

  bool ok() const { return data_ != nullptr; }
  std::size_t size() const { return size_; }
  T* data() { return data_; }
  const T* data() const { return data_; }
  T& operator[](std::size_t i) { return data_[i]; }
  const T& operator[](std::size_t i) const { return data_[i]; }

  void reset() {
    if (data_ == nullptr) return;
    for (std::size_t i = size_; i > 0; --i) data_[i - 1].~T();
    budget_->deallocate(data_);
    data_ = nullptr;
    size_ = 0;
    budget_ = nullptr;
    reservation_.reset();
  }

 private:
  void take(BudgetBuffer& other) {
    data_ = other.data_;
    size_ = other.size_;
    budget_ = other.budget_;
    reservation_ = std::move(other.reservation_);
    other.data_ = nullptr;
    other.size_ = 0;
    other.budget_ = nullptr;
  }

  T* data_ = nullptr;
  std::size_t size_ = 0;
  MemoryBudget* budget_ = nullptr;
  Reservation reservation_;
};

// Bytes of a fixed capacity from the budget, for text assembled in place
// (the guard's output and tag buffers, the decoder's sniffing window). Its
// owner keeps within capacity(); what would pass it is cut, never written
// past the end.
class BudgetString {
 public:
  BudgetString() = default;
  BudgetString(MemoryBudget& budget, std::size_t capacity) : bytes_(budget, capacity) {}

  bool ok() const { return bytes_.ok(); }
  std::size_t capacity() const { return bytes_.size(); }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const char* data() const { return bytes_.data(); }
  const char* begin() const { return bytes_.data(); }
  const char* end() const { return bytes_.data() + size_; }
  // The whole capacity, for an owner that also keeps something in the
  // space past size() (the guard's side attributes); append() knows nothing
  // of it, so that owner keeps size() below it.
  char* storage() { return bytes_.data(); }
  char operator[](std::size_t i) const { return bytes_[i]; }
  std::string_view view() const { return std::string_view(bytes_.data(), size_); }

  void append(const char* data, std::size_t size) {
    if (size > capacity() - size_) size = capacity() - size_;
    if (size > 0) std::memcpy(bytes_.data() + size_, data, size);
    size_ += size;
  }
  void append(std::string_view text) { append(text.data(), text.size()); }
  void push_back(char c) {
    if (size_ < capacity()) bytes_[size_++] = c;
  }
  void resize(std::size_t size) {  // shrinks only
    if (size < size_) size_ = size;
  }
  void clear() { size_ = 0; }
  void reset() {  // gives the memory back
    bytes_.reset();
    size_ = 0;
  }

 private:
  BudgetBuffer<char> bytes_;
  std::size_t size_ = 0;
};

class BudgetAllocated {
 public:
  // The object's bytes are charged to the budget like any buffer's, and
  // given back when it is deleted; nullptr when the budget has no room (the
  // new-expression then yields nullptr and constructs nothing).
  static void* operator new(std::size_t size, MemoryBudget& budget) noexcept {
    const std::size_t bytes = size + kPrefix;
    if (!budget.try_reserve(bytes)) return nullptr;
    void* block = budget.allocate(bytes);
    if (block == nullptr) {
      budget.release(bytes);
      return nullptr;
    }
    *static_cast<Origin*>(block) = Origin{&budget, bytes};
    return static_cast<char*>(block) + kPrefix;
  }
  // Plain new (tests, tools): from the heap, charged to nothing.
  static void* operator new(std::size_t size) {
    void* block = ::operator new(size + kPrefix);
    *static_cast<Origin*>(block) = Origin{nullptr, 0};
    return static_cast<char*>(block) + kPrefix;
  }
  static void operator delete(void* p) noexcept { release(p); }
  // Called only when a constructor throws.
  static void operator delete(void* p, MemoryBudget&) noexcept { release(p); }
  // What `new (budget) T` charges: the object and its origin.
  template <typename T>
  static constexpr std::size_t charge_of() {
    return sizeof(T) + kPrefix;
  }

 protected:
  BudgetAllocated() = default;
  ~BudgetAllocated() = default;

 private:
  // Where an object's memory came from, in front of it.
  struct Origin {
    MemoryBudget* budget;
    std::size_t bytes;  // charged to it
  };
  static constexpr std::size_t kPrefix = 16;  // keeps the object 16-byte aligned
  static_assert(sizeof(Origin) <= kPrefix, "the origin fits in front of the object");
  static void release(void* p) noexcept {
    if (p == nullptr) return;
    void* block = static_cast<char*>(p) - kPrefix;
    const Origin origin = *static_cast<Origin*>(block);
    if (origin.budget != nullptr) {
      origin.budget->deallocate(block);
      origin.budget->release(origin.bytes);
    } else {
      ::operator delete(block);
    }
  }
};

// A growable array of plain data whose memory comes from the budget and
// whose every growth is charged to it, the old and the new buffer together
// while the items move (as BoundedText's text). When the budget has no room
// for a larger buffer, push_back() returns false, marks the budget exceeded
// and refuses from then on; the items held stay. The end-of-document buffers
// of TextSweeper, Readability, the mountain model, the relevance method and
// the shallow-text rules.
template <typename T>
class ChargedVector {
  static_assert(std::is_trivially_copyable<T>::value, "items are moved with memcpy");

 public:
  explicit ChargedVector(MemoryBudget& budget) : budget_(&budget) {}
  ChargedVector(const ChargedVector&) = delete;
  ChargedVector& operator=(const ChargedVector&) = delete;
  ~ChargedVector() {
    budget_->deallocate(items_);
    budget_->release(capacity_ * sizeof(T));
  }

  bool push_back(const T& value) {
    if (failed_) return false;
    if (size_ == capacity_ && !grow()) return false;
    items_[size_++] = value;
    return true;
  }
  void truncate(std::size_t size) {
    if (size < size_) size_ = size;
  }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  bool failed() const { return failed_; }
  T& operator[](std::size_t i) { return items_[i]; }
  const T& operator[](std::size_t i) const { return items_[i]; }
  T& back() { return items_[size_ - 1]; }

 private:
  // As BoundedText: the new buffer is charged in full before the old one is
  // released, since both are alive while the items move.
  bool grow() {
    const std::size_t want = std::max<std::size_t>(16, capacity_ + capacity_ / 2);
    const std::size_t target = std::min(want, budget_->available() / sizeof(T));
    T* moved = nullptr;
    if (target > capacity_ && budget_->try_reserve(target * sizeof(T))) {
      moved = static_cast<T*>(budget_->allocate(target * sizeof(T)));
      if (moved == nullptr) budget_->release(target * sizeof(T));
    }
    if (moved == nullptr) {
      failed_ = true;
      budget_->mark_exceeded();
      return false;
    }
    if (size_ > 0) std::memcpy(static_cast<void*>(moved), items_, size_ * sizeof(T));
    budget_->deallocate(items_);
    budget_->release(capacity_ * sizeof(T));
    items_ = moved;
    capacity_ = target;
    return true;
  }

  MemoryBudget* budget_;
  T* items_ = nullptr;
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;  // items allocated and paid for
  bool failed_ = false;
};

}  // namespace winnow
