// SPDX-License-Identifier: MIT
// The C API over HtmlExtractor: callbacks instead of a ContentSink, statuses
// instead of exceptions, a bounded span queue for callers that pull.
#include "adapters/capi/winnow.h"

#include <cstdint>
#include <new>
#include <string>

#include "adapters/libxml/html_extractor.h"
#include "engine/algorithm_registry.h"
#include "engine/page_metadata.h"

#ifndef WINNOW_VERSION_STRING
#define WINNOW_VERSION_STRING "0.0.0"
#endif

namespace {

constexpr std::size_t kQueuedSpans = 64;

winnow_status to_c(winnow::Status status) {
  switch (status) {
    case winnow::Status::Ok: return WINNOW_STATUS_OK;
    case winnow::Status::BudgetExceeded: return WINNOW_STATUS_BUDGET_EXCEEDED;
    case winnow::Status::BudgetTooSmall: return WINNOW_STATUS_BUDGET_TOO_SMALL;
    case winnow::Status::NestingFlattened: return WINNOW_STATUS_NESTING_FLATTENED;
    case winnow::Status::AlreadyFinished: return WINNOW_STATUS_ALREADY_FINISHED;
    case winnow::Status::InvalidArgument: return WINNOW_STATUS_INVALID_ARGUMENT;
    case winnow::Status::ParserError: return WINNOW_STATUS_PARSER_ERROR;
  }
  return WINNOW_STATUS_PARSER_ERROR;
}

static_assert(static_cast<int>(winnow::BlockKind::Paragraph) == WINNOW_BLOCK_PARAGRAPH &&
                  static_cast<int>(winnow::BlockKind::ListItem) == WINNOW_BLOCK_LIST_ITEM &&
                  static_cast<int>(winnow::BlockKind::OrderedListItem) == WINNOW_BLOCK_ORDERED_LIST_ITEM &&
                  static_cast<int>(winnow::BlockKind::Term) == WINNOW_BLOCK_TERM &&
                  static_cast<int>(winnow::BlockKind::Definition) == WINNOW_BLOCK_DEFINITION &&
                  static_cast<int>(winnow::BlockKind::TableCell) == WINNOW_BLOCK_TABLE_CELL &&
                  static_cast<int>(winnow::BlockKind::Caption) == WINNOW_BLOCK_CAPTION &&
                  static_cast<int>(winnow::BlockKind::Preformatted) == WINNOW_BLOCK_PREFORMATTED,
              "the C API's block kinds are the engine's");

// The engine's fields, in the C struct's order.
winnow_metadata to_c(const winnow::PageMetadata& m) {
  using F = winnow::MetadataField;
  static_assert(winnow::PageMetadata::kFieldCount == sizeof(winnow_metadata) / sizeof(const char*),
                "one C field per engine field");
  return winnow_metadata{m.c_str(F::title),     m.c_str(F::description), m.c_str(F::author),
                         m.c_str(F::site_name), m.c_str(F::published),   m.c_str(F::modified),
                         m.c_str(F::language),  m.c_str(F::url),         m.c_str(F::image),
                         m.c_str(F::page_type)};
}

class CallbackSink final : public winnow::ContentSink {
 public:
  CallbackSink(const winnow_callbacks& callbacks, void* user_data)
      : callbacks_(callbacks), user_data_(user_data) {}

  void on_metadata(const winnow::PageMetadata& metadata) override {
    if (callbacks_.metadata) {
      const winnow_metadata c = to_c(metadata);
      callbacks_.metadata(user_data_, &c);
    }
  }
  void on_text(std::string_view text) override {
    if (callbacks_.block_text) callbacks_.block_text(user_data_, text.data(), text.size());
  }
  void on_block_end() override {
    if (callbacks_.block_end) callbacks_.block_end(user_data_);
  }
  void on_block_start(const winnow::BlockShape& shape) override {
    if (callbacks_.block_start) {
      const winnow_block_info info{static_cast<winnow_block_kind>(shape.kind), shape.heading_level,
                                   shape.quoted ? 1 : 0, shape.continues_item ? 1 : 0, shape.list_nesting,
                                   shape.quote_nesting, shape.starts_group ? 1 : 0};
      callbacks_.block_start(user_data_, &info);
    }
    if (shape.heading_level && callbacks_.heading) callbacks_.heading(user_data_, shape.heading_level);
  }
  void on_span(winnow::SourceSpan span) override {
    if (callbacks_.span) callbacks_.span(user_data_, span.begin, span.end);
    if (queued_ < kQueuedSpans) {
      queue_[queued_++] = winnow_span{span.begin, span.end};
    } else {
      queue_[kQueuedSpans - 1].end = span.end;
      ++merged_;
    }
  }
  void on_verdict(winnow::PageVerdict verdict, std::uint64_t net) override {
    if (callbacks_.verdict)
      callbacks_.verdict(user_data_,
                         verdict == winnow::PageVerdict::Overview ? WINNOW_VERDICT_OVERVIEW : WINNOW_VERDICT_ARTICLE,
                         net);
  }

