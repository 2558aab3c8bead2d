// SPDX-License-Identifier: MIT
// Harness 1: the whole pipeline on raw bytes, and its stages one by one.
//
// Input: byte 0 is the configuration, the rest is the document.
//   bits 0-3  the algorithm: algorithm_registry()[bits % size]
//   bits 4-5  max_depth: 256 (the default), 1, 3 or 32
//   bits 6-7  encoding override: none, "windows-1252", "UTF-16LE", "Shift_JIS"
//
// Checks, on every input:
//  - Decoder: output is valid UTF-8 with no NUL, and the same byte for byte
//    whether the input comes in one piece or one byte at a time;
//  - Guard (fed the decoder's output): output is valid UTF-8, comes in
//    chunks no larger than its buffer, with the same chunk boundaries and
//    bytes whether it is written in one piece or one byte at a time (what
//    libxml2 sees must not depend on chunking), and in canonical form: text
//    without a raw '<', "<!---->", "</name>", "<name attr=\"value\">";
//  - HtmlExtractor (decoder + guard + libxml2 SAX + tokenizer + token stream
//    + the algorithm): a defined status (never ParserError), all input read
//    unless the budget ended it, peak memory within the budget plus the
//    documented slack, well-formed text (valid UTF-8, one line per block) and
//    spans (inside the input, ordered, disjoint; in a document of valid
//    UTF-8 read as such, on character boundaries), a sticky status after the
//    end, and the engine's word count consistent with the text.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "adapters/libxml/byte_sink.h"
#include "adapters/libxml/decoder.h"
#include "adapters/libxml/guard.h"
#include "adapters/libxml/html_extractor.h"
#include "adapters/libxml/libxml_memory.h"
#include "engine/algorithm_registry.h"
#include "engine/memory_budget.h"
#include "fuzz_support.h"

