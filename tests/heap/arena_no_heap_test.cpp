// SPDX-License-Identifier: MIT
// With a caller-owned arena the extraction takes nothing from the C++ heap:
// this program replaces the global operator new to count the calls made
// while an extractor lives (create, feed in pieces, destroy). libxml2's
// allocations go through winnow's hook, which the arena tests check.
// A program of its own, because replacing operator new is process-wide.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>
#include <string>
#include <vector>

#include "adapters/capi/winnow.h"
#include "adapters/libxml/html_extractor.h"
#include "engine/algorithm_registry.h"
#include "support/test_support.h"

namespace {

// Replacing operator new is process-wide by nature: this counter is the one
// global the program needs.
std::atomic<long> g_heap_allocations{0};

}  // namespace

// These operators pair malloc with free on purpose; GCC, seeing through the
// replacement under the sanitizers, would call the pair mismatched.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif

void* operator new(std::size_t size) {
  g_heap_allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t size) { return operator new(size); }
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  g_heap_allocations.fetch_add(1, std::memory_order_relaxed);
  return std::malloc(size == 0 ? 1 : size);
}
void* operator new[](std::size_t size, const std::nothrow_t& tag) noexcept { return operator new(size, tag); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }

namespace winnow {
namespace {

class NullSink final : public ContentSink {
 public:
  void on_text(std::string_view text) override { bytes += text.size(); }
  void on_block_end() override {}
  std::size_t bytes = 0;
};

long heap_allocations_while_extracting(const std::string& html, const char* algorithm, void* arena,
                                       std::size_t arena_size, std::size_t* content_bytes) {
  ExtractorConfig config;  // built before counting: the caller's object
  config.algorithm = algorithm;
  config.arena = arena;
  config.arena_size = arena_size;
  NullSink sink;
  const long before = g_heap_allocations.load();
  {
    HtmlExtractor extractor(config, sink);
    for (std::size_t at = 0; at < html.size(); at += 700) {
      const std::size_t n = std::min<std::size_t>(700, html.size() - at);
      extractor.feed(html.data() + at, n, at + n == html.size());
    }
    EXPECT_EQ(extractor.status(), Status::Ok) << algorithm;
  }
  *content_bytes = sink.bytes;
  return g_heap_allocations.load() - before;
}

TEST(ArenaNoHeap, TheCppApiTakesNothingFromTheHeap) {
  const std::string html = test::read_fixture("article.html");
  static std::vector<char> arena(512 * 1024);
  std::size_t ignored = 0;
  heap_allocations_while_extracting(html, "plain", nullptr, 0, &ignored);  // process-wide initialisation
  for (const AlgorithmInfo& info : algorithm_registry()) {
    const char* algorithm = info.name.data();  // registry names are NUL-terminated literals
    std::size_t with_heap = 0, with_arena = 0;
    EXPECT_GT(heap_allocations_while_extracting(html, algorithm, nullptr, 0, &with_heap), 0)
        << "the counter sees the heap extractor (the check can fail)";
    EXPECT_EQ(heap_allocations_while_extracting(html, algorithm, arena.data(), arena.size(), &with_arena), 0)
        << algorithm;
    EXPECT_EQ(with_arena, with_heap) << algorithm;
    EXPECT_GT(with_arena, 0u);
  }
}

void ignore_text(void*, const char*, size_t) {}

TEST(ArenaNoHeap, TheCApiTakesNothingFromTheHeap) {
  const std::string html = test::read_fixture("article.html");
  static std::vector<char> arena(300 * 1024);
  winnow_config config;
  winnow_config_init(&config);
  config.algorithm = "default-precision";  // longer than any short-string buffer
  config.url = "https://example.com/news/a-caller-address-longer-than-a-short-string";
  config.arena = arena.data();
  config.arena_size = arena.size();
  config.callbacks.block_text = ignore_text;
  // Process-wide initialisation happens once, on the first extractor (the
  // algorithm registry, libxml2's parser): not counted.
  winnow_free(winnow_create(&config, nullptr));
  const long before = g_heap_allocations.load();
  winnow_status status = WINNOW_STATUS_OK;
  winnow_extractor* extractor = winnow_create(&config, &status);
  ASSERT_NE(extractor, nullptr);
  EXPECT_EQ(status, WINNOW_STATUS_OK);
  EXPECT_EQ(winnow_feed(extractor, html.data(), html.size(), 1), WINNOW_STATUS_OK);
  winnow_stats stats;
  winnow_get_stats(extractor, &stats);
  winnow_free(extractor);
  EXPECT_EQ(g_heap_allocations.load() - before, 0);
  EXPECT_GT(stats.words_out, 0u);
  EXPECT_GT(stats.arena_peak, 0u);
  EXPECT_LE(stats.arena_peak, arena.size());
}

}  // namespace
}  // namespace winnow
