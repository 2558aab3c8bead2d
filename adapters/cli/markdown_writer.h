// SPDX-License-Identifier: MIT
// `winnow --format markdown`: the content as CommonMark, written as it is
// decided. Each block's shape (engine/block_shape.h) picks its markup:
//
//   heading              "## " and the level's number of '#'
//   list item            "- ", consecutive items one list (no empty line)
//   ordered list item    "1. ", "2. ", … numbered as they come
//   a later block of an  indented under the item, so it stays inside it
//   item
//   quoted               "> " before every line, the empty lines between
//                        quoted blocks included; a quote inside a list
//                        item after the item's indentation
//   preformatted         an indented code block (four spaces before each
//                        line): unlike a fence, it needs no look at what the
//                        code holds, so it streams
//   term                 "**term**"
//   anything else        a paragraph (definitions, table cells, captions)
//
// A nested list's items come out at the outer list's level: the engine does
// not keep how deep a list is nested (engine/block_shape.h).
//
// Text is escaped so a renderer shows it as written: \ ` * _ [ ] < > | ~
// everywhere, '&' where a character reference follows ("&amp;"), and what would
// start a heading, list, quote or rule at the start of a line (#, -, +, =,
// "1." or "1)"). A line break inside a block that is not code (a <br>;
// white-space: pre-line, pre-wrap) is a hard break ('\' at the end of the
// line), except in a heading, which CommonMark keeps to one line: a space.
//
// Memory: constant; nothing is held between calls (the CLI's memory is
// outside the budget, whose contract is the library's).
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

#include "engine/content_sink.h"

namespace winnow::cli {

class MarkdownWriter final : public ContentSink {
 public:
  // Every byte of output goes to write, in order.
  explicit MarkdownWriter(std::function<void(std::string_view)> write) : write_(std::move(write)) {}

  // With front matter on, the page's metadata comes first as a YAML block
  // (adapters/cli/metadata_writer.h).
  void set_front_matter(bool on) { front_matter_ = on; }
  void on_metadata(const PageMetadata& metadata) override;
  void on_block_start(const BlockShape& shape) override;
  void on_text(std::string_view text) override;
  void on_line_break() override;
  void on_block_end() override;
  // Ends the last line; the writer is done.
  void finish();

 private:
  bool is_item(const BlockShape& shape) const {
    return shape.kind == BlockKind::ListItem || shape.kind == BlockKind::OrderedListItem;
  }
  // What starts each line of the open block after its first: the quote's
  // marker, the indentation that keeps it inside its item, a code block's.
  void write_line_prefix();
  // Whether a block is a quote inside the current list item (see quote_in_item_).
  bool quotes_in_item(const BlockShape& shape) const;
  void write_escaped(std::string_view text);

  std::function<void(std::string_view)> write_;
  bool front_matter_ = false;
  BlockShape shape_;
  bool any_block_ = false;
  bool in_block_ = false;
  bool at_line_start_ = false;     // nothing of the line's text written yet
  bool code_ = false;              // the open block is an indented code block
  std::size_t indent_ = 0;         // spaces before each later line of the open block
  bool previous_item_ = false;     // the last block was in a list item
  bool previous_marker_ = false;   // the last block was a list item's first, or code in an item
  bool previous_quoted_ = false;
  bool item_quoted_ = false;       // the last list item's marker was inside a quote
  // The open block is a quote inside a list item (the item's marker was not
  // quoted): its "> " goes after the item's indentation, or the quote would
  // end the list.
  bool quote_in_item_ = false;
  std::size_t item_indent_ = 2;    // width of the last list item's marker
  unsigned item_number_ = 0;       // of the last ordered item, 0 after any other block but an item's
};

}  // namespace winnow::cli
