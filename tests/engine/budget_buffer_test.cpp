// SPDX-License-Identifier: MIT
#include "engine/budget_buffer.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>

namespace winnow {
namespace {

TEST(BudgetBuffer, ReservesAndAllocatesTogether) {
  MemoryBudget budget(1000);
  {
    BudgetBuffer<int> ints(budget, 100);
    ASSERT_TRUE(ints.ok());
    EXPECT_EQ(ints.size(), 100u);
    EXPECT_EQ(ints[99], 0) << "elements are value-initialised";
    EXPECT_EQ(budget.used(), 400u);
    BudgetBuffer<int> too_many(budget, 200);
    EXPECT_FALSE(too_many.ok());
    EXPECT_EQ(budget.used(), 400u) << "a refusal leaves nothing reserved";
    BudgetBuffer<int> moved = std::move(ints);
    EXPECT_TRUE(moved.ok());
    EXPECT_FALSE(ints.ok());
    EXPECT_EQ(budget.used(), 400u);
  }
  EXPECT_EQ(budget.used(), 0u);
}

TEST(BudgetBuffer, ComesFromTheArenaWhenThereIsOne) {
  alignas(16) static char buffer[4096];
  MemoryBudget budget(buffer, sizeof buffer);
  EXPECT_TRUE(budget.uses_arena());
  EXPECT_EQ(budget.limit(), sizeof buffer);
  BudgetBuffer<char> bytes(budget, 1000);
  ASSERT_TRUE(bytes.ok());
  EXPECT_TRUE(budget.arena().contains(bytes.data()));
  // The budget's accounting allows it, the arena (1000 bytes + headers used)
  // does not: the arena is the real limit, and a refusal is clean.
  BudgetBuffer<char> rest(budget, 3060);
  EXPECT_FALSE(rest.ok());
  EXPECT_EQ(budget.used(), 1000u);
  bytes.reset();
  EXPECT_EQ(budget.arena().live_blocks(), 0u);
}

TEST(BudgetBuffer, ConstructsEachElementFromTheArguments) {
  MemoryBudget budget(1 << 16);
  struct Counter {
    explicit Counter(int& live) : live_(live) { ++live_; }
    ~Counter() { --live_; }
    int& live_;
  };
  int live = 0;
  {
    BudgetBuffer<Counter> counters(budget, 5, live);
    EXPECT_EQ(live, 5);
  }
  EXPECT_EQ(live, 0) << "every element is destroyed";
}

TEST(BudgetString, KeepsWithinItsCapacity) {
  MemoryBudget budget(100);
  BudgetString text(budget, 8);
  ASSERT_TRUE(text.ok());
  text.append("abcdef", 6);
  text.push_back('g');
  text.append("hij", 3);
  EXPECT_EQ(text.view(), "abcdefgh") << "what passes the capacity is cut";
  text.push_back('x');
  EXPECT_EQ(text.size(), 8u);
  text.resize(3);
  EXPECT_EQ(text.view(), "abc");
  text.resize(10);
  EXPECT_EQ(text.view(), "abc") << "resize only shrinks";
  text.reset();
  EXPECT_EQ(budget.used(), 0u);
  EXPECT_FALSE(text.ok());
}

struct Shape : BudgetAllocated {
  virtual ~Shape() = default;
  virtual int sides() const = 0;
};
struct Square final : Shape {
  int sides() const override { return 4; }
  char payload[240] = {};
};

TEST(BudgetAllocated, ObjectsLiveInTheBudgetsMemoryAndDeleteNormally) {
  alignas(16) static char buffer[1024];
  MemoryBudget budget(buffer, sizeof buffer);
  std::unique_ptr<Shape> square(new (budget) Square());
  ASSERT_NE(square, nullptr);
  EXPECT_EQ(square->sides(), 4);
  EXPECT_TRUE(budget.arena().contains(square.get()));
  EXPECT_EQ(budget.arena().live_blocks(), 1u);
  Shape* second = new (budget) Square();
  Shape* third = new (budget) Square();
  Shape* fourth = new (budget) Square();
  EXPECT_NE(second, nullptr);
  EXPECT_NE(third, nullptr);
  EXPECT_EQ(fourth, nullptr) << "a full arena gives nullptr and constructs nothing";
  delete second;
  delete third;
  square.reset();
  EXPECT_EQ(budget.arena().live_blocks(), 0u);
  std::unique_ptr<Shape> on_heap(new Square());  // plain new: the heap
  EXPECT_EQ(on_heap->sides(), 4);
}

// The object is charged like any buffer (so an algorithm's own fields count
// against the caller's budget), refused when it does not fit, and given back
// when it is deleted.
TEST(BudgetAllocated, ObjectsAreChargedToTheBudgetAndGiveItBack) {
  constexpr std::size_t kOne = BudgetAllocated::charge_of<Square>();
  EXPECT_GE(kOne, sizeof(Square));
  MemoryBudget budget(2 * kOne + kOne / 2);
  std::unique_ptr<Shape> first(new (budget) Square());
  ASSERT_NE(first, nullptr);
  EXPECT_EQ(budget.used(), kOne);
  std::unique_ptr<Shape> second(new (budget) Square());
  ASSERT_NE(second, nullptr);
  EXPECT_EQ(budget.used(), 2 * kOne);
  EXPECT_EQ(new (budget) Square(), nullptr) << "a third does not fit";
  EXPECT_EQ(budget.used(), 2 * kOne) << "a refusal charges nothing";
  second.reset();
  EXPECT_EQ(budget.used(), kOne);
  first.reset();
  EXPECT_EQ(budget.used(), 0u);
  EXPECT_EQ(budget.peak(), 2 * kOne);
}

TEST(ChargedVector, KeepsItsItemsThroughEveryGrowthAndGivesTheMemoryBack) {
  MemoryBudget budget(1 << 20);
  {
    ChargedVector<std::uint64_t> values(budget);
    EXPECT_TRUE(values.empty());
    for (std::uint64_t i = 0; i < 1000; ++i) ASSERT_TRUE(values.push_back(i * 7));
    ASSERT_EQ(values.size(), 1000u);
    for (std::uint64_t i = 0; i < 1000; ++i) ASSERT_EQ(values[i], i * 7) << "item " << i;
    EXPECT_EQ(values.back(), 999u * 7);
    EXPECT_GE(budget.used(), 1000 * sizeof(std::uint64_t));
    EXPECT_LT(budget.used(), 1500 * sizeof(std::uint64_t)) << "never more than half again what it holds";
    EXPECT_FALSE(values.failed());
  }
  EXPECT_EQ(budget.used(), 0u);
}

// While the items move, the old and the new buffer are both alive, so both
// are charged: with 200 bytes, 4-byte items grow 16 -> 24 -> 26 (the peak
// 96 + 104 = 200), and the next growth, which would need 104 + 4 * 27, is
// refused. Releasing the old buffer first would let it reach 50.
TEST(ChargedVector, ChargesTheOldAndTheNewBufferTogetherWhileGrowing) {
  MemoryBudget budget(200);
  ChargedVector<std::uint32_t> values(budget);
  std::uint32_t accepted = 0;
  while (accepted < 100 && values.push_back(accepted)) ++accepted;
  EXPECT_EQ(accepted, 26u);
  EXPECT_EQ(budget.peak(), 200u);
  EXPECT_EQ(budget.used(), 26 * sizeof(std::uint32_t));
  EXPECT_TRUE(values.failed());
  EXPECT_TRUE(budget.exceeded()) << "a refusal is the budget's outcome, not a silent drop";
  EXPECT_EQ(values.size(), 26u) << "what was kept stays";
  EXPECT_EQ(values[25], 25u);
}

// Once it has refused an item it refuses all that follow, even when the
// budget has room again: an algorithm's kept sequence never has a gap.
TEST(ChargedVector, ARefusalIsFinal) {
  MemoryBudget budget(512);
  BudgetBuffer<char> other(budget, 384);
  ASSERT_TRUE(other.ok());
  ChargedVector<std::uint64_t> values(budget);
  std::size_t accepted = 0;
  while (values.push_back(accepted)) ++accepted;
  EXPECT_EQ(accepted, 16u);
  other.reset();
  EXPECT_FALSE(values.push_back(99));
  EXPECT_EQ(values.size(), 16u);
}

TEST(ChargedVector, TruncateShortensAndTheSpaceIsUsedAgain) {
  MemoryBudget budget(1 << 12);
  ChargedVector<int> values(budget);
  for (int i = 0; i < 10; ++i) ASSERT_TRUE(values.push_back(i));
  const std::size_t used = budget.used();
  values.truncate(4);
  EXPECT_EQ(values.size(), 4u);
  EXPECT_EQ(values[3], 3);
  values.truncate(20);
  EXPECT_EQ(values.size(), 4u) << "truncate never lengthens";
  ASSERT_TRUE(values.push_back(40));
  EXPECT_EQ(values[4], 40);
  EXPECT_EQ(budget.used(), used) << "the capacity stays paid for and is reused";
}

TEST(ChargedVector, ComesFromTheArenaWhenThereIsOne) {
  alignas(16) static char buffer[8192];
  MemoryBudget budget(buffer, sizeof buffer);
  {
    ChargedVector<std::uint64_t> values(budget);
    for (std::uint64_t i = 0; i < 300; ++i) ASSERT_TRUE(values.push_back(i));
    EXPECT_TRUE(budget.arena().contains(&values[0]));
    EXPECT_EQ(budget.arena().live_blocks(), 1u) << "the old buffers went back to the arena";
  }
  EXPECT_EQ(budget.arena().live_blocks(), 0u);
  EXPECT_EQ(budget.used(), 0u);
}

}  // namespace
}  // namespace winnow
