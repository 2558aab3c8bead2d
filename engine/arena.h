// SPDX-License-Identifier: MIT
// A heap inside a buffer the caller owns (issue 9's "caller-owned arena"):
// firmware without malloc, or with a fixed pool per connection, hands winnow
// one buffer and every allocation of the extraction is carved from it.
//
// Layout: 16-byte-aligned blocks, each with a 16-byte header (its size,
// header included, and a word that is a free block's link or a used block's
// mark). Free blocks form a list in address order; allocation is first fit,
// splitting off the rest when it can hold a block of its own; freeing
// coalesces with both neighbours, so a freed arena is one block again.
// Cost: allocate and deallocate walk the free list (the extractor keeps a few
// dozen blocks alive: its fixed buffers and libxml2's parser state).
// Not thread-safe: one arena belongs to one extractor.
#pragma once

#include <cstddef>

namespace winnow {

class Arena {
 public:
  static constexpr std::size_t kAlignment = 16;
  static constexpr std::size_t kHeaderSize = 16;

  Arena() = default;
  // memory: at least kMinimumSize bytes after alignment, or the arena is empty.
  Arena(void* memory, std::size_t size) noexcept;
  Arena(const Arena&) = delete;
  Arena& operator=(const Arena&) = delete;

  // nullptr when no free block is large enough (never throws).
  void* allocate(std::size_t bytes) noexcept;
  // p must come from allocate() of this arena (or be nullptr).
  void deallocate(void* p) noexcept;

  bool contains(const void* p) const noexcept;
  std::size_t capacity() const { return capacity_; }  // usable bytes, headers included
  std::size_t in_use() const { return in_use_; }      // bytes of live blocks, headers included
  std::size_t peak() const { return peak_; }
  std::size_t live_blocks() const { return live_blocks_; }
  std::size_t largest_free() const noexcept;

 private:
  struct Header {
    std::size_t size;  // of the whole block, header included
    Header* next;      // free: the next free block by address; used: kUsedMark
  };
  static_assert(sizeof(Header) <= kHeaderSize, "header must fit its slot");

  char* begin_ = nullptr;
  std::size_t capacity_ = 0;
  Header* free_ = nullptr;
  std::size_t in_use_ = 0;
  std::size_t peak_ = 0;
  std::size_t live_blocks_ = 0;
};

}  // namespace winnow