  void on_block_decision(winnow::SourceSpan span, bool kept, float score) override {
    if (callbacks_.block_decision) callbacks_.block_decision(user_data_, span.begin, span.end, kept ? 1 : 0, score);
  }

  std::size_t drain(winnow_span* out, std::size_t capacity) {
    const std::size_t n = capacity < queued_ ? capacity : queued_;
    for (std::size_t i = 0; i < n; ++i) out[i] = queue_[i];
    for (std::size_t i = n; i < queued_; ++i) queue_[i - n] = queue_[i];
    queued_ -= n;
    return n;
  }
  std::uint64_t merged() const { return merged_; }

 private:
  winnow_callbacks callbacks_;
  void* user_data_;
  winnow_span queue_[kQueuedSpans];
  std::size_t queued_ = 0;
  std::uint64_t merged_ = 0;
};

// arena: what is left of the caller's arena after the winnow_extractor.
winnow::ExtractorConfig to_cpp(const winnow_config& c, void* arena, std::size_t arena_size) {
  winnow::ExtractorConfig config;
  // A known algorithm is passed by its registry entry (make_extractor), so
  // only an unknown name, for HtmlExtractor to refuse, is copied.
  if (c.algorithm != nullptr && winnow::find_algorithm(c.algorithm) == nullptr) config.algorithm = c.algorithm;
  if (c.algorithm == nullptr) config.algorithm = "";
  config.memory_budget = c.memory_budget;
  config.arena = arena;
  config.arena_size = arena_size;
  config.encoding = c.encoding ? c.encoding : "";
  config.max_depth = c.max_depth;
  config.overview_threshold = c.overview_threshold;
  if (c.url != nullptr) config.url = c.url;
  return config;
}

// A known algorithm goes by its registry entry (no copy of its name).
winnow::HtmlExtractor make_extractor(const winnow_config& c, void* arena, std::size_t arena_size,
                                     CallbackSink& sink) {
  const winnow::AlgorithmInfo* algorithm = c.algorithm ? winnow::find_algorithm(c.algorithm) : nullptr;
  if (algorithm != nullptr) return winnow::HtmlExtractor(to_cpp(c, arena, arena_size), *algorithm, sink);
  return winnow::HtmlExtractor(to_cpp(c, arena, arena_size), sink);
}

}  // namespace

struct winnow_extractor {
  winnow_extractor(const winnow_config& config, void* arena, std::size_t arena_size, bool in_arena_in)
      : sink(config.callbacks, config.user_data),
        extractor(make_extractor(config, arena, arena_size, sink)),
        in_arena(in_arena_in) {}
  CallbackSink sink;
  winnow::HtmlExtractor extractor;
  winnow_status status = WINNOW_STATUS_OK;
  bool in_arena;  // this object sits at the start of the caller's arena
};

namespace {

// With an arena, the winnow_extractor takes its 16-byte-aligned start and
// hands the rest on; nullptr when it does not fit.
winnow_extractor* create_in_arena(const winnow_config& config) {
  constexpr std::size_t kAlign = 16;
  const auto address = reinterpret_cast<std::uintptr_t>(config.arena);
  const std::size_t skip = (kAlign - address % kAlign) % kAlign;
  const std::size_t head = skip + (sizeof(winnow_extractor) + kAlign - 1) / kAlign * kAlign;
  if (config.arena_size <= head) return nullptr;
  char* base = static_cast<char*>(config.arena);
  return new (base + skip) winnow_extractor(config, base + head, config.arena_size - head, true);
}

}  // namespace

