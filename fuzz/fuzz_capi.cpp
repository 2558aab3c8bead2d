// SPDX-License-Identifier: MIT
// Harness 4: the C API (adapters/capi/winnow.h) driven by a program of calls.
//
// Input, read with FuzzedDataProvider: the configuration and the calls come
// from the end of the input, the document from its front.
//   configuration: algorithm (any index of winnow_algorithm_name(), an
//     unknown name, NULL or ""), budget (1 KiB, 48 KiB, 256 KiB, 1 MiB),
//     encoding (NULL, "UTF-16LE", "windows-1251", "no-such-encoding"),
//     max_depth (0, 1, 5, 256), callbacks (all set, or none), url (NULL,
//     "", an overview's, a story's, one too long to keep).
//   calls, until the input ends: feed the next 0..4 KiB of the document
//     (final or not), feed NULL with a length, pull spans into an array of
//     0..70, read the stats; at the end, feed the rest with is_final, then
//     feed again after the end, then free.
// Checks: every call returns a documented status and statuses are sticky;
// NULL arguments are refused without harm; stats agree with the calls;
// callback text is well formed; pulled spans are ordered, non-empty and
// inside the input fed so far; and when the document was fed whole and
// ended normally, the callback text and spans equal the C++ HtmlExtractor's
// for the same configuration in one piece.
#include <fuzzer/FuzzedDataProvider.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "adapters/capi/winnow.h"
#include "adapters/libxml/html_extractor.h"
#include "fuzz_support.h"

