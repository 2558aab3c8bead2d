// SPDX-License-Identifier: MIT
#include "engine/bounded_text.h"

#include <gtest/gtest.h>

#include <string>

namespace winnow {
namespace {

TEST(BoundedText, GrowsWithinTheBudgetAndReleasesIt) {
  MemoryBudget budget(8192);
  {
    BoundedText text(budget);
    for (int i = 0; i < 100; ++i) ASSERT_TRUE(text.append("0123456789"));
    EXPECT_EQ(text.size(), 1000u);
    EXPECT_GE(budget.used(), 1000u);
    EXPECT_LE(budget.used(), 8192u);
  }
  EXPECT_EQ(budget.used(), 0u);
}

TEST(BoundedText, FreeStorageGivesItsBytesBackAndItCanGrowAgain) {
  MemoryBudget budget(8192);
  BoundedText text(budget);
  ASSERT_TRUE(text.append(std::string(3000, 'x')));
  EXPECT_GE(budget.used(), 3000u);
  text.free_storage();
  EXPECT_EQ(budget.used(), 0u);
  EXPECT_EQ(text.size(), 0u);
  ASSERT_TRUE(text.append("again"));
  EXPECT_EQ(text.view(), "again");
}

TEST(BoundedText, StopsAtTheCapKeepsWhatItHadAndMarksTheBudget) {
  // Growing from 1 KiB to 2 KiB holds both buffers for a moment: 3 KiB.
  MemoryBudget budget(4096);
  BoundedText text(budget);
  const std::string piece(1000, 'x');
  EXPECT_TRUE(text.append(piece));
  EXPECT_TRUE(text.append(piece));
  EXPECT_FALSE(text.append(piece + piece));
  EXPECT_EQ(text.size(), 2000u);
  EXPECT_TRUE(text.truncated());
  EXPECT_TRUE(budget.exceeded());
  EXPECT_EQ(budget.declined(), 0u) << "required text exceeds the budget, it is not declined";
  EXPECT_LE(budget.peak(), 4096u);
  EXPECT_FALSE(text.append("y")) << "once truncated, stays truncated";
}

TEST(BoundedText, OptionalTextIsRefusedWithoutStoppingTheDocument) {
  MemoryBudget budget(4096);
  BoundedText text(budget);
  EXPECT_TRUE(text.try_append(std::string(1000, 'x')));
  EXPECT_EQ(budget.used(), 1000u) << "optional text takes no more than it needs";
  EXPECT_FALSE(text.try_append(std::string(3000, 'y')));  // 1000 + 4000 while moving: too much
  EXPECT_EQ(text.view(), std::string(1000, 'x'));
  EXPECT_FALSE(budget.exceeded());
  EXPECT_EQ(budget.declined(), 1u) << "the refusal is counted";
  EXPECT_FALSE(text.truncated());
  EXPECT_TRUE(text.try_append(std::string(500, 'z'))) << "a smaller piece still fits";
  EXPECT_EQ(text.size(), 1500u);
  EXPECT_EQ(budget.declined(), 1u);
}

TEST(BoundedText, TryAssignReplacesTheTextOrKeepsTheOldOne) {
  MemoryBudget budget(4096);
  BoundedText text(budget);
  ASSERT_TRUE(text.try_assign("first"));
  ASSERT_TRUE(text.try_assign("second, longer"));
  EXPECT_EQ(text.view(), "second, longer");
  EXPECT_FALSE(text.try_assign(std::string(5000, 'x')));
  EXPECT_EQ(text.view(), "second, longer") << "the old text stays when the new one does not fit";
  EXPECT_FALSE(budget.exceeded());
  EXPECT_EQ(budget.declined(), 1u);
  ASSERT_TRUE(text.try_assign("x"));
  EXPECT_EQ(text.view(), "x");
}

TEST(BoundedText, ChargesTheOldAndNewBufferWhileGrowing) {
  MemoryBudget budget(1 << 20);
  BoundedText text(budget);
  text.append(std::string(1000, 'x'));
  const std::size_t before = budget.used();
  text.append(std::string(1000, 'y'));
  EXPECT_GE(budget.peak(), before + budget.used()) << "the copy's moment is in the peak";
  EXPECT_LT(budget.used(), budget.peak());
}

TEST(BoundedText, EraseClosesTheGapAndKeepsTheStorage) {
  MemoryBudget budget(4096);
  BoundedText text(budget);
  ASSERT_TRUE(text.append("one two three"));
  const std::size_t used = budget.used();
  text.erase(3, 4);
  EXPECT_EQ(text.view(), "one three");
  text.erase(4, 100);
  EXPECT_EQ(text.view(), "one ");
  text.erase(10, 1);
  EXPECT_EQ(text.view(), "one ");
  EXPECT_EQ(budget.used(), used);
  ASSERT_TRUE(text.append("more"));
  EXPECT_EQ(text.view(), "one more");
}

TEST(BoundedText, AWordAndItsSeparatorGoInTogetherOrNotAtAll) {
  MemoryBudget budget(1500);
  BoundedText text(budget);
  EXPECT_TRUE(text.append_word("## ", "Title"));
  EXPECT_TRUE(text.append_word(" ", std::string(1000, 'w')));
  EXPECT_FALSE(text.append_word(" ", std::string(1000, 'x')));
  EXPECT_EQ(text.view().substr(0, 9), "## Title ");
  EXPECT_EQ(text.size(), 1009u) << "no separator left at the end";
  EXPECT_TRUE(budget.exceeded());
}

// Optional text registered as a reclaimer, as the default extractor's held
// blocks are.
class OptionalText final : public Reclaimer {
 public:
  explicit OptionalText(MemoryBudget& budget) : text(budget), budget_(budget) { budget_.set_reclaimer(this); }
  ~OptionalText() { budget_.clear_reclaimer(this); }
  void reclaim(std::size_t) override { text.free_storage(); }
  BoundedText text;

 private:
  MemoryBudget& budget_;
};

TEST(BoundedText, RequiredTextTakesTheMemoryOfOptionalText) {
  MemoryBudget budget(4096);
  OptionalText optional(budget);
  ASSERT_TRUE(optional.text.try_append(std::string(3000, 'o')));
  BoundedText required(budget);
  EXPECT_TRUE(required.append(std::string(2000, 'r')));
  EXPECT_EQ(optional.text.size(), 0u) << "given back";
  EXPECT_EQ(required.size(), 2000u);
  EXPECT_FALSE(budget.exceeded());
  // Optional text does not take memory back from anything.
  EXPECT_FALSE(optional.text.try_append(std::string(3000, 'o')));
  EXPECT_EQ(required.size(), 2000u);
}

TEST(BoundedText, SwapExchangesContentAndCharges) {
  MemoryBudget budget(1 << 20);
  BoundedText a(budget);
  BoundedText b(budget);
  a.append("alpha");
  b.append("beta");
  a.swap(b);
  EXPECT_EQ(a.view(), "beta");
  EXPECT_EQ(b.view(), "alpha");
  b.truncate(2);
  EXPECT_EQ(b.view(), "al");
}

}  // namespace
}  // namespace winnow
