// SPDX-License-Identifier: MIT
// One memory budget, set by the caller, that every part of an extraction
// charges: the engine's rings and buffers, the guard, the decoder and the
// libxml2 parser (through the allocator hook in adapters/libxml).
//
// Two kinds of charge, because two kinds of owner exist:
//  - try_reserve(): winnow's own growth. Refused (returns false) when it
//    would pass the limit, so winnow code never grows past the cap; the
//    caller then degrades in a documented way and raises BudgetExceeded.
//  - charge(): memory a third party (libxml2) has already taken. It cannot
//    be refused, so it is recorded, and exceeded() turns true; the adapter
//    checks that after every call into the parser and stops the document.
// Where the bytes come from is the budget's too: allocate() takes them from
// the caller's arena when the budget was given one (then the arena is the
// limit: a refusal of the arena is a refusal of the budget), else from the
// heap. Everything of an extraction allocates through here (engine/
// budget_buffer.h for winnow's buffers and objects, the allocator hook for
// libxml2's).
// Memory held for something that may never be needed (text an extractor
// keeps in case the page ends without content) is registered as a
// Reclaimer: a required charge that would not fit first asks it to give
// memory back, so optional text never stops a page.
// Not thread-safe: one extractor, one thread, one budget.
#pragma once

#include <cstddef>
#include <new>

#include "engine/arena.h"

namespace winnow {

// Holds memory it can do without. reclaim() frees such memory until at least
// `wanted` bytes went back to the budget or nothing optional is left; it must
// not allocate, and must refuse (free nothing) while it reads what it holds.
class Reclaimer {
 public:
  virtual void reclaim(std::size_t wanted) = 0;

 protected:
  ~Reclaimer() = default;
};

class MemoryBudget {
 public:
  explicit MemoryBudget(std::size_t limit) : limit_(limit) {}
  // A budget whose memory is the caller's buffer; its limit is the buffer's
  // usable size less `reserve`: room kept free for what is charged after the
  // fact (a third party's allocations between two checks), so that those
  // still find memory in the arena. The buffer must outlive the budget and
  // everything it holds.
  MemoryBudget(void* arena, std::size_t size, std::size_t reserve = 0)
      : arena_(arena, size),
        limit_(arena_.capacity() > reserve ? arena_.capacity() - reserve : 0),
        uses_arena_(true) {}
  MemoryBudget(const MemoryBudget&) = delete;
  MemoryBudget& operator=(const MemoryBudget&) = delete;

  // Raw memory for something already reserved or charged; nullptr when the
  // arena (or the heap) has no room; the caller degrades as for a refusal.
  void* allocate(std::size_t bytes) noexcept {
    return uses_arena_ ? arena_.allocate(bytes) : ::operator new(bytes, std::nothrow);
  }
  void deallocate(void* p) noexcept {
    if (uses_arena_) {
      arena_.deallocate(p);
    } else {
      ::operator delete(p);
    }
  }
  bool uses_arena() const { return uses_arena_; }
  const Arena& arena() const { return arena_; }

  // Required growth: reclaims optional memory first if the bytes do not fit.
  bool try_reserve(std::size_t bytes) {
    make_room(bytes);
    return try_reserve_optional(bytes);
  }
  // Growth the caller can do without: never reclaims (it would only trade
  // one optional holding for another).
  bool try_reserve_optional(std::size_t bytes) {
    if (bytes > limit_ - used_ || used_ > limit_) return false;
    add(bytes);
    return true;
  }
  // Before a required allocation that will be charged after the fact (a
  // third party's): lets the reclaimer free optional memory so that `bytes`
  // fit. Does nothing when they fit already or nothing is registered.
  void make_room(std::size_t bytes) {
    if (reclaimer_ == nullptr || reclaiming_ || bytes <= available()) return;
    reclaiming_ = true;
    reclaimer_->reclaim(bytes - available());
    reclaiming_ = false;
  }
  // One reclaimer per budget: the first to register is kept.
  void set_reclaimer(Reclaimer* reclaimer) {
    if (reclaimer_ == nullptr) reclaimer_ = reclaimer;
  }
  void clear_reclaimer(const Reclaimer* reclaimer) {
    if (reclaimer_ == reclaimer) reclaimer_ = nullptr;
  }
  void charge(std::size_t bytes) {
    add(bytes);
    if (used_ > limit_) exceeded_ = true;
  }
  void release(std::size_t bytes) { used_ = bytes > used_ ? 0 : used_ - bytes; }
  // Records that a reservation was refused (the caller degraded).
  void mark_exceeded() { exceeded_ = true; }
  // Records that memory for something the caller can do without was refused
  // or taken back (the default extractor's held fallback or headline block),
  // or that the caller did something else to stay within the budget (decided
  // a block early): the budget is not exceeded, but the output may differ
  // from a larger budget's.
  void note_declined() { ++declined_; }

  std::size_t limit() const { return limit_; }
  std::size_t used() const { return used_; }
  std::size_t peak() const { return peak_; }
  std::size_t available() const { return used_ >= limit_ ? 0 : limit_ - used_; }
  bool exceeded() const { return exceeded_; }
  std::size_t declined() const { return declined_; }

 private:
  void add(std::size_t bytes) {
    used_ += bytes;
    if (used_ > peak_) peak_ = used_;
  }

  Arena arena_;
  std::size_t limit_;
  bool uses_arena_ = false;
  std::size_t used_ = 0;
  std::size_t peak_ = 0;
  bool exceeded_ = false;
  std::size_t declined_ = 0;
  Reclaimer* reclaimer_ = nullptr;
  bool reclaiming_ = false;
};

// A reservation released on destruction; the owner of a fixed-size buffer
// holds one so that the budget always reflects what is alive.
class Reservation {
 public:
  Reservation() = default;
  Reservation(MemoryBudget& budget, std::size_t bytes)
      : budget_(budget.try_reserve(bytes) ? &budget : nullptr), bytes_(budget_ ? bytes : 0) {}
  Reservation(Reservation&& other) noexcept : budget_(other.budget_), bytes_(other.bytes_) {
    other.budget_ = nullptr;
    other.bytes_ = 0;
  }
  Reservation& operator=(Reservation&& other) noexcept {
    if (this != &other) {
      reset();
      budget_ = other.budget_;
      bytes_ = other.bytes_;
      other.budget_ = nullptr;
      other.bytes_ = 0;
    }
    return *this;
  }
  ~Reservation() { reset(); }

  bool ok() const { return budget_ != nullptr; }
  std::size_t bytes() const { return bytes_; }
  void reset() {
    if (budget_) budget_->release(bytes_);
    budget_ = nullptr;
    bytes_ = 0;
  }

 private:
  MemoryBudget* budget_ = nullptr;
  std::size_t bytes_ = 0;
};

}  // namespace winnow