namespace {

using winnow::fuzz::fail;

struct Collected {
  std::string text;
  std::vector<winnow::SourceSpan> spans;
  bool line_open = false;
  bool block_started = false;  // block_start came for the block about to open
  std::string shapes;          // as fuzz::RecordingSink::shapes() records them
  int verdicts = 0;
  std::string metadata;        // as fuzz::describe() writes it
  int metadata_calls = 0;
};

void on_text(void* user, const char* text, size_t length) {
  auto* c = static_cast<Collected*>(user);
  if (length == 0) fail("block_text with no text");
  // A newline inside a block's text is a preformatted line break: recorded
  // as the C++ harness's sink records one.
  for (std::size_t i = 0; i < length; ++i)
    c->text.push_back(text[i] == '\n' ? winnow::fuzz::kLineBreakInText : text[i]);
  if (!c->line_open && text[0] == '\n') fail("block_text starts a block with a line break");
  if (!c->line_open && !c->block_started) fail("a block's text before its block_start");
  c->line_open = true;
}
void on_block_end(void* user) {
  auto* c = static_cast<Collected*>(user);
  if (!c->line_open) fail("block_end without text in the block");
  c->text.push_back('\n');
  c->line_open = false;
  c->block_started = false;
}
void on_block_start(void* user, const winnow_block_info* block) {
  auto* c = static_cast<Collected*>(user);
  if (c->line_open || c->block_started) fail("block_start inside a block or twice for one");
  if (block->kind < WINNOW_BLOCK_PARAGRAPH || block->kind > WINNOW_BLOCK_PREFORMATTED)
    fail("unknown block kind", std::to_string(block->kind));
  if (block->heading_level < 0 || block->heading_level > 6) fail("heading level out of 0..6");
  if ((block->quoted != 0 && block->quoted != 1) || (block->continues_item != 0 && block->continues_item != 1))
    fail("a block flag that is neither 0 nor 1");
  if (block->list_nesting < 0 || block->list_nesting > winnow::kMaxListNesting) fail("list nesting out of 0..3");
  if (block->quote_nesting < 0 || block->quote_nesting > winnow::kMaxQuoteNesting) fail("quote nesting out of 0..1");
  if (block->quote_nesting && !block->quoted) fail("a nested quote that is not quoted");
  if (block->starts_group != 0 && block->starts_group != 1) fail("starts_group neither 0 nor 1");
  if (block->starts_group && block->continues_item) fail("a group's first block that continues an item");
  c->block_started = true;
  const int packed = block->kind | (block->quoted ? winnow::kBlockQuoted : 0) |
                     (block->continues_item ? winnow::kBlockContinuesItem : 0) |
                     block->list_nesting << winnow::kBlockListNestingShift |
                     (block->quote_nesting ? winnow::kBlockQuoteNested : 0) |
                     (block->starts_group ? winnow::kBlockStartsGroup : 0);
  c->shapes.push_back(static_cast<char>(block->heading_level));
  c->shapes.push_back(static_cast<char>(packed & 0xFF));
  c->shapes.push_back(static_cast<char>(packed >> 8));
}
void on_metadata(void* user, const winnow_metadata* m) {
  auto* c = static_cast<Collected*>(user);
  if (c->metadata_calls++ > 0) fail("metadata callback twice");
  if (!c->text.empty() || !c->shapes.empty() || !c->spans.empty() || c->verdicts > 0)
    fail("metadata callback after content");
  for (const char* field : {m->title, m->description, m->author, m->site_name, m->published, m->modified,
                            m->language, m->url, m->image, m->page_type}) {
    if (field == nullptr) fail("a NULL metadata field");
    c->metadata += field;
    c->metadata += '\x1f';
  }
}
void on_heading(void* user, int level) {
  auto* c = static_cast<Collected*>(user);
  if (level < 1 || level > 6) fail("heading level out of 1..6", std::to_string(level));
  if (!c->block_started || c->line_open) fail("heading outside a block's start");
}
void on_span(void* user, uint64_t begin, uint64_t end) {
  static_cast<Collected*>(user)->spans.push_back(winnow::SourceSpan{begin, end});
}
void on_verdict(void* user, winnow_verdict verdict, uint64_t) {
  if (verdict != WINNOW_VERDICT_ARTICLE && verdict != WINNOW_VERDICT_OVERVIEW) fail("unknown verdict");
  ++static_cast<Collected*>(user)->verdicts;
}

bool documented(winnow_status s) { return s >= WINNOW_STATUS_OK && s <= WINNOW_STATUS_OUT_OF_MEMORY; }
bool fatal(winnow_status s) { return s != WINNOW_STATUS_OK && s != WINNOW_STATUS_NESTING_FLATTENED; }

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);

  // Functions without an extractor.
  const size_t algorithms = winnow_algorithm_count();
  if (algorithms == 0) fail("no algorithms");
  for (size_t i = 0; i < algorithms; ++i)
    if (winnow_algorithm_name(i) == nullptr || winnow_algorithm_summary(i) == nullptr) fail("algorithm without a name");
  if (winnow_version() == nullptr) fail("no version");
  for (int s = WINNOW_STATUS_OK; s <= WINNOW_STATUS_OUT_OF_MEMORY; ++s)
    if (winnow_status_string(static_cast<winnow_status>(s)) == nullptr) fail("status without a string");
  winnow_status status = WINNOW_STATUS_OK;
  if (winnow_create(nullptr, &status) != nullptr || status != WINNOW_STATUS_INVALID_ARGUMENT)
    fail("winnow_create(NULL) was accepted");
  if (winnow_feed(nullptr, "x", 1, 1) != WINNOW_STATUS_INVALID_ARGUMENT) fail("winnow_feed(NULL) was accepted");
  winnow_free(nullptr);

  // Configuration.
  winnow_config config;
  winnow_config_init(&config);
  Collected got;
  const std::uint8_t a = in.ConsumeIntegral<std::uint8_t>();
  const size_t pick = a % (algorithms + 3);
  std::string algorithm_name;
  bool valid_algorithm = true;
  if (pick < algorithms) {
    algorithm_name = winnow_algorithm_name(pick);
    config.algorithm = algorithm_name.c_str();
  } else if (pick == algorithms) {
    config.algorithm = "no-such-algorithm";
    valid_algorithm = false;
  } else if (pick == algorithms + 1) {
    config.algorithm = nullptr;
    valid_algorithm = false;
  } else {
    config.algorithm = "";
    valid_algorithm = false;
  }
  static constexpr size_t kBudgets[] = {1024, 48 * 1024, 256 * 1024, 1024 * 1024};
  static const char* const kEncodings[] = {nullptr, "UTF-16LE", "windows-1251", "no-such-encoding"};
  static constexpr size_t kDepths[] = {256, 1, 5, 0};
  const std::uint8_t b = in.ConsumeIntegral<std::uint8_t>();
  config.memory_budget = kBudgets[b & 3];
  config.encoding = kEncodings[(b >> 2) & 3];
  config.max_depth = kDepths[(b >> 4) & 3];
  const bool callbacks = (b & 0x40) == 0;
  static const std::string kLongUrl = "https://example.com/" + std::string(600, 'a');
  static const char* const kUrls[] = {nullptr, "", "https://example.com/news/",
                                      "https://example.com/2026/10/a-long-story-here", kLongUrl.c_str()};
  config.url = kUrls[in.ConsumeIntegralInRange<std::size_t>(0, 4)];
  // Bit 7: a caller-owned arena of the budget's size plus 20 KiB (the
  // extractor's own state and libxml2's reserve), at an odd address.
  const bool in_arena = (b & 0x80) != 0;
  static std::vector<unsigned char> arena_memory(1024 * 1024 + 20 * 1024 + 16);
  if (in_arena) {
    config.arena = arena_memory.data() + (b & 7);
    config.arena_size = config.memory_budget + 20 * 1024;
  }
  if (callbacks) {
    config.callbacks.block_text = on_text;
    config.callbacks.block_end = on_block_end;
    config.callbacks.heading = on_heading;
    config.callbacks.block_start = on_block_start;
    config.callbacks.metadata = on_metadata;
    config.callbacks.span = on_span;
    config.callbacks.verdict = on_verdict;
    config.user_data = &got;
  }

  winnow::fuzz::context() = std::string("algorithm ") + (config.algorithm ? config.algorithm : "(null)") +
                            ", budget " + std::to_string(config.memory_budget) + ", encoding " +
                            (config.encoding ? config.encoding : "(null)") + ", max_depth " +
                            std::to_string(config.max_depth) + (in_arena ? ", in an arena" : "") +
                            ", url " + (config.url ? config.url : "(null)");
  winnow_extractor* extractor = winnow_create(&config, &status);
  if (extractor == nullptr && in_arena && status == WINNOW_STATUS_BUDGET_TOO_SMALL) return 0;
  if (extractor == nullptr) fail("winnow_create returned NULL for a valid config");
  if (!documented(status)) fail("winnow_create: undocumented status");
  if (status != winnow_get_status(extractor)) fail("winnow_create's status differs from winnow_get_status");
  const bool unknown_encoding = config.encoding == kEncodings[3];
  const bool invalid = !valid_algorithm || unknown_encoding || config.max_depth == 0;
  if (invalid && status != WINNOW_STATUS_INVALID_ARGUMENT)
    fail("an invalid config was accepted", winnow_status_string(status));
  if (!invalid && status != WINNOW_STATUS_OK && status != WINNOW_STATUS_BUDGET_TOO_SMALL)
    fail("a valid config was refused", winnow_status_string(status));
  if (!in_arena && config.memory_budget >= 256 * 1024 && status == WINNOW_STATUS_BUDGET_TOO_SMALL)
    fail("the default budget is too small", algorithm_name);
  const winnow_status created = status;

  // The calls. The document is what the feeds take from the front.
  const std::string rest = in.ConsumeRemainingBytesAsString();
  // Calls are coded in the document's last bytes, read backwards; the
  // document itself is everything, so the calls see real HTML.
  const std::string& document = rest;
  std::size_t fed = 0;
  std::size_t program = rest.size();
  const auto next_op = [&]() -> int { return program > 0 ? static_cast<std::uint8_t>(rest[--program]) : -1; };
  bool finished = false;
  std::vector<winnow_span> pulled;
  winnow_span buffer[70];
  while (!finished) {
    const int op = next_op();
    if (op < 0 || fed >= document.size()) break;
    switch (op & 3) {
      case 0:
      case 1: {  // feed the next piece
        const std::size_t n = std::min<std::size_t>(document.size() - fed, static_cast<std::size_t>(op >> 2) * 64);
        const winnow_status before = winnow_get_status(extractor);
        const winnow_status s = winnow_feed(extractor, document.data() + fed, n, 0);
        fed += n;
        if (!documented(s)) fail("winnow_feed: undocumented status");
        if (fatal(before) && s != before) fail("a fatal status was not sticky");
        if (s == WINNOW_STATUS_ALREADY_FINISHED) fail("ALREADY_FINISHED before the end");
        if (s == WINNOW_STATUS_PARSER_ERROR) fail("PARSER_ERROR: the guard let libxml2 fail");
        break;
      }
      case 2: {  // NULL data with a length is refused and changes nothing
        const winnow_status before = winnow_get_status(extractor);
        if (winnow_feed(extractor, nullptr, 1 + (op >> 2), 0) != WINNOW_STATUS_INVALID_ARGUMENT)
          fail("winnow_feed(NULL data, length > 0) was accepted");
        if (winnow_get_status(extractor) != before) fail("a refused feed changed the status");
        break;
      }
      case 3: {  // pull spans, read stats
        const std::size_t capacity = static_cast<std::size_t>(op >> 2) % 71;
        const std::size_t n = winnow_spans(extractor, buffer, capacity);
        if (n > capacity) fail("winnow_spans returned more than its capacity");
        pulled.insert(pulled.end(), buffer, buffer + n);
        if (winnow_spans(extractor, nullptr, 5) != 0) fail("winnow_spans(NULL) returned spans");
        winnow_stats stats;
        winnow_get_stats(extractor, &stats);
        if (stats.status != winnow_get_status(extractor)) fail("stats.status differs from winnow_get_status");
        if (stats.memory_budget != config.memory_budget && !invalid && !in_arena) fail("stats report another budget");
        if (in_arena && stats.arena_peak > config.arena_size) fail("the arena's peak passes its size");
        if (stats.bytes_in > fed) fail("bytes_in larger than what was fed");
        winnow_get_stats(extractor, nullptr);
        break;
      }
    }
  }
  // The end: the rest of the document, final.
  const winnow_status before_final = winnow_get_status(extractor);
  const winnow_status final_status = winnow_feed(extractor, document.data() + fed, document.size() - fed, 1);
  fed = document.size();
  if (!documented(final_status)) fail("final winnow_feed: undocumented status");
  if (final_status == WINNOW_STATUS_PARSER_ERROR) fail("PARSER_ERROR at the end");
  if (final_status == WINNOW_STATUS_ALREADY_FINISHED) fail("ALREADY_FINISHED on the first final feed");
  if (fatal(before_final) && final_status != before_final) fail("a fatal status was not sticky at the end");
  if (fatal(created) && final_status != created) fail("a refused extractor did not keep its status");
  const winnow_status again = winnow_feed(extractor, "<p>x</p>", 8, 1);
  const winnow_status expected_again = final_status == WINNOW_STATUS_OK ? WINNOW_STATUS_ALREADY_FINISHED : final_status;
  if (again != expected_again)
    fail("winnow_feed after the end", std::string(winnow_status_string(again)) + " instead of " +
                                          winnow_status_string(expected_again));
  for (std::size_t n; (n = winnow_spans(extractor, buffer, 70)) > 0;) pulled.insert(pulled.end(), buffer, buffer + n);
  winnow_stats stats;
  winnow_get_stats(extractor, &stats);
  // The title lives as long as the extractor: copied before the free.
  const char* title_pointer = winnow_get_title(extractor);
  const bool titled = title_pointer != nullptr;
  const std::string title = titled ? title_pointer : "";
  winnow_metadata pulled_metadata;
  const bool settled = winnow_get_metadata(extractor, &pulled_metadata) == 1;
  std::string pulled_fields;
  if (settled)
    for (const char* field : {pulled_metadata.title, pulled_metadata.description, pulled_metadata.author,
                              pulled_metadata.site_name, pulled_metadata.published, pulled_metadata.modified,
                              pulled_metadata.language, pulled_metadata.url, pulled_metadata.image,
                              pulled_metadata.page_type})
      pulled_fields += std::string(field) + '\x1f';
  winnow_free(extractor);

  // Pulled spans: ordered, non-empty, inside the input (merging past 64
  // queued spans keeps them so).
  std::vector<winnow::SourceSpan> pulled_spans;
  for (const winnow_span& s : pulled) pulled_spans.push_back(winnow::SourceSpan{s.begin, s.end});
  winnow::fuzz::check_spans(pulled_spans, document.size());

  if (!callbacks) return 0;
  if (got.line_open) fail("the last block was not ended");
  winnow::fuzz::check_text(got.text);
  winnow::fuzz::check_spans(got.spans, document.size());
  if (pulled.size() + stats.spans_merged != got.spans.size())
    fail("pulled + merged spans differ from the span callbacks",
         std::to_string(pulled.size()) + " + " + std::to_string(stats.spans_merged) + " vs " +
             std::to_string(got.spans.size()));
  if (!fatal(created) && got.verdicts != 1) fail("verdict not delivered exactly once", std::to_string(got.verdicts));
  if (!fatal(created) && (got.metadata_calls != 1 || !settled)) fail("metadata not delivered exactly once");
  if (got.metadata != pulled_fields) fail("winnow_get_metadata differs from the metadata callback");

  // The same document through the C++ API in one piece: the C API fed it
  // in order and then ended it, so chunk invariance makes them equal.
  if (fatal(created)) return 0;
  // An arena's budget is not memory_budget: compare what ended Ok with an
  // ample heap budget, unless the arena declined a holding the algorithm
  // could do without (the default extractor's fallback blocks): then a larger
  // budget may rightly give more.
  if (in_arena && (final_status != WINNOW_STATUS_OK || stats.declined > 0)) return 0;
  winnow::ExtractorConfig cpp;
  cpp.algorithm = config.algorithm;
  cpp.memory_budget = in_arena ? 2 * 1024 * 1024 : config.memory_budget;
  cpp.encoding = config.encoding ? config.encoding : "";
  cpp.max_depth = config.max_depth;
  cpp.overview_threshold = config.overview_threshold;
  if (config.url != nullptr) cpp.url = config.url;
  winnow::fuzz::RecordingSink sink;
  winnow::HtmlExtractor reference(cpp, sink);
  const winnow::Status cpp_status = reference.feed(document.data(), document.size(), true);
  if (in_arena && cpp_status != winnow::Status::Ok) return 0;
  if (static_cast<int>(cpp_status) != static_cast<int>(final_status))
    fail("C API and C++ API end with different statuses",
         std::string(winnow_status_string(final_status)) + " vs " + winnow::status_string(cpp_status));
  if (got.text != sink.text()) fail("C API and C++ API give different text");
  if (got.shapes != sink.shapes()) fail("C API and C++ API give different block shapes");
  if (got.metadata != sink.metadata()) fail("C API and C++ API give different metadata");
  if (!sink.metadata_valid_utf8()) fail("metadata is not valid UTF-8");
  if (!titled || reference.title() == nullptr || title != reference.title())
    fail("C API and C++ API give different titles", title);
  if (got.spans.size() != sink.spans().size()) fail("C API and C++ API give different spans");
  for (std::size_t i = 0; i < got.spans.size(); ++i)
    if (got.spans[i].begin != sink.spans()[i].begin || got.spans[i].end != sink.spans()[i].end)
      fail("C API and C++ API give different spans", "span " + std::to_string(i));
  return 0;
}
