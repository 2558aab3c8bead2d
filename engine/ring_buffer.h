// SPDX-License-Identifier: MIT
// A fixed-capacity FIFO whose storage is allocated once and charged to the
// memory budget. Elements are addressed by a monotonically increasing
// sequence number, so a consumer can keep "token 1234" as a handle while it
// is still in the window. Pushing into a full ring is refused: the owner
// decides what to give up, the ring never grows.
#pragma once

#include <algorithm>
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
    slots_[tail_] = value;
    tail_ = next(tail_);
    ++end_;
    return true;
  }
  // Appends the element its slot holds, whatever that is, for the caller to
  // overwrite in place (no copy through a temporary); null when full.
  T* push_slot() {
    if (full()) return nullptr;
    T* slot = &slots_[tail_];
    tail_ = next(tail_);
    ++end_;
    return slot;
  }
  T& at(std::uint64_t seq) { return slots_[slot_of(seq)]; }
  const T& at(std::uint64_t seq) const { return slots_[slot_of(seq)]; }
  T& front() { return slots_[head_]; }
  T& back() { return slots_[previous(tail_)]; }
  const T& front() const { return slots_[head_]; }
  const T& back() const { return slots_[previous(tail_)]; }
  void pop_front() {
    if (empty()) return;
    head_ = next(head_);
    ++begin_;
  }
  // Moves the oldest count elements (at most size()) to out, oldest first,
  // and drops them; returns how many.
  std::size_t take_front(T* out, std::size_t count) {
    if (count > size()) count = size();
    const std::size_t first = count < capacity_ - head_ ? count : capacity_ - head_;
    std::copy(slots_.data() + head_, slots_.data() + head_ + first, out);
    std::copy(slots_.data(), slots_.data() + (count - first), out + first);
    head_ += count;
    if (head_ >= capacity_) head_ -= capacity_;
    begin_ += count;
    return count;
  }
  void pop_back() {
    if (empty()) return;
    tail_ = previous(tail_);
    --end_;
  }
  void clear() {
    begin_ = end_;
    head_ = tail_;
  }

 private:
  // The slots of begin_ and end_ are kept alongside them, so that the ends
  // are reached without a division; at() divides only for a sequence number
  // outside the window (a byte arena addressed by absolute position).
  std::size_t next(std::size_t slot) const { return slot + 1 == capacity_ ? 0 : slot + 1; }
  std::size_t previous(std::size_t slot) const { return (slot == 0 ? capacity_ : slot) - 1; }
  std::size_t slot_of(std::uint64_t seq) const {
    const std::uint64_t offset = seq - begin_;
    if (offset >= capacity_) return static_cast<std::size_t>(seq % capacity_);
    const std::size_t slot = head_ + static_cast<std::size_t>(offset);
    return slot >= capacity_ ? slot - capacity_ : slot;
  }

  BudgetBuffer<T> slots_;
  std::size_t capacity_ = 0;
  std::uint64_t begin_ = 0;
  std::uint64_t end_ = 0;
  std::size_t head_ = 0;  // begin_ % capacity_
  std::size_t tail_ = 0;  // end_ % capacity_
};

}  // namespace winnow
