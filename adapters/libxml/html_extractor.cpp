// SPDX-License-Identifier: MIT
#include "adapters/libxml/html_extractor.h"

#include <algorithm>
#include <cstdint>
#include <new>
#include <optional>

#include "adapters/libxml/decoder.h"
#include "adapters/libxml/guard.h"
#include "adapters/libxml/libxml_memory.h"
#include "adapters/libxml/libxml_parser.h"
#include "adapters/libxml/source_mapping.h"
#include "engine/algorithm_registry.h"
#include "engine/engine.h"
#include "engine/memory_budget.h"

namespace winnow {
namespace {

// Headroom of the engine's element stack over the guard's depth limit:
// libxml2 adds the implied html, head and body elements.
constexpr std::size_t kImpliedElements = 8;

}  // namespace

struct HtmlExtractor::Impl final : public SourceMapper, public ByteSink {
  // arena: the caller's arena after this object (nullptr: the heap).
  Impl(const ExtractorConfig& config, const AlgorithmInfo* algorithm, ContentSink& sink, void* arena,
       std::size_t arena_size);

  // SourceMapper: parser position -> guard input -> decoder input (original).
  std::uint64_t to_source(std::uint64_t parser_position) override {
    return source_of(*decoder, *guard, parser_position);
  }
  std::uint64_t source_limit() const override { return decoder->bytes_in(); }
  std::uint64_t to_source_inside(std::uint64_t from, std::uint64_t distance, std::uint64_t limit) override {
    return source_inside_of(*decoder, *guard, from, distance, limit);
  }
  // ByteSink between guard and parser: parses one chunk, then feeds the
  // parser's depth back to the guard and checks the budget.
  void write(const char* data, std::size_t size) override;

  Status feed(const char* data, std::size_t size, bool is_final);
  void end_document();

