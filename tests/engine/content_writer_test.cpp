// SPDX-License-Identifier: MIT
#include "engine/content_writer.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "support/test_support.h"

namespace winnow {
namespace {

Token word(std::uint64_t index, std::uint32_t block, bool glued, std::uint64_t begin) {
  Token t;
  t.kind = TokenKind::Word;
  t.word_index = index;
  t.block = block;
  t.flags = glued ? kTokenGlued : 0;
  t.source_begin = begin;
  t.source_end = begin + 3;
  return t;
}

TEST(ContentWriter, JoinsWordsByBlockAndGlue) {
  test::RecordingSink sink;
  ContentWriter writer(sink);
  writer.write_word(word(0, 1, false, 0), "one");
  writer.write_word(word(1, 1, false, 4), "two");
  writer.write_word(word(2, 1, true, 7), "ish");
  writer.write_word(word(3, 2, false, 20), "next");
  writer.finish();
  EXPECT_EQ(sink.text(), "one twoish\nnext\n");
  EXPECT_EQ(sink.blocks(), 2u);
  EXPECT_EQ(writer.words_written(), 4u);
}

TEST(ContentWriter, SpansCoverRunsOfConsecutiveWords) {
  test::RecordingSink sink;
  ContentWriter writer(sink);
  writer.write_word(word(0, 1, false, 0), "a");
  writer.write_word(word(1, 1, false, 4), "b");
  writer.write_word(word(5, 1, false, 40), "c");  // words 2..4 were not kept
  writer.finish();
  ASSERT_EQ(sink.spans().size(), 2u) << test::describe(sink.spans());
  EXPECT_EQ(sink.spans()[0].begin, 0u);
  EXPECT_EQ(sink.spans()[0].end, 7u);
  EXPECT_EQ(sink.spans()[1].begin, 40u);
}

// Records what a sink is told, in order: text, ends of blocks and spans.
class EventLog final : public ContentSink {
 public:
  void on_text(std::string_view text) override { log += std::string(text); }
  void on_block_end() override { log += "|"; }
  void on_span(SourceSpan span) override { log += "[" + std::to_string(span.begin) + "," + std::to_string(span.end) + ")"; }
  std::string log;
};

// A run's span comes once the run has ended, after the end of the block it
// ended in and before the next block's text; only a run that ends inside a
// block (a word dropped there) puts its span inside that block's text.
TEST(ContentWriter, ASpanComesAfterTheBlockItEndedIn) {
  EventLog sink;
  ContentWriter writer(sink);
  writer.write_word(word(0, 1, false, 0), "a");
  writer.write_word(word(1, 1, false, 4), "b");
  writer.write_word(word(3, 2, false, 20), "c");  // word 2 dropped, between the blocks
  writer.write_word(word(5, 2, false, 30), "d");  // word 4 dropped, inside block 2
  writer.write_word(word(6, 3, false, 34), "e");  // consecutive: the run goes on into block 3
  writer.finish();
  EXPECT_EQ(sink.log, "a b|[0,7)c[20,23) d|e|[30,37)");
}

// Offsets interpolated in a legacy encoding can give a short word one byte
// for both ends (fuzz_capi finding 0f871a90): no empty span reaches the sink.
TEST(ContentWriter, AnEmptySpanIsLeftOut) {
  EventLog sink;
  ContentWriter writer(sink);
  Token empty = word(0, 1, false, 10);
  empty.source_end = 10;
  writer.write_word(empty, "x");
  writer.write_word(word(2, 2, false, 20), "y");
  writer.finish();
  EXPECT_EQ(sink.log, "x|y|[20,23)");
}

// Where offsets were interpolated through a legacy encoding's lossy offset
// map, one word's end can pass the next word's begin (fuzz_capi finding
// 93ba804e): the spans reported stay in order and apart.
TEST(ContentWriter, SpansNeverOverlapEvenWhereWordsDo) {
  EventLog sink;
  ContentWriter writer(sink);
  Token first = word(0, 1, false, 10);  // [10, 13)
  Token second = word(2, 1, false, 12);  // [12, 15): word 1 dropped, and the ends cross
  Token third = word(4, 1, false, 13);
  third.source_end = 14;  // [13, 14): inside what was reported, nothing of its own
  writer.write_word(first, "a");
  writer.write_word(second, "b");
  writer.write_word(third, "c");
  writer.write_rendered("d", SourceSpan{12, 20}, 1, 1);
  writer.finish();
  EXPECT_EQ(sink.log, "a[10,13) b[13,15) c|d|[15,20)");
}

TEST(ContentWriter, RenderedTextBecomesBlocksAndOneSpan) {
  test::RecordingSink sink;
  ContentWriter writer(sink);
  BlockShape heading;
  heading.heading_level = 2;
  writer.write_rendered("first line\n" + std::string(ContentWriter::block_marker(heading)) + "second line",
                        SourceSpan{5, 50}, 4, 20);
  writer.finish();
  EXPECT_EQ(sink.text(), "first line\nsecond line\n");
  ASSERT_EQ(sink.spans().size(), 1u);
  EXPECT_EQ(sink.spans()[0].end, 50u);
  EXPECT_EQ(writer.words_written(), 4u);
  EXPECT_EQ(writer.net_text_length(), 20u);
  EXPECT_EQ(sink.headings(), "2");
}

TEST(ContentWriter, ReportsHeadingsAndCountsNetTextOutsideLinks) {
  test::RecordingSink sink;
  ContentWriter writer(sink);
  Token heading = word(0, 1, false, 0);
  heading.heading_level = 3;
  writer.write_word(heading, "Title");
  Token link = word(1, 2, false, 10);
  link.flags |= kTokenInAnchor;
  writer.write_word(link, "link");
  writer.write_word(word(2, 2, false, 20), "text");
  writer.finish();
  EXPECT_EQ(sink.headings(), "3");
  EXPECT_EQ(writer.net_text_length(), 6u + 5u) << "' Title' and ' text' count, the link does not";
}

}  // namespace
}  // namespace winnow

