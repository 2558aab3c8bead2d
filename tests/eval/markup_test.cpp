// SPDX-License-Identifier: MIT
// Tests of markup.h: stripping an extractor's HTML output to plain text.
#include "adapters/eval/markup.h"

#include <gtest/gtest.h>

#include "adapters/eval/normalize.h"

namespace winnow::eval {
namespace {

TEST(HtmlToText, BlockTagsBreakLinesInlineTagsVanish) {
  EXPECT_EQ(html_to_text("<p>one <b>two</b></p><p>th<i>re</i>e</p>"), "\none two\n\nthree\n");
  EXPECT_EQ(html_to_text("a<br>b<br/>c"), "a\nb\nc");
  EXPECT_EQ(html_to_text("<DIV CLASS=\"x\">up</DIV>"), "\nup\n");
}

TEST(HtmlToText, DropsScriptsStylesAndComments) {
  EXPECT_EQ(html_to_text("a<script type=\"x\">var s = '<p>';</script>b"), "ab");
  EXPECT_EQ(html_to_text("a<STYLE>p{}</STYLE>b<!-- <p>hidden</p> -->c"), "abc");
  EXPECT_EQ(html_to_text("x<noscript>enable js</noscript>y"), "xy");
  EXPECT_EQ(html_to_text("x<script>never closed"), "x");
}

TEST(HtmlToText, QuotedGreaterThanDoesNotEndATag) {
  EXPECT_EQ(html_to_text("<a title=\"a > b\" href='x'>link</a>"), "link");
}

TEST(HtmlToText, LessThanThatStartsNoTagIsText) {
  EXPECT_EQ(html_to_text("1 < 2 and 3 <4"), "1 < 2 and 3 <4");
}

TEST(HtmlToText, ResolvesEntitiesAfterStripping) {
  // &lt;p&gt; is text, not a tag: it must survive as "<p>".
  EXPECT_EQ(html_to_text("<p>Caf&eacute; &lt;p&gt; &amp;</p>"), "\nCafé <p> &\n");
}

TEST(ResolveEntities, NumericNamedAndUnknown) {
  EXPECT_EQ(resolve_entities("&#65;&#x42;&#X43;"), "ABC");
  EXPECT_EQ(resolve_entities("&nbsp;&euro;&mdash;&apos;"), "\xC2\xA0€—'");
  EXPECT_EQ(resolve_entities("&bogus; & &amp &;"), "&bogus; & &amp &;");
  EXPECT_EQ(resolve_entities("&#0;&#xD800;&#x110000;"), "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");
}

TEST(LooksLikeHtml, DetectsMarkupOnlyAtTheStart) {
  EXPECT_TRUE(looks_like_html("  <p>text</p>"));
  EXPECT_TRUE(looks_like_html("<!DOCTYPE html><html>"));
  EXPECT_FALSE(looks_like_html("plain text with <b>bold</b>"));
  EXPECT_FALSE(looks_like_html("< not a tag"));
  EXPECT_FALSE(looks_like_html(""));
}

TEST(HtmlToText, FeedsTheSameWordsAsThePlainTextGold) {
  const std::string html =
      "<article><h1>Title</h1><p>First <a href=#>para</a>graph.</p><ul><li>one</li>"
      "<li>two</li></ul></article>";
  EXPECT_EQ(split_words(html_to_text(html)), split_words("Title\nFirst paragraph.\none\ntwo"));
}

}  // namespace
}  // namespace winnow::eval