  MemoryBudget budget;
  bool in_arena = false;  // this object sits at the start of the caller's arena
  std::optional<Engine> engine;
  std::optional<LibxmlParser> parser;
  std::optional<Guard> guard;
  std::optional<Decoder> decoder;
  ExtractorStats stats;
  Status status = Status::Ok;
  bool stopped = false;   // no more input is examined
  bool finished = false;  // is_final was seen
};

namespace {

// Of an arena, this much is kept out of the budget for libxml2: its
// allocations are charged after the fact and the document stops at the next
// check, after the parser call (one guard chunk) that passed the limit; the
// reserve is what that call may take (the fuzz harnesses' slack).
constexpr std::size_t kParserReserve = 16 * 1024;

MemoryBudget make_budget(const ExtractorConfig& config, void* arena, std::size_t arena_size) {
  if (arena != nullptr) return MemoryBudget(arena, arena_size, kParserReserve);
  return MemoryBudget(config.arena != nullptr ? 0 : config.memory_budget);
}

}  // namespace

// The configuration is read here and not kept (its strings would be copies).
HtmlExtractor::Impl::Impl(const ExtractorConfig& config, const AlgorithmInfo* algorithm,
                          ContentSink& sink, void* arena, std::size_t arena_size)
    : budget(make_budget(config, arena, arena_size)), in_arena(arena != nullptr) {
  stats.memory_budget = budget.limit();
  if (algorithm == nullptr || config.max_depth == 0 ||
      (!config.encoding.empty() && !is_supported_encoding(config.encoding))) {
    status = Status::InvalidArgument;
    stopped = true;
    return;
  }
  install_libxml_allocator();
  LibxmlScope scope(budget);
  engine.emplace(budget, *algorithm, sink, config.max_depth + kImpliedElements, config.overview_threshold);
  engine->set_known_address(config.url);
  parser.emplace(*engine, *this);
  GuardLimits limits;
  limits.max_depth = config.max_depth;
  guard.emplace(budget, limits, *this);
  parser->read_side_attributes(guard->side_attributes());
  decoder.emplace(budget, config.encoding, *guard);
  if (engine->status() != Status::Ok || !parser->ok() || !guard->ok() || !decoder->ok() ||
      budget.exceeded()) {
    status = Status::BudgetTooSmall;
    stopped = true;
  }
}

void HtmlExtractor::Impl::write(const char* data, std::size_t size) {
  if (stopped) return;
  // The budget may have run out outside the parser (in the decoder's
  // conversions): then no more reaches it, so what it parsed does not depend
  // on where the caller's chunks ended (fuzz_capi finding 3af5860a: a whole
  // document parsed one more piece than the same bytes in chunks).
  if (!budget.exceeded()) parser->write(data, size);
  guard->observe_parser_depth(parser->depth());
  if (budget.exceeded()) {
    status = Status::BudgetExceeded;
    stopped = true;
  } else if (parser->halted()) {
    status = Status::ParserError;
    stopped = true;
  }
}

void HtmlExtractor::Impl::end_document() {
  engine->on_end_document(decoder->bytes_in());
}

Status HtmlExtractor::Impl::feed(const char* data, std::size_t size, bool is_final) {
  if (finished) return status == Status::Ok ? Status::AlreadyFinished : status;
  if (status == Status::InvalidArgument || status == Status::BudgetTooSmall) return status;
  LibxmlScope scope(budget);
  if (!stopped) {
    stats.bytes_in += size;
    decoder->feed(data, size, is_final);
    if (is_final && !stopped) {
      guard->finish();
      if (!stopped && !budget.exceeded()) parser->finish();
    }
    // libxml2 also allocates outside write(): in the decoder's conversions
    // and when the parser closes the document.
    if (!stopped && budget.exceeded()) {
      status = Status::BudgetExceeded;
      stopped = true;
    }
  }
  if (stopped && !engine->finished()) {
    end_document();  // the budget ran out: deliver everything decided so far
  } else if (is_final) {
    end_document();
  }
  if (is_final) finished = true;
  // The algorithm's last decisions (its finish(), at the end of the
  // document) may need memory too: a refusal there is reported as well.
  if (!stopped && budget.exceeded()) {
    status = Status::BudgetExceeded;
    stopped = true;
  }
  if (is_final && status == Status::Ok &&
      (guard->stats().elements_flattened > 0 || engine->flattened_elements() > 0))
    status = Status::NestingFlattened;
  stats.tokens = engine->token_count();
  stats.words_out = engine->words_written();
  stats.net_text_length = engine->net_text_length();
  stats.overview = engine->overview();
  stats.peak_memory = budget.peak();
  stats.declined = budget.declined();
  if (budget.uses_arena()) stats.arena_peak = budget.arena().peak();
  stats.encoding = decoder->encoding();
  return status;
}

// The Impl goes at the 16-byte-aligned start of the caller's arena, the rest
// of which becomes the budget. An arena too small for it gives a heap Impl
// with an empty budget, whose status is BudgetTooSmall.
HtmlExtractor::Impl* HtmlExtractor::create_impl(const ExtractorConfig& config, const AlgorithmInfo* algorithm,
                                                ContentSink& sink) {
  if (config.arena != nullptr) {
    const auto address = reinterpret_cast<std::uintptr_t>(config.arena);
    const std::size_t skip = (Arena::kAlignment - address % Arena::kAlignment) % Arena::kAlignment;
    const std::size_t head = skip + (sizeof(HtmlExtractor::Impl) + Arena::kAlignment - 1) / Arena::kAlignment *
                                        Arena::kAlignment;
    if (config.arena_size > head) {
      char* start = static_cast<char*>(config.arena) + skip;
      return new (start) HtmlExtractor::Impl(config, algorithm, sink, static_cast<char*>(config.arena) + head,
                                             config.arena_size - head);
    }
  }
  return new HtmlExtractor::Impl(config, algorithm, sink, nullptr, 0);
}

void HtmlExtractor::ImplDeleter::operator()(Impl* impl) const {
  if (impl->in_arena) {
    impl->~Impl();
  } else {
    delete impl;
  }
}

HtmlExtractor::HtmlExtractor(const ExtractorConfig& config, ContentSink& sink)
    : impl_(create_impl(config, find_algorithm(config.algorithm), sink)) {}

HtmlExtractor::HtmlExtractor(const ExtractorConfig& config, const AlgorithmInfo& algorithm,
                             ContentSink& sink)
    : impl_(create_impl(config, &algorithm, sink)) {}

HtmlExtractor::~HtmlExtractor() {
  if (impl_->engine) {
    // libxml2 frees its context under the budget it was charged to.
    LibxmlScope scope(impl_->budget);
    impl_->decoder.reset();
    impl_->guard.reset();
    impl_->parser.reset();
    impl_->engine.reset();
  }
}

Status HtmlExtractor::feed(const char* data, std::size_t size, bool is_final) {
  return impl_->feed(data, size, is_final);
}

Status HtmlExtractor::status() const { return impl_->status; }
const ExtractorStats& HtmlExtractor::stats() const { return impl_->stats; }
const char* HtmlExtractor::title() const { return impl_->engine ? impl_->engine->page_title() : nullptr; }

const PageMetadata* HtmlExtractor::metadata() const {
  return impl_->engine ? impl_->engine->page_metadata() : nullptr;
}

namespace {

class StringSink final : public ContentSink {
 public:
  explicit StringSink(std::string& out) : out_(out) {}
  void on_text(std::string_view text) override { out_.append(text.data(), text.size()); }
  void on_block_end() override { out_.push_back('\n'); }

 private:
  std::string& out_;
};

// Feeds html in chunk_size pieces; after a fatal status it finishes at once,
// so that everything decided is delivered.
Status feed_in_chunks(HtmlExtractor& extractor, std::string_view html, std::size_t chunk_size) {
  Status status = extractor.status();
  if (chunk_size == 0) chunk_size = html.size() + 1;
  std::size_t at = 0;
  do {
    const std::size_t n = std::min(chunk_size, html.size() - at);
    const bool last = at + n == html.size();
    status = extractor.feed(html.data() + at, n, last);
    at += n;
    if (is_fatal(status) && !last) return extractor.feed(nullptr, 0, true);
  } while (at < html.size());
  return status;
}

}  // namespace

ExtractResult extract_html(std::string_view html, const ExtractorConfig& config, std::size_t chunk_size) {
  ExtractResult result;
  StringSink sink(result.text);
  HtmlExtractor extractor(config, sink);
  result.status = feed_in_chunks(extractor, html, chunk_size);
  return result;
}

ExtractResult extract_html(std::string_view html, const ExtractorConfig& config, const AlgorithmInfo& algorithm,
                           std::size_t chunk_size) {
  ExtractResult result;
  StringSink sink(result.text);
  HtmlExtractor extractor(config, algorithm, sink);
  result.status = feed_in_chunks(extractor, html, chunk_size);
  return result;
}

}  // namespace winnow
