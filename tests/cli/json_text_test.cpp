// SPDX-License-Identifier: MIT
// Text as a JSON string's content: what JSON needs escaped and what a
// line-based reader (JavaScript, YAML, a terminal) would take for a line end
// or a command is written as an escape; every other byte stays as it is.
#include "adapters/cli/json_text.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>

namespace winnow::cli {
namespace {

std::string escaped(std::string_view text) {
  std::string out = "kept|";
  append_json_escaped(out, text);
  return out;
}

TEST(JsonText, AppendsToWhatTheStringHolds) {
  EXPECT_EQ(escaped("plain words"), "kept|plain words");
  EXPECT_EQ(escaped(""), "kept|");
}

TEST(JsonText, EscapesQuotesBackslashesAndTheCommonControlsByName) {
  EXPECT_EQ(escaped("say \"hi\" \\ then\nnext\tcell\rend"),
            "kept|say \\\"hi\\\" \\\\ then\\nnext\\tcell\\rend");
}

TEST(JsonText, EscapesEveryOtherC0ControlAndDelAsUnicode) {
  const std::string controls{'\0', '\x01', '\x08', '\x0C', '\x1B', '\x1F', '\x7F'};
  EXPECT_EQ(escaped(controls), "kept|\\u0000\\u0001\\u0008\\u000c\\u001b\\u001f\\u007f");
  EXPECT_EQ(escaped(" ~"), "kept| ~") << "the printable ends of ASCII stay";
}

TEST(JsonText, EscapesC1ControlsWhichSomeTerminalsObey) {
  // U+0080, U+0085 (NEL, a line end to YAML) and U+009F, as UTF-8.
  EXPECT_EQ(escaped("a\xC2\x80" "b\xC2\x85" "c\xC2\x9F" "d"), "kept|a\\u0080b\\u0085c\\u009fd");
  // U+00A0 and U+00E9 are not controls.
  EXPECT_EQ(escaped("\xC2\xA0\xC3\xA9"), "kept|\xC2\xA0\xC3\xA9");
}

TEST(JsonText, EscapesTheLineAndParagraphSeparators) {
  EXPECT_EQ(escaped("one\xE2\x80\xA8two\xE2\x80\xA9three"), "kept|one\\u2028two\\u2029three");
  // Their neighbours in General Punctuation stay: U+2027, U+202A, U+2014.
  EXPECT_EQ(escaped("\xE2\x80\xA7\xE2\x80\xAA\xE2\x80\x94"), "kept|\xE2\x80\xA7\xE2\x80\xAA\xE2\x80\x94");
}

TEST(JsonText, LeavesOtherScriptsAndFourByteCharactersAsWritten) {
  const std::string text = "\xCE\xB1\xCE\xB2 \xE4\xB8\xAD\xE6\x96\x87 \xF0\x9F\x98\x80";  // Greek, CJK, an emoji
  EXPECT_EQ(escaped(text), "kept|" + text);
}

TEST(JsonText, ASequenceCutAtTheEndIsWrittenAsItCame) {
  // The engine's text is valid UTF-8; a caller's cut one is not read past its end.
  EXPECT_EQ(escaped("x\xC2"), "kept|x\xC2");
  EXPECT_EQ(escaped("x\xE2\x80"), "kept|x\xE2\x80");
}

}  // namespace
}  // namespace winnow::cli
