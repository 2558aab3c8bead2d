// SPDX-License-Identifier: MIT
// Tests of unicode.h: classes, lowercasing, White_Space, unspaced scripts,
// UTF-8 decoding of ill-formed input.
#include "adapters/eval/unicode.h"

#include <gtest/gtest.h>

namespace winnow::eval {
namespace {

TEST(Unicode, ClassifiesLettersMarksNumbersAndOthers) {
  EXPECT_EQ(char_class(U'a'), CharClass::Letter);
  EXPECT_EQ(char_class(U'Z'), CharClass::Letter);
  EXPECT_EQ(char_class(U'é'), CharClass::Letter);
  EXPECT_EQ(char_class(U'Ж'), CharClass::Letter);
  EXPECT_EQ(char_class(U'中'), CharClass::Letter);
  EXPECT_EQ(char_class(0x0301), CharClass::Mark);    // combining acute accent
  EXPECT_EQ(char_class(0x093F), CharClass::Mark);    // Devanagari vowel sign I
  EXPECT_EQ(char_class(U'7'), CharClass::Number);
  EXPECT_EQ(char_class(0x0663), CharClass::Number);  // Arabic-Indic three
  EXPECT_EQ(char_class(U'²'), CharClass::Number);
  EXPECT_EQ(char_class(U','), CharClass::Other);
  EXPECT_EQ(char_class(U'。'), CharClass::Other);
  EXPECT_EQ(char_class(U'€'), CharClass::Other);
  EXPECT_EQ(char_class(U'—'), CharClass::Other);
  EXPECT_EQ(char_class(0x00AD), CharClass::Invisible);  // soft hyphen
  EXPECT_EQ(char_class(0x200D), CharClass::Invisible);  // zero-width joiner
  EXPECT_EQ(char_class(0x0007), CharClass::Invisible);
  EXPECT_EQ(char_class(0x10FFFF), CharClass::Other);    // unassigned
}

TEST(Unicode, LowercasesEveryScriptWithSimpleMappings) {
  EXPECT_EQ(to_lower(U'A'), U'a');
  EXPECT_EQ(to_lower(U'a'), U'a');
  EXPECT_EQ(to_lower(U'É'), U'é');
  EXPECT_EQ(to_lower(U'Ł'), U'ł');
  EXPECT_EQ(to_lower(U'Σ'), U'σ');
  EXPECT_EQ(to_lower(U'Ж'), U'ж');
  EXPECT_EQ(to_lower(U'Ա'), U'ա');   // Armenian
  EXPECT_EQ(to_lower(0x10A0), 0x2D00u);  // Georgian Asomtavruli
  EXPECT_EQ(to_lower(U'Ａ'), U'ａ');  // fullwidth
  EXPECT_EQ(to_lower(0x0130), U'i');  // 'İ': the one multi-code-point case, first kept
  EXPECT_EQ(to_lower(U'ß'), U'ß');
  EXPECT_EQ(to_lower(U'中'), U'中');
}

TEST(Unicode, WhiteSpaceIsThePropertyNotJustAscii) {
  for (char32_t cp : {U' ', U'\t', U'\n', U'\r', U'\f', U'\v', char32_t{0x85}, char32_t{0xA0},
                      char32_t{0x2003}, char32_t{0x2028}, char32_t{0x3000}})
    EXPECT_TRUE(is_white_space(cp)) << std::hex << static_cast<unsigned>(cp);
  for (char32_t cp : {U'a', U'_', char32_t{0x200B}, char32_t{0xFEFF}, char32_t{0}})
    EXPECT_FALSE(is_white_space(cp)) << std::hex << static_cast<unsigned>(cp);
}

TEST(Unicode, UnspacedScriptsAreHanKanaAndHangul) {
  EXPECT_TRUE(is_unspaced_script(U'中'));
  EXPECT_TRUE(is_unspaced_script(U'の'));
  EXPECT_TRUE(is_unspaced_script(U'カ'));
  EXPECT_TRUE(is_unspaced_script(U'한'));
  EXPECT_TRUE(is_unspaced_script(0x20B9F));  // CJK Extension B
  EXPECT_FALSE(is_unspaced_script(U'a'));
  EXPECT_FALSE(is_unspaced_script(U'ж'));
  EXPECT_FALSE(is_unspaced_script(U'ก'));  // Thai: treated as spaced (documented limit)
}

TEST(Unicode, DecodesWellFormedUtf8) {
  EXPECT_EQ(decode_utf8("a\xC3\xA9\xE4\xB8\xAD\xF0\x9F\x98\x80"),
            (std::u32string{U'a', U'é', U'中', char32_t{0x1F600}}));
}

TEST(Unicode, EachIllFormedByteBecomesOneReplacementCharacter) {
  const char32_t r = kReplacementChar;
  EXPECT_EQ(decode_utf8("\xFF"), std::u32string(1, r));
  EXPECT_EQ(decode_utf8("a\xC3"), (std::u32string{U'a', r}));           // truncated
  EXPECT_EQ(decode_utf8("\xC0\xAF"), (std::u32string{r, r}));           // overlong
  EXPECT_EQ(decode_utf8("\xED\xA0\x80"), (std::u32string{r, r, r}));    // surrogate
  EXPECT_EQ(decode_utf8("\xF4\x90\x80\x80"), (std::u32string{r, r, r, r}));  // > U+10FFFF
  EXPECT_EQ(decode_utf8("\xE4\xB8x"), (std::u32string{r, r, U'x'}));
}

TEST(Unicode, EncodeRoundTripsAndReplacesSurrogates) {
  const std::u32string text = {U'a', U'é', U'中', char32_t{0x1F600}};
  EXPECT_EQ(decode_utf8(encode_utf8(text)), text);
  EXPECT_EQ(encode_utf8(std::u32string(1, char32_t{0xD800})), "\xEF\xBF\xBD");
}

}  // namespace
}  // namespace winnow::eval
