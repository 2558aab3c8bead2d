// SPDX-License-Identifier: MIT
#include "adapters/cli/markdown_writer.h"

#include <algorithm>
#include <string>

#include "adapters/cli/metadata_writer.h"

namespace winnow::cli {
namespace {

constexpr std::string_view kSpaces =
    "                                                                                ";

// At most 80 spaces: four levels of lists whose items are numbered up to
// 10 digits, and a code block's 4 inside them.
std::string_view spaces(std::size_t n) { return kSpaces.substr(0, n); }

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_alnum(char c) { return is_digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// Characters that are markup wherever they stand.
bool always_escaped(char c) {
  switch (c) {
    case '\\': case '`': case '*': case '_': case '[': case ']': case '<': case '>': case '|': case '~':
      return true;
    default:
      return false;
  }
}

// After a '&': what a renderer would read as a character reference
// ("amp;", "#38;", "#x26;") and show as the character it names.
bool starts_reference(std::string_view rest) {
  std::size_t i = rest.size() > 0 && rest[0] == '#' ? 1 : 0;
  const std::size_t first = i;
  while (i < rest.size() && is_alnum(rest[i])) ++i;
  return i > first && i < rest.size() && rest[i] == ';';
}

int quote_depth(const BlockShape& shape) { return shape.quoted ? 1 + (shape.quote_nesting > 0 ? 1 : 0) : 0; }

// What starts each line of a quoted block: a "> " per quote.
std::string_view quote_marks(const BlockShape& shape) {
  static constexpr std::string_view kMarks = "> > ";
  return kMarks.substr(0, 2 * static_cast<std::size_t>(quote_depth(shape)));
}

// Characters that are markup at the start of a line: a heading, a bullet, a
// setext underline.
bool escaped_at_line_start(char c) { return c == '#' || c == '-' || c == '+' || c == '='; }

}  // namespace

void MarkdownWriter::on_metadata(const PageMetadata& metadata) {
  if (front_matter_) write_(metadata_front_matter(metadata));
}

void MarkdownWriter::on_block_start(const BlockShape& shape) {
  const bool item = is_item(shape);
  if (row_cells_ > 0 && shape.kind == BlockKind::TableCell && quote_depth(shape) == quote_depth(shape_)) {
    start_cell(shape);
    return;
  }
  row_cells_ = 0;
  if (any_block_) {
    // The next item right after an item's first block or its code: a tight
    // list. After a later paragraph of an item it takes an empty line, as
    // "2." cannot interrupt a paragraph.
    if (item && !shape.continues_item && previous_marker_ && quote_depth(shape) == previous_quote_depth_) {
      write_("\n");
    } else if (shape.quoted && previous_quote_depth_ > 0 && quote_in_item_ == quotes_in_item(shape)) {
      // The same quote goes on (inside an item, at the item's indentation),
      // and so does a quote inside it that both blocks are in.
      write_("\n");
      if (quote_in_item_) write_(spaces(open_item_indent()));
      write_(std::min(quote_depth(shape), previous_quote_depth_) > 1 ? "> >\n" : ">\n");
    } else {
      write_("\n\n");
    }
  }
  any_block_ = true;
  in_block_ = true;
  at_line_start_ = true;
  shape_ = shape;
  code_ = shape.kind == BlockKind::Preformatted;
  // A list nested deeper than the lists written so far (its outer item was
  // dropped) is drawn one level below the deepest one open.
  const std::size_t open_before = open_lists_;
  const std::size_t nesting = std::min(static_cast<std::size_t>(shape.list_nesting), open_lists_);
  if (item && shape.continues_item) {
    // A later paragraph of an item ends the lists nested in it.
    if (open_lists_ > nesting + 1) open_lists_ = nesting + 1;
  } else if (item) {
    open_lists_ = nesting + 1;
  } else if (!(code_ && previous_item_)) {
    // Code right after an item stays inside it; anything else ends the lists.
    open_lists_ = 0;
  }
  quote_in_item_ = quotes_in_item(shape);
  if (!quote_in_item_) write_(quote_marks(shape));
  indent_ = 0;
  if (item && shape.continues_item) {
    indent_ = open_item_indent();
    write_(spaces(indent_));
    if (quote_in_item_) write_(quote_marks(shape));
  } else if (item) {
    item_quoted_ = shape.quoted;
    ListLevel& list = lists_[nesting];
    const std::size_t outer_indent = nesting > 0 ? lists_[nesting - 1].indent : 0;
    // Ordered items are numbered as they come (a renderer would number
    // "1. 1. 1." the same way, but the text is read as it is too); an item
    // starts its level's count again after a block outside the list, after
    // an unordered item at its level, as the first item of a list nested
    // in a new outer item, and as the first of a list right after another
    // (BlockShape::starts_group). Such a list, when the one before it is
    // of its type, takes the other bullet, or a renderer would run the two
    // together.
    const bool ordered = shape.kind == BlockKind::OrderedListItem;
    const bool level_open = nesting < open_before;
    const bool new_list = level_open && shape.starts_group;
    if (!level_open || (new_list && list.ordered != ordered)) list.other_bullet = false;
    else if (new_list) list.other_bullet = !list.other_bullet;
    list.ordered = ordered;
    list.number = ordered ? (level_open && !new_list ? list.number : 0) + 1 : 0;
    const std::string marker = ordered ? std::to_string(list.number) + (list.other_bullet ? ") " : ". ")
                                       : (list.other_bullet ? "* " : "- ");
    write_(spaces(outer_indent));
    write_(marker);
    list.indent = outer_indent + marker.size();
    indent_ = list.indent;
  }
  if (code_) {
    // Code right after an item is indented into it: a listing inside a list
    // item is the common case, and at the list's own indentation the code
    // would become the item's paragraph.
    indent_ = (previous_item_ ? open_item_indent() : 0) + 4;
    write_(spaces(indent_));
  }
  if (shape.heading_level > 0) {
    write_(std::string_view("######", static_cast<std::size_t>(shape.heading_level > 6 ? 6 : shape.heading_level)));
    write_(" ");
  }
  if (shape.kind == BlockKind::Term && !shape.heading_level) write_("**");
  if (shape.kind == BlockKind::TableCell) row_cells_ = 1;
}

void MarkdownWriter::start_cell(const BlockShape& shape) {
  in_block_ = true;
  shape_ = shape;
  if (shape.continues_item) {
    write_(" ");  // another paragraph of the same cell
  } else if (shape.starts_group) {
    write_("\\\n");  // a hard break: the next row
    write_line_prefix();
    at_line_start_ = true;
    row_cells_ = 1;
  } else {
    write_(" | ");
    ++row_cells_;
  }
}

std::size_t MarkdownWriter::open_item_indent() const {
  return open_lists_ > 0 ? lists_[open_lists_ - 1].indent : 0;
}

void MarkdownWriter::write_line_prefix() {
  if (!quote_in_item_) write_(quote_marks(shape_));
  write_(spaces(indent_));
  if (quote_in_item_) write_(quote_marks(shape_));
}

bool MarkdownWriter::quotes_in_item(const BlockShape& shape) const {
  return shape.quoted && shape.continues_item && is_item(shape) && !item_quoted_;
}

void MarkdownWriter::on_text(std::string_view text) {
  if (code_) {
    write_(text);
    return;
  }
  write_escaped(text);
}

void MarkdownWriter::write_escaped(std::string_view text) {
  std::size_t i = 0;
  if (at_line_start_) {
    // Spaces that start a line would make a code block of it.
    while (i < text.size() && text[i] == ' ') ++i;
    if (i == text.size()) return;
    at_line_start_ = false;
    if (escaped_at_line_start(text[i])) {
      // Escaped once here; the loop below must not escape it again.
      write_("\\");
      write_(text.substr(i, 1));
      ++i;
    } else if (is_digit(text[i])) {
      // "1." or "1)" would start an ordered list: escape its punctuation.
      std::size_t end = i;
      while (end < text.size() && is_digit(text[end])) ++end;
      if (end < text.size() && (text[end] == '.' || text[end] == ')')) {
        write_(text.substr(i, end - i));
        write_("\\");
        i = end;
      }
    }
  }
  std::size_t run = i;
  for (; i < text.size(); ++i) {
    const char c = text[i];
    const bool reference = c == '&' && starts_reference(text.substr(i + 1));
    // In a heading a trailing '#' would close it and vanish.
    const bool heading_hash = c == '#' && shape_.heading_level > 0;
    if (!always_escaped(c) && !reference && !heading_hash) continue;
    write_(text.substr(run, i - run));
    write_("\\");
    run = i;
  }
  write_(text.substr(run));
}

void MarkdownWriter::on_line_break() {
  if (row_cells_ > 0) {
    write_(" ");  // a row is one line
    return;
  }
  if (shape_.heading_level > 0 && !code_) {
    // A heading is one line in CommonMark: a break would end it and show
    // the break's backslash as text. Its lines are joined by a space.
    write_(" ");
    return;
  }
  if (!code_) write_("\\");  // a hard line break
  write_("\n");
  write_line_prefix();
  at_line_start_ = true;
}

void MarkdownWriter::on_block_end() {
  if (!in_block_) return;
  if (shape_.kind == BlockKind::Term && !shape_.heading_level) write_("**");
  in_block_ = false;
  previous_item_ = is_item(shape_) || (code_ && previous_item_);
  previous_marker_ = (is_item(shape_) && !shape_.continues_item) || (code_ && previous_item_);
  previous_quote_depth_ = quote_depth(shape_);
}

void MarkdownWriter::finish() {
  if (in_block_) on_block_end();
  row_cells_ = 0;
  if (any_block_) write_("\n");
  any_block_ = false;
}

}  // namespace winnow::cli
