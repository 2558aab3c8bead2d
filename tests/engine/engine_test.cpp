// SPDX-License-Identifier: MIT
#include "engine/engine.h"

#include <gtest/gtest.h>

#include "support/test_support.h"

namespace winnow {
namespace {

TEST(Engine, RunsAnAlgorithmOverEvents) {
  MemoryBudget budget(64 * 1024);
  test::RecordingSink sink;
  Engine engine(budget, *find_algorithm("plain"), sink, 32);
  ASSERT_EQ(engine.status(), Status::Ok);
  engine.on_start_element(Tag::p, {}, {0, 3});
  engine.on_text("Hello world", {3, 14});
  engine.on_end_element(Tag::p, {14, 18});
  engine.on_end_document(18);
  EXPECT_TRUE(engine.finished());
  EXPECT_EQ(sink.text(), "Hello world\n");
  EXPECT_EQ(engine.token_count(), 4u);
  EXPECT_EQ(engine.words_written(), 2u);
  ASSERT_EQ(sink.spans().size(), 1u);
  EXPECT_EQ(sink.spans()[0].begin, 3u);
  EXPECT_EQ(sink.spans()[0].end, 14u);
  engine.on_text("ignored after the end", {18, 30});
  EXPECT_EQ(sink.text(), "Hello world\n");
}

TEST(Engine, ReportsABudgetTooSmallForItsFixedState) {
  MemoryBudget budget(64);
  test::RecordingSink sink;
  Engine engine(budget, *find_algorithm("plain"), sink, 256);
  EXPECT_EQ(engine.status(), Status::BudgetTooSmall);
  engine.on_text("no crash", {});
  engine.on_end_document(0);
  EXPECT_EQ(sink.text(), "");
}

}  // namespace
}  // namespace winnow
