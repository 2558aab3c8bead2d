// SPDX-License-Identifier: MIT
// make_algorithm(): an algorithm lives in its budget's memory, is charged to
// it, and is not created at all when the budget cannot hold it or the fixed
// buffers its constructor takes.
#include "engine/algorithm.h"

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>

#include "engine/memory_budget.h"

namespace winnow {
namespace {

// Keeps nothing; only its size matters.
class Tiny final : public Algorithm {
 public:
  void on_token(const Token&, std::string_view, const TokenStream&, ContentWriter&) override {}
  void finish(ContentWriter&) override {}
};

// Takes a fixed buffer from the budget in its constructor, as the real
// algorithms do, and says through ok() whether it got it.
class WithBuffer final : public Algorithm {
 public:
  WithBuffer(MemoryBudget& budget, std::size_t bytes) : buffer_(budget, bytes) {}
  bool ok() const { return buffer_.ok(); }
  void on_token(const Token&, std::string_view, const TokenStream&, ContentWriter&) override {}
  void finish(ContentWriter&) override {}

 private:
  BudgetBuffer<std::uint8_t> buffer_;
};

TEST(MakeAlgorithm, TheObjectIsChargedToTheBudgetAndGivenBack) {
  MemoryBudget budget(1 << 16);
  {
    auto algorithm = make_algorithm<Tiny>(budget);
    ASSERT_NE(algorithm, nullptr);
    EXPECT_EQ(budget.used(), BudgetAllocated::charge_of<Tiny>());
  }
  EXPECT_EQ(budget.used(), 0u);
}

TEST(MakeAlgorithm, NothingIsCreatedWhenTheObjectDoesNotFit) {
  MemoryBudget budget(BudgetAllocated::charge_of<Tiny>() - 1);
  EXPECT_EQ(make_algorithm<Tiny>(budget), nullptr);
  EXPECT_EQ(budget.used(), 0u);
  MemoryBudget exact(BudgetAllocated::charge_of<Tiny>());
  EXPECT_NE(make_algorithm<Tiny>(exact), nullptr);
}

TEST(MakeAlgorithm, AnAlgorithmWithoutItsFixedBuffersIsNotCreatedAndGivesEverythingBack) {
  const std::size_t object = BudgetAllocated::charge_of<WithBuffer>();
  MemoryBudget budget(object + 100);
  EXPECT_EQ(make_algorithm<WithBuffer>(budget, budget, 101), nullptr) << "the object fits, its buffer does not";
  EXPECT_EQ(budget.used(), 0u);
  auto algorithm = make_algorithm<WithBuffer>(budget, budget, 100);
  ASSERT_NE(algorithm, nullptr);
  EXPECT_EQ(budget.used(), object + 100);
  algorithm.reset();
  EXPECT_EQ(budget.used(), 0u);
}

TEST(MakeAlgorithm, ACallerOwnedArenaHoldsTheObject) {
  alignas(std::max_align_t) unsigned char arena[1024];
  MemoryBudget budget(arena, sizeof arena);
  auto algorithm = make_algorithm<Tiny>(budget);
  ASSERT_NE(algorithm, nullptr);
  const auto* at = reinterpret_cast<const unsigned char*>(algorithm.get());
  EXPECT_GE(at, arena);
  EXPECT_LT(at, arena + sizeof arena);
}

TEST(Algorithm, ReadsOneTokenBackUnlessItSaysOtherwise) {
  Tiny algorithm;
  EXPECT_EQ(algorithm.window().tokens, 1u);
  EXPECT_EQ(algorithm.window().text_bytes, 0u);
}

}  // namespace
}  // namespace winnow
