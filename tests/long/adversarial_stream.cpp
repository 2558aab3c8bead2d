// SPDX-License-Identifier: MIT
#include "adversarial_stream.h"

#include <algorithm>
#include <chrono>
#include <cstdio>

namespace winnow::test {

void StreamSink::keep(std::string_view text) {
  if (first.size() < kKeep) first.append(text.substr(0, kKeep - first.size()));
  if (text.size() > kKeep) text.remove_prefix(text.size() - kKeep);
  for (char c : text) ring_[ring_end_++ % kKeep] = c;
}

void StreamSink::tail() {
  const std::uint64_t n = ring_end_ < kKeep ? ring_end_ : kKeep;
  last.clear();
  for (std::uint64_t i = ring_end_ - n; i < ring_end_; ++i) last.push_back(ring_[i % kKeep]);
}

void StreamSink::check_utf8(std::string_view text) {
  for (char ch : text) {
    const auto b = static_cast<unsigned char>(ch);
    if (utf8_needed_ > 0) {
      if (b < utf8_lower_ || b > utf8_upper_) {
        if (problem.empty()) problem = "invalid UTF-8 at output byte " + std::to_string(bytes);
        utf8_needed_ = 0;
        continue;
      }
      utf8_lower_ = 0x80;
      utf8_upper_ = 0xBF;
      --utf8_needed_;
      continue;
    }
    if (b < 0x80) continue;
    if (b >= 0xC2 && b <= 0xDF) utf8_needed_ = 1;
    else if (b >= 0xE0 && b <= 0xEF) {
      utf8_needed_ = 2;
      if (b == 0xE0) utf8_lower_ = 0xA0;
      if (b == 0xED) utf8_upper_ = 0x9F;
    } else if (b >= 0xF0 && b <= 0xF4) {
      utf8_needed_ = 3;
      if (b == 0xF0) utf8_lower_ = 0x90;
      if (b == 0xF4) utf8_upper_ = 0x8F;
    } else if (problem.empty()) {
      problem = "invalid UTF-8 lead byte at output byte " + std::to_string(bytes);
    }
  }
}

void StreamSink::on_text(std::string_view text) {
  check_utf8(text);
  for (char c : text) ++byte_count[static_cast<unsigned char>(c)];
  bytes += text.size();
  keep(text);
}

void StreamSink::on_block_end() {
  if (utf8_needed_ != 0 && problem.empty()) problem = "block ends inside a UTF-8 character";
  ++byte_count['\n'];
  ++bytes;
  ++blocks;
  keep("\n");
}

void StreamSink::on_span(SourceSpan span) {
  if (problem.empty() && (span.begin >= span.end || span.begin < last_span_end))
    problem = "empty or unordered span " + std::to_string(span.begin) + "-" + std::to_string(span.end) +
              " after " + std::to_string(last_span_end);
  last_span_end = span.end;
  ++spans;
}

Shape shape_of_size(std::string head, std::string body, std::string tail, std::uint64_t bytes) {
  Shape shape{std::move(head), std::move(body), 0, std::move(tail)};
  const std::uint64_t fixed = shape.head.size() + shape.tail.size();
  shape.repeat = bytes > fixed ? (bytes - fixed + shape.body.size() - 1) / shape.body.size() : 0;
  return shape;
}

StreamResult stream(const Shape& shape, const ExtractorConfig& config, std::size_t chunk) {
  StreamResult result;
  const auto start = std::chrono::steady_clock::now();
  HtmlExtractor extractor(config, result.sink);
  result.status = extractor.status();
  const std::uint64_t per_chunk = std::max<std::uint64_t>(1, chunk / std::max<std::size_t>(shape.body.size(), 1));
  std::string bodies;
  for (std::uint64_t i = 0; i < per_chunk && i < shape.repeat; ++i) bodies += shape.body;

  bool stopped = is_fatal(result.status);
  const auto feed = [&](const char* data, std::size_t size) {
    if (stopped) return;
    result.status = extractor.feed(data, size, false);
    result.sent += size;
    stopped = is_fatal(result.status);
  };
  feed(shape.head.data(), shape.head.size());
  std::uint64_t left = shape.repeat;
  while (left > 0 && !stopped) {
    const std::uint64_t n = std::min<std::uint64_t>(left, per_chunk);
    feed(bodies.data(), static_cast<std::size_t>(n * shape.body.size()));
    left -= n;
  }
  if (!stopped) {
    result.status = extractor.feed(shape.tail.data(), shape.tail.size(), true);
    result.sent += shape.tail.size();
  } else if (result.status != Status::BudgetTooSmall && result.status != Status::InvalidArgument) {
    extractor.feed(nullptr, 0, true);  // delivers everything decided so far; the status stays
  }
  result.stats = extractor.stats();
  result.sink.tail();
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

std::string describe(const StreamResult& r) {
  char line[256];
  std::snprintf(line, sizeof(line), "%s, %.1f MB in %.2f s (%.1f MB/s), peak %zu B of %zu, output %llu B",
                status_string(r.status), static_cast<double>(r.sent) / 1e6, r.seconds,
                r.seconds > 0 ? static_cast<double>(r.sent) / 1e6 / r.seconds : 0.0, r.stats.peak_memory,
                r.stats.memory_budget, static_cast<unsigned long long>(r.sink.bytes));
  return line;
}

void report(const std::string& name, const StreamResult& result) {
  std::printf("adversarial %s: %s\n", name.c_str(), describe(result).c_str());
  std::fflush(stdout);
}

}  // namespace winnow::test