namespace {

using namespace winnow;
using winnow::fuzz::fail;

// libxml2 charges its allocations after the fact (MemoryBudget::charge), and
// the adapter checks the budget after each parser call, so one call may
// overshoot by what libxml2 allocates while parsing one guard chunk (at most
// ~7 KiB of input): its input buffer and name/node stacks grow by doubling.
constexpr std::size_t kLibxmlSlack = 16 * 1024;

class CollectingSink final : public ByteSink {
 public:
  void write(const char* data, std::size_t size) override {
    if (size == 0) fail("a stage wrote an empty chunk");
    chunks.emplace_back(data, size);
    all.append(data, size);
  }
  std::vector<std::string> chunks;
  std::string all;
};

bool is_lower_alnum(char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'; }

// The guard's output grammar: text (no raw '<'), the split marker
// "<!---->", end tags "</name>", start tags "<name( attr=\"value\")*/?>"
// with lower-case names and values free of '"'.
void check_canonical(std::string_view out) {
  std::size_t i = 0;
  const auto bad = [&](const char* what) {
    fail(what, "at " + std::to_string(i) + ": " + fuzz::hex_prefix(out.substr(i > 16 ? i - 16 : 0), 64));
  };
  while (i < out.size()) {
    if (out[i] != '<') {
      ++i;
      continue;
    }
    if (out.substr(i, 7) == "<!---->") {
      i += 7;
      continue;
    }
    std::size_t j = i + 1;
    const bool end_tag = j < out.size() && out[j] == '/';
    if (end_tag) ++j;
    const std::size_t name_begin = j;
    while (j < out.size() && is_lower_alnum(out[j])) ++j;
    if (j == name_begin || !(out[name_begin] >= 'a' && out[name_begin] <= 'z'))
      bad("guard emitted a '<' that opens no canonical token");
    if (j - name_begin > 32) bad("guard emitted a tag name over 32 bytes");
    if (!end_tag) {
      while (j < out.size() && out[j] == ' ') {
        ++j;
        const std::size_t attr_begin = j;
        while (j < out.size() && is_lower_alnum(out[j])) ++j;
        if (j == attr_begin || j + 1 >= out.size() || out[j] != '=' || out[j + 1] != '"')
          bad("guard emitted a malformed attribute");
        const std::size_t close = out.find('"', j + 2);
        if (close == std::string_view::npos) bad("guard emitted an unterminated attribute value");
        j = close + 1;
      }
      if (j < out.size() && out[j] == '/') ++j;
    }
    if (j >= out.size() || out[j] != '>') bad("guard emitted an unfinished tag");
    i = j + 1;
  }
}

void check_stages(std::string_view input, const std::string& encoding) {
  install_libxml_allocator();
  MemoryBudget budget(std::size_t{1} << 30);
  LibxmlScope scope(budget);

  // Decoder: in one piece, then one byte at a time.
  CollectingSink whole;
  {
    Decoder decoder(budget, encoding, whole);
    if (!decoder.ok()) fail("decoder refused a 1 GiB budget");
    decoder.feed(input.data(), input.size(), true);
  }
  CollectingSink bytewise;
  {
    Decoder decoder(budget, encoding, bytewise);
    for (std::size_t i = 0; i < input.size(); ++i) decoder.feed(input.data() + i, 1, false);
    decoder.feed(nullptr, 0, true);
  }
  std::size_t bad = 0;
  if (!fuzz::valid_utf8(whole.all, &bad))
    fail("decoder output is not valid UTF-8",
         "at " + std::to_string(bad) + ": " + fuzz::hex_prefix(std::string_view(whole.all).substr(bad)));
  if (whole.all.find('\0') != std::string::npos) fail("decoder output holds a NUL byte");
  if (whole.all != bytewise.all)
    fail("decoder output depends on chunking",
         "whole " + std::to_string(whole.all.size()) + " bytes, bytewise " + std::to_string(bytewise.all.size()));

  // Guard on the decoder's output.
  const std::string& text = whole.all;
  GuardLimits limits;
  const std::size_t max_chunk = limits.flush_bytes + limits.max_text_run + 64 + 64 + 2 * limits.max_tag_bytes;
  CollectingSink guarded;
  {
    Guard guard(budget, limits, guarded);
    if (!guard.ok()) fail("guard refused a 1 GiB budget");
    guard.write(text.data(), text.size());
    guard.finish();
  }
  CollectingSink guarded_bytewise;
  {
    Guard guard(budget, limits, guarded_bytewise);
    for (std::size_t i = 0; i < text.size(); ++i) guard.write(text.data() + i, 1);
    guard.finish();
  }
  if (guarded.chunks != guarded_bytewise.chunks)
    fail("guard chunks depend on how it was written to",
         std::to_string(guarded.chunks.size()) + " vs " + std::to_string(guarded_bytewise.chunks.size()) + " chunks");
  for (const std::string& chunk : guarded.chunks)
    if (chunk.size() > max_chunk) fail("guard chunk larger than its buffer", std::to_string(chunk.size()));
  const std::string& out = guarded.all;
  if (!fuzz::valid_utf8(out, &bad))
    fail("guard output is not valid UTF-8",
         "at " + std::to_string(bad) + ": " + fuzz::hex_prefix(std::string_view(out).substr(bad)));
  check_canonical(out);
}

// In a document of valid UTF-8 without NUL, read as UTF-8, every text the
// parser reports is its input byte for byte, so spans begin and end where
// characters do: never on a continuation byte, where a word's offsets
// interpolated over a stretch of unequal length would land (a long text
// handed over by libxml2 in pieces did, before the adapter counted the
// character under its cursor). Where the decoder replaced bytes (U+FFFD for
// an ill-formed sequence or a NUL) a text is longer than its input and the
// offsets in it are interpolated, as the README says.
bool replaces_nothing(std::string_view input) {
  return input.find('\0') == std::string_view::npos && fuzz::valid_utf8(input);
}

void check_spans_on_characters(const std::vector<SourceSpan>& spans, std::string_view input) {
  const auto inside = [&](std::uint64_t at) {
    return at < input.size() && (static_cast<unsigned char>(input[at]) & 0xC0) == 0x80;
  };
  for (const SourceSpan& span : spans)
    if (inside(span.begin) || inside(span.end))
      fail("a span begins or ends inside a character",
           std::to_string(span.begin) + ".." + std::to_string(span.end) + ": " +
               fuzz::hex_prefix(input.substr(span.begin > 4 ? span.begin - 4 : 0), 16));
}

void check_extractor(std::string_view input, const ExtractorConfig& config) {
  fuzz::RecordingSink sink;
  HtmlExtractor extractor(config, sink);
  if (extractor.status() != Status::Ok) fail("extractor refused the default budget", status_string(extractor.status()));
  // Fixed 4 KiB pieces, as extract_html() feeds (fuzz_chunking varies them).
  constexpr std::size_t kChunk = 4096;
  Status status = Status::Ok;
  std::size_t at = 0;
  bool ended = false;
  while (!ended) {
    const std::size_t n = std::min(kChunk, input.size() - at);
    const bool last = at + n == input.size();
    status = extractor.feed(input.data() + at, n, last);
    fuzz::check_feed_status(status);
    at += n;
    if (last) ended = true;
    else if (is_fatal(status)) {
      status = extractor.feed(nullptr, 0, true);
      ended = true;
    }
  }
  fuzz::check_feed_status(status);
  if (extractor.status() != status) fail("status() disagrees with feed()");
  const ExtractorStats& stats = extractor.stats();
  if (status != Status::BudgetExceeded && stats.bytes_in != input.size())
    fail("input not read to the end", std::to_string(stats.bytes_in) + " of " + std::to_string(input.size()));
  if (stats.memory_budget != config.memory_budget) fail("stats report another budget");
  if (stats.peak_memory > config.memory_budget + kLibxmlSlack)
    fail("peak memory above the budget plus slack",
         std::to_string(stats.peak_memory) + " > " + std::to_string(config.memory_budget) + " + " +
             std::to_string(kLibxmlSlack));
  if (status != Status::BudgetExceeded && stats.peak_memory > config.memory_budget)
    fail("peak memory above the budget without BudgetExceeded", std::to_string(stats.peak_memory));
  if (stats.encoding.empty()) fail("no encoding reported at the end");
  if (sink.line_open()) fail("the last block was not ended");
  fuzz::check_text(sink.text());
  if (!sink.metadata_valid_utf8()) fail("metadata is not valid UTF-8");
  fuzz::check_spans(sink.spans(), input.size());
  if (config.encoding.empty() && stats.encoding == "UTF-8" && replaces_nothing(input))
    check_spans_on_characters(sink.spans(), input);

  // Words: each space-separated piece of the text is one word or several
  // glued ones, so there are at most words_out pieces.
  std::uint64_t pieces = 0;
  bool in_piece = false;
  for (char c : sink.text()) {
    const bool separator = c == ' ' || c == '\n' || c == fuzz::kLineBreakInText;
    if (!separator && !in_piece) ++pieces;
    in_piece = !separator;
  }
  if (pieces > stats.words_out)
    fail("more words in the text than the engine wrote",
         std::to_string(pieces) + " > " + std::to_string(stats.words_out));
  if ((stats.words_out == 0) != sink.text().empty()) fail("words_out and the text disagree on emptiness");
  if (stats.words_out > stats.tokens) fail("more words out than tokens");
  if (sink.spans().empty() != sink.text().empty()) fail("text without spans or spans without text");

  // Sticky after the end; nothing more is written.
  const std::string before = sink.text();
  const Status again = extractor.feed("<p>more</p>", 11, true);
  const Status expected = status == Status::Ok ? Status::AlreadyFinished : status;
  if (again != expected)
    fail("feed() after the end", std::string(status_string(again)) + " instead of " + status_string(expected));
  if (sink.text() != before) fail("feed() after the end wrote content");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::uint8_t control = data[0];
  const std::string_view input(reinterpret_cast<const char*>(data) + 1, size - 1);

  const auto& registry = winnow::algorithm_registry();
  winnow::ExtractorConfig config;
  config.algorithm = std::string(registry[(control & 0x0F) % registry.size()].name);
  static constexpr std::size_t kDepths[] = {256, 1, 3, 32};
  config.max_depth = kDepths[(control >> 4) & 3];
  static const char* const kEncodings[] = {"", "windows-1252", "UTF-16LE", "Shift_JIS"};
  config.encoding = kEncodings[(control >> 6) & 3];

  winnow::fuzz::context() = config.algorithm + ", max_depth " + std::to_string(config.max_depth) + ", encoding '" +
                            config.encoding + "'";
  check_stages(input, config.encoding);
  check_extractor(input, config);
  return 0;
}
