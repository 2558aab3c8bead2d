// SPDX-License-Identifier: MIT
// A notice that scripts are off, as pages put it in <noscript>.
#include "engine/script_notice.h"

#include <gtest/gtest.h>

#include <string>

namespace winnow {
namespace {

TEST(ScriptNotice, NamesJavaScriptInAnyCaseAndLanguage) {
  for (const char* text : {"Please enable JavaScript to view the comments powered by Disqus.", "JAVASCRIPT IS DISABLED",
                           "Bitte aktivieren Sie JavaScript.", "请启用JavaScript", "javascript:void(0)", "JavaScript"})
    EXPECT_TRUE(names_javascript(text)) << text;
  for (const char* text : {"", "Java", "Please enable scripts", "Java script", "ECMAScript", "javascrip"})
    EXPECT_FALSE(names_javascript(text)) << text;
}

TEST(ScriptNotice, OnlyAShortBlockInsideNoscriptThatNamesJavaScript) {
  const std::string notice = "Please turn on JavaScript. Media requires JavaScript to play.";
  EXPECT_TRUE(is_script_notice(true, 9, notice));
  EXPECT_FALSE(is_script_notice(false, 9, notice)) << "an article's paragraph about JavaScript";
  EXPECT_FALSE(is_script_notice(true, 9, "Welcome to the forum. Read the rules before you post."))
      << "a page's own text served for readers without scripts";
  EXPECT_TRUE(is_script_notice(true, kMaxScriptNoticeWords, notice));
  EXPECT_FALSE(is_script_notice(true, kMaxScriptNoticeWords + 1, notice)) << "a post that mentions JavaScript";
  EXPECT_FALSE(is_script_notice(true, 0, notice));
}

TEST(ScriptNotice, MarkupWrittenAsTextInsideNoscript) {
  for (const char* text : {"&lt;img class=\"noscript\" src=\"https://example.org/a.jpg\" &gt;", "<img src=\"a.jpg\">",
                           "&LT;iframe src=\"https://example.org/\"&GT;", "  <IMG SRC=a.jpg>"})
    EXPECT_TRUE(is_escaped_markup(true, text)) << text;
  EXPECT_FALSE(is_escaped_markup(false, "<img src=\"a.jpg\">")) << "a code sample in an article";
  for (const char* text : {"Please enable JavaScript.", "< 5 minutes", "&lt;= 5 minutes", "&lt;", "<", ""})
    EXPECT_FALSE(is_escaped_markup(true, text)) << text;
}

}  // namespace
}  // namespace winnow
