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

TEST(Engine, TheVerdictWeighsWhatThePagesAddressSaysItIs) {
  EXPECT_EQ(Engine::verdict(499, 500, AddressShape::undeclared), PageVerdict::Overview);
  EXPECT_EQ(Engine::verdict(500, 500, AddressShape::undeclared), PageVerdict::Article);
  EXPECT_EQ(Engine::verdict(999, 500, AddressShape::overview), PageVerdict::Overview);
  EXPECT_EQ(Engine::verdict(1000, 500, AddressShape::overview), PageVerdict::Article);
  EXPECT_EQ(Engine::verdict(0, 500, AddressShape::story), PageVerdict::Article);
  EXPECT_EQ(Engine::verdict(0, 0, AddressShape::overview), PageVerdict::Article) << "threshold 0: never an overview";
}

// 120 words of 5 letters outside links, 720 characters of net text: an
// article without an address, an overview at an overview's address.
void run_page_with_address(Engine& engine, const char* address) {
  ElementAttributes canonical;
  canonical.rel = "canonical";
  canonical.href = address;
  engine.on_start_element(Tag::head, {}, {});
  if (*address) {
    engine.on_start_element(Tag::link, canonical, {});
    engine.on_end_element(Tag::link, {});
  }
  engine.on_end_element(Tag::head, {});
  engine.on_start_element(Tag::p, {}, {});
  std::string text;
  for (int i = 0; i < 120; ++i) text += "words ";
  engine.on_text(text, {});
  engine.on_end_element(Tag::p, {});
  engine.on_end_document(0);
}

TEST(Engine, AShortPageAtAnOverviewsAddressIsAnOverview) {
  for (const char* address : {"", "https://example.com/news/", "https://example.com/2026/10/a-short-story"}) {
    MemoryBudget budget(64 * 1024);
    test::RecordingSink sink;
    Engine engine(budget, *find_algorithm("plain"), sink, 32);
    run_page_with_address(engine, address);
    const bool overview_address = std::string(address) == "https://example.com/news/";
    EXPECT_EQ(engine.net_text_length(), 720u);
    EXPECT_EQ(engine.overview(), overview_address) << address;
    EXPECT_EQ(sink.verdict() == PageVerdict::Overview, overview_address) << address;
  }
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
