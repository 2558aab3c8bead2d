// SPDX-License-Identifier: MIT
#include "engine/algorithm_registry.h"

#include <gtest/gtest.h>

#include <memory>
#include <set>
#include <string>

#include "engine/algorithm.h"
#include "engine/memory_budget.h"
#include "engine/plain.h"
#include "support/test_support.h"

namespace winnow {
namespace {

TEST(AlgorithmRegistry, NamesAreUniqueDescribedAndCreatable) {
  std::set<std::string> names;
  for (const AlgorithmInfo& info : algorithm_registry()) {
    EXPECT_TRUE(names.insert(std::string(info.name)).second) << info.name;
    EXPECT_FALSE(info.summary.empty()) << info.name;
    MemoryBudget budget(1 << 20);
    EXPECT_NE(info.create(budget), nullptr) << info.name;
    EXPECT_EQ(find_algorithm(info.name), &info);
  }
  EXPECT_TRUE(names.count("plain"));
  EXPECT_TRUE(names.count("bte"));
  EXPECT_EQ(find_algorithm("no-such-algorithm"), nullptr);
}

// A program's own algorithm gets its state through the entry's context, not
// through a global: two entries with two contexts each reach their own.
TEST(AlgorithmRegistry, AnEntryWithAContextCreatesThroughIt) {
  struct Calls {
    int count = 0;
  };
  const auto counting = [](MemoryBudget& budget, void* context) {
    ++static_cast<Calls*>(context)->count;
    return create_plain(budget);
  };
  Calls first, second;
  AlgorithmInfo a{"a", "counts its creations", nullptr}, b{"b", "counts its creations", nullptr};
  a.create_with = b.create_with = counting;
  a.context = &first;
  b.context = &second;
  MemoryBudget budget(1 << 20);
  EXPECT_NE(a.instantiate(budget), nullptr);
  EXPECT_NE(a.instantiate(budget), nullptr);
  EXPECT_NE(b.instantiate(budget), nullptr);
  EXPECT_EQ(first.count, 2);
  EXPECT_EQ(second.count, 1);
  for (const AlgorithmInfo& info : algorithm_registry()) {
    EXPECT_EQ(info.create_with, nullptr) << info.name << ": the registry's entries need no context";
    EXPECT_NE(info.instantiate(budget), nullptr) << info.name;
  }
}

// Every algorithm, at every budget too small for it, is refused (null) and
// gives back all it took; from its smallest budget on it is created. A factory
// that forgot its buffers' ok() would hand out an algorithm with no room.
TEST(AlgorithmRegistry, ABudgetTooSmallGivesNoAlgorithmAndKeepsNothing) {
  for (const AlgorithmInfo& info : algorithm_registry()) {
    std::size_t smallest = 0;
    for (std::size_t limit = 0; limit <= (1u << 20) && smallest == 0; limit = limit < 64 ? limit + 1 : limit * 5 / 4) {
      MemoryBudget budget(limit);
      std::unique_ptr<Algorithm> algorithm = info.create(budget);
      if (algorithm) {
        smallest = limit;
        EXPECT_LE(budget.used(), limit) << info.name;
        EXPECT_GT(budget.used(), 0u) << info.name << ": an algorithm takes its memory from the budget";
      } else {
        EXPECT_EQ(budget.used(), 0u) << info.name << " at " << limit << " bytes";
      }
    }
    EXPECT_GT(smallest, 0u) << info.name << " needs more than 1 MiB to start";
  }
}

// Content is words: an algorithm that keeps nothing visible reports no span
// either (BTE and MSS each once gave the span of a run of tags).
TEST(AlgorithmRegistry, APageWithoutVisibleWordsGivesNoTextAndNoSpanWhateverTheAlgorithm) {
  const char* const pages[] = {
      "<html><head><title>Breakwater holds</title></head></html>",
      "<!DOCTYPE html><html><head><title>Only a title</title></head><body><div><span></span></div><img "
      "src=a.png></body></html>",
      "<p hidden>hidden words</p><script>var words;</script><svg><text>label</text></svg>",
  };
  for (const AlgorithmInfo& info : algorithm_registry()) {
    ExtractorConfig config;
    config.algorithm = std::string(info.name);
    for (const char* page : pages) {
      const test::RunResult r = test::run_pipeline(page, config, 0);
      EXPECT_EQ(r.status, Status::Ok) << info.name << ": " << page;
      EXPECT_EQ(r.text, "") << info.name << ": " << page;
      EXPECT_TRUE(r.spans.empty()) << info.name << ": " << page;
    }
  }
}

}  // namespace
}  // namespace winnow
