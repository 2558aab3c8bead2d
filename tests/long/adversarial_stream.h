// SPDX-License-Identifier: MIT
// Adversarial documents generated while they are fed, never stored: a head,
// a body repeated N times, a tail, cut into 64 KiB pieces. The sink keeps
// only counters, the first and last bytes of the output and a running UTF-8
// check, so a 1 GiB document costs the test no more memory than a small one.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "adapters/libxml/html_extractor.h"
#include "engine/content_sink.h"

namespace winnow::test {

// Over the budget, a run that ends in BudgetExceeded may have passed it by
// what libxml2 allocated within its last parser call (charged after the
// fact, then the adapter stops): the documented slack, as in fuzz/.
constexpr std::size_t kLibxmlSlack = 16 * 1024;

class StreamSink final : public ContentSink {
 public:
  void on_text(std::string_view text) override;
  void on_block_end() override;
  void on_span(SourceSpan span) override;

  std::uint64_t bytes = 0;   // output bytes, '\n' included
  std::uint64_t blocks = 0;
  std::uint64_t spans = 0;
  std::array<std::uint64_t, 256> byte_count{};  // how often each byte value was written
  std::string first;  // the first kKeep bytes of the output
  std::string last;   // the last kKeep bytes (kept up to date by tail())
  // Problems seen on the way (empty when none): invalid UTF-8, a block end
  // inside a character, an empty or unordered span.
  std::string problem;
  std::uint64_t last_span_end = 0;

  std::uint64_t count(char c) const { return byte_count[static_cast<unsigned char>(c)]; }
  // Call once the extraction ended: fills `last` from the ring.
  void tail();
  bool utf8_complete() const { return utf8_needed_ == 0; }

  static constexpr std::size_t kKeep = 256;

 private:
  void keep(std::string_view text);
  char ring_[kKeep] = {};  // the last kKeep bytes, circular
  std::uint64_t ring_end_ = 0;
  void check_utf8(std::string_view text);
  int utf8_needed_ = 0;
  unsigned char utf8_lower_ = 0x80;
  unsigned char utf8_upper_ = 0xBF;
};

struct Shape {
  std::string head;
  std::string body;  // repeated `repeat` times
  std::uint64_t repeat = 0;
  std::string tail;
  std::uint64_t size() const { return head.size() + body.size() * repeat + tail.size(); }
};

// Repeats body until the document is at least `bytes` long.
Shape shape_of_size(std::string head, std::string body, std::string tail, std::uint64_t bytes);

struct StreamResult {
  Status status = Status::Ok;
  ExtractorStats stats;
  StreamSink sink;
  std::uint64_t sent = 0;  // bytes fed before the extractor stopped or the document ended
  double seconds = 0;
};

// Feeds the shape in pieces of about chunk bytes; stops feeding at the first
// fatal status and then ends the document, as a caller should.
StreamResult stream(const Shape& shape, const ExtractorConfig& config, std::size_t chunk = 64 * 1024);

// "12.3 MB/s, peak 123456 B of 262144" for the test log.
std::string describe(const StreamResult& result);

// Lines of the form "adversarial <name>: ..." are printed to stdout so the
// numbers of a run can be collected from the ctest log.
void report(const std::string& name, const StreamResult& result);

}  // namespace winnow::test
