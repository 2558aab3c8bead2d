// SPDX-License-Identifier: MIT
// The pipeline cut at each stage, built from the real adapter and engine
// classes, plus the floor (libxml2's push parser with empty SAX callbacks).
// Every stage is created fresh per document, fed in 4 KiB pieces (the last
// one marked final) and destroyed, as an application would.
//
//   floor      libxml2 push parser, empty SAX callbacks, raw input bytes
//   decoder    Decoder -> null ByteSink
//   guard      Decoder -> Guard -> null ByteSink
//   parser     Decoder -> Guard -> LibxmlParser (events, spans) -> null EventHandler
//   tokens     ... -> Tokenizer -> TokenStream -> null TokenConsumer
//   extractor  HtmlExtractor (one algorithm, or the default config) -> null ContentSink
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/status.h"

namespace bench {

constexpr std::size_t kChunkBytes = 4096;

enum class StageKind { Floor, Decoder, Guard, Parser, Tokens, Extractor };

struct StageSpec {
  StageKind kind = StageKind::Floor;
  std::string label;           // row name in the tables
  std::string algorithm;       // Extractor only; empty: ExtractorConfig's default
  std::size_t budget = 256 * 1024;  // the MemoryBudget of every winnow stage
};

// Where a stage's input comes from, one piece at a time.
class ChunkSource {
 public:
  virtual ~ChunkSource() = default;
  // Sets the next piece (at most kChunkBytes) and whether it is the last;
  // the data stays valid until the next call.
  virtual void next(const char*& data, std::size_t& size, bool& last) = 0;
};

// A document held in memory.
class DocumentSource final : public ChunkSource {
 public:
  explicit DocumentSource(std::string_view doc) : doc_(doc) {}
  void next(const char*& data, std::size_t& size, bool& last) override {
    const std::size_t n = doc_.size() - at_ < kChunkBytes ? doc_.size() - at_ : kChunkBytes;
    data = doc_.data() + at_;
    size = n;
    at_ += n;
    last = at_ == doc_.size();
  }

 private:
  std::string_view doc_;
  std::size_t at_ = 0;
};

struct RunResult {
  winnow::Status status = winnow::Status::Ok;
  std::uint64_t bytes_read = 0;      // input bytes fed before the stage stopped
  std::size_t budget_peak = 0;       // MemoryBudget::peak(): winnow + libxml2 blocks
  std::int64_t heap_peak = 0;        // counting allocator: peak live bytes over the run's start
  std::uint64_t calls = 0;           // allocations during the run (construction included)
  std::uint64_t cxx_calls = 0;       // of which operator new
  // After the first warmup_bytes of input (all 0 if the input was shorter).
  std::uint64_t steady_bytes = 0;
  std::uint64_t steady_calls = 0;
  std::uint64_t steady_cxx_calls = 0;
};

// Runs one document or stream through a fresh stage. Input after a fatal
// status is not fed (the extractor stops reading, as extract_html does).
RunResult run_stage(const StageSpec& spec, ChunkSource& source,
                    std::uint64_t warmup_bytes = UINT64_MAX);

// Installs winnow's libxml2 allocator hook and initialises libxml2.
void init_libxml();

// The budget the decoder + guard + libxml2 stages peak at on this input
// (used to give the engine a fixed share on top).
std::size_t adapter_budget_peak(ChunkSource& source);

}  // namespace bench
