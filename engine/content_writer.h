// SPDX-License-Identifier: MIT
// Renders the words an algorithm decided to keep into the sink: words of one
// block joined by single spaces (none before a glued word; a line break and
// the indentation in preformatted text), one line per block, and the source
// spans of maximal runs of consecutive kept words.
#pragma once

#include <cstdint>
#include <string_view>

#include "engine/content_sink.h"
#include "engine/letter_case.h"
#include "engine/token.h"

namespace winnow {

class ContentWriter {
 public:
  explicit ContentWriter(ContentSink& sink) : sink_(&sink) {}

  void write_word(const Token& word, std::string_view text);
  // Writes text already rendered by another ContentWriter into a buffer
  // (lines separated by '\n', each line that starts a block other than a
  // plain paragraph marked as that writer's sink saw it with block_marker(),
  // line breaks inside a block as kLineBreakMarker), followed by its spans'
  // union as one span.
  void write_rendered(std::string_view rendered, SourceSpan span, std::uint64_t words,
                      std::uint64_t net_text_length);
  // Two bytes that start a rendered line whose block is a heading, an item,
  // a quote or preformatted (empty for a plain paragraph): a control
  // character for the shape's four high bits, its list and quote nesting and
  // whether it starts a list or a row (U+0001 for none, U+0011 to U+001F for
  // 1 to 15), then 0x20 + 32 * heading
  // level + the shape's five low bits (engine/block_shape.h), a byte from
  // 0x20 to 0xFF, so never the '\n' that ends the line. Control characters
  // cannot occur in content (the tokenizer takes them for spaces). Two bytes,
  // as the heading marker was before blocks had shapes: what an algorithm
  // holds of a heading costs the budget no more.
  static std::string_view block_marker(const BlockShape& shape);
  static constexpr std::size_t kBlockMarkerBytes = 2;
  static constexpr int kLowShapeBits = 5;
  static constexpr char marker_lead(int high_bits) {
    return high_bits == 0 ? '\x01' : static_cast<char>(0x10 + high_bits);
  }
  // The shape's high bits a marker's first byte stands for, or -1 if it
  // starts no marker.
  static constexpr int marker_high_bits(char lead) {
    if (lead == '\x01') return 0;
    return lead > '\x10' && lead < '\x20' ? lead - 0x10 : -1;
  }
  // A line break inside a block in rendered text ('\n' ends the block
  // there); U+0003 cannot occur in content either.
  static constexpr char kLineBreakMarker = '\x03';
  // What goes before a word in one block's rendered text, as write_word
  // renders it: the block's marker before its first word, a line break
  // marker (two for an empty line) and the indentation before a later word
  // that starts a preformatted line, a space before a later word not glued to
  // the one before it, else nothing.
  static std::string_view rendered_prefix(const Token& word, bool first_in_block) {
    if (first_in_block) return block_marker(word.shape());
    if (word.has(kTokenLineBreak)) return line_start(word, true);
    return word.has(kTokenGlued) ? std::string_view() : std::string_view(" ");
  }
  // Rendered text the budget cut may end with what goes before a word whose
  // word did not fit: its space, or its line break marker and indentation
  // (a line break with nothing after it would end the block with an empty
  // line). Returns the text without it.
  static std::string_view without_cut_prefix(std::string_view rendered) {
    while (!rendered.empty() && (rendered.back() == ' ' || rendered.back() == kLineBreakMarker))
      rendered.remove_suffix(1);
    return rendered;
  }
  // A block's rendered line without its marker, if it has one.
  static std::string_view without_block_marker(std::string_view line) {
    return line.size() >= kBlockMarkerBytes && marker_high_bits(line[0]) >= 0 ? line.substr(kBlockMarkerBytes) : line;
  }
  // A block's rendered line from its first word: without its marker, and
  // without leading HTML whitespace and line break markers.
  static std::string_view opening_text(std::string_view line) {
    line = without_block_marker(line);
    while (!line.empty() && (is_html_space(line.front()) || line.front() == kLineBreakMarker)) line.remove_prefix(1);
    return line;
  }
  // Reports a block-labelling extractor's decision on one block (closes the
  // open line and span first, so it never falls inside a block's text).
  void decide_block(SourceSpan span, bool kept, float score);
  // Closes the open line and span; the writer can be reused afterwards.
  void finish();

  std::uint64_t words_written() const { return words_written_; }
  // Characters of written words outside links: seed 004's net text length.
  std::uint64_t net_text_length() const { return net_text_length_; }

 private:
  // A preformatted line's start: with_breaks, the markers of its line
  // breaks, then its indentation as spaces.
  static std::string_view line_start(const Token& word, bool with_breaks);
  // One block's rendered line, its line break markers as on_line_break().
  void write_line(std::string_view line);
  void emit_span();
  void report_span(SourceSpan span);

  ContentSink* sink_;
  bool line_open_ = false;
  std::uint32_t block_ = 0;
  bool span_open_ = false;
  SourceSpan span_;
  std::uint64_t reported_end_ = 0;  // end of the last span reported
  std::uint64_t last_word_index_ = 0;
  std::uint64_t words_written_ = 0;
  std::uint64_t net_text_length_ = 0;
};

}  // namespace winnow
