// SPDX-License-Identifier: MIT
#include "engine/content_writer.h"

namespace winnow {

void ContentWriter::write_word(const Token& word, std::string_view text) {
  if (line_open_ && word.block != block_) {
    sink_->on_block_end();
    line_open_ = false;
  }
  if (line_open_ && !word.has(kTokenGlued)) sink_->on_text(" ");
  sink_->on_text(text);
  line_open_ = true;
  block_ = word.block;
  ++words_written_;

  if (span_open_ && word.word_index == last_word_index_ + 1) {
    span_.end = word.source_end;
  } else {
    if (span_open_) sink_->on_span(span_);
    span_ = SourceSpan{word.source_begin, word.source_end};
    span_open_ = true;
  }
  last_word_index_ = word.word_index;
}

void ContentWriter::write_rendered(std::string_view rendered, SourceSpan span, std::uint64_t words) {
  finish();
  words_written_ += words;
  while (!rendered.empty()) {
    const std::size_t newline = rendered.find('\n');
    const std::string_view line = rendered.substr(0, newline);
    if (!line.empty()) {
      sink_->on_text(line);
      sink_->on_block_end();
    }
    if (newline == std::string_view::npos) break;
    rendered.remove_prefix(newline + 1);
  }
  if (span.end > span.begin) sink_->on_span(span);
}

void ContentWriter::finish() {
  if (line_open_) sink_->on_block_end();
  if (span_open_) sink_->on_span(span_);
  line_open_ = false;
  span_open_ = false;
}

}  // namespace winnow
