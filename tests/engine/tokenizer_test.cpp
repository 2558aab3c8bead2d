// SPDX-License-Identifier: MIT
#include "engine/tokenizer.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "engine/semantics.h"

namespace winnow {
namespace {

struct Recorded {
  Token token;
  std::string text;
};

class Recorder final : public TokenConsumer {
 public:
  void on_token(const Token& token, std::string_view text) override {
    tokens.push_back({token, std::string(text)});
  }
  void on_end_of_tokens() override { ended = true; }
  std::vector<std::string> words() const {
    std::vector<std::string> out;
    for (const Recorded& r : tokens)
      if (r.token.is_word()) out.push_back(r.text);
    return out;
  }
  const Recorded& word(const std::string& text) const {
    for (const Recorded& r : tokens)
      if (r.token.is_word() && r.text == text) return r;
    ADD_FAILURE() << "no word " << text;
    return tokens.front();
  }
  std::vector<Recorded> tokens;
  bool ended = false;
};

class TokenizerTest : public ::testing::Test {
 protected:
  TokenizerTest() : budget_(1 << 20), stream_(budget_, 16, 4096), tokenizer_(budget_, stream_, recorder_, 8) {}
  void start(Tag tag, ElementAttributes attributes = {}) { tokenizer_.on_start_element(tag, attributes, {}); }
  void end(Tag tag) { tokenizer_.on_end_element(tag, {}); }
  void text(std::string_view t, SourceSpan source = {}) { tokenizer_.on_text(t, source); }
  void br() {  // libxml2 ends a void element at once
    start(Tag::br);
    end(Tag::br);
  }
  // An element holding only text.
  void element(Tag tag, std::string_view t) {
    start(tag);
    text(t);
    end(tag);
  }
  void done() { tokenizer_.on_end_document(0); }

