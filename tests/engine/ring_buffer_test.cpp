// SPDX-License-Identifier: MIT
#include "engine/ring_buffer.h"

#include <gtest/gtest.h>

#include <string>

namespace winnow {
namespace {

TEST(RingBuffer, KeepsSequenceNumbersAcrossWrapAround) {
  MemoryBudget budget(1024);
  RingBuffer<int> ring(budget, 3);
  ASSERT_TRUE(ring.ok());
  for (int i = 0; i < 10; ++i) {
    if (ring.full()) ring.pop_front();
    ASSERT_TRUE(ring.push(i));
  }
  EXPECT_EQ(ring.size(), 3u);
  EXPECT_EQ(ring.begin_seq(), 7u);
  EXPECT_EQ(ring.end_seq(), 10u);
  EXPECT_EQ(ring.at(7), 7);
  EXPECT_EQ(ring.at(9), 9);
  EXPECT_TRUE(ring.contains(8));
  EXPECT_FALSE(ring.contains(6));
  EXPECT_FALSE(ring.contains(10));
}

TEST(RingBuffer, TakesFromTheFrontAcrossWrapAround) {
  MemoryBudget budget(1024);
  RingBuffer<char> ring(budget, 5);
  for (char c : std::string("abcd")) ASSERT_TRUE(ring.push(c));
  char out[8] = {};
  EXPECT_EQ(ring.take_front(out, 3), 3u);
  EXPECT_EQ(std::string(out, 3), "abc");
  for (char c : std::string("efgh")) ASSERT_TRUE(ring.push(c));  // wraps
  EXPECT_TRUE(ring.full());
  EXPECT_EQ(ring.take_front(out, 8), 5u);  // no more than it holds
  EXPECT_EQ(std::string(out, 5), "defgh");
  EXPECT_TRUE(ring.empty());
  EXPECT_EQ(ring.begin_seq(), 8u);
  ASSERT_TRUE(ring.push('i'));
  EXPECT_EQ(ring.front(), 'i');
  EXPECT_EQ(ring.at(8), 'i');
}

TEST(RingBuffer, RefusesToGrowWhenFull) {
  MemoryBudget budget(1024);
  RingBuffer<int> ring(budget, 2);
  EXPECT_TRUE(ring.push(1));
  EXPECT_TRUE(ring.push(2));
  EXPECT_FALSE(ring.push(3));
  EXPECT_EQ(ring.back(), 2);
  ring.pop_back();
  EXPECT_EQ(ring.back(), 1);
}

TEST(RingBuffer, PushSlotAppendsInPlaceAndRefusesWhenFull) {
  MemoryBudget budget(1024);
  RingBuffer<int> ring(budget, 2);
  ASSERT_TRUE(ring.push(1));
  int* slot = ring.push_slot();
  ASSERT_NE(slot, nullptr);
  *slot = 2;
  EXPECT_EQ(ring.at(1), 2);
  EXPECT_EQ(ring.push_slot(), nullptr);
  ring.pop_front();
  slot = ring.push_slot();  // the first slot again, still holding 1
  ASSERT_NE(slot, nullptr);
  EXPECT_EQ(*slot, 1);
  EXPECT_EQ(ring.end_seq(), 3u);
}

TEST(RingBuffer, StorageIsChargedAndRefusedBeyondTheBudget) {
  MemoryBudget budget(100);
  RingBuffer<std::uint64_t> fits(budget, 10);
  EXPECT_TRUE(fits.ok());
  EXPECT_EQ(budget.used(), 80u);
  RingBuffer<std::uint64_t> too_big(budget, 10);
  EXPECT_FALSE(too_big.ok());
  EXPECT_EQ(too_big.capacity(), 0u);
  EXPECT_FALSE(too_big.push(1));
}

}  // namespace
}  // namespace winnow
