// SPDX-License-Identifier: MIT
// `winnow --format markdown`: the content as CommonMark, written as it is
// decided. Each block's shape (engine/block_shape.h) picks its markup:
//
//   heading              "## " and the level's number of '#'
//   list item            "- ", consecutive items one list (no empty line)
//   ordered list item    "1. ", "2. ", … numbered as they come
//   nested list item     indented under the item around it, up to four
//                        levels (BlockShape::list_nesting)
//   a later block of an  indented under the item, so it stays inside it
//   item
//   quoted               "> " before every line ("> > " in a quote inside a
//                        quote; deeper quotes too), the empty lines between
//                        quoted blocks included; a quote inside a list
//                        item after the item's indentation
//   preformatted         an indented code block (four spaces before each
//                        line): unlike a fence, it needs no look at what the
//                        code holds, so it streams
//   term                 "**term**"
//   a new list right     the other bullet ("*" after "-", "-" after "*";
//   after another of     ")" after "." for ordered items), numbered from 1:
//   its type at its      CommonMark ends a list where its bullet changes
//   level                (BlockShape::starts_group)
//   data table cells     a row per line, its cells joined by " | ", the
//                        rows of a table one paragraph (a hard break ends
//                        each row); a cell's later paragraphs and line
//                        breaks a space. Not a GFM table: the extractors
//                        keep or drop cells one by one, so rows come out
//                        ragged, and a pipe table shows only as many cells
//                        of a row as its first row has (the JSON format
//                        and the C API say where each row starts, for a
//                        caller that draws tables)
//   anything else        a paragraph (definitions, captions)
//
// Text is escaped so a renderer shows it as written: \ ` * _ [ ] < > | ~
// everywhere, '&' where a character reference follows ("&amp;"), and what would
// start a heading, list, quote or rule at the start of a line (#, -, +, =,
// "1." or "1)"). A line break inside a block that is not code (a <br>;
// white-space: pre-line, pre-wrap) is a hard break ('\' at the end of the
// line), except in a heading, which CommonMark keeps to one line: a space.
//
// Memory: constant (a number and an indentation per list level); no text is
// held between calls (the CLI's memory is
// outside the budget, whose contract is the library's).
#pragma once

#include <array>
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
  // Where the text of the innermost open list item starts: the indentation
  // that keeps a later block inside it.
  std::size_t open_item_indent() const;
  void write_escaped(std::string_view text);
  // A data table's cells (see above): starts a row or a cell of the open table.
  void start_cell(const BlockShape& shape);

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
  int previous_quote_depth_ = 0;  // quotes the last block was in: 0, 1, or 2 for a quote in a quote
  bool item_quoted_ = false;       // the last list item's marker was inside a quote
  // The open block is a quote inside a list item (the item's marker was not
  // quoted): its "> " goes after the item's indentation, or the quote would
  // end the list.
  bool quote_in_item_ = false;
  // The lists open at each nesting level: the number of the level's last
  // ordered item (0 for an unordered one) and where its text starts.
  struct ListLevel {
    unsigned number = 0;
    std::size_t indent = 0;
    bool ordered = false;
    bool other_bullet = false;  // "*" (ordered: ")") for a list right after another of its type
  };
  std::array<ListLevel, kMaxListNesting + 1> lists_{};
  std::size_t open_lists_ = 0;  // levels open: items since the last block outside any list
  // Cells written since the open table's last row started (0: no table open).
  std::size_t row_cells_ = 0;
};

}  // namespace winnow::cli
