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

// Holds `held` bytes of the budget it can give back; counts the calls and,
// if asked to, reserves again from inside reclaim() to show it cannot recurse.
class HeldBytes final : public Reclaimer {
 public:
  HeldBytes(MemoryBudget& budget, std::size_t held) : budget_(budget), held_(held) {
    EXPECT_TRUE(budget_.try_reserve(held));
    budget_.set_reclaimer(this);
  }
  ~HeldBytes() { budget_.clear_reclaimer(this); }
  void reclaim(std::size_t wanted) override {
    ++calls;
    last_wanted = wanted;
    if (reserve_inside) {
      EXPECT_FALSE(budget_.try_reserve(budget_.limit())) << "no recursion, no room";
    }
    if (refuse) return;
    budget_.release(held_);
    held_ = 0;
  }
  std::size_t held() const { return held_; }
  int calls = 0;
  std::size_t last_wanted = 0;
  bool refuse = false;
  bool reserve_inside = false;

 private:
  MemoryBudget& budget_;
  std::size_t held_;
};

TEST(MemoryBudget, ARequiredReservationTakesOptionalMemoryBack) {
  MemoryBudget budget(100);
  HeldBytes optional(budget, 70);
  EXPECT_TRUE(budget.try_reserve(20)) << "fits beside the held bytes";
  EXPECT_EQ(optional.calls, 0);
  EXPECT_TRUE(budget.try_reserve(30));
  EXPECT_EQ(optional.calls, 1);
  EXPECT_EQ(optional.last_wanted, 20u) << "asked for the shortfall only";
  EXPECT_EQ(optional.held(), 0u);
  EXPECT_EQ(budget.used(), 50u);
  EXPECT_FALSE(budget.exceeded());
}

TEST(MemoryBudget, OptionalReservationsNeverReclaim) {
  MemoryBudget budget(100);
  HeldBytes optional(budget, 70);
  EXPECT_FALSE(budget.try_reserve_optional(40));
  EXPECT_EQ(optional.calls, 0);
  EXPECT_EQ(optional.held(), 70u);
}

TEST(MemoryBudget, MakeRoomPrecedesAThirdPartysCharge) {
  MemoryBudget budget(100);
  HeldBytes optional(budget, 70);
  budget.make_room(30);
  EXPECT_EQ(optional.calls, 0) << "30 bytes fit";
  budget.make_room(31);
  EXPECT_EQ(optional.calls, 1);
  budget.charge(31);
  EXPECT_FALSE(budget.exceeded());
}

TEST(MemoryBudget, AReclaimerThatKeepsItsMemoryLeavesTheRefusal) {
  MemoryBudget budget(100);
  HeldBytes optional(budget, 70);
  optional.refuse = true;
  optional.reserve_inside = true;
  EXPECT_FALSE(budget.try_reserve(40));
  EXPECT_EQ(optional.calls, 1) << "reserving inside reclaim() did not call it again";
  EXPECT_EQ(budget.used(), 70u);
}

TEST(MemoryBudget, TheFirstReclaimerStaysAndOnlyItCanLeave) {
  MemoryBudget budget(100);
  HeldBytes first(budget, 50);
  HeldBytes second(budget, 50);
  budget.clear_reclaimer(&second);
  EXPECT_TRUE(budget.try_reserve(10));
  EXPECT_EQ(first.calls, 1);
  EXPECT_EQ(second.calls, 0);
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
