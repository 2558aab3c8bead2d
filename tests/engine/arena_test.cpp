// SPDX-License-Identifier: MIT
#include "engine/arena.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

namespace winnow {
namespace {

bool aligned(const void* p) { return reinterpret_cast<std::uintptr_t>(p) % Arena::kAlignment == 0; }

TEST(Arena, CarvesAlignedBlocksFromTheCallersBuffer) {
  alignas(16) static char buffer[4096];
  Arena arena(buffer + 3, sizeof buffer - 3);  // an unaligned start is skipped
  EXPECT_EQ(arena.capacity(), 4080u);
  void* a = arena.allocate(1);
  void* b = arena.allocate(100);
  ASSERT_NE(a, nullptr);
  ASSERT_NE(b, nullptr);
  EXPECT_TRUE(aligned(a) && aligned(b));
  EXPECT_TRUE(arena.contains(a) && arena.contains(b));
  EXPECT_GE(static_cast<char*>(b) - static_cast<char*>(a), 16) << "blocks never overlap";
  EXPECT_EQ(arena.live_blocks(), 2u);
  EXPECT_EQ(arena.in_use(), 32u + 128u) << "a header and the size rounded up to 16";
}

TEST(Arena, RefusesWhatDoesNotFitAndNeverThrows) {
  alignas(16) static char buffer[1024];
  Arena arena(buffer, sizeof buffer);
  EXPECT_EQ(arena.allocate(2000), nullptr);
  EXPECT_EQ(arena.allocate(static_cast<std::size_t>(-1)), nullptr);
  void* all = arena.allocate(1024 - Arena::kHeaderSize);
  ASSERT_NE(all, nullptr);
  EXPECT_EQ(arena.allocate(1), nullptr);
  arena.deallocate(all);
  EXPECT_NE(arena.allocate(1), nullptr);
}

TEST(Arena, FreeingCoalescesSoTheWholeArenaComesBack) {
  alignas(16) static char buffer[8192];
  Arena arena(buffer, sizeof buffer);
  std::vector<void*> blocks;
  for (int i = 0; i < 20; ++i) blocks.push_back(arena.allocate(100 + i));
  // Free every other block, then the rest in reverse: both neighbours merge.
  for (std::size_t i = 0; i < blocks.size(); i += 2) arena.deallocate(blocks[i]);
  EXPECT_LT(arena.largest_free(), 8192u - 20 * 128u);
  for (std::size_t i = blocks.size() - 1; i < blocks.size(); i -= 2) arena.deallocate(blocks[i]);
  EXPECT_EQ(arena.live_blocks(), 0u);
  EXPECT_EQ(arena.in_use(), 0u);
  EXPECT_EQ(arena.largest_free(), arena.capacity() - Arena::kHeaderSize);
  EXPECT_GT(arena.peak(), 20u * 112u);
}

TEST(Arena, IgnoresForeignPointersAndDoubleFrees) {
  alignas(16) static char buffer[2048];
  Arena arena(buffer, sizeof buffer);
  void* a = arena.allocate(64);
  int on_stack = 0;
  arena.deallocate(&on_stack);
  arena.deallocate(nullptr);
  arena.deallocate(a);
  arena.deallocate(a);
  EXPECT_EQ(arena.live_blocks(), 0u);
  EXPECT_EQ(arena.largest_free(), arena.capacity() - Arena::kHeaderSize);
}

TEST(Arena, ABufferTooSmallIsAnEmptyArena) {
  char tiny[20];
  Arena arena(tiny, sizeof tiny);
  EXPECT_EQ(arena.allocate(1), nullptr);
  Arena none(nullptr, 4096);
  EXPECT_EQ(none.capacity(), 0u);
  EXPECT_EQ(none.allocate(1), nullptr);
}

// Random allocations and frees against a model of what is live: no two live
// blocks overlap, contents survive, and freeing everything restores one block.
TEST(Arena, RandomUseKeepsBlocksDisjointAndIntact) {
  alignas(16) static char buffer[64 * 1024];
  Arena arena(buffer, sizeof buffer);
  std::mt19937 random(7);
  struct Live {
    char* p;
    std::size_t size;
    char fill;
  };
  std::vector<Live> live;
  for (int step = 0; step < 20000; ++step) {
    if (live.empty() || random() % 3 != 0) {
      const std::size_t size = 1 + random() % (random() % 8 == 0 ? 4000 : 200);
      char* p = static_cast<char*>(arena.allocate(size));
      if (p == nullptr) continue;
      ASSERT_TRUE(aligned(p));
      const char fill = static_cast<char>(step);
      std::memset(p, fill, size);
      live.push_back({p, size, fill});
    } else {
      const std::size_t i = random() % live.size();
      const Live& block = live[i];
      ASSERT_TRUE(std::all_of(block.p, block.p + block.size, [&](char c) { return c == block.fill; }))
          << "a block was overwritten at step " << step;
      arena.deallocate(block.p);
      live.erase(live.begin() + static_cast<std::ptrdiff_t>(i));
    }
    ASSERT_EQ(arena.live_blocks(), live.size());
  }
  std::sort(live.begin(), live.end(), [](const Live& a, const Live& b) { return a.p < b.p; });
  for (std::size_t i = 1; i < live.size(); ++i) ASSERT_LE(live[i - 1].p + live[i - 1].size, live[i].p);
  for (const Live& block : live) arena.deallocate(block.p);
  EXPECT_EQ(arena.in_use(), 0u);
  EXPECT_EQ(arena.largest_free(), arena.capacity() - Arena::kHeaderSize);
}

}  // namespace
}  // namespace winnow
