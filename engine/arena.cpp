// SPDX-License-Identifier: MIT
#include "engine/arena.h"

#include <cstdint>

namespace winnow {
namespace {

constexpr std::size_t kMinBlock = 2 * Arena::kHeaderSize;  // a header and 16 bytes of payload

std::size_t round_up(std::size_t n) { return (n + Arena::kAlignment - 1) & ~(Arena::kAlignment - 1); }

// Marks a used block, so that a pointer that was never allocated here (or is
// freed twice) is recognised and ignored instead of corrupting the list.
void* const kUsedMark = reinterpret_cast<void*>(static_cast<std::uintptr_t>(0x5553454455534544ull));

}  // namespace

Arena::Arena(void* memory, std::size_t size) noexcept {
  if (memory == nullptr) return;
  const auto address = reinterpret_cast<std::uintptr_t>(memory);
  const std::size_t skip = round_up(address) - address;
  if (size < skip + kMinBlock) return;
  begin_ = static_cast<char*>(memory) + skip;
  capacity_ = (size - skip) & ~(kAlignment - 1);
  free_ = reinterpret_cast<Header*>(begin_);
  free_->size = capacity_;
  free_->next = nullptr;
}

bool Arena::contains(const void* p) const noexcept {
  const char* c = static_cast<const char*>(p);
  return begin_ != nullptr && c >= begin_ + kHeaderSize && c < begin_ + capacity_;
}

std::size_t Arena::largest_free() const noexcept {
  std::size_t largest = 0;
  for (const Header* h = free_; h != nullptr; h = h->next)
    if (h->size > largest) largest = h->size;
  return largest < kHeaderSize ? 0 : largest - kHeaderSize;
}

void* Arena::allocate(std::size_t bytes) noexcept {
  if (bytes > capacity_) return nullptr;
  std::size_t need = round_up(bytes) + kHeaderSize;
  if (need < kMinBlock) need = kMinBlock;
  Header** link = &free_;
  for (Header* h = free_; h != nullptr; link = &h->next, h = h->next) {
    if (h->size < need) continue;
    if (h->size - need >= kMinBlock) {
      auto* rest = reinterpret_cast<Header*>(reinterpret_cast<char*>(h) + need);
      rest->size = h->size - need;
      rest->next = h->next;
      *link = rest;
      h->size = need;
    } else {
      *link = h->next;
    }
    h->next = static_cast<Header*>(kUsedMark);
    in_use_ += h->size;
    if (in_use_ > peak_) peak_ = in_use_;
    ++live_blocks_;
    return reinterpret_cast<char*>(h) + kHeaderSize;
  }
  return nullptr;
}

void Arena::deallocate(void* p) noexcept {
  if (p == nullptr || !contains(p)) return;
  auto* block = reinterpret_cast<Header*>(static_cast<char*>(p) - kHeaderSize);
  if (block->next != static_cast<Header*>(kUsedMark)) return;
  in_use_ -= block->size;
  --live_blocks_;
  Header* previous = nullptr;
  Header* next = free_;
  while (next != nullptr && next < block) {
    previous = next;
    next = next->next;
  }
  block->next = next;
  if (next != nullptr && reinterpret_cast<char*>(block) + block->size == reinterpret_cast<char*>(next)) {
    block->size += next->size;
    block->next = next->next;
  }
  if (previous == nullptr) {
    free_ = block;
  } else if (reinterpret_cast<char*>(previous) + previous->size == reinterpret_cast<char*>(block)) {
    previous->size += block->size;
    previous->next = block->next;
  } else {
    previous->next = block;
  }
}

}  // namespace winnow
