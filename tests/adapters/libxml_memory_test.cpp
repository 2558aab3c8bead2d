// SPDX-License-Identifier: MIT
#include "adapters/libxml/libxml_memory.h"

#include <gtest/gtest.h>
#include <libxml/HTMLparser.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlmemory.h>

#include <thread>

#include "support/test_support.h"

namespace winnow {
namespace {

TEST(LibxmlMemory, ChargesAllocationsToTheBudgetInScope) {
  ASSERT_TRUE(install_libxml_allocator());
  MemoryBudget budget(1 << 20);
  void* block = nullptr;
  {
    LibxmlScope scope(budget);
    block = xmlMalloc(1000);
    ASSERT_NE(block, nullptr);
    EXPECT_GE(budget.used(), 1000u);
    block = xmlRealloc(block, 5000);
    EXPECT_GE(budget.used(), 5000u);
    xmlFree(block);
    EXPECT_EQ(budget.used(), 0u);
  }
  EXPECT_GE(budget.peak(), 5000u);
}

TEST(LibxmlMemory, BlocksFreedOutsideTheirScopeTouchNoBudget) {
  ASSERT_TRUE(install_libxml_allocator());
  MemoryBudget budget(1 << 20);
  void* block = nullptr;
  {
    LibxmlScope scope(budget);
    block = xmlMalloc(100);
  }
  MemoryBudget other(1 << 20);
  {
    LibxmlScope scope(other);
    xmlFree(block);
  }
  EXPECT_EQ(other.used(), 0u);
  EXPECT_GT(budget.used(), 0u) << "its owner is not touched through a stale pointer";
}

TEST(LibxmlMemory, WithAnArenaLibxml2AllocatesFromItAndLeavesNothingBehind) {
  ASSERT_TRUE(install_libxml_allocator());
  alignas(16) static char buffer[256 * 1024];
  MemoryBudget budget(buffer, sizeof buffer);
  {
    LibxmlScope scope(budget);
    void* block = xmlMalloc(1000);
    ASSERT_NE(block, nullptr);
    EXPECT_TRUE(budget.arena().contains(block));
    block = xmlRealloc(block, 20000);
    ASSERT_NE(block, nullptr);
    EXPECT_TRUE(budget.arena().contains(block));
    EXPECT_EQ(budget.arena().live_blocks(), 1u) << "realloc moved the block and freed the old one";
    xmlFree(block);
    // A parse with errors: libxml2 copies the last error into thread-global
    // state, with strings allocated here.
    const char broken[] = "<html><body><p>caf\xE9 <b>bold <i>both</b></p><div><<>></html>";
    htmlParserCtxtPtr ctxt = htmlCreatePushParserCtxt(nullptr, nullptr, nullptr, 0, nullptr, XML_CHAR_ENCODING_UTF8);
    ASSERT_NE(ctxt, nullptr);
    EXPECT_TRUE(budget.arena().contains(ctxt));
    htmlParseChunk(ctxt, broken, sizeof broken - 1, 1);
    if (ctxt->myDoc) xmlFreeDoc(ctxt->myDoc);
    htmlFreeParserCtxt(ctxt);
    EXPECT_NE(xmlGetLastError(), nullptr);
  }
  EXPECT_EQ(budget.arena().live_blocks(), 0u) << "nothing of libxml2's state still points into the arena";
  EXPECT_EQ(budget.used(), 0u);
}

// libxml2 2.9.14's push parser can spin on a failed allocation, so a block
// the arena cannot hold comes from the heap, and the budget ends the document.
TEST(LibxmlMemory, AFullArenaOverflowsToTheHeapAndMarksTheBudget) {
  ASSERT_TRUE(install_libxml_allocator());
  alignas(16) static char buffer[4096];
  MemoryBudget budget(buffer, sizeof buffer);
  LibxmlScope scope(budget);
  void* block = xmlMalloc(8000);
  ASSERT_NE(block, nullptr);
  EXPECT_FALSE(budget.arena().contains(block));
  EXPECT_TRUE(budget.exceeded());
  block = xmlRealloc(block, 100);  // back into the arena
  EXPECT_TRUE(budget.arena().contains(block));
  xmlFree(block);
  EXPECT_EQ(budget.arena().live_blocks(), 0u);
  EXPECT_EQ(budget.used(), 0u);
}

TEST(LibxmlMemory, TwoThreadsChargeTheirOwnBudgets) {
  const std::string html = test::read_fixture("article.html");
  auto work = [&html](ExtractorStats* stats, std::string* text) {
    for (int round = 0; round < 20; ++round) {
      ExtractorConfig config;
      config.algorithm = round % 2 ? "bte" : "plain";
      const test::RunResult r = test::run_pipeline(html, config, 97);
      *stats = r.stats;
      if (round == 0) *text = r.text;
    }
  };
  ExtractorStats a, b;
  std::string text_a, text_b;
  std::thread first(work, &a, &text_a);
  std::thread second(work, &b, &text_b);
  first.join();
  second.join();
  ExtractorConfig config;
  config.algorithm = "bte";
  const test::RunResult alone = test::run_pipeline(html, config, 97);
  // Each budget sees its own thread's allocations only (a shared one would
  // see about twice as much); libxml2's per-thread state, made on a thread's
  // first call, accounts for the small difference.
  EXPECT_NEAR(static_cast<double>(a.peak_memory), static_cast<double>(alone.stats.peak_memory), 2048.0);
  EXPECT_NEAR(static_cast<double>(b.peak_memory), static_cast<double>(alone.stats.peak_memory), 2048.0);
  EXPECT_EQ(text_a, text_b);
}

}  // namespace
}  // namespace winnow
