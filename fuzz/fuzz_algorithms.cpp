// SPDX-License-Identifier: MIT
// Harness 2: every algorithm under a small memory budget chosen by the input.
//
// Input: byte 0 picks the mode, bytes 1-2 the budget, the rest is the body.
//   mode even: pipeline. The body is an HTML document run through
//     HtmlExtractor once per algorithm of algorithm_registry(), with a budget
//     of 48 KiB + (bytes 1-2 % 209) KiB, i.e. 48..256 KiB.
//   mode odd: engine only. The body is a program of engine events (start and
//     end elements with attributes, text drawn from a table of awkward
//     pieces, raw bytes) played into an Engine once per algorithm, with a
//     budget of 512 + (bytes 1-2) bytes and a depth limit from byte 0.
//     This reaches event orders libxml2 never produces (unbalanced ends,
//     text at any depth, budgets below the fixed state).
//
// Checks: statuses are the documented ones (BudgetTooSmall at creation is
// accepted below the default budget: an algorithm's fixed state may not fit
// 48 KiB; it must fit the default 256 KiB); peak memory (stats().peak_memory,
// or the budget's peak in engine mode) stays within the budget: exactly in
// engine mode (winnow only ever try_reserve()s), and within the budget plus
// kLibxmlSlack in pipeline mode, where libxml2's allocations are charged
// after the fact and the adapter stops the document at the next check; a
// status of Ok or NestingFlattened means the budget was never passed; the
// engine gives every byte back to the budget when destroyed; the output is
// well formed (fuzz_support.h).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "adapters/libxml/html_extractor.h"
#include "engine/algorithm_registry.h"
#include "engine/engine.h"
#include "engine/event.h"
#include "engine/memory_budget.h"
#include "engine/tag.h"
#include "fuzz_support.h"

