// SPDX-License-Identifier: MIT
// The whole streaming pipeline behind one object:
//   bytes -> Decoder (encoding, U+FFFD) -> Guard (bounded, canonical HTML)
//         -> libxml2 push parser (SAX, no tree) -> Engine (tokens, algorithm)
//         -> ContentSink.
// Shaped like expat: create, feed(buf, len, is_final) any number of times,
// destroy. Chunking never changes the output.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

#include "engine/algorithm_registry.h"
#include "engine/content_sink.h"
#include "engine/extractor_config.h"
#include "engine/status.h"

namespace winnow {

class HtmlExtractor {
 public:
  // The sink must outlive the extractor. Check status() after construction:
  // an unknown algorithm or encoding (is_supported_encoding()), a zero
  // max_depth or a budget too small is reported there.
  HtmlExtractor(const ExtractorConfig& config, ContentSink& sink);
  // Runs an algorithm of the caller's instead of config.algorithm.
  HtmlExtractor(const ExtractorConfig& config, const AlgorithmInfo& algorithm, ContentSink& sink);
  ~HtmlExtractor();
  HtmlExtractor(const HtmlExtractor&) = delete;
  HtmlExtractor& operator=(const HtmlExtractor&) = delete;

  // Feeds the next piece of the document. is_final marks the last piece
  // (it may be empty). Returns the sticky status.
  Status feed(const char* data, std::size_t size, bool is_final);

  Status status() const;
  const ExtractorStats& stats() const;
  // The page's title as written (engine/page_title.h), NUL-terminated and
  // valid while the extractor lives; null until the page's first <title>
  // element has ended (or the document has; then empty if it had none).
  const char* title() const;
  // What the page declares about itself (engine/page_metadata.h), valid while
  // the extractor lives; null until settled at the page's first word of
  // content (or its end). The sink's on_metadata() receives the same, once.
  const PageMetadata* metadata() const;

 private:
  struct Impl;
  struct ImplDeleter {
    void operator()(Impl* impl) const;
  };
  static Impl* create_impl(const ExtractorConfig& config, const AlgorithmInfo* algorithm, ContentSink& sink);
  std::unique_ptr<Impl, ImplDeleter> impl_;
};

// Convenience for tools and tests: extracts a whole document held in memory,
// fed in pieces of chunk_size bytes.
struct ExtractResult {
  std::string text;  // one block per line, each line ending in '\n' (a preformatted block keeps its lines)
  Status status = Status::Ok;
};
ExtractResult extract_html(std::string_view html, const ExtractorConfig& config,
                           std::size_t chunk_size = 4096);
// The same with an algorithm of the caller's instead of config.algorithm
// (training programs run a model they are fitting through the real pipeline).
ExtractResult extract_html(std::string_view html, const ExtractorConfig& config, const AlgorithmInfo& algorithm,
                           std::size_t chunk_size = 4096);

}  // namespace winnow
