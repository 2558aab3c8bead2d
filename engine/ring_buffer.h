// SPDX-License-Identifier: MIT
// A fixed-capacity FIFO whose storage is allocated once and charged to the
// memory budget. Elements are addressed by a monotonically increasing
// sequence number, so a consumer can keep "token 1234" as a handle while it
// is still in the window. Pushing into a full ring is refused: the owner
// decides what to give up, the ring never grows.
#pragma once

#include <cstddef>
#include <cstdint>
#include "engine/budget_buffer.h"

namespace winnow {

template <typename T>
class RingBuffer {
 public:
  RingBuffer() = default;
  // Check ok() afterwards: false when the budget could not hold the storage.
  RingBuffer(MemoryBudget& budget, std::size_t capacity)
      : slots_(budget, capacity), capacity_(slots_.ok() ? capacity : 0) {}

  bool ok() const { return slots_.ok(); }
  std::size_t capacity() const { return capacity_; }
  std::size_t size() const { return static_cast<std::size_t>(end_ - begin_); }
  bool empty() const { return begin_ == end_; }
  bool full() const { return size() == capacity_; }

  // Sequence numbers of the oldest element and one past the newest.
  std::uint64_t begin_seq() const { return begin_; }
  std::uint64_t end_seq() const { return end_; }
  bool contains(std::uint64_t seq) const { return seq >= begin_ && seq < end_; }

  bool push(const T& value) {
    if (full()) return false;
    slots_[end_ % capacity_] = value;
    ++end_;
    return true;
  }
  T& at(std::uint64_t seq) { return slots_[seq % capacity_]; }
  const T& at(std::uint64_t seq) const { return slots_[seq % capacity_]; }
  T& front() { return at(begin_); }
  T& back() { return at(end_ - 1); }
  const T& front() const { return at(begin_); }
  const T& back() const { return at(end_ - 1); }
  void pop_front() {
    if (!empty()) ++begin_;
  }
  void pop_back() {
    if (!empty()) --end_;
  }
  void clear() { begin_ = end_; }

 private:
  BudgetBuffer<T> slots_;
  std::size_t capacity_ = 0;
  std::uint64_t begin_ = 0;
  std::uint64_t end_ = 0;
};

}  // namespace winnow