extern "C" {

void winnow_config_init(winnow_config* config) {
  if (config == nullptr) return;
  *config = winnow_config{};
  config->algorithm = "default";
  config->memory_budget = 256 * 1024;
  config->encoding = nullptr;
  config->max_depth = 256;
  config->overview_threshold = 500;
  config->url = nullptr;
}

winnow_extractor* winnow_create(const winnow_config* config, winnow_status* status) {
  if (config == nullptr) {
    if (status) *status = WINNOW_STATUS_INVALID_ARGUMENT;
    return nullptr;
  }
#if defined(__cpp_exceptions)
  try {
#endif
    if (config->arena != nullptr) {
      winnow_extractor* extractor = create_in_arena(*config);
      if (extractor == nullptr) {
        if (status) *status = WINNOW_STATUS_BUDGET_TOO_SMALL;
        return nullptr;
      }
      extractor->status = to_c(extractor->extractor.status());
      if (status) *status = extractor->status;
      return extractor;
    }
    auto* extractor = new (std::nothrow) winnow_extractor(*config, nullptr, 0, false);
    if (extractor == nullptr) {
      if (status) *status = WINNOW_STATUS_OUT_OF_MEMORY;
      return nullptr;
    }
    extractor->status = to_c(extractor->extractor.status());
    if (status) *status = extractor->status;
    return extractor;
#if defined(__cpp_exceptions)
  } catch (...) {
    if (status) *status = WINNOW_STATUS_OUT_OF_MEMORY;
    return nullptr;
  }
#endif
}

winnow_status winnow_feed(winnow_extractor* extractor, const char* data, size_t length, int is_final) {
  if (extractor == nullptr || (data == nullptr && length > 0)) return WINNOW_STATUS_INVALID_ARGUMENT;
#if defined(__cpp_exceptions)
  try {
#endif
    extractor->status = to_c(extractor->extractor.feed(data, length, is_final != 0));
#if defined(__cpp_exceptions)
  } catch (...) {
    extractor->status = WINNOW_STATUS_OUT_OF_MEMORY;
  }
#endif
  return extractor->status;
}

void winnow_free(winnow_extractor* extractor) {
  if (extractor == nullptr) return;
  if (extractor->in_arena) {
    extractor->~winnow_extractor();  // the memory is the caller's
  } else {
    delete extractor;
  }
}

winnow_status winnow_get_status(const winnow_extractor* extractor) {
  return extractor ? extractor->status : WINNOW_STATUS_INVALID_ARGUMENT;
}

void winnow_get_stats(const winnow_extractor* extractor, winnow_stats* stats) {
  if (stats == nullptr) return;
  *stats = winnow_stats{};
  if (extractor == nullptr) {
    stats->status = WINNOW_STATUS_INVALID_ARGUMENT;
    return;
  }
  const winnow::ExtractorStats& s = extractor->extractor.stats();
  stats->bytes_in = s.bytes_in;
  stats->tokens = s.tokens;
  stats->words_out = s.words_out;
  stats->net_text_length = s.net_text_length;
  stats->peak_memory = s.peak_memory;
  stats->memory_budget = s.memory_budget;
  stats->status = extractor->status;
  stats->overview = s.overview ? 1 : 0;
  stats->spans_merged = extractor->sink.merged();
  stats->arena_peak = s.arena_peak;
  stats->declined = s.declined;
  stats->encoding = s.encoding.empty() ? nullptr : s.encoding.c_str();
}

const char* winnow_get_title(const winnow_extractor* extractor) {
  return extractor == nullptr ? nullptr : extractor->extractor.title();
}

int winnow_get_metadata(const winnow_extractor* extractor, winnow_metadata* out) {
  if (extractor == nullptr || out == nullptr) return 0;
  const winnow::PageMetadata* metadata = extractor->extractor.metadata();
  if (metadata == nullptr) return 0;
  *out = to_c(*metadata);
  return 1;
}

size_t winnow_spans(winnow_extractor* extractor, winnow_span* out, size_t capacity) {
  if (extractor == nullptr || out == nullptr) return 0;
  return extractor->sink.drain(out, capacity);
}

const char* winnow_status_string(winnow_status status) {
  switch (status) {
    case WINNOW_STATUS_OK: return winnow::status_string(winnow::Status::Ok);
    case WINNOW_STATUS_BUDGET_EXCEEDED: return winnow::status_string(winnow::Status::BudgetExceeded);
    case WINNOW_STATUS_BUDGET_TOO_SMALL: return winnow::status_string(winnow::Status::BudgetTooSmall);
    case WINNOW_STATUS_NESTING_FLATTENED: return winnow::status_string(winnow::Status::NestingFlattened);
    case WINNOW_STATUS_ALREADY_FINISHED: return winnow::status_string(winnow::Status::AlreadyFinished);
    case WINNOW_STATUS_INVALID_ARGUMENT: return winnow::status_string(winnow::Status::InvalidArgument);
    case WINNOW_STATUS_PARSER_ERROR: return winnow::status_string(winnow::Status::ParserError);
    case WINNOW_STATUS_OUT_OF_MEMORY: return "out of memory";
  }
  return "unknown status";
}

const char* winnow_version(void) { return WINNOW_VERSION_STRING; }

size_t winnow_algorithm_count(void) { return winnow::algorithm_registry().size(); }

const char* winnow_algorithm_name(size_t index) {
  const auto& registry = winnow::algorithm_registry();
  return index < registry.size() ? registry[index].name.data() : nullptr;
}

const char* winnow_algorithm_summary(size_t index) {
  const auto& registry = winnow::algorithm_registry();
  return index < registry.size() ? registry[index].summary.data() : nullptr;
}

}  // extern "C"
