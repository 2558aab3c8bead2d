// SPDX-License-Identifier: MIT
#include "adapters/libxml/offset_map.h"

#include <gtest/gtest.h>

namespace winnow {
namespace {

TEST(OffsetMap, IdentityWithoutCheckpoints) {
  MemoryBudget budget(4096);
  OffsetMap map(budget, 8);
  EXPECT_EQ(map.map(0), 0u);
  EXPECT_EQ(map.map(1234), 1234u);
}

TEST(OffsetMap, ShiftsAfterEditsAndClampsInsideThem) {
  MemoryBudget budget(4096);
  OffsetMap map(budget, 8);
  // input [10, 20) was replaced by output [10, 13) (e.g. a dropped comment
  // replaced by 3 bytes), then input [30, 31) became output [23, 27).
  map.record(10, 10);
  map.record(13, 20);
  map.record(23, 30);
  map.record(27, 31);
  EXPECT_EQ(map.map(5), 5u);
  EXPECT_EQ(map.map(10), 10u);
  EXPECT_EQ(map.map(12), 12u);
  EXPECT_EQ(map.map(13), 20u);
  EXPECT_EQ(map.map(20), 27u);
  EXPECT_GE(map.map(25), 30u) << "inside an edit: within its input range";
  EXPECT_LE(map.map(25), 31u);
  EXPECT_EQ(map.map(27), 31u);
  EXPECT_EQ(map.map(100), 104u);
}

TEST(OffsetMap, InterpolatesAProportionalStretch) {
  MemoryBudget budget(1 << 16);
  OffsetMap map(budget, 8);
  // A UTF-16 piece: 40 input bytes became 30 output bytes.
  map.record(0, 0);
  map.record(30, 40, true);
  EXPECT_EQ(map.map(0), 0u);
  EXPECT_EQ(map.map(15), 20u);
  EXPECT_EQ(map.map(27), 36u);
  EXPECT_EQ(map.map(30), 40u);
  EXPECT_EQ(map.map(35), 45u) << "byte for byte again after it";
}

TEST(OffsetMap, SkipsCheckpointsWhenFullInsteadOfGrowing) {
  MemoryBudget budget(4096);
  OffsetMap map(budget, 2);
  for (std::uint64_t k = 1; k <= 10; ++k) map.record(k * 10, k * 11);
  EXPECT_GT(map.skipped(), 0u);
  EXPECT_EQ(map.map(10), 11u);
}

}  // namespace
}  // namespace winnow