namespace {

using namespace winnow;
using winnow::fuzz::fail;

// Documented slack over the budget for the pipeline: what libxml2 may
// allocate within one parser call (one guard chunk, <= ~7 KiB of canonical
// input) after the budget is already full. Same figure as fuzz_pipeline.
constexpr std::size_t kLibxmlSlack = 16 * 1024;
const std::size_t kDefaultBudget = ExtractorConfig().memory_budget;

void run_pipeline(std::string_view html, std::size_t budget) {
  for (const AlgorithmInfo& algorithm : algorithm_registry()) {
    ExtractorConfig config;
    config.algorithm = std::string(algorithm.name);
    config.memory_budget = budget;
    fuzz::context() = "pipeline mode, " + config.algorithm + ", budget " + std::to_string(budget);
    fuzz::RecordingSink sink;
    HtmlExtractor extractor(config, sink);
    if (extractor.status() == Status::BudgetTooSmall && budget < kDefaultBudget) {
      // An algorithm may need more fixed state than the smallest budgets
      // hold; refusing at creation is the documented answer. The default
      // budget must fit every algorithm.
      if (extractor.feed(html.data(), html.size(), true) != Status::BudgetTooSmall)
        fail("BudgetTooSmall is not sticky", std::string(algorithm.name));
      if (!sink.text().empty()) fail("output from an extractor that was refused", std::string(algorithm.name));
      continue;
    }
    if (extractor.status() != Status::Ok)
      fail("the budget was refused", std::string(algorithm.name) + ", budget " + std::to_string(budget) + ": " +
                                         status_string(extractor.status()));
    Status status = extractor.feed(html.data(), html.size(), true);
    fuzz::check_feed_status(status);
    const ExtractorStats& stats = extractor.stats();
    const std::string where = std::string(algorithm.name) + ", budget " + std::to_string(budget) + ", peak " +
                              std::to_string(stats.peak_memory) + ", status " + status_string(status);
    if (stats.peak_memory > budget + kLibxmlSlack) fail("peak memory above the budget plus slack", where);
    if (status != Status::BudgetExceeded && stats.peak_memory > budget)
      fail("peak memory above the budget without BudgetExceeded", where);
    if (status != Status::BudgetExceeded && stats.bytes_in != html.size()) fail("input not read to the end", where);
    if (sink.line_open()) fail("the last block was not ended", where);
    fuzz::check_text(sink.text());
    if (!sink.metadata_valid_utf8()) fail("metadata is not valid UTF-8", std::string(algorithm.name));
    fuzz::check_spans(sink.spans(), html.size());
  }
}

// Text pieces for the engine mode: valid UTF-8 that exercises the
// tokenizer's classes and limits (spaces of several kinds, CJK, dropped code
// points, words longer than TokenStream::kMaxWordBytes in 1-4 byte characters).
const std::string& piece(std::uint8_t index) {
  static const std::string pieces[] = {
      "word",
      " ",
      "\n",
      "a",
      "\xC2\xA0",          // no-break space
      "\xC2\xAD",          // soft hyphen (dropped)
      "\xEF\xBB\xBF",      // zero-width no-break space (dropped)
      "\xE4\xB8\xAD\xE6\x96\x87",  // CJK
      "\xEA\xB0\x80",      // hangul
      "\xE3\x80\x80",      // ideographic space
      "caf\xC3\xA9",
      "\xF0\x9F\x98\x80",  // 4-byte character
      std::string(127, 'x'),
      std::string(129, 'y'),
      [] { std::string s; for (int i = 0; i < 70; ++i) s += "\xC3\xBC"; return s; }(),
      [] { std::string s; for (int i = 0; i < 45; ++i) s += "\xE2\x82\xAC"; return s; }(),
      [] { std::string s; for (int i = 0; i < 33; ++i) s += "\xF0\x9F\x98\x80"; return s; }(),
      "&amp;",
      ".",
      "\t",
      "\xE2\x80\x8B",      // zero-width space
      "one two three four five six seven eight nine ten",
  };
  return pieces[index % (sizeof(pieces) / sizeof(pieces[0]))];
}

struct Reader {
  const std::uint8_t* data;
  std::size_t size;
  std::size_t at = 0;
  bool done() const { return at >= size; }
  std::uint8_t next() { return at < size ? data[at++] : 0; }
};

void run_engine(const std::uint8_t* program, std::size_t size, std::size_t budget_bytes, std::size_t max_depth) {
  static const std::string kStyles[] = {"", "display:none", "color: red", "VISIBILITY : hidden"};
  static const std::string kClasses[] = {"", "content", "nav menu", "comment"};
  for (const AlgorithmInfo& algorithm : algorithm_registry()) {
    MemoryBudget budget(budget_bytes);
    fuzz::context() = "engine mode, " + std::string(algorithm.name) + ", budget " + std::to_string(budget_bytes) +
                      ", max_depth " + std::to_string(max_depth);
    fuzz::RecordingSink sink;
    bool valid_text = true;
    std::uint64_t position = 0;
    {
      Engine engine(budget, algorithm, sink, max_depth);
      const std::string where = std::string(algorithm.name) + ", budget " + std::to_string(budget_bytes);
      if (engine.status() != Status::Ok) {
        if (engine.status() != Status::BudgetTooSmall) fail("engine: unexpected status at creation", where);
        if (budget.peak() > budget_bytes) fail("engine: creation passed the budget", where);
        continue;
      }
      Reader in{program, size};
      while (!in.done() && !budget.exceeded()) {
        const std::uint8_t op = in.next();
        const std::uint64_t gap = op >> 5;  // source bytes of markup before the event
        switch (op & 7) {
          case 0:
          case 1: {
            const Tag tag = static_cast<Tag>(in.next() % static_cast<unsigned>(Tag::count));
            const std::uint8_t a = in.next();
            ElementAttributes attributes;
            attributes.hidden = a & 1;
            attributes.has_onclick = a & 2;
            attributes.style = kStyles[(a >> 2) & 3];
            attributes.class_name = kClasses[(a >> 4) & 3];
            attributes.id = (a & 0x40) ? "main" : "";
            attributes.href = (a & 0x80) ? "/x" : "";
            const std::uint64_t begin = position;
            position += gap + 3;
            engine.on_start_element(tag, attributes, SourceSpan{begin, position});
            break;
          }
          case 2:
          case 3: {
            const Tag tag = static_cast<Tag>(in.next() % static_cast<unsigned>(Tag::count));
            const std::uint64_t begin = position;
            position += gap + 4;
            engine.on_end_element(tag, SourceSpan{begin, position});
            break;
          }
          case 4:
          case 5:
          case 6: {
            std::string text;
            const std::size_t count = 1 + in.next() % 16;
            for (std::size_t i = 0; i < count && !in.done(); ++i) text += piece(in.next());
            position += gap;
            const std::uint64_t begin = position;
            position += text.size();
            engine.on_text(text, SourceSpan{begin, position});
            break;
          }
          case 7: {  // raw bytes, possibly invalid UTF-8: only memory and safety are checked
            const std::size_t count = in.next();
            std::string text;
            for (std::size_t i = 0; i < count && !in.done(); ++i) {
              // C0 controls never reach the engine from the adapter (the
              // decoder turns them into spaces); algorithms may use them
              // in-band (Relevance separates stored words with '\x02').
              const char c = static_cast<char>(in.next());
              const bool control = static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n' && c != '\r';
              text.push_back(control ? ' ' : c);
            }
            valid_text = false;  // the adapter's decoder would have repaired it
            const std::uint64_t begin = position;
            position += text.size() + gap;
            engine.on_text(text, SourceSpan{begin, position});
            break;
          }
        }
        if (budget.peak() > budget_bytes) fail("engine: peak memory above the budget", where);
      }
      engine.on_end_document(position);
      if (!engine.finished()) fail("engine: not finished after on_end_document", where);
      if (budget.peak() > budget_bytes) fail("engine: peak memory above the budget", where);
      // Late events are ignored.
      engine.on_text("late", SourceSpan{position, position + 4});
      engine.on_end_document(position + 4);
      if (sink.line_open()) fail("engine: the last block was not ended", where);
      if (valid_text) fuzz::check_text(sink.text());
      if (valid_text && !sink.metadata_valid_utf8()) fail("engine: metadata is not valid UTF-8", where);
      fuzz::check_spans(sink.spans(), position);
    }
    if (budget.used() != 0)
      fail("engine: memory still charged after destruction", std::to_string(budget.used()) + " bytes");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 3) return 0;
  const std::uint8_t mode = data[0];
  const unsigned selector = (static_cast<unsigned>(data[1]) << 8) | data[2];
  if ((mode & 1) == 0) {
    const std::size_t budget = (48 + selector % 209) * 1024;
    run_pipeline(std::string_view(reinterpret_cast<const char*>(data) + 3, size - 3), budget);
  } else {
    static constexpr std::size_t kDepths[] = {1, 2, 4, 16, 64, 256, 1000, 3};
    const std::size_t budget = 512 + selector;  // 512 B .. 64.5 KiB, byte by byte
    run_engine(data + 3, size - 3, budget, kDepths[(mode >> 1) & 7]);
  }
  return 0;
}