namespace winnow {
namespace {

// A block an algorithm renders word by word with rendered_prefix(), then
// writes with write_rendered(), reaches the sink as write_word() would send it.
TEST(ContentWriter, ABlockRenderedWithItsPrefixesWritesAsItsWordsWould) {
  std::vector<Token> words = {word(0, 1, false, 0), word(1, 1, false, 4), word(2, 1, true, 7)};
  const char* texts[] = {"Rivers", "rise", "n't"};
  for (int level : {0, 2}) {
    for (Token& w : words) w.heading_level = static_cast<std::uint8_t>(level);
    test::RecordingSink direct;
    ContentWriter direct_writer(direct);
    std::string rendered;
    for (std::size_t i = 0; i < words.size(); ++i) {
      direct_writer.write_word(words[i], texts[i]);
      rendered += ContentWriter::rendered_prefix(words[i], i == 0);
      rendered += texts[i];
    }
    direct_writer.finish();
    test::RecordingSink via_buffer;
    ContentWriter buffer_writer(via_buffer);
    buffer_writer.write_rendered(rendered, SourceSpan{0, 10}, words.size(), 0);
    buffer_writer.finish();
    EXPECT_EQ(via_buffer.text(), direct.text()) << "level " << level;
    EXPECT_EQ(via_buffer.text(), "Rivers risen't\n");
    EXPECT_EQ(via_buffer.headings(), direct.headings()) << "level " << level;
    EXPECT_EQ(direct.headings(), level ? "2" : "");
  }
}

// Every heading level and block shape survives a rendered buffer: the
// marker holds them all, and a plain paragraph has none.
TEST(ContentWriter, EveryBlockShapeSurvivesARenderedBuffer) {
  for (int level = 0; level <= 6; ++level) {
    for (int packed = 0; packed < (1 << kBlockShapeBits); ++packed) {
      Token first = word(0, 1, false, 0);
      first.heading_level = static_cast<std::uint8_t>(level);
      first.block_shape = static_cast<std::uint16_t>(packed);
      Token next = word(1, 2, false, 10);
      test::RecordingSink direct;
      ContentWriter direct_writer(direct);
      direct_writer.write_word(first, "Lakes");
      direct_writer.write_word(next, "freeze");
      direct_writer.finish();
      const std::string rendered = std::string(ContentWriter::rendered_prefix(first, true)) + "Lakes\n" +
                                   std::string(ContentWriter::rendered_prefix(next, true)) + "freeze";
      EXPECT_EQ(rendered.size(), (level || packed ? 2u : 0u) + 12u) << level << " " << packed;
      test::RecordingSink via_buffer;
      ContentWriter buffer_writer(via_buffer);
      buffer_writer.write_rendered(rendered, SourceSpan{0, 16}, 2, 0);
      buffer_writer.finish();
      EXPECT_EQ(via_buffer.text(), "Lakes\nfreeze\n");
      EXPECT_EQ(via_buffer.shapes(), direct.shapes());
      EXPECT_EQ(direct.shapes(), test::describe(first.shape()) + " p");
    }
  }
}

Token line_word(std::uint64_t index, std::uint8_t line_start) {
  Token t = word(index, 1, false, index * 10);
  t.flags |= kTokenLineBreak;
  t.line_start = line_start;
  return t;
}

// Preformatted lines: a break and the indentation instead of a space, an
// empty line as a second break; the sink hears each break as
// on_line_break(), whether the words come one by one or rendered.
// fuzz_capi finding fce1caf7 (mss at 48 KiB, windows-1251, an <xmp>): the
// budget refused a word after its line break marker, and the held text,
// written back, ended its block with an empty line.
TEST(ContentWriter, TextCutByTheBudgetLosesWhatWentBeforeTheRefusedWord) {
  EXPECT_EQ(ContentWriter::without_cut_prefix("one two "), "one two");
  EXPECT_EQ(ContentWriter::without_cut_prefix("f()\x03    "), "f()");
  EXPECT_EQ(ContentWriter::without_cut_prefix("f()\x03\x03        "), "f()");
  EXPECT_EQ(ContentWriter::without_cut_prefix("x;\ny;"), "x;\ny;") << "whole words stay";
  EXPECT_EQ(ContentWriter::without_cut_prefix(" "), "");
  test::RecordingSink sink;
  ContentWriter writer(sink);
  writer.write_rendered(ContentWriter::without_cut_prefix("a\x03" "b\x03  "), SourceSpan{0, 9}, 2, 0);
  writer.finish();
  EXPECT_EQ(sink.text(), "a\nb\n") << "the block ends with its last word";
}

TEST(ContentWriter, PreformattedLinesKeepTheirBreaksAndIndentation) {
  class Lines final : public ContentSink {
   public:
    void on_text(std::string_view text) override { log += std::string(text); }
    void on_block_end() override { log += "|"; }
    void on_line_break() override { log += "/"; }
    std::string log;
  };
  const Token words[] = {word(0, 1, false, 0), line_word(1, 4), line_word(2, kBlankLineBefore | 8),
                         line_word(3, 0), word(4, 1, true, 40)};
  const char* texts[] = {"f()", "x;", "y;", "}", ";"};
  Lines direct;
  ContentWriter direct_writer(direct);
  std::string rendered;
  for (std::size_t i = 0; i < 5; ++i) {
    direct_writer.write_word(words[i], texts[i]);
    rendered += ContentWriter::rendered_prefix(words[i], i == 0);
    rendered += texts[i];
  }
  direct_writer.finish();
  EXPECT_EQ(direct.log, "f()/    x;//        y;/};|");
  EXPECT_EQ(rendered, "f()\x03    x;\x03\x03        y;\x03};");
  Lines via_buffer;
  ContentWriter buffer_writer(via_buffer);
  buffer_writer.write_rendered(rendered, SourceSpan{0, 50}, 5, 0);
  EXPECT_EQ(via_buffer.log, direct.log);
  // A sink that does not ask for breaks gets them as newlines in the text.
  test::RecordingSink plain_sink;
  ContentWriter plain_writer(plain_sink);
  plain_writer.write_rendered(rendered, SourceSpan{0, 50}, 5, 0);
  EXPECT_EQ(plain_sink.text(), "f()\n    x;\n\n        y;\n};\n");
  EXPECT_EQ(plain_sink.blocks(), 1u);
}

// The first word of a block starts its line whatever it carries, and the
// widest indentation is kMaxLineIndent columns.
TEST(ContentWriter, ABlocksFirstWordHasNoLineBreakAndIndentationIsCapped) {
  EXPECT_EQ(ContentWriter::rendered_prefix(line_word(0, 12), true), "");
  EXPECT_EQ(ContentWriter::rendered_prefix(line_word(1, kBlankLineBefore | kMaxLineIndent), false),
            "\x03\x03" + std::string(kMaxLineIndent, ' '));
}

TEST(ContentWriter, ABlocksOpeningTextStartsAtItsFirstWord) {
  const std::string marker(ContentWriter::block_marker(BlockShape{}));
  EXPECT_EQ(ContentWriter::opening_text(marker + " \x03\tWord and more"), "Word and more");
  EXPECT_EQ(ContentWriter::opening_text("Word"), "Word");
  EXPECT_EQ(ContentWriter::opening_text(marker), "");
}

}  // namespace
}  // namespace winnow
