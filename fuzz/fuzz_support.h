// SPDX-License-Identifier: MIT
// Shared by the libFuzzer harnesses: a recording sink, the invariants every
// extraction must keep whatever the input, and a loud failure that libFuzzer
// records as a crash (abort() after a message on stderr).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "engine/content_sink.h"
#include "engine/page_metadata.h"
#include "engine/status.h"

namespace winnow::fuzz {

// What the harness is running (algorithm, mode, budget), printed by fail().
inline std::string& context() {
  static std::string text;
  return text;
}

[[noreturn]] inline void fail(const char* what, const std::string& detail = {}) {
  std::fprintf(stderr, "\nwinnow fuzz invariant broken: %s\n%s\ncontext: %s\n", what, detail.c_str(),
               context().c_str());
  std::fflush(stderr);
  std::abort();
}

#define WINNOW_FUZZ_CHECK(condition, detail)                            \
  do {                                                                  \
    if (!(condition)) ::winnow::fuzz::fail(#condition, (detail));      \
  } while (0)

// How the harnesses' sinks record a line break inside a block (preformatted
// text), so that check_text() can tell it from the end of a block.
constexpr char kLineBreakInText = '\x03';

// Every field of a page's metadata, each followed by '\x1f': what the
// harnesses compare.
inline std::string describe(const PageMetadata& metadata) {
  std::string out;
  for (std::size_t i = 0; i < PageMetadata::kFieldCount; ++i) {
    out += metadata.get(static_cast<MetadataField>(i));
    out += '\x1f';
  }
  return out;
}

inline bool valid_utf8(std::string_view s, std::size_t* bad_at = nullptr);

// A settled page's metadata: each field within its capacity, NUL-terminated
// where it ends, whitespace collapsed to single spaces and trimmed. Whether
// it is valid UTF-8 is the caller's to check (metadata_valid_utf8()): it is
// whenever the engine's input was, which fuzz_algorithms' raw events are not.
inline void check_metadata(const PageMetadata& metadata) {
  if (!metadata.settled()) fail("metadata delivered before it was settled");
  for (std::size_t i = 0; i < PageMetadata::kFieldCount; ++i) {
    const auto field = static_cast<MetadataField>(i);
    const std::string_view value = metadata.get(field);
    const std::string name(metadata_field_name(field));
    if (value.size() > PageMetadata::capacity(field)) fail("metadata field over its capacity", name);
    if (metadata.c_str(field)[value.size()] != '\0') fail("metadata field not NUL-terminated", name);
    if (!value.empty() && (value.front() == ' ' || value.back() == ' ')) fail("metadata field not trimmed", name);
    if (value.find("  ") != std::string_view::npos || value.find_first_of("\t\n\r\f") != std::string_view::npos)
      fail("metadata field whitespace not collapsed", name);
  }
}

class RecordingSink final : public ContentSink {
 public:
  void on_metadata(const PageMetadata& metadata) override {
    // Once, before anything else.
    if (metadata_calls_++ > 0) fail("on_metadata called twice");
    if (!text_.empty() || !shapes_.empty() || !spans_.empty()) fail("on_metadata after content");
    check_metadata(metadata);
    metadata_ = describe(metadata);
    metadata_valid_utf8_ = valid_utf8(metadata_);
  }
  void on_text(std::string_view text) override {
    if (text.empty()) fail("on_text with empty text");
    text_.append(text.data(), text.size());
    line_open_ = true;
  }
  void on_block_end() override {
    // The writer never ends an empty line.
    if (!line_open_) fail("on_block_end without text in the block");
    text_.push_back('\n');
    line_open_ = false;
  }
  void on_line_break() override {
    // The writer breaks a line only between words of a block.
    if (!line_open_) fail("on_line_break before any text in the block");
    text_.push_back(kLineBreakInText);
  }
  void on_block_start(const BlockShape& shape) override {
    // Once per block, before its text.
    if (line_open_) fail("on_block_start inside a block");
    if (shape.heading_level < 0 || shape.heading_level > 6) fail("heading level out of 0..6");
    shapes_.push_back(static_cast<char>(shape.heading_level));
    shapes_.push_back(static_cast<char>(shape.packed_shape() & 0xFF));
    shapes_.push_back(static_cast<char>(shape.packed_shape() >> 8));
  }
  void on_span(SourceSpan span) override { spans_.push_back(span); }

  const std::string& text() const { return text_; }
  const std::string& metadata() const { return metadata_; }  // describe() of on_metadata()'s
  int metadata_calls() const { return metadata_calls_; }
  bool metadata_valid_utf8() const { return metadata_valid_utf8_; }
  // Three bytes per block: its heading level and its packed shape's two bytes.
  const std::string& shapes() const { return shapes_; }
  const std::vector<SourceSpan>& spans() const { return spans_; }
  bool line_open() const { return line_open_; }

 private:
  std::string text_;
  std::string shapes_;
  std::vector<SourceSpan> spans_;
  bool line_open_ = false;
  std::string metadata_;
  int metadata_calls_ = 0;
  bool metadata_valid_utf8_ = true;
};

// Strict UTF-8 (no overlongs, no surrogates, nothing past U+10FFFF).
inline bool valid_utf8(std::string_view s, std::size_t* bad_at) {
  std::size_t i = 0;
  while (i < s.size()) {
    const auto b = static_cast<unsigned char>(s[i]);
    std::size_t n = 0;
    unsigned char lo = 0x80, hi = 0xBF;
    if (b < 0x80) n = 0;
    else if (b >= 0xC2 && b <= 0xDF) n = 1;
    else if (b == 0xE0) n = 2, lo = 0xA0;
    else if (b >= 0xE1 && b <= 0xEC) n = 2;
    else if (b == 0xED) n = 2, hi = 0x9F;
    else if (b >= 0xEE && b <= 0xEF) n = 2;
    else if (b == 0xF0) n = 3, lo = 0x90;
    else if (b >= 0xF1 && b <= 0xF3) n = 3;
    else if (b == 0xF4) n = 3, hi = 0x8F;
    else {
      if (bad_at) *bad_at = i;
      return false;
    }
    if (n > 0 && i + n >= s.size()) {  // truncated sequence
      if (bad_at) *bad_at = i;
      return false;
    }
    for (std::size_t k = 1; k <= n; ++k) {
      const auto c = static_cast<unsigned char>(s[i + k]);
      if (c < (k == 1 ? lo : 0x80) || c > (k == 1 ? hi : 0xBF)) {
        if (bad_at) *bad_at = i;
        return false;
      }
    }
    i += n + 1;
  }
  return true;
}

inline std::string hex_prefix(std::string_view s, std::size_t limit = 64) {
  static const char digits[] = "0123456789abcdef";
  std::string out;
  for (std::size_t i = 0; i < s.size() && i < limit; ++i) {
    const auto b = static_cast<unsigned char>(s[i]);
    out += digits[b >> 4];
    out += digits[b & 15];
    out += ' ';
  }
  return out;
}

// The output of any extraction: valid UTF-8 lines, no empty line, no
// control characters but '\n' (the decoder turns C0 controls into spaces and
// the tokenizer splits words at whitespace), no ' ' at a line's edges, no
// doubled ' '.
// Blocks end in '\n'; inside a block, words are separated by one space or,
// in preformatted text, by one or two line breaks (kLineBreakInText) and the
// next line's indentation.
inline void check_text(const std::string& text) {
  std::size_t bad = 0;
  if (!valid_utf8(text, &bad)) fail("output is not valid UTF-8", "at byte " + std::to_string(bad) + ": " + hex_prefix(std::string_view(text).substr(bad)));
  if (!text.empty() && text.back() != '\n') fail("output does not end with a line end");
  std::size_t line_begin = 0;
  std::size_t breaks = 0;     // line breaks just before this byte
  bool indentation = false;   // after a line break, before the line's first word
  const auto where = [&](std::size_t i) {
    return "at byte " + std::to_string(i) + ": '" +
           text.substr(line_begin, std::min<std::size_t>(i + 20, text.size()) - line_begin) + "'";
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c == '\n') {
      if (i == line_begin) fail("empty output line", "at byte " + std::to_string(i));
      if (text[i - 1] == ' ')
        fail("output line ends with a space",
             "at byte " + std::to_string(i) + ": '" + text.substr(line_begin, i - line_begin) + "'");
      if (indentation) fail("a block ends with a line break", where(i));
      line_begin = i + 1;
    } else if (c == static_cast<unsigned char>(kLineBreakInText)) {
      if (i == line_begin || text[i - 1] == ' ') fail("a line break not between words", where(i));
      if (++breaks > 2) fail("more than one empty line", where(i));
      indentation = true;
      continue;
    } else if (c < 0x20) {
      fail("control character in the output", "byte " + std::to_string(c) + " at " + std::to_string(i));
    } else if (c == ' ' && !indentation && (i == line_begin || text[i - 1] == ' ')) {
      fail("leading or doubled space in the output", where(i));
    }
    if (c != ' ') indentation = false;
    breaks = 0;
  }
}

// Spans: non-empty, inside the input, in document order, not overlapping.
inline void check_spans(const std::vector<SourceSpan>& spans, std::uint64_t input_size) {
  std::uint64_t previous_end = 0;
  for (std::size_t i = 0; i < spans.size(); ++i) {
    const SourceSpan& s = spans[i];
    const std::string where = "span " + std::to_string(i) + " = [" + std::to_string(s.begin) + ", " +
                              std::to_string(s.end) + "), input " + std::to_string(input_size) +
                              ", previous end " + std::to_string(previous_end);
    if (s.begin >= s.end) fail("empty or reversed span", where);
    if (s.end > input_size) fail("span past the end of the input", where);
    if (s.begin < previous_end) fail("spans out of order or overlapping", where);
    previous_end = s.end;
  }
}

// What feed() may return to a caller that feeds a document once, in order,
// and ends it with is_final: never InvalidArgument, AlreadyFinished, and
// never ParserError (the guard must keep libxml2 from failing).
inline void check_feed_status(Status status) {
  switch (status) {
    case Status::Ok:
    case Status::BudgetExceeded:
    case Status::NestingFlattened:
      return;
    default:
      fail("unexpected status from feed()", status_string(status));
  }
}

}  // namespace winnow::fuzz
