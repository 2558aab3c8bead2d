// SPDX-License-Identifier: MIT
// `--format markdown`: each block shape's markup, and text that renders as
// written.
#include "adapters/cli/markdown_writer.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace winnow::cli {
namespace {

BlockShape shape(BlockKind kind, int heading = 0, bool quoted = false, bool continues = false) {
  BlockShape s;
  s.kind = kind;
  s.heading_level = heading;
  s.quoted = quoted;
  s.continues_item = continues;
  return s;
}

BlockShape starting(BlockKind kind, bool quoted = false) {
  BlockShape s = shape(kind, 0, quoted);
  s.starts_group = true;
  return s;
}

BlockShape nested(BlockKind kind, int nesting, bool continues = false) {
  BlockShape s = shape(kind, 0, false, continues);
  s.list_nesting = nesting;
  return s;
}

// Blocks given as (shape, pieces of text; "\n" a line break).
std::string render(const std::vector<std::pair<BlockShape, std::vector<std::string>>>& blocks) {
  std::string out;
  MarkdownWriter writer([&out](std::string_view bytes) { out.append(bytes); });
  for (const auto& [block_shape, pieces] : blocks) {
    writer.on_block_start(block_shape);
    for (const std::string& piece : pieces) {
      if (piece == "\n") writer.on_line_break();
      else writer.on_text(piece);
    }
    writer.on_block_end();
  }
  writer.finish();
  return out;
}

TEST(MarkdownWriter, HeadingsParagraphsAndATightList) {
  EXPECT_EQ(render({{shape(BlockKind::Paragraph, 2), {"Soil"}},
                    {shape(BlockKind::Paragraph), {"Use", " ", "compost."}},
                    {shape(BlockKind::ListItem), {"one"}},
                    {shape(BlockKind::ListItem), {"two"}},
                    {shape(BlockKind::ListItem, 0, false, true), {"more", " ", "on", " ", "two"}},
                    {shape(BlockKind::OrderedListItem), {"first"}},
                    {shape(BlockKind::OrderedListItem), {"second"}},
                    {shape(BlockKind::Paragraph), {"after"}}}),
            "## Soil\n\nUse compost.\n\n- one\n- two\n\n  more on two\n\n1. first\n2. second\n\nafter\n");
}

TEST(MarkdownWriter, NestedListsAreIndentedUnderTheirItemAndNumberedPerLevel) {
  EXPECT_EQ(render({{nested(BlockKind::OrderedListItem, 0), {"install"}},
                    {nested(BlockKind::ListItem, 1), {"debian"}},
                    {nested(BlockKind::ListItem, 1), {"fedora"}},
                    {nested(BlockKind::OrderedListItem, 2), {"yum"}},
                    {nested(BlockKind::OrderedListItem, 2), {"dnf"}},
                    {nested(BlockKind::OrderedListItem, 0), {"configure"}},
                    {nested(BlockKind::OrderedListItem, 1), {"edit"}},
                    {nested(BlockKind::Paragraph, 0), {"done"}},
                    {nested(BlockKind::OrderedListItem, 0), {"again"}}}),
            "1. install\n"
            "   - debian\n"
            "   - fedora\n"
            "     1. yum\n"
            "     2. dnf\n"
            "2. configure\n"
            "   1. edit\n"
            "\n"
            "done\n"
            "\n"
            "1. again\n")
      << "the outer count goes on after a nested list; a nested list in a new item counts from 1";
}

TEST(MarkdownWriter, AnItemsLaterParagraphEndsTheListsNestedInIt) {
  EXPECT_EQ(render({{nested(BlockKind::OrderedListItem, 0), {"first"}},
                    {nested(BlockKind::OrderedListItem, 1), {"inner"}},
                    {nested(BlockKind::OrderedListItem, 0, true), {"more", " ", "on", " ", "first"}},
                    {nested(BlockKind::OrderedListItem, 1), {"again"}},
                    {nested(BlockKind::ListItem, 1, true), {"after", "\n", "break"}},
                    {nested(BlockKind::Preformatted, 0), {"code"}},
                    {nested(BlockKind::OrderedListItem, 0), {"second"}}}),
            "1. first\n"
            "   1. inner\n"
            "\n"
            "   more on first\n"
            "\n"
            "   1. again\n"
            "\n"
            "      after\\\n"
            "      break\n"
            "\n"
            "          code\n"
            "2. second\n")
      << "a nested item after its outer item's paragraph starts a new list; code stays in the item before it";
}

TEST(MarkdownWriter, ANestedItemWhoseOuterItemWasNotWrittenIsDrawnAtTheTop) {
  // The extractor kept the nested items, not the item around them: at their
  // own indentation they would be code.
  EXPECT_EQ(render({{shape(BlockKind::Paragraph), {"intro"}},
                    {nested(BlockKind::ListItem, 2), {"deep"}},
                    {nested(BlockKind::ListItem, 3), {"deeper"}}}),
            "intro\n\n- deep\n  - deeper\n");
}

TEST(MarkdownWriter, AnItemAfterAnItemsParagraphStartsAfterAnEmptyLine) {
  // "3." right under a paragraph would be that paragraph's text: only "1."
  // may interrupt one.
  EXPECT_EQ(render({{shape(BlockKind::OrderedListItem), {"first"}},
                    {shape(BlockKind::OrderedListItem), {"second"}},
                    {shape(BlockKind::OrderedListItem, 0, false, true), {"by", " ", "someone"}},
                    {shape(BlockKind::OrderedListItem), {"third"}}}),
            "1. first\n2. second\n\n   by someone\n\n3. third\n");
}

TEST(MarkdownWriter, QuotedBlocksStayInOneQuote) {
  EXPECT_EQ(render({{shape(BlockKind::Paragraph, 0, true), {"said", " ", "once"}},
                    {shape(BlockKind::ListItem, 0, true), {"and", " ", "listed"}},
                    {shape(BlockKind::Paragraph), {"not", " ", "quoted"}}}),
            "> said once\n>\n> - and listed\n\nnot quoted\n");
}

TEST(MarkdownWriter, AQuoteInsideAQuoteTakesASecondMark) {
  BlockShape inner = shape(BlockKind::Paragraph, 0, true);
  inner.quote_nesting = 1;
  BlockShape inner_item = shape(BlockKind::ListItem, 0, true);
  inner_item.quote_nesting = 1;
  EXPECT_EQ(render({{shape(BlockKind::Paragraph, 0, true), {"said"}},
                    {inner, {"quoted", "\n", "twice"}},
                    {inner, {"again"}},
                    {inner_item, {"listed"}},
                    {shape(BlockKind::Paragraph, 0, true), {"back"}},
                    {shape(BlockKind::Paragraph), {"out"}}}),
            "> said\n"
            ">\n"
            "> > quoted\\\n"
            "> > twice\n"
            "> >\n"
            "> > again\n"
            "> >\n"
            "> > - listed\n"
            ">\n"
            "> back\n"
            "\n"
            "out\n")
      << "the inner quote's blocks stay in one inner quote; the outer one goes on after it";
  EXPECT_EQ(render({{shape(BlockKind::OrderedListItem), {"post"}},
                    {[] {
                       BlockShape s = shape(BlockKind::OrderedListItem, 0, true, true);
                       s.quote_nesting = 1;
                       return s;
                     }(),
                     {"quoted", " ", "twice"}}}),
            "1. post\n\n   > > quoted twice\n")
      << "inside an item, after its indentation";
}

TEST(MarkdownWriter, CodeIsAnIndentedBlockInsideTheItemBeforeIt) {
  EXPECT_EQ(render({{shape(BlockKind::Preformatted), {"int", " ", "x;", "\n", "  ", "*p", "\n", "\n", "`end`"}}}),
            "    int x;\n      *p\n    \n    `end`\n")
      << "code is written as it is, nothing escaped";
  EXPECT_EQ(render({{shape(BlockKind::ListItem), {"run:"}}, {shape(BlockKind::Preformatted), {"make"}},
                    {shape(BlockKind::ListItem), {"next"}}}),
            "- run:\n\n      make\n- next\n");
  EXPECT_EQ(render({{shape(BlockKind::Preformatted, 0, true), {"a", "\n", "b"}}}), ">     a\n>     b\n");
}

TEST(MarkdownWriter, ALineBreakOutsideCodeIsAHardBreak) {
  EXPECT_EQ(render({{shape(BlockKind::Paragraph), {"Roses", "\n", "   ", "- red"}}}), "Roses\\\n\\- red\n")
      << "the next line's indentation is dropped and its bullet escaped";
  EXPECT_EQ(render({{shape(BlockKind::ListItem, 0, true), {"a", "\n", "b"}}}), "> - a\\\n>   b\n");
  EXPECT_EQ(render({{shape(BlockKind::Paragraph, 2), {"Quiet.", "\n", "Crew-ready."}}}), "## Quiet. Crew-ready.\n")
      << "a heading is one line: its lines are joined";
}

TEST(MarkdownWriter, AQuoteInsideAnItemStaysInIt) {
  // A forum post's quote under its numbered heading: "> " at the line's
  // start would end the list, and the item's next paragraph would be code.
  EXPECT_EQ(render({{shape(BlockKind::OrderedListItem), {"post"}},
                    {shape(BlockKind::OrderedListItem, 0, true, true), {"quoted", "\n", "twice"}},
                    {shape(BlockKind::OrderedListItem, 0, true, true), {"and", " ", "more"}},
                    {shape(BlockKind::OrderedListItem, 0, false, true), {"by", " ", "someone"}},
                    {shape(BlockKind::OrderedListItem), {"next"}}}),
            "1. post\n\n   > quoted\\\n   > twice\n   >\n   > and more\n\n   by someone\n\n2. next\n");
  EXPECT_EQ(render({{shape(BlockKind::ListItem, 0, true), {"a"}}, {shape(BlockKind::ListItem, 0, true, true), {"b"}}}),
            "> - a\n>\n>   b\n")
      << "a list inside a quote keeps the quote first";
}

TEST(MarkdownWriter, EscapesMarkupSoTextRendersAsWritten) {
  EXPECT_EQ(render({{shape(BlockKind::Paragraph),
                     {"a*b_c", " ", "[x](y)", " ", "<b>", " ", "|t|", " ", "~s~", " ", "\\", " ", "`c`"}}}),
            "a\\*b\\_c \\[x\\](y) \\<b\\> \\|t\\| \\~s\\~ \\\\ \\`c\\`\n");
  EXPECT_EQ(render({{shape(BlockKind::Paragraph), {"Q&A", " ", "&amp;", " ", "&#38;", " ", "a&b;c"}}}),
            "Q&A \\&amp; \\&#38; a\\&b;c\n")
      << "only what would read as a character reference";
  for (const char* start : {"#", "-", "+", "="}) {
    EXPECT_EQ(render({{shape(BlockKind::Paragraph), {start, " ", "x", " ", start}}}),
              std::string("\\") + start + " x " + start + "\n")
        << "escaped at the start of a line only";
  }
  EXPECT_EQ(render({{shape(BlockKind::Paragraph), {"1984.", " ", "was", " ", "2.", " "}}}), "1984\\. was 2. \n");
  EXPECT_EQ(render({{shape(BlockKind::Paragraph), {"3)", " ", "x"}}}), "3\\) x\n");
  EXPECT_EQ(render({{shape(BlockKind::Paragraph), {"1984", " ", "x"}}}), "1984 x\n");
  EXPECT_EQ(render({{shape(BlockKind::Paragraph, 3), {"C#", " ", "#"}}}), "### C\\# \\#\n")
      << "a heading's trailing # would close it";
  EXPECT_EQ(render({{shape(BlockKind::Paragraph, 2), {"#tag", " ", "x"}}}), "## \\#tag x\n")
      << "a heading's leading # escaped once";
}

TEST(MarkdownWriter, TermsAreBoldAndOtherKindsParagraphs) {
  EXPECT_EQ(render({{shape(BlockKind::Term), {"Loam"}},
                    {shape(BlockKind::Definition), {"soil"}},
                    {shape(BlockKind::Caption), {"caption"}}}),
            "**Loam**\n\nsoil\n\ncaption\n");
}

TEST(MarkdownWriter, NothingWrittenForNoContent) { EXPECT_EQ(render({}), ""); }

TEST(MarkdownWriter, AListRightAfterAnotherTakesTheOtherBullet) {
  // Two lists in a row stay two: CommonMark ends a list where the bullet
  // changes. A third goes back to the first bullet; ordered ones restart.
  EXPECT_EQ(render({{starting(BlockKind::ListItem), {"a"}},
                    {shape(BlockKind::ListItem), {"b"}},
                    {starting(BlockKind::ListItem), {"c"}},
                    {starting(BlockKind::ListItem), {"d"}},
                    {starting(BlockKind::OrderedListItem), {"one"}},
                    {shape(BlockKind::OrderedListItem), {"two"}},
                    {starting(BlockKind::OrderedListItem), {"again"}},
                    {shape(BlockKind::Paragraph), {"after"}},
                    {starting(BlockKind::ListItem), {"e"}}}),
            "- a\n- b\n* c\n- d\n1. one\n2. two\n1) again\n\nafter\n\n- e\n");
}

TEST(MarkdownWriter, ATableIsARowPerLine) {
  // One paragraph, a hard break after each row; a cell's later paragraph
  // and its line breaks a space; a pipe in the text escaped.
  EXPECT_EQ(render({{shape(BlockKind::Paragraph), {"Rainfall"}},
                    {starting(BlockKind::TableCell), {"Month"}},
                    {shape(BlockKind::TableCell), {"mm"}},
                    {starting(BlockKind::TableCell), {"May"}},
                    {shape(BlockKind::TableCell), {"61", "\n", "wet"}},
                    {shape(BlockKind::TableCell, 0, false, true), {"(a", " ", "record)"}},
                    {starting(BlockKind::TableCell), {"-1|2"}},
                    {shape(BlockKind::Paragraph), {"after"}}}),
            "Rainfall\n\nMonth | mm\\\nMay | 61 wet (a record)\\\n\\-1\\|2\n\nafter\n");
}

TEST(MarkdownWriter, CellsKeptFromTheMiddleOfARowStillMakeARow) {
  EXPECT_EQ(render({{shape(BlockKind::TableCell), {"x"}}, {shape(BlockKind::TableCell), {"y"}}}), "x | y\n");
  EXPECT_EQ(render({{shape(BlockKind::TableCell), {"x"}}, {shape(BlockKind::Caption), {"c"}},
                    {shape(BlockKind::TableCell), {"y"}}}),
            "x\n\nc\n\ny\n")
      << "a block between cells ends the table";
}

TEST(MarkdownWriter, AQuotedTableKeepsItsQuoteOnEveryRow) {
  EXPECT_EQ(render({{starting(BlockKind::TableCell, true), {"a"}},
                    {shape(BlockKind::TableCell, 0, true), {"b"}},
                    {starting(BlockKind::TableCell, true), {"c"}},
                    {shape(BlockKind::Paragraph, 0, true), {"said"}},
                    {starting(BlockKind::TableCell), {"out"}}}),
            "> a | b\\\n> c\n>\n> said\n\nout\n");
}

}  // namespace
}  // namespace winnow::cli