  MemoryBudget budget_;
  Recorder recorder_;
  TokenStream stream_;
  Tokenizer tokenizer_;
};

TEST_F(TokenizerTest, SplitsWordsOnWhitespaceOfAnyKind) {
  start(Tag::p);
  text("one  two\tthree\nfour\xC2\xA0" "five\xE3\x80\x80six");
  done();
  EXPECT_EQ(recorder_.words(), (std::vector<std::string>{"one", "two", "three", "four", "five", "six"}));
  EXPECT_TRUE(recorder_.ended);
}

TEST_F(TokenizerTest, AControlCharacterIsASpaceSoNoWordHoldsAMarker) {
  // An adapter other than the decoder may hand control characters on; the
  // writers' in-band markers are control characters (content_writer.h).
  text(std::string("one\x01") + "two\x03" + "three\x11" + "four\x17" + "five\x7F" + "six\x1F" + "seven");
  start(Tag::pre);
  text(std::string("a\x02") + "b");
  end(Tag::pre);
  done();
  EXPECT_EQ(recorder_.words(),
            (std::vector<std::string>{"one", "two", "three", "four", "five", "six", "seven", "a", "b"}));
}

TEST_F(TokenizerTest, ReassemblesWordsSplitAcrossTextEvents) {
  start(Tag::p);
  text("Caf");
  text("\xC3\xA9");
  text(" cr");
  text("eme");
  done();
  EXPECT_EQ(recorder_.words(), (std::vector<std::string>{"Caf\xC3\xA9", "creme"}));
}

TEST_F(TokenizerTest, InlineTagsGlueWordsButBlocksSeparateThem) {
  start(Tag::p);
  text("foo");
  start(Tag::b);
  text("bar");
  end(Tag::b);
  text(" baz");
  end(Tag::p);
  start(Tag::p);
  text("next");
  done();
  EXPECT_EQ(recorder_.words(), (std::vector<std::string>{"foo", "bar", "baz", "next"}));
  EXPECT_FALSE(recorder_.word("foo").token.has(kTokenGlued));
  EXPECT_TRUE(recorder_.word("bar").token.has(kTokenGlued));
  EXPECT_FALSE(recorder_.word("baz").token.has(kTokenGlued));
  EXPECT_FALSE(recorder_.word("next").token.has(kTokenGlued));
  EXPECT_EQ(recorder_.word("foo").token.block, recorder_.word("baz").token.block);
  EXPECT_NE(recorder_.word("baz").token.block, recorder_.word("next").token.block);
}

// A picture, a player or a form control is a box between the words around
// it, visible or not to the tokenizer: the words are apart. A hidden one is
// not drawn, and joins nothing apart.
TEST_F(TokenizerTest, AReplacedElementKeepsTheWordsAroundItApart) {
  start(Tag::p);
  text("Casserole");
  start(Tag::img);
  end(Tag::img);
  text("Don't");
  start(Tag::button);
  text("Buy");
  end(Tag::button);
  text("now");
  start(Tag::svg);
  text("icon");
  end(Tag::svg);
  text("later");
  ElementAttributes hidden;
  hidden.style = "display:none";
  start(Tag::img, hidden);
  end(Tag::img);
  start(Tag::svg, hidden);
  end(Tag::svg);
  text("on");
  start(Tag::span);
  text("wards");
  end(Tag::span);
  done();
  EXPECT_EQ(recorder_.words(), (std::vector<std::string>{"Casserole", "Don't", "Buy", "now", "later", "on", "wards"}));
  for (const char* apart : {"Don't", "Buy", "now", "later"})
    EXPECT_FALSE(recorder_.word(apart).token.has(kTokenGlued)) << apart;
  EXPECT_TRUE(recorder_.word("on").token.has(kTokenGlued)) << "a hidden picture or drawing is no box";
  EXPECT_TRUE(recorder_.word("wards").token.has(kTokenGlued)) << "a span is no box";
}

// A block's text is cut before the word that would take it past
// kMaxBlockTextBytes (a byte per space counted); the next block of the same
// element takes the rest, and the next element starts a block of its own.
TEST_F(TokenizerTest, ABlocksTextIsCutAtItsBound) {
  start(Tag::p);
  std::string words;
  for (int i = 0; i < 2000; ++i) words += "w" + std::to_string(i % 10) + "x ";  // 4 bytes a word, space included
  text(words);
  end(Tag::p);
  start(Tag::p);
  text("next");
  done();
  std::vector<std::uint32_t> blocks;
  std::vector<std::size_t> bytes;
  for (const Recorded& r : recorder_.tokens) {
    if (!r.token.is_word()) continue;
    if (blocks.empty() || blocks.back() != r.token.block) {
      blocks.push_back(r.token.block);
      bytes.push_back(0);
    }
    bytes.back() += r.text.size() + 1;
  }
  ASSERT_EQ(blocks.size(), 3u);  // 8,000 bytes: 4,096 and 3,904, then "next"
  EXPECT_EQ(bytes[0], kMaxBlockTextBytes);
  EXPECT_EQ(bytes[1], 2000 * 4 - kMaxBlockTextBytes);
  EXPECT_EQ(bytes[2], 5u);
  EXPECT_FALSE(recorder_.tokens[1].token.has(kTokenGlued));
}

TEST_F(TokenizerTest, EachCjkCharacterIsAWord) {
  start(Tag::p);
  text("\xE5\x8C\x97\xE6\x96\xB9 ok\xE3\x81\x82");  // 北方 ok あ
  done();
  EXPECT_EQ(recorder_.words(), (std::vector<std::string>{"\xE5\x8C\x97", "\xE6\x96\xB9", "ok", "\xE3\x81\x82"}));
  EXPECT_TRUE(recorder_.word("\xE6\x96\xB9").token.has(kTokenCjk));
  EXPECT_TRUE(recorder_.word("\xE6\x96\xB9").token.has(kTokenGlued));
  EXPECT_TRUE(recorder_.word("\xE3\x81\x82").token.has(kTokenGlued));
}

// Thai, Lao, Myanmar and Khmer set no space between words either: each
// character, a vowel or tone mark too, is a word glued to the one before,
// so the text reads as written and every count of words measures it by its
// length. Georgian, next to Myanmar, is a spaced script.
TEST_F(TokenizerTest, ScriptsWithoutSpacesBetweenWordsAreAWordPerCharacter) {
  start(Tag::p);
  text("ที่นี่ ລາວ ខ្មែរ ქართული");
  done();
  EXPECT_EQ(recorder_.words(), (std::vector<std::string>{"ท", "ี", "่", "น", "ี", "่", "ລ", "າ", "ວ", "ខ", "្", "ម",
                                                         "ែ", "រ", "ქართული"}));
  EXPECT_TRUE(recorder_.word("ລ").token.has(kTokenCjk));
  EXPECT_FALSE(recorder_.word("ລ").token.has(kTokenGlued)) << "a space before it";
  EXPECT_TRUE(recorder_.word("າ").token.has(kTokenGlued));
  EXPECT_FALSE(recorder_.word("ქართული").token.has(kTokenCjk));
}

TEST_F(TokenizerTest, RepairsWordsEncodedTwice) {
  start(Tag::p);
  // donâ€™t, voilÃ + no-break space (à), ä¸ + soft hyphen + æ–‡ (中文), and
  // SÃO + no-break space, real text that keeps its space.
  text("don\xC3\xA2\xE2\x82\xAC\xE2\x84\xA2t voil\xC3\x83\xC2\xA0 l\xC3\xA4\xC2\xB8\xC2\xAD\xC3\xA6\xE2\x80\x93\xE2\x80\xA1"
       " S\xC3\x83\xC2\xA0PAULO");
  done();
  EXPECT_EQ(recorder_.words(), (std::vector<std::string>{"don\xE2\x80\x99t", "voil\xC3\xA0", "l", "\xE4\xB8\xAD",
                                                         "\xE6\x96\x87", "S\xC3\x83", "PAULO"}));
  EXPECT_TRUE(recorder_.word("\xE4\xB8\xAD").token.has(kTokenCjk));
  EXPECT_TRUE(recorder_.word("\xE4\xB8\xAD").token.has(kTokenGlued));
  EXPECT_FALSE(recorder_.word("PAULO").token.has(kTokenGlued));
}

TEST_F(TokenizerTest, InvisibleSubtreesProduceNoTokensInside) {
  start(Tag::body);
  start(Tag::script);
  text("var x = 1;");
  end(Tag::script);
  ElementAttributes hidden;
  hidden.style = "color: red; DISPLAY : none";
  start(Tag::div, hidden);
  start(Tag::p);
  text("hidden words");
  end(Tag::p);
  end(Tag::div);
  text("shown");
  done();
  EXPECT_EQ(recorder_.words(), (std::vector<std::string>{"shown"}));
  int tags = 0;
  for (const Recorded& r : recorder_.tokens) tags += r.token.is_tag() ? 1 : 0;
  EXPECT_EQ(tags, 5) << "body, script, /script, div, /div: the hidden p is not a token";
}

// React's streaming renderer sends late parts of the page as
// <div hidden id="S:1f"> for a script to move into place: shown, not hidden.
TEST_F(TokenizerTest, AStreamedReactSegmentIsNotHidden) {
  start(Tag::body);
  ElementAttributes segment;
  segment.hidden = true;
  segment.id = "S:1f";
  start(Tag::div, segment);
  text("streamed");
  end(Tag::div);
  ElementAttributes other = segment;
  other.id = "S:1g";  // not hexadecimal: an ordinary hidden element
  start(Tag::div, other);
  text("hidden");
  end(Tag::div);
  ElementAttributes styled = segment;
  styled.style = "display:none";  // hidden by style whatever its id
  start(Tag::div, styled);
  text("styled");
  end(Tag::div);
  done();
  EXPECT_EQ(recorder_.words(), (std::vector<std::string>{"streamed"}));
}

TEST_F(TokenizerTest, NoscriptContentIsTextMarkedAsSuch) {
  // libxml2 runs no scripts: a noscript's content is what such a browser
  // shows, and on script-built pages the only text there is.
  start(Tag::body);
  text("before");
  start(Tag::noscript);
  start(Tag::p);
  text("fallback post");
  end(Tag::p);
  end(Tag::noscript);
  text("after");
  done();
  EXPECT_EQ(recorder_.words(), (std::vector<std::string>{"before", "fallback", "post", "after"}));
  EXPECT_EQ(recorder_.word("before").token.semantics & kSemNoscript, 0u);
  EXPECT_NE(recorder_.word("post").token.semantics & kSemNoscript, 0u);
  EXPECT_EQ(recorder_.word("after").token.semantics & kSemNoscript, 0u);
}

TEST_F(TokenizerTest, MarksAnchorsHeadingsAndDepth) {
  start(Tag::h2);
  text("Title ");
  start(Tag::a);
  text("link");
  end(Tag::a);
  end(Tag::h2);
  text("plain");
  done();
  EXPECT_TRUE(recorder_.word("Title").token.has(kTokenInHeading));
  EXPECT_FALSE(recorder_.word("Title").token.has(kTokenInAnchor));
  EXPECT_TRUE(recorder_.word("link").token.has(kTokenInAnchor));
  EXPECT_EQ(recorder_.word("link").token.depth, 2);
  EXPECT_EQ(recorder_.word("link").token.tag, Tag::a);
  EXPECT_FALSE(recorder_.word("plain").token.has(kTokenInHeading));
  EXPECT_EQ(recorder_.word("plain").token.depth, 0);
}

TEST_F(TokenizerTest, CountsHowDeepAListItemIsNestedUpToTheDeepestLevelKept) {
  // Five lists, each in an item of the one before: the fifth's item is
  // drawn at the fourth level. Text after a nested list is its item's again.
  const char* const words[] = {"one", "two", "three", "four", "five"};
  for (const char* word : words) {
    start(Tag::ul);
    start(Tag::li);
    text(word);
  }
  for (int i = 0; i < 3; ++i) {
    end(Tag::li);
    end(Tag::ul);
  }
  text(" back");
  end(Tag::li);
  end(Tag::ul);
  text(" top");
  end(Tag::li);
  end(Tag::ul);
  start(Tag::p);
  text("after");
  end(Tag::p);
  // A list item that is not in an item of another list is at the top, in a
  // table cell too.
  start(Tag::table);
  start(Tag::td);
  start(Tag::ol);
  start(Tag::li);
  text("cell");
  done();
  const std::pair<const char*, int> expected[] = {{"one", 0},  {"two", 1},  {"three", 2}, {"four", 3},
                                                  {"five", 3}, {"back", 1}, {"top", 0},   {"after", 0},
                                                  {"cell", 0}};
  for (const auto& [word, nesting] : expected) {
    const Token& t = recorder_.word(word).token;
    EXPECT_EQ(t.shape().list_nesting, nesting) << word;
    EXPECT_EQ((t.block_shape & kBlockListNestingMask) >> kBlockListNestingShift, nesting) << word;
  }
  EXPECT_EQ(recorder_.word("back").token.block_kind(), BlockKind::ListItem);
  EXPECT_TRUE(recorder_.word("back").token.shape().continues_item);
}

TEST_F(TokenizerTest, MarksAQuoteInsideAQuoteAndDrawsDeeperOnesAtThatLevel) {
  start(Tag::blockquote);
  text("outer");
  start(Tag::blockquote);
  text("inner");
  start(Tag::blockquote);
  text("innermost");
  end(Tag::blockquote);
  end(Tag::blockquote);
  text("back");
  end(Tag::blockquote);
  text("out");
  done();
  const std::pair<const char*, int> expected[] = {{"outer", 0}, {"inner", 1}, {"innermost", 1}, {"back", 0}};
  for (const auto& [word, nesting] : expected) {
    const BlockShape shape = recorder_.word(word).token.shape();
    EXPECT_TRUE(shape.quoted) << word;
    EXPECT_EQ(shape.quote_nesting, nesting) << word;
  }
  EXPECT_FALSE(recorder_.word("out").token.shape().quoted);
  EXPECT_EQ(recorder_.word("out").token.shape().quote_nesting, 0);
}

TEST_F(TokenizerTest, StampsEachWordWithItsBlocksPlaceInTheStructure) {
  start(Tag::blockquote);
  start(Tag::ol);
  start(Tag::li);
  text("one ");
  start(Tag::ul);
  start(Tag::li);
  text("two");
  end(Tag::li);
  end(Tag::ul);
  text(" three");
  end(Tag::li);
  start(Tag::li);
  start(Tag::h3);
  text("four");
  end(Tag::h3);
  end(Tag::li);
  end(Tag::ol);
  start(Tag::p);
  text("five");
  end(Tag::p);
  end(Tag::blockquote);
  start(Tag::td);
  text("six");
  br();
  br();
  text("seven");
  end(Tag::td);
  start(Tag::dt);
  text("eight");
  end(Tag::dt);
  start(Tag::dd);
  text("nine");
  end(Tag::dd);
  start(Tag::figcaption);
  text("ten");
  end(Tag::figcaption);
  start(Tag::li);
  start(Tag::pre);
  text("eleven");
  end(Tag::pre);
  text("twelve");
  end(Tag::li);
  done();
  struct Expected {
    const char* word;
    BlockKind kind;
    std::uint16_t context;  // kBlockQuoted | kBlockContinuesItem | list nesting | kBlockStartsGroup
    int heading;
  };
  const Expected expected[] = {
      {"one", BlockKind::OrderedListItem, kBlockQuoted | kBlockStartsGroup, 0},
      {"two", BlockKind::ListItem, kBlockQuoted | 1 << kBlockListNestingShift | kBlockStartsGroup, 0},
      {"three", BlockKind::OrderedListItem, kBlockQuoted | kBlockContinuesItem, 0},
      {"four", BlockKind::OrderedListItem, kBlockQuoted, 3},
      {"five", BlockKind::Paragraph, kBlockQuoted, 0},
      {"six", BlockKind::TableCell, 0, 0},
      {"seven", BlockKind::TableCell, kBlockContinuesItem, 0},
      {"eight", BlockKind::Term, 0, 0},
      {"nine", BlockKind::Definition, 0, 0},
      {"ten", BlockKind::Caption, 0, 0},
      {"eleven", BlockKind::Preformatted, 0, 0},
      {"twelve", BlockKind::ListItem, kBlockContinuesItem, 0},
  };
  for (const Expected& e : expected) {
    const Token& t = recorder_.word(e.word).token;
    EXPECT_EQ(t.block_kind(), e.kind) << e.word;
    EXPECT_EQ(t.block_shape & ~kBlockKindMask, e.context) << e.word;
    EXPECT_EQ(t.heading_level, e.heading) << e.word;
  }
}

TEST_F(TokenizerTest, MarksWhereEachListAndEachTableRowStarts) {
  // Two lists in a row, the first item's second paragraph, an empty list
  // and an empty first cell, a table of two rows, a definition list.
  for (const char* words : {"a b", "c"}) {
    start(Tag::ul);
    start(Tag::li);
    element(Tag::p, words);
    element(Tag::p, "more");
    end(Tag::li);
    element(Tag::li, std::string("next-") + words[0]);
    end(Tag::ul);
  }
  start(Tag::ol);
  end(Tag::ol);
  element(Tag::p, "between");
  start(Tag::table);
  for (const char* row : {"r1", "r2"}) {
    start(Tag::tr);
    start(Tag::td);
    end(Tag::td);
    element(Tag::td, std::string(row) + "-first");
    element(Tag::td, std::string(row) + "-second");
    end(Tag::tr);
  }
  end(Tag::table);
  start(Tag::dl);
  element(Tag::dt, "term");
  element(Tag::dd, "definition");
  end(Tag::dl);
  done();
  const std::pair<const char*, bool> expected[] = {
      {"a", true},         {"b", true},         {"more", false},      {"next-a", false},
      {"c", true},         {"next-c", false},   {"between", false},   {"r1-first", true},
      {"r1-second", false}, {"r2-first", true}, {"r2-second", false}, {"term", true},
      {"definition", false},
  };
  for (const auto& [word, starts] : expected)
    EXPECT_EQ(recorder_.word(word).token.shape().starts_group, starts) << word;
}

TEST_F(TokenizerTest, OneBrBreaksTheLineTwoEndTheBlock) {
  // A browser shows <br> as a line break and <br><br> as an empty line:
  // Readability.js turns the pair into a paragraph. A poem's or a forum
  // post's lines stay one block; two <br> (whitespace between) end it.
  start(Tag::p);
  br();  // at the block's start: nothing to break
  text("one");
  br();
  text(" two ");
  br();
  text("\n ");
  br();
  text("three");
  end(Tag::p);
  done();
  const Token& one = recorder_.word("one").token;
  const Token& two = recorder_.word("two").token;
  const Token& three = recorder_.word("three").token;
  EXPECT_FALSE(one.has(kTokenLineBreak));
  EXPECT_EQ(two.block, one.block);
  EXPECT_TRUE(two.has(kTokenLineBreak));
  EXPECT_EQ(two.line_indent(), 0u);
  EXPECT_FALSE(two.after_blank_line());
  EXPECT_NE(three.block, two.block);
  EXPECT_FALSE(three.has(kTokenLineBreak)) << "a block's first word starts its line";
  int boundaries = 0;
  for (const Recorded& r : recorder_.tokens)
    if (r.token.is_tag() && r.token.tag == Tag::br && r.token.has(kTokenBlockBoundary)) ++boundaries;
  EXPECT_EQ(boundaries, 2) << "the <br> at the start and the second of the pair";
}

TEST_F(TokenizerTest, InPreformattedTextABrIsOneMoreLineBreak) {
  // <pre>a<br>b<br>\nc</pre>: a browser shows b on the next line and c
  // after an empty one (the <br>, then the newline).
  start(Tag::pre);
  text("a");
  br();
  text("b");
  br();
  text("\nc");
  end(Tag::pre);
  done();
  const Token& a = recorder_.word("a").token;
  const Token& b = recorder_.word("b").token;
  const Token& c = recorder_.word("c").token;
  EXPECT_EQ(b.block, a.block);
  EXPECT_EQ(c.block, a.block);
  EXPECT_TRUE(b.has(kTokenLineBreak));
  EXPECT_FALSE(b.after_blank_line());
  EXPECT_TRUE(c.has(kTokenLineBreak));
  EXPECT_TRUE(c.after_blank_line());
}

TEST_F(TokenizerTest, ParagraphsInATableCellAreParagraphs) {
  // A layout table holds a whole article in one cell, in paragraphs; a data
  // table's cell holds its text directly.
  start(Tag::td);
  start(Tag::p);
  text("article");
  end(Tag::p);
  start(Tag::div);
  start(Tag::ul);
  start(Tag::li);
  text("bullet");
  end(Tag::li);
  end(Tag::ul);
  end(Tag::div);
  text("loose");
  end(Tag::td);
  start(Tag::th);
  text("header");
  end(Tag::th);
  done();
  EXPECT_EQ(recorder_.word("article").token.block_kind(), BlockKind::Paragraph);
  EXPECT_EQ(recorder_.word("bullet").token.block_kind(), BlockKind::ListItem);
  EXPECT_EQ(recorder_.word("loose").token.block_kind(), BlockKind::TableCell);
  EXPECT_EQ(recorder_.word("header").token.block_kind(), BlockKind::TableCell);
  EXPECT_EQ(recorder_.word("header").token.block_shape & kBlockContinuesItem, 0);
}

TEST_F(TokenizerTest, OverlongWordsAreSplitIntoGluedParts) {
  start(Tag::p);
  text(std::string(300, 'x'));
  done();
  const std::vector<std::string> words = recorder_.words();
  ASSERT_EQ(words.size(), 3u);
  EXPECT_EQ(words[0].size(), TokenStream::kMaxWordBytes);
  EXPECT_TRUE(recorder_.tokens[2].token.has(kTokenGlued));
}

TEST_F(TokenizerTest, WordOffsetsAreInterpolatedWithinTheTextEvent) {
  start(Tag::p);
  text("ab cd", SourceSpan{100, 105});
  done();
  EXPECT_EQ(recorder_.word("ab").token.source_begin, 100u);
  EXPECT_EQ(recorder_.word("ab").token.source_end, 102u);
  EXPECT_EQ(recorder_.word("cd").token.source_begin, 103u);
  EXPECT_EQ(recorder_.word("cd").token.source_end, 105u);
}

// Words are emitted straight from the text when they end inside it, and
// through the word buffer when they may go on in the next event. The tokens
// (text, flags, offsets) must be the same for a text given whole or one
// character per event, whatever its words, spaces, non-ASCII letters, CJK
// characters and over-long runs.
// Inside <pre> (and what it holds) a word that starts a line says so, with
// its indentation (a tab to the next multiple of 8) and whether an empty line
// came before; a block's first word starts nothing.
TEST_F(TokenizerTest, PreformattedWordsSayHowTheirLineStarts) {
  start(Tag::pre);
  start(Tag::code);
  text("\n  int f() {\n    return 1;\n");
  start(Tag::span);
  text("\n\t x");
  end(Tag::span);
  text(" y\n}");
  end(Tag::code);
  end(Tag::pre);
  start(Tag::p);
  text("a\n    b");
  done();
  const auto line = [&](const char* w) {
    const Token& t = recorder_.word(w).token;
    return std::string(t.has(kTokenLineBreak) ? "break" : "-") + "/" + std::to_string(t.line_indent()) +
           (t.after_blank_line() ? "/blank" : "");
  };
  EXPECT_EQ(line("int"), "-/0") << "the block's first word";
  EXPECT_EQ(line("f()"), "-/0");
  EXPECT_EQ(line("return"), "break/4");
  EXPECT_EQ(line("1;"), "-/0");
  EXPECT_EQ(line("x"), "break/9/blank");
  EXPECT_EQ(line("y"), "-/0");
  EXPECT_EQ(line("}"), "break/0");
  EXPECT_EQ(line("b"), "-/0") << "outside <pre> a line break is a space";
}

// CSS white-space inherits: an inline pre or pre-wrap keeps an element's
// lines and indentation as <pre> does, pre-line its lines only, normal or
// nowrap lets them flow again.
TEST_F(TokenizerTest, AnInlineWhiteSpaceStyleKeepsOrFlowsLines) {
  ElementAttributes keeps;
  keeps.style = "color: red; White-Space : pre-wrap";
  ElementAttributes flows;
  flows.style = "white-space:normal";
  start(Tag::div, keeps);
  text("a\n  b");
  start(Tag::span, flows);
  text("\nc");
  end(Tag::span);
  text("\nd");
  end(Tag::div);
  start(Tag::pre);
  start(Tag::code, flows);
  text("e\nf");
  end(Tag::code);
  end(Tag::pre);
  ElementAttributes lines_only;
  lines_only.style = "white-space: pre-line";
  start(Tag::div, lines_only);
  text("g\n    h");
  done();
  EXPECT_EQ(recorder_.word("b").token.line_indent(), 2u);
  EXPECT_TRUE(recorder_.word("b").token.has(kTokenLineBreak));
  EXPECT_FALSE(recorder_.word("c").token.has(kTokenLineBreak)) << "white-space: normal inside";
  EXPECT_TRUE(recorder_.word("d").token.has(kTokenLineBreak)) << "back in the pre-wrap element";
  EXPECT_FALSE(recorder_.word("f").token.has(kTokenLineBreak)) << "normal inside <pre>";
  EXPECT_TRUE(recorder_.word("h").token.has(kTokenLineBreak));
  EXPECT_EQ(recorder_.word("h").token.line_indent(), 0u) << "pre-line keeps lines, not spaces";
}

TEST_F(TokenizerTest, CrLfIsOneLineBreakWhereverTheTextIsCut) {
  start(Tag::pre);
  text("a\r");
  text("\nb\r\rc\r\n\r\nd ");
  text(std::string(200, ' ') + "e\n" + std::string(200, ' ') + "f");
  done();
  const Token& b = recorder_.word("b").token;
  EXPECT_TRUE(b.has(kTokenLineBreak));
  EXPECT_FALSE(b.after_blank_line());
  EXPECT_TRUE(recorder_.word("c").token.after_blank_line()) << "two CRs are two breaks";
  EXPECT_TRUE(recorder_.word("d").token.after_blank_line()) << "two CR LF pairs";
  EXPECT_FALSE(recorder_.word("e").token.has(kTokenLineBreak)) << "spaces on a line are one space";
  EXPECT_EQ(recorder_.word("f").token.line_indent(), kMaxLineIndent);
}

// The indentation is rendered (ContentWriter::rendered_prefix), so it counts
// towards the block's bound: algorithms that hold a block hold at most that.
TEST_F(TokenizerTest, APreformattedBlocksIndentationCountsTowardsItsBound) {
  start(Tag::pre);
  std::string lines;
  for (int i = 0; i < 400; ++i) lines += "\n" + std::string(i % 3 ? 40 : 0, ' ') + "x;";
  text(lines);
  done();
  std::vector<std::size_t> bytes;
  std::uint32_t block = 0;
  for (const Recorded& r : recorder_.tokens) {
    if (!r.token.is_word()) continue;
    const bool first = bytes.empty() || r.token.block != block;
    if (first) bytes.push_back(0);
    block = r.token.block;
    bytes.back() += r.text.size() +
                    (first ? 0 : r.token.has(kTokenLineBreak) ? 1 + r.token.line_indent() : 1);
  }
  ASSERT_GE(bytes.size(), 3u);  // about 400 * 30 bytes rendered, 1,200 without the indentation
  for (const std::size_t b : bytes) EXPECT_LE(b, kMaxBlockTextBytes);
}

TEST(Tokenizer, WordsAreTheSameWholeOrOneCharacterPerEvent) {
  std::mt19937 random(3);
  const std::string_view pieces[] = {"a", "b", "Z", "9", ".", " ", "  ", "\t", "\n", "\xC3\xA9", "\xC2\xA0",
                                     "\xE4\xB8\xAD", "\xC2\xAD", "\xE2\x80\x83",
                                     // stand-ins of text encoded twice (engine/mojibake.h): Ã â € ™ U+0080 ©
                                     "\xC3\x83", "\xC3\xA2", "\xE2\x82\xAC", "\xE2\x84\xA2", "\xC2\x80", "\xC2\xA9",
                                     "\r", "\r\n", "\n\n"};
  auto run = [](const std::string& text, bool per_character, Tag element) {
    MemoryBudget budget(1 << 20);
    Recorder recorder;
    TokenStream stream(budget, 16, 4096);
    Tokenizer tokenizer(budget, stream, recorder, 8);
    tokenizer.on_start_element(element, {}, {});
    const std::uint64_t base = 1000;
    if (!per_character) {
      tokenizer.on_text(text, SourceSpan{base, base + text.size()});
    } else {
      for (std::size_t at = 0; at < text.size();) {
        const auto b = static_cast<unsigned char>(text[at]);
        const std::size_t n = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
        tokenizer.on_text(std::string_view(text).substr(at, n), SourceSpan{base + at, base + at + n});
        at += n;
      }
    }
    tokenizer.on_end_element(element, {});
    tokenizer.on_end_document(0);
    std::vector<std::string> out;
    for (const Recorded& r : recorder.tokens)
      if (r.token.is_word())
        out.push_back(r.text + "|" + std::to_string(r.token.flags) + "|" + std::to_string(r.token.source_begin) +
                      "-" + std::to_string(r.token.source_end) + "|" + std::to_string(r.token.word_index) + "|" +
                      std::to_string(r.token.line_start));
    return out;
  };
  for (int n = 0; n < 400; ++n) {
    std::string text;
    for (std::size_t k = random() % 40; k > 0; --k) {
      if (random() % 25 == 0) text += std::string(120 + random() % 20, 'w');  // around the 128-byte word cap
      else text += pieces[random() % (sizeof(pieces) / sizeof(pieces[0]))];
    }
    for (const Tag element : {Tag::p, Tag::pre}) {
      const std::vector<std::string> whole = run(text, false, element);
      ASSERT_EQ(whole, run(text, true, element)) << text;
    }
  }
}

TEST_F(TokenizerTest, WordsOfExactlyTheCapInsideATextStayWhole) {
  start(Tag::p);
  text(std::string(128, 'a') + " " + std::string(129, 'b') + " c\xC3\xA9 d");
  done();
  const std::vector<std::string> words = recorder_.words();
  ASSERT_EQ(words.size(), 5u);
  EXPECT_EQ(words[0], std::string(128, 'a'));
  EXPECT_EQ(words[1], std::string(128, 'b'));
  EXPECT_EQ(words[2], "b");
  EXPECT_TRUE(recorder_.tokens[3].token.has(kTokenGlued));
  EXPECT_EQ(words[3], "c\xC3\xA9") << "a word going on in non-ASCII letters";
  EXPECT_EQ(words[4], "d");
}

TEST_F(TokenizerTest, KeepsTheTitleForAlgorithmsButMakesNoTokensOfIt) {
  start(Tag::head);
  start(Tag::title);
  text("Rivers of the ");
  text("NORTH - Gazette");
  end(Tag::title);
  end(Tag::head);
  start(Tag::p);
  text("body");
  done();
  EXPECT_EQ(stream_.title(), "rivers of the north - gazette");
  EXPECT_EQ(recorder_.words(), (std::vector<std::string>{"body"}));
}

TEST_F(TokenizerTest, KeepsThePagesTitleAsWrittenFromItsFirstTitleOutsideSvg) {
  start(Tag::body);
  start(Tag::svg);
  start(Tag::title);
  text("Share icon");  // an SVG's title names the drawing, not the page
  end(Tag::title);
  end(Tag::svg);
  start(Tag::template_);
  start(Tag::title);
  text("Card {{name}}");  // a template's content is not in the document
  end(Tag::title);
  end(Tag::template_);
  EXPECT_FALSE(stream_.page_title().known());
  start(Tag::title);
  text("  Rivers of the ");
  EXPECT_FALSE(stream_.page_title().known());
  text("NORTH - Gazette ");
  end(Tag::title);
  ASSERT_TRUE(stream_.page_title().known());
  EXPECT_EQ(stream_.page_title().view(), "Rivers of the NORTH - Gazette");
  start(Tag::title);
  text("A later title");
  end(Tag::title);
  done();
  EXPECT_EQ(stream_.page_title().view(), "Rivers of the NORTH - Gazette");
  EXPECT_TRUE(recorder_.words().empty());
}

TEST_F(TokenizerTest, APageWithoutTitleHasAnEmptyOneOnceItEnds) {
  start(Tag::p);
  text("body");
  EXPECT_FALSE(stream_.page_title().known());
  done();
  ASSERT_TRUE(stream_.page_title().known());
  EXPECT_EQ(stream_.page_title().view(), "");
}

TEST_F(TokenizerTest, KeepsThePagesFirstDescription) {
  ElementAttributes viewport;
  viewport.name = "viewport";
  viewport.content = "width=device-width";
  ElementAttributes empty_description;
  empty_description.name = "description";
  ElementAttributes open_graph;
  open_graph.property = "OG:Description";
  open_graph.content = "Floods CLOSE the harbour road";
  ElementAttributes later;
  later.name = "description";
  later.content = "a second description";
  ElementAttributes not_meta;
  not_meta.name = "description";
  not_meta.content = "an input's content";
  start(Tag::head);
  start(Tag::input, not_meta);
  end(Tag::input);
  start(Tag::meta, viewport);
  end(Tag::meta);
  start(Tag::meta, empty_description);
  end(Tag::meta);
  start(Tag::meta, open_graph);
  end(Tag::meta);
  start(Tag::meta, later);
  end(Tag::meta);
  end(Tag::head);
  start(Tag::p);
  text("body");
  done();
  EXPECT_EQ(stream_.description(), "floods close the harbour road")
      << "the first non-empty description of a meta, lower-cased; later ones are ignored";
  EXPECT_EQ(recorder_.words(), (std::vector<std::string>{"body"}));
}

TEST_F(TokenizerTest, ReadsSchemaOrgDescriptionsInTheBody) {
  ElementAttributes microdata;
  microdata.itemprop = "description";
  microdata.content = "Summary";
  start(Tag::body);
  start(Tag::meta, microdata);
  end(Tag::meta);
  done();
  EXPECT_EQ(stream_.description(), "summary");
}

TEST_F(TokenizerTest, ReadsThePagesOpenGraphTypeOnce) {
  ElementAttributes empty_type;
  empty_type.property = "og:type";
  ElementAttributes website;
  website.property = "OG:TYPE";
  website.content = "website";
  ElementAttributes article;
  article.property = "og:type";
  article.content = "article";
  start(Tag::head);
  start(Tag::meta, empty_type);
  end(Tag::meta);
  EXPECT_EQ(stream_.page_kind(), PageKind::undeclared) << "an empty og:type declares nothing";
  start(Tag::meta, website);
  end(Tag::meta);
  start(Tag::meta, article);
  end(Tag::meta);
  end(Tag::head);
  done();
  EXPECT_EQ(stream_.page_kind(), PageKind::other) << "the first declared type stays";
  EXPECT_EQ(stream_.page_text().kind, PageKind::other);
}

TEST_F(TokenizerTest, ReadsWhatTheDeclaredAddressSaysBeforeTheFirstWord) {
  ElementAttributes canonical;
  canonical.rel = "canonical";
  canonical.href = "https://example.com/technology/";
  ElementAttributes later;
  later.property = "og:url";
  later.content = "https://example.com/2026/10/a-long-story-here";
  start(Tag::head);
  start(Tag::link, canonical);
  end(Tag::link);
  EXPECT_EQ(stream_.address_shape(), AddressShape::undeclared) << "known when the metadata is settled";
  end(Tag::head);
  start(Tag::body);
  text("First words");  // "First" is a word once the space ends it
  EXPECT_EQ(stream_.address_shape(), AddressShape::overview);
  EXPECT_EQ(stream_.page_text().address, AddressShape::overview);
  start(Tag::meta, later);
  end(Tag::meta);
  done();
  EXPECT_EQ(stream_.address_shape(), AddressShape::overview) << "an address after the first word changes nothing";
}

TEST_F(TokenizerTest, MarksTheEndOfThePagesMainLandmark) {
  ElementAttributes main_role;
  main_role.role = "main";
  ElementAttributes main_class;
  main_class.class_name = "main";
  ElementAttributes hidden;
  hidden.hidden = true;
  start(Tag::body);
  start(Tag::main, hidden);  // a landmark no one sees (a template, a page kept for later) ends nothing
  text("Draft");
  end(Tag::main);
  EXPECT_FALSE(stream_.page_text().main_landmark_ended);
  start(Tag::div, main_class);
  text("Menu");
  end(Tag::div);
  EXPECT_FALSE(stream_.page_text().main_landmark_ended) << "a class word is not the landmark";
  start(Tag::main);
  start(Tag::div, main_role);  // a landmark nested in the landmark ends with the outer one
  start(Tag::p);
  text("Story");
  end(Tag::p);
  end(Tag::div);
  EXPECT_FALSE(stream_.page_text().main_landmark_ended);
  end(Tag::main);
  EXPECT_TRUE(stream_.page_text().main_landmark_ended);
  start(Tag::footer);
  text("Imprint");
  end(Tag::footer);
  done();
  EXPECT_FALSE(recorder_.word("Menu").token.semantics & kSemMainLandmark);
  EXPECT_TRUE(recorder_.word("Story").token.semantics & kSemMainLandmark);
  EXPECT_TRUE(recorder_.word("Story").token.semantics & kSemContent);
  EXPECT_FALSE(recorder_.word("Imprint").token.semantics & kSemMainLandmark);
}

// A link whose hreflang names another language than the page's <html lang>
// is a language switcher's; one in the page's own language (some sites name
// it on every link) is not.
TEST_F(TokenizerTest, MarksALinkToThePageInAnotherLanguage) {
  ElementAttributes html;
  html.lang = "en-GB";
  ElementAttributes german, english;
  german.hreflang = "de";
  english.hreflang = "en";
  start(Tag::html, html);
  start(Tag::body);
  start(Tag::li);
  start(Tag::a, german);
  text("Deutsch");
  end(Tag::a);
  end(Tag::li);
  start(Tag::li);
  start(Tag::a, english);
  text("Headline");
  end(Tag::a);
  end(Tag::li);
  element(Tag::p, "Story");
  done();
  EXPECT_TRUE(recorder_.word("Deutsch").token.semantics & kSemLanguageLink);
  EXPECT_FALSE(recorder_.word("Headline").token.semantics & kSemLanguageLink);
  EXPECT_FALSE(recorder_.word("Story").token.semantics & kSemLanguageLink);
}

// The words of a link styled as a button carry the bit, and so does what
// the link holds (an icon's label); the words around it do not, nor does
// anything inside an element of another tag with such a class.
TEST_F(TokenizerTest, MarksALinkStyledAsAButton) {
  ElementAttributes button, group;
  button.class_name = "btn btn-primary";
  group.class_name = "button-group";
  start(Tag::body);
  start(Tag::p);
  text("Read ");
  start(Tag::a, button);
  text("the ");
  start(Tag::span);
  text("report");
  end(Tag::span);
  end(Tag::a);
  text(" today");
  end(Tag::p);
  start(Tag::div, group);
  text("Options");
  end(Tag::div);
  done();
  EXPECT_TRUE(recorder_.word("the").token.semantics & kSemButtonLink);
  EXPECT_TRUE(recorder_.word("report").token.semantics & kSemButtonLink);
  EXPECT_FALSE(recorder_.word("Read").token.semantics & kSemButtonLink);
  EXPECT_FALSE(recorder_.word("today").token.semantics & kSemButtonLink);
  EXPECT_FALSE(recorder_.word("Options").token.semantics & kSemButtonLink);
  EXPECT_FALSE(recorder_.word("the").token.semantics & kSemControl) << "read in place, not passed over";
}

TEST_F(TokenizerTest, AnHreflangMeansNothingOnAPageThatDeclaresNoLanguage) {
  ElementAttributes german;
  german.hreflang = "de";
  start(Tag::body);
  start(Tag::a, german);
  text("Deutsch");
  end(Tag::a);
  done();
  EXPECT_FALSE(recorder_.word("Deutsch").token.semantics & kSemLanguageLink);
}

TEST_F(TokenizerTest, MarksTheEndOfTheDeclaredArticleBody) {
  ElementAttributes body;
  body.itemprop = "articleBody";
  start(Tag::body);
  start(Tag::article);
  start(Tag::div, body);
  start(Tag::p);
  text("Story");
  end(Tag::p);
  EXPECT_FALSE(stream_.page_text().declared_body_ended);
  end(Tag::div);
  EXPECT_TRUE(stream_.page_text().declared_body_ended);
  EXPECT_FALSE(stream_.page_text().main_landmark_ended) << "the two flags are apart";
  start(Tag::p);
  text("Comments");
  end(Tag::p);
  done();
  EXPECT_TRUE(recorder_.word("Story").token.semantics & kSemDeclaredBody);
  EXPECT_FALSE(recorder_.word("Comments").token.semantics & kSemDeclaredBody);
}

TEST_F(TokenizerTest, StampsWordsWithTheirBlockContainerAndSemantics) {
  ElementAttributes footer;
  footer.class_name = "site-footer";
  start(Tag::div, footer);
  start(Tag::p);
  text("one");
  end(Tag::p);
  start(Tag::p);
  text("two");
  done();
  const Token& one = recorder_.word("one").token;
  const Token& two = recorder_.word("two").token;
  EXPECT_EQ(one.block_tag, Tag::p);
  EXPECT_NE(one.container, 0u);
  EXPECT_EQ(one.container, two.container) << "sibling paragraphs share their container";
  EXPECT_NE(one.block, two.block);
  EXPECT_TRUE(one.semantics & (1u << 1)) << "kSemFooter from the ancestor's class";
}

TEST_F(TokenizerTest, PageElementsCuesStayOnTheirStartTagsAndAreNotInherited) {
  // Feature flags on html ("unfollowComments") and WordPress's body classes
  // ("has-sidebar") describe the page: inherited, they would mark every
  // block of it as a comment or a sidebar.
  ElementAttributes flags;
  flags.class_name = "flag-unfollowComments-on";
  ElementAttributes body_classes;
  body_classes.class_name = "single has-sidebar";
  ElementAttributes aside;
  aside.class_name = "sidebar";
  start(Tag::html, flags);
  start(Tag::body, body_classes);
  start(Tag::p);
  text("story");
  end(Tag::p);
  start(Tag::div, aside);
  text("links");
  done();
  EXPECT_EQ(recorder_.word("story").token.semantics & (kSemComment | kSemSidebar), 0u);
  EXPECT_NE(recorder_.word("links").token.semantics & kSemSidebar, 0u) << "other elements' cues are inherited";
  std::uint32_t start_tag_cues = 0;
  for (const Recorded& r : recorder_.tokens)
    if (r.token.kind == TokenKind::StartTag && (r.token.tag == Tag::html || r.token.tag == Tag::body))
      start_tag_cues |= r.token.semantics;
  EXPECT_NE(start_tag_cues & kSemComment, 0u) << "html's own cues on its start tag";
  EXPECT_NE(start_tag_cues & kSemSidebar, 0u) << "body's own cues on its start tag";
}

TEST_F(TokenizerTest, MarksWordsInsideAdvertsByLinkTargetOrBannerSize) {
  ElementAttributes ad_link;
  ad_link.href = "https://ad.doubleclick.net/click;sz=468x60";
  ElementAttributes banner;
  banner.width = "728";
  banner.height = "90px";
  ElementAttributes styled;
  styled.style = "margin: 0; width: 300px; height:250px";
  ElementAttributes plain_link;
  plain_link.href = "/news/2026/rivers";
  ElementAttributes wide;
  wide.style = "max-width: 728px; height: 90px";
  start(Tag::p);
  start(Tag::a, ad_link);
  text("cheap");
  end(Tag::a);
  start(Tag::div, banner);
  start(Tag::span);
  text("inner");
  end(Tag::span);
  end(Tag::div);
  start(Tag::div, styled);
  text("boxed");
  end(Tag::div);
  start(Tag::a, plain_link);
  text("story");
  end(Tag::a);
  start(Tag::div, wide);
  text("wide");
  end(Tag::div);
  text("after");
  done();
  EXPECT_TRUE(recorder_.word("cheap").token.has(kTokenInAdvert));
  EXPECT_TRUE(recorder_.word("inner").token.has(kTokenInAdvert)) << "inherited by descendants";
  EXPECT_TRUE(recorder_.word("boxed").token.has(kTokenInAdvert));
  EXPECT_FALSE(recorder_.word("story").token.has(kTokenInAdvert));
  EXPECT_FALSE(recorder_.word("wide").token.has(kTokenInAdvert)) << "max-width is not width";
  EXPECT_FALSE(recorder_.word("after").token.has(kTokenInAdvert));
}

TEST_F(TokenizerTest, ElementsPastTheDepthLimitAreFlattenedButTheirTextKept) {
  for (int i = 0; i < 12; ++i) start(Tag::div);
  text("deep");
  for (int i = 0; i < 12; ++i) end(Tag::div);
  text("shallow");
  done();
  EXPECT_EQ(recorder_.words(), (std::vector<std::string>{"deep", "shallow"}));
  EXPECT_EQ(tokenizer_.flattened_elements(), 4u);
  EXPECT_EQ(recorder_.word("deep").token.depth, 8);
  EXPECT_EQ(recorder_.word("shallow").token.depth, 0);
}

}  // namespace
}  // namespace winnow
