// SPDX-License-Identifier: MIT
#include "engine/plain.h"

#include <gtest/gtest.h>

#include "support/test_support.h"
#include "support/token_dump.h"

namespace winnow {
namespace {

TEST(Plain, WritesEveryWordTokenInOrder) {
  for (const std::string& name : test::fixture_names()) {
    const std::string html = test::read_fixture(name);
    test::RecordingSink expected;
    ContentWriter writer(expected);
    for (const test::DumpedToken& t : test::tokens_of(html))
      if (t.token.is_word()) writer.write_word(t.token, t.text);
    writer.finish();
    ExtractorConfig config;
    config.algorithm = "plain";
    EXPECT_EQ(test::run_pipeline(html, config, 0).text, expected.text()) << name;
  }
}

TEST(Plain, KeepsVisibleTextOnlyAndDecodesEntities) {
  ExtractorConfig config;
  config.algorithm = "plain";
  const std::string text = test::run_pipeline(test::read_fixture("raw_text_and_comments.html"), config, 0).text;
  // The formula is rendered text, its TeX annotation is not (nor svg's text).
  EXPECT_EQ(text, "visible one\nVisible paragraphcontinues here.\nx\nLast visible words.\n");
  const std::string entities = test::run_pipeline(test::read_fixture("inline_and_breaks.html"), config, 0).text;
  EXPECT_NE(entities.find("Entities: <tag> \"quoted\" \xC2\xA9 \xE2\x98\xBA nbsp here AT&T &amp"), std::string::npos)
      << entities;
  EXPECT_NE(entities.find("Wordsgluedacross inline tags, a line\nbreak and a softhyphen."), std::string::npos);
  EXPECT_EQ(entities.find("hidden paragraph"), std::string::npos);
  // aria-hidden keeps text from screen readers, not from the screen.
  EXPECT_NE(entities.find("aria hidden"), std::string::npos);
  EXPECT_EQ(entities.find("styled away"), std::string::npos);
}

TEST(Plain, AClosedDialogIsNotShown) {
  ExtractorConfig config;
  config.algorithm = "plain";
  const std::string html =
      "<p>Before.</p><dialog id=signin><p>Sign in to comment</p></dialog>"
      "<dialog open class=\"notice\"><p>Shown notice</p></dialog><dialog OPEN=\"\">Also open</dialog><p>After.</p>";
  for (std::size_t chunk : {std::size_t{0}, std::size_t{1}, std::size_t{7}}) {
    const std::string text = test::run_pipeline(html, config, chunk).text;
    EXPECT_EQ(text, "Before.\nShown notice\nAlso open\nAfter.\n") << chunk;
  }
}

// A browser shows an object's fallback when it cannot show the object (a
// Flash player, an object with no data) and never a video's or an iframe's.
TEST(Plain, AnObjectsFallbackIsShownAVideosIsNot) {
  ExtractorConfig config;
  config.algorithm = "plain";
  const std::string html =
      "<p>Before.</p><object type=\"application/x-shockwave-flash\" data=\"player.swf\">"
      "<param name=\"movie\" value=\"player.swf\"><embed src=\"player.swf\">"
      "<div class=\"caption\"><p>The clip's caption.</p></div></object>"
      "<video src=\"clip.mp4\"><p>Your browser cannot play this video.</p></video>"
      "<iframe src=\"ad.html\"><p>Frame fallback</p></iframe>"
      "<a href=\"/review\"><object title=\"Review\"><span>9</span></object> Score</a><p>After.</p>";
  for (std::size_t chunk : {std::size_t{0}, std::size_t{1}, std::size_t{7}}) {
    const std::string text = test::run_pipeline(html, config, chunk).text;
    EXPECT_EQ(text, "Before.\nThe clip's caption.\n9 Score\nAfter.\n") << chunk;
  }
}

TEST(Plain, KeepsMathMLTextButNotItsAnnotations) {
  ExtractorConfig config;
  config.algorithm = "plain";
  const std::string text = test::run_pipeline(test::read_fixture("mathml.html"), config, 0).text;
  EXPECT_NE(text.find("When a \xE2\x89\xA0 0, the equation"), std::string::npos) << text;
  // Inline elements glue words as everywhere else: the fraction's numerator
  // and denominator touch, as in a browser's innerText.
  EXPECT_NE(text.find("The formula itself: x = \xE2\x88\x92" "b2a is the vertex"), std::string::npos) << text;
  EXPECT_EQ(text.find("frac"), std::string::npos) << "a TeX annotation is not rendered";
  EXPECT_EQ(text.find("content-markup"), std::string::npos) << "nor is annotation-xml";
  EXPECT_EQ(text.find("hiddenformula"), std::string::npos) << "a hidden formula stays hidden";
}

}  // namespace
}  // namespace winnow
