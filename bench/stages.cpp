// SPDX-License-Identifier: MIT
#include "stages.h"

#include <libxml/HTMLparser.h>
#include <libxml/parser.h>

#include <algorithm>
#include <cstring>

#include "adapters/libxml/byte_sink.h"
#include "adapters/libxml/decoder.h"
#include "adapters/libxml/guard.h"
#include "adapters/libxml/html_extractor.h"
#include "adapters/libxml/libxml_memory.h"
#include "adapters/libxml/libxml_parser.h"
#include "adapters/libxml/source_mapping.h"
#include "alloc_counter.h"
#include "engine/content_sink.h"
#include "engine/event.h"
#include "engine/extractor_config.h"
#include "engine/memory_budget.h"
#include "engine/token_stream.h"
#include "engine/tokenizer.h"

namespace bench {
namespace {

using winnow::Status;

// The floor's budget only records libxml2's blocks; it never refuses.
constexpr std::size_t kUnlimited = static_cast<std::size_t>(-1) / 2;
// HtmlExtractor's headroom of the engine's stack over the guard's depth.
constexpr std::size_t kImpliedElements = 8;

// ------------------------------------------------------------ null ends --

class NullByteSink final : public winnow::ByteSink {
 public:
  void write(const char*, std::size_t size) override { bytes += size; }
  std::uint64_t bytes = 0;
};

class NullEvents final : public winnow::EventHandler {
 public:
  void on_start_element(winnow::Tag, const winnow::ElementAttributes&, winnow::SourceSpan) override {
    ++events;
  }
  void on_end_element(winnow::Tag, winnow::SourceSpan) override { ++events; }
  void on_text(std::string_view, winnow::SourceSpan) override { ++events; }
  void on_end_document(std::uint64_t) override { ++events; }
  std::uint64_t events = 0;
};

class NullTokens final : public winnow::TokenConsumer {
 public:
  void on_token(const winnow::Token&, std::string_view) override { ++tokens; }
  void on_end_of_tokens() override {}
  std::uint64_t tokens = 0;
};

class NullContent final : public winnow::ContentSink {
 public:
  void on_text(std::string_view text) override { bytes += text.size(); }
  void on_block_end() override {}
  std::uint64_t bytes = 0;
};

// ------------------------------------------------------------------ floor --

void empty_start(void*, const xmlChar*, const xmlChar**) {}
void empty_end(void*, const xmlChar*) {}
void empty_characters(void*, const xmlChar*, int) {}
void ignore_error(void*, const char*, ...) {}
void ignore_structured_error(void*, xmlErrorPtr) {}

// libxml2 as winnow's parser stage configures it (UTF-8, no encoding
// switch, no error output), with callbacks that do nothing, over the raw
// input bytes.
class FloorStage {
 public:
  explicit FloorStage(const StageSpec&) : budget_(kUnlimited), scope_(budget_) {
    htmlSAXHandler sax;
    std::memset(&sax, 0, sizeof(sax));
    sax.startElement = &empty_start;
    sax.endElement = &empty_end;
    sax.characters = &empty_characters;
    sax.ignorableWhitespace = &empty_characters;
    sax.warning = &ignore_error;
    sax.error = &ignore_error;
    sax.fatalError = &ignore_error;
    sax.serror = &ignore_structured_error;
    sax.initialized = XML_SAX2_MAGIC;
    context_ = htmlCreatePushParserCtxt(&sax, nullptr, nullptr, 0, nullptr, XML_CHAR_ENCODING_UTF8);
    if (context_)
      htmlCtxtUseOptions(context_, HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING | HTML_PARSE_NONET |
                                       HTML_PARSE_IGNORE_ENC);
  }
  ~FloorStage() {
    if (context_) htmlFreeParserCtxt(context_);
  }
  void feed(const char* data, std::size_t size, bool last) {
    if (context_ == nullptr) return;
    // libxml2 cannot be stopped, and it may stop by itself (after the root
    // element closes): that is counted, and the input is still fed.
    if (context_->instate == XML_PARSER_EOF) halted_ = true;
    htmlParseChunk(context_, data, static_cast<int>(size), last ? 1 : 0);
  }
  Status status() const { return context_ == nullptr || halted_ ? Status::ParserError : Status::Ok; }
  bool stopped() const { return false; }
  std::size_t budget_peak() const { return budget_.peak(); }

 private:
  winnow::MemoryBudget budget_;
  winnow::LibxmlScope scope_;
  htmlParserCtxtPtr context_ = nullptr;
  bool halted_ = false;
};

// -------------------------------------------------- adapter-only stages --

class DecoderStage {
 public:
  explicit DecoderStage(const StageSpec& spec)
      : budget_(spec.budget), scope_(budget_), decoder_(budget_, "", sink_), ok_(decoder_.ok()) {}
  void feed(const char* data, std::size_t size, bool last) { decoder_.feed(data, size, last); }
  Status status() const {
    return !ok_ ? Status::BudgetTooSmall : budget_.exceeded() ? Status::BudgetExceeded : Status::Ok;
  }
  bool stopped() const { return false; }
  std::size_t budget_peak() const { return budget_.peak(); }

