// SPDX-License-Identifier: MIT
// Harness 3: chunk-split differential. The same document fed in one piece
// and in pieces cut where the input says must give the same text, the same
// spans, the same status and the same token and word counts; abort() if not.
//
// Input (read from the end with FuzzedDataProvider, so a plain HTML file is
// still mostly document): the last byte picks the algorithm and the number
// of split bytes k (0..15); the k bytes before it are the piece sizes, used
// in turn until the document ends:
//   byte < 0xF0: 1 + byte bytes (1..240)
//   byte >= 0xF0: (byte - 0xEF) KiB (1..16 KiB)
// Everything before them is the document. Nothing here is random.
#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "adapters/libxml/html_extractor.h"
#include "engine/algorithm_registry.h"
#include "engine/page_title.h"
#include "fuzz_support.h"

namespace {

using namespace winnow;
using winnow::fuzz::fail;

struct Run {
  std::string text;
  std::string shapes;  // fuzz::RecordingSink::shapes()
  std::vector<SourceSpan> spans;
  Status status = Status::Ok;
  ExtractorStats stats;
  bool titled = false;  // HtmlExtractor::title() not null at the end
  std::string title;
  std::string metadata;  // fuzz::RecordingSink::metadata()
  int metadata_calls = 0;
  std::string metadata_at_end;  // fuzz::describe() of HtmlExtractor::metadata(), if not null
};

Run run(std::string_view html, const ExtractorConfig& config, const std::vector<std::size_t>& sizes) {
  fuzz::RecordingSink sink;
  Run result;
  {
    HtmlExtractor extractor(config, sink);
    std::size_t at = 0;
    std::size_t k = 0;
    for (;;) {
      const std::size_t want = sizes.empty() ? html.size() : sizes[k++ % sizes.size()];
      const std::size_t n = std::min(want, html.size() - at);
      const bool last = at + n == html.size();
      result.status = extractor.feed(html.data() + at, n, last);
      at += n;
      if (last) break;
      if (is_fatal(result.status)) {
        result.status = extractor.feed(nullptr, 0, true);
        break;
      }
    }
    result.stats = extractor.stats();
    result.titled = extractor.title() != nullptr;
    if (result.titled) result.title = extractor.title();
    if (extractor.metadata() != nullptr) result.metadata_at_end = fuzz::describe(*extractor.metadata());
  }
  result.metadata = sink.metadata();
  result.metadata_calls = sink.metadata_calls();
  result.text = sink.text();
  result.shapes = sink.shapes();
  result.spans = sink.spans();
  return result;
}

std::string describe(const std::vector<SourceSpan>& spans) {
  std::string out;
  for (const SourceSpan& s : spans) out += std::to_string(s.begin) + "-" + std::to_string(s.end) + " ";
  return out;
}

std::string first_difference(const std::string& a, const std::string& b) {
  std::size_t i = 0;
  while (i < a.size() && i < b.size() && a[i] == b[i]) ++i;
  const auto around = [&](const std::string& s) {
    const std::size_t from = i > 20 ? i - 20 : 0;
    return "\"" + s.substr(from, 60) + "\"";
  };
  return "at byte " + std::to_string(i) + ": whole " + around(a) + " vs pieces " + around(b);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider provider(data, size);
  const std::uint8_t control = provider.ConsumeIntegral<std::uint8_t>();
  const auto& registry = algorithm_registry();
  ExtractorConfig config;
  config.algorithm = std::string(registry[(control >> 4) % registry.size()].name);
  std::vector<std::size_t> sizes;
  for (unsigned i = 0; i < (control & 15u) && provider.remaining_bytes() > 0; ++i) {
    const std::uint8_t b = provider.ConsumeIntegral<std::uint8_t>();
    sizes.push_back(b < 0xF0 ? 1u + b : static_cast<std::size_t>(b - 0xEF) * 1024);
  }
  if (sizes.empty()) sizes.push_back(1);  // byte at a time
  const std::string html = provider.ConsumeRemainingBytesAsString();

  winnow::fuzz::context() = config.algorithm;
  const Run whole = run(html, config, {});
  const Run pieces = run(html, config, sizes);
  std::string pattern;
  for (std::size_t s : sizes) pattern += std::to_string(s) + " ";
  const std::string where = config.algorithm + ", pieces " + pattern;

  if (whole.text != pieces.text) fail("text depends on chunking", where + "\n" + first_difference(whole.text, pieces.text));
  if (whole.shapes != pieces.shapes) fail("block shapes depend on chunking", where);
  if (whole.spans.size() != pieces.spans.size() ||
      !std::equal(whole.spans.begin(), whole.spans.end(), pieces.spans.begin(),
                  [](const SourceSpan& x, const SourceSpan& y) { return x.begin == y.begin && x.end == y.end; }))
    fail("spans depend on chunking", where + "\nwhole:  " + describe(whole.spans) + "\npieces: " + describe(pieces.spans));
  if (whole.status != pieces.status)
    fail("status depends on chunking",
         where + ": " + status_string(whole.status) + " vs " + status_string(pieces.status));
  if (whole.stats.tokens != pieces.stats.tokens)
    fail("token count depends on chunking",
         where + ": " + std::to_string(whole.stats.tokens) + " vs " + std::to_string(pieces.stats.tokens));
  if (whole.stats.words_out != pieces.stats.words_out) fail("word count depends on chunking", where);
  if (whole.stats.encoding != pieces.stats.encoding)
    fail("encoding depends on chunking", where + ": " + whole.stats.encoding + " vs " + pieces.stats.encoding);
  if (whole.titled != pieces.titled || whole.title != pieces.title)
    fail("title depends on chunking", where + ": '" + whole.title + "' vs '" + pieces.title + "'");
  if (whole.metadata != pieces.metadata) fail("metadata depends on chunking", where);
  const bool started = whole.status != Status::BudgetTooSmall && whole.status != Status::InvalidArgument;
  if (started && whole.metadata_calls != 1) fail("metadata not delivered exactly once", where);
  if (whole.metadata_at_end != whole.metadata) fail("the metadata getter differs from what the sink got", where);
  if (!fuzz::valid_utf8(whole.metadata)) fail("metadata is not valid UTF-8", where);
  // Known at the end of every extraction that started; a character
  // boundary within PageTitle::kBytes, no whitespace at its ends.
  if (whole.status != Status::BudgetTooSmall && whole.status != Status::InvalidArgument && !whole.titled)
    fail("no title at the end", where);
  if (whole.title.size() > PageTitle::kBytes) fail("title longer than its bound", where);
  if (!fuzz::valid_utf8(whole.title)) fail("title is not valid UTF-8", where);
  if (!whole.title.empty() && (whole.title.front() == ' ' || whole.title.back() == ' '))
    fail("title not trimmed", where + ": '" + whole.title + "'");
  return 0;
}
