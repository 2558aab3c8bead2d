// SPDX-License-Identifier: MIT
#include "engine/content_writer.h"

#include "engine/utf8.h"

namespace winnow {

static_assert(kBlockListNestingShift == ContentWriter::kLowShapeBits && kBlockShapeBits - ContentWriter::kLowShapeBits <= 4,
              "a marker's lead holds the shape's bits above the five its second byte holds");

std::string_view ContentWriter::block_marker(const BlockShape& shape) {
  // Every marker, built at compile time: 16 high bits' values times 7
  // heading levels times 32 low shapes.
  constexpr int kHigh = 1 << (kBlockShapeBits - kLowShapeBits);
  constexpr int kLow = 1 << kLowShapeBits;
  struct Table {
    char bytes[kHigh * 7 * kLow * kBlockMarkerBytes] = {};
    constexpr Table() {
      for (int high = 0; high < kHigh; ++high) {
        for (int level = 0; level < 7; ++level) {
          for (int low = 0; low < kLow; ++low) {
            char* m = bytes + ((high * 7 + level) * kLow + low) * kBlockMarkerBytes;
            m[0] = marker_lead(high);
            m[1] = static_cast<char>(0x20 + level * kLow + low);
          }
        }
      }
    }
  };
  static constexpr Table table;
  if (shape.plain()) return {};
  const int level = shape.heading_level < 0 || shape.heading_level > 6 ? 0 : shape.heading_level;
  const std::uint16_t packed = shape.packed_shape();
  const int index = ((packed >> kLowShapeBits) * 7 + level) * kLow + (packed & (kLow - 1));
  return std::string_view(table.bytes + index * kBlockMarkerBytes, kBlockMarkerBytes);
}

std::string_view ContentWriter::line_start(const Token& word, bool with_breaks) {
  static constexpr char kStarts[] =
      "\x03\x03"
      "                                                                ";
  static_assert(sizeof kStarts - 1 == 2 + kMaxLineIndent, "two breaks and the widest indentation");
  const std::size_t breaks = with_breaks ? (word.after_blank_line() ? 2 : 1) : 0;
  return std::string_view(kStarts + 2 - breaks, breaks + word.line_indent());
}

void ContentWriter::write_word(const Token& word, std::string_view text) {
  const bool continues_span = span_open_ && word.word_index == last_word_index_ + 1;
  if (line_open_ && word.block != block_) {
    sink_->on_block_end();
    line_open_ = false;
  }
  // The run before this word is complete: its span goes out before this
  // word's text, after the block it ended in (a sink writing one line per
  // block, as JSON, then never finds a span between a block's first word and
  // its end unless the run broke inside the block).
  if (span_open_ && !continues_span) emit_span();
  if (!line_open_) sink_->on_block_start(word.shape());
  if (line_open_ && word.has(kTokenLineBreak)) {
    sink_->on_line_break();
    if (word.after_blank_line()) sink_->on_line_break();
    const std::string_view indent = line_start(word, false);
    if (!indent.empty()) sink_->on_text(indent);
  } else if (line_open_ && !word.has(kTokenGlued)) {
    sink_->on_text(" ");
  }
  sink_->on_text(text);
  line_open_ = true;
  block_ = word.block;
  ++words_written_;
  if (!word.has(kTokenInAnchor)) net_text_length_ += utf8_characters(text) + (word.has(kTokenGlued) ? 0 : 1);

  if (continues_span) {
    if (word.source_end > span_.end) span_.end = word.source_end;
  } else {
    span_ = SourceSpan{word.source_begin, word.source_end};
    span_open_ = true;
  }
  last_word_index_ = word.word_index;
}

void ContentWriter::emit_span() {
  report_span(span_);
  span_open_ = false;
}

// Sinks are promised spans that are non-empty, in order and apart. Words'
// offsets are exact but where they were interpolated: where the decoder's
// offset map ran out of checkpoints (adapters/libxml/offset_map.h: a page in
// a legacy encoding, non-ASCII text far ahead of the parser) a text's source
// is narrower than the text, so a short word's two ends can fall on one byte
// (fuzz_capi finding 0f871a90) and one word's end, rounded up, can pass the
// next one's begin (93ba804e: textsweeper's spans overlapped by a byte). A
// span starts no earlier than the last one ended, and what is left empty is
// not reported. Done here, once per span, rather than per word in the
// tokenizer.
void ContentWriter::report_span(SourceSpan span) {
  if (span.begin < reported_end_) span.begin = reported_end_;
  if (span.end <= span.begin) return;
  sink_->on_span(span);
  reported_end_ = span.end;
}

void ContentWriter::write_rendered(std::string_view rendered, SourceSpan span, std::uint64_t words,
                                   std::uint64_t net_text_length) {
  finish();
  words_written_ += words;
  net_text_length_ += net_text_length;
  while (!rendered.empty()) {
    const std::size_t newline = rendered.find('\n');
    std::string_view line = rendered.substr(0, newline);
    BlockShape shape;
    if (line.size() >= kBlockMarkerBytes && marker_high_bits(line[0]) >= 0) {
      const unsigned code = static_cast<unsigned char>(line[1]) - 0x20u;
      const unsigned high = static_cast<unsigned>(marker_high_bits(line[0]));
      shape = BlockShape::unpack(static_cast<std::uint8_t>(code / 32),
                                 static_cast<std::uint16_t>(code % 32 | high << kLowShapeBits));
      line.remove_prefix(kBlockMarkerBytes);
    }
    if (!line.empty()) {
      sink_->on_block_start(shape);
      write_line(line);
      sink_->on_block_end();
    }
    if (newline == std::string_view::npos) break;
    rendered.remove_prefix(newline + 1);
  }
  report_span(span);
}

void ContentWriter::write_line(std::string_view line) {
  for (;;) {
    const std::size_t marker = line.find(kLineBreakMarker);
    const std::string_view piece = line.substr(0, marker);
    if (!piece.empty()) sink_->on_text(piece);
    if (marker == std::string_view::npos) return;
    sink_->on_line_break();
    line.remove_prefix(marker + 1);
  }
}

void ContentWriter::decide_block(SourceSpan span, bool kept, float score) {
  finish();
  sink_->on_block_decision(span, kept, score);
}

void ContentWriter::finish() {
  if (line_open_) sink_->on_block_end();
  if (span_open_) emit_span();
  line_open_ = false;
}

}  // namespace winnow