 private:
  winnow::MemoryBudget budget_;
  winnow::LibxmlScope scope_;
  NullByteSink sink_;
  winnow::Decoder decoder_;
  bool ok_;  // at creation (the decoder releases its sniff reservation later)
};

// The guard as the pipeline runs it: side values written to its table (and
// dropped after each chunk, as the parser would after reading them).
class SideDroppingSink final : public winnow::ByteSink {
 public:
  void write(const char*, std::size_t size) override {
    bytes += size;
    if (side) side->drop_before(bytes);
  }
  std::uint64_t bytes = 0;
  winnow::SideAttributes* side = nullptr;
};

class GuardStage {
 public:
  explicit GuardStage(const StageSpec& spec)
      : budget_(spec.budget),
        scope_(budget_),
        guard_(budget_, winnow::GuardLimits{}, sink_),
        decoder_(budget_, "", guard_),
        ok_(decoder_.ok() && guard_.ok()) {
    sink_.side = &guard_.side_attributes();
    guard_.side_attributes().connect();
  }
  void feed(const char* data, std::size_t size, bool last) {
    decoder_.feed(data, size, last);
    if (last) guard_.finish();
  }
  Status status() const {
    return !ok_ ? Status::BudgetTooSmall : budget_.exceeded() ? Status::BudgetExceeded : Status::Ok;
  }
  bool stopped() const { return false; }
  std::size_t budget_peak() const { return budget_.peak(); }

 private:
  winnow::MemoryBudget budget_;
  winnow::LibxmlScope scope_;
  SideDroppingSink sink_;
  winnow::Guard guard_;
  winnow::Decoder decoder_;
  bool ok_;
};

// Decoder -> Guard -> LibxmlParser -> an EventHandler, wired exactly as
// HtmlExtractor::Impl wires them (source mapping, depth feedback, stop on
// budget exceeded).
class ParsingPipeline final : public winnow::SourceMapper, public winnow::ByteSink {
 public:
  ParsingPipeline(winnow::MemoryBudget& budget, winnow::EventHandler& events)
      : budget_(budget), parser_(events, *this), guard_(budget, limits(), *this),
        decoder_(budget, "", guard_),
        ok_(parser_.ok() && guard_.ok() && decoder_.ok()) {
    parser_.read_side_attributes(guard_.side_attributes());
  }

  std::uint64_t to_source(std::uint64_t parser_position) override {
    return winnow::source_of(decoder_, guard_, parser_position);
  }
  std::uint64_t source_limit() const override { return decoder_.bytes_in(); }
  std::uint64_t to_source_inside(std::uint64_t from, std::uint64_t distance, std::uint64_t limit) override {
    return winnow::source_inside_of(decoder_, guard_, from, distance, limit);
  }
  void write(const char* data, std::size_t size) override {
    if (stopped_) return;
    parser_.write(data, size);
    guard_.observe_parser_depth(parser_.depth());
    if (budget_.exceeded() || parser_.halted()) stopped_ = true;
  }
  void feed(const char* data, std::size_t size, bool last) {
    if (stopped_) return;
    decoder_.feed(data, size, last);
    if (last && !stopped_) guard_.finish();
    if (last && !stopped_) parser_.finish();
  }
  bool stopped() const { return stopped_; }
  Status status() const {
    if (!ok_) return Status::BudgetTooSmall;
    if (budget_.exceeded()) return Status::BudgetExceeded;
    if (stopped_) return Status::ParserError;  // halted before the end of the input
    return Status::Ok;
  }
  std::uint64_t bytes_in() const { return decoder_.bytes_in(); }

 private:
  static winnow::GuardLimits limits() { return winnow::GuardLimits{}; }

  winnow::MemoryBudget& budget_;
  winnow::LibxmlParser parser_;
  winnow::Guard guard_;
  winnow::Decoder decoder_;
  bool ok_;
  bool stopped_ = false;
};

class ParserStage {
 public:
  explicit ParserStage(const StageSpec& spec)
      : budget_(spec.budget), scope_(budget_), pipeline_(budget_, events_) {}
  void feed(const char* data, std::size_t size, bool last) { pipeline_.feed(data, size, last); }
  Status status() const { return pipeline_.status(); }
  bool stopped() const { return pipeline_.stopped(); }
  std::size_t budget_peak() const { return budget_.peak(); }

