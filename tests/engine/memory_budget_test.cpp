// SPDX-License-Identifier: MIT
#include "engine/memory_budget.h"

#include <gtest/gtest.h>

namespace winnow {
namespace {

TEST(MemoryBudget, ReservationsStopAtTheLimit) {
  MemoryBudget budget(100);
  EXPECT_TRUE(budget.try_reserve(60));
  EXPECT_FALSE(budget.try_reserve(41));
  EXPECT_TRUE(budget.try_reserve(40));
  EXPECT_EQ(budget.used(), 100u);
  EXPECT_EQ(budget.available(), 0u);
  EXPECT_FALSE(budget.exceeded()) << "a refused reservation alone is not an overrun";
}

TEST(MemoryBudget, ChargesCannotBeRefusedButAreRecorded) {
  MemoryBudget budget(100);
  budget.charge(80);
  EXPECT_FALSE(budget.exceeded());
  budget.charge(30);
  EXPECT_TRUE(budget.exceeded());
  EXPECT_EQ(budget.used(), 110u);
  EXPECT_FALSE(budget.try_reserve(1));
  budget.release(110);
  EXPECT_EQ(budget.used(), 0u);
  EXPECT_EQ(budget.peak(), 110u);
  EXPECT_TRUE(budget.exceeded()) << "exceeded is sticky";
}

TEST(MemoryBudget, ReleaseNeverUnderflows) {
  MemoryBudget budget(10);
  budget.charge(5);
  budget.release(50);
  EXPECT_EQ(budget.used(), 0u);
}

TEST(Reservation, ReleasesOnDestructionAndMove) {
  MemoryBudget budget(100);
  {
    Reservation a(budget, 70);
    EXPECT_TRUE(a.ok());
    Reservation b(budget, 70);
    EXPECT_FALSE(b.ok());
    EXPECT_EQ(budget.used(), 70u);
    Reservation c(std::move(a));
    EXPECT_FALSE(a.ok());
    EXPECT_TRUE(c.ok());
    EXPECT_EQ(budget.used(), 70u);
  }
  EXPECT_EQ(budget.used(), 0u);
  EXPECT_EQ(budget.peak(), 70u);
}

}  // namespace
}  // namespace winnow
