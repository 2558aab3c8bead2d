// SPDX-License-Identifier: MIT
// Caller-facing configuration and statistics of one extraction.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace winnow {

struct ExtractorConfig {
  // Algorithm name as listed by algorithm_registry() ("plain", "bte", ...).
  std::string algorithm = "default";
  // One budget for engine, guard and parser, in bytes. Default: 256 KiB.
  std::size_t memory_budget = 256 * 1024;
  // Optional caller-owned arena: when set, everything of the extraction (the
  // extractor's own state, the engine's buffers, the guard, the decoder and
  // libxml2's parser) is carved from these bytes, nothing from the heap, and
  // memory_budget is ignored: the budget is what the arena holds. It must
  // outlive the extractor; its contents are the extractor's until then.
  void* arena = nullptr;
  std::size_t arena_size = 0;
  // Character encoding name that overrides BOM and <meta charset>; empty: sniff.
  // A name the decoder cannot read is an invalid argument (HtmlExtractor).
  std::string encoding;
  // The page's address as the caller knows it (the URL it requested), or
  // empty: the metadata's url, and what the address says the page is, when
  // the page declares none (Engine::set_known_address). Read when the
  // extractor is created (its metadata keeps a copy), so it need not outlive
  // that, and nothing is allocated for it. Default: empty.
  std::string_view url;
  // Elements nested deeper than this are flattened by the guard. Default: 256.
  std::size_t max_depth = 256;
  // A page whose delivered content has fewer characters outside links than
  // this is an overview page (seed 004's net text length); twice this where
  // the page's declared address is an overview's, never where it names a
  // story (Engine::verdict). Default: 500.
  std::size_t overview_threshold = 500;
};

struct ExtractorStats {
  std::uint64_t bytes_in = 0;       // input bytes accepted
  std::uint64_t tokens = 0;         // tag and word tokens produced
  std::uint64_t words_out = 0;      // word tokens delivered as content
  std::size_t peak_memory = 0;      // peak bytes charged to the budget
  std::size_t memory_budget = 0;
  std::size_t arena_peak = 0;       // with an arena: peak bytes of it in use, block headers included
  // What the budget had no room for and the algorithm did without: holdings
  // refused or taken back for memory the page needed (the default
  // extractor's end-of-page fallback and headline blocks), and the default
  // extractor's blocks decided before their lag was up or ended early to
  // stay within the budget. The status stays Ok, but a larger budget may
  // give other output.
  std::size_t declined = 0;
  std::string encoding;             // encoding the decoder settled on
  std::uint64_t net_text_length = 0;  // characters of content outside links
  bool overview = false;            // the page verdict (valid once finished)
};

}  // namespace winnow