 private:
  winnow::MemoryBudget budget_;
  winnow::LibxmlScope scope_;
  NullEvents events_;
  ParsingPipeline pipeline_;
};

class TokensStage {
 public:
  explicit TokensStage(const StageSpec& spec)
      : budget_(spec.budget),
        scope_(budget_),
        stream_(budget_, 1, 0),  // what an algorithm without look-back declares
        tokenizer_(budget_, stream_, tokens_, winnow::ExtractorConfig{}.max_depth + kImpliedElements),
        pipeline_(budget_, tokenizer_),
        ok_(stream_.ok() && tokenizer_.ok()) {}
  void feed(const char* data, std::size_t size, bool last) {
    pipeline_.feed(data, size, last);
    if (last || pipeline_.stopped()) finish();
  }
  Status status() const {
    if (!ok_) return Status::BudgetTooSmall;
    return pipeline_.status();
  }
  bool stopped() const { return pipeline_.stopped(); }
  std::size_t budget_peak() const { return budget_.peak(); }

 private:
  void finish() {
    if (finished_) return;
    finished_ = true;
    tokenizer_.on_end_document(pipeline_.bytes_in());
  }

  winnow::MemoryBudget budget_;
  winnow::LibxmlScope scope_;
  NullTokens tokens_;
  winnow::TokenStream stream_;
  winnow::Tokenizer tokenizer_;
  ParsingPipeline pipeline_;
  bool ok_;
  bool finished_ = false;
};

class ExtractorStage {
 public:
  explicit ExtractorStage(const StageSpec& spec) : extractor_(config(spec), sink_) {
    status_ = extractor_.status();
    stopped_ = winnow::is_fatal(status_);
  }
  void feed(const char* data, std::size_t size, bool last) {
    if (stopped_) return;
    status_ = extractor_.feed(data, size, last);
    if (winnow::is_fatal(status_)) {
      // Deliver everything decided, then stop reading (as extract_html does).
      if (!last) extractor_.feed(nullptr, 0, true);
      stopped_ = true;
    }
  }
  Status status() const { return status_; }
  bool stopped() const { return stopped_; }
  std::size_t budget_peak() const { return extractor_.stats().peak_memory; }

 private:
  static winnow::ExtractorConfig config(const StageSpec& spec) {
    winnow::ExtractorConfig config;
    if (!spec.algorithm.empty()) config.algorithm = spec.algorithm;
    config.memory_budget = spec.budget;
    return config;
  }

  NullContent sink_;
  winnow::HtmlExtractor extractor_;
  Status status_ = Status::Ok;
  bool stopped_ = false;
};

// ------------------------------------------------------------------ drive --

template <class Stage>
RunResult drive(const StageSpec& spec, ChunkSource& source, std::uint64_t warmup_bytes) {
  RunResult result;
  HeapCounters& heap = bench::heap();
  const std::int64_t base = reset_peak();
  const std::uint64_t calls0 = heap.calls, cxx0 = heap.cxx_calls;
  std::uint64_t steady_calls0 = 0, steady_cxx0 = 0, steady_from = 0;
  bool steady = false;
  {
    Stage stage(spec);
    bool last = false;
    while (!last && !stage.stopped()) {
      const char* data;
      std::size_t size;
      source.next(data, size, last);
      stage.feed(data, size, last);
      result.bytes_read += size;
      if (!steady && result.bytes_read >= warmup_bytes && !last) {
        steady = true;
        steady_calls0 = heap.calls;
        steady_cxx0 = heap.cxx_calls;
        steady_from = result.bytes_read;
      }
    }
    if (steady) {
      // Up to the end of the input (the extractor's finish included).
      result.steady_bytes = result.bytes_read - steady_from;
      result.steady_calls = heap.calls - steady_calls0;
      result.steady_cxx_calls = heap.cxx_calls - steady_cxx0;
    }
    result.status = stage.status();
    result.budget_peak = stage.budget_peak();
  }
  result.heap_peak = heap.peak - base;
  result.calls = heap.calls - calls0;
  result.cxx_calls = heap.cxx_calls - cxx0;
  return result;
}

}  // namespace

RunResult run_stage(const StageSpec& spec, ChunkSource& source, std::uint64_t warmup_bytes) {
  switch (spec.kind) {
    case StageKind::Floor: return drive<FloorStage>(spec, source, warmup_bytes);
    case StageKind::Decoder: return drive<DecoderStage>(spec, source, warmup_bytes);
    case StageKind::Guard: return drive<GuardStage>(spec, source, warmup_bytes);
    case StageKind::Parser: return drive<ParserStage>(spec, source, warmup_bytes);
    case StageKind::Tokens: return drive<TokensStage>(spec, source, warmup_bytes);
    case StageKind::Extractor: return drive<ExtractorStage>(spec, source, warmup_bytes);
  }
  return {};
}

void init_libxml() { winnow::install_libxml_allocator(); }

std::size_t adapter_budget_peak(ChunkSource& source) {
  StageSpec spec;
  spec.kind = StageKind::Parser;
  spec.budget = kUnlimited;
  return run_stage(spec, source).budget_peak;
}

}  // namespace bench
