// SPDX-License-Identifier: MIT
// Text encoded as UTF-8 twice is repaired, through windows-1252 and
// Latin-1, up to three times over; real text that merely looks like it,
// and runs that are not well-formed UTF-8, stay as they are.
#include "engine/mojibake.h"

#include <gtest/gtest.h>

#include <string>

namespace winnow {
namespace {

std::string repaired(std::string text) {
  text.resize(repair_double_utf8(text.data(), text.size()));
  return text;
}

TEST(Mojibake, RepairsUtf8ReadAsWindows1252) {
  EXPECT_EQ(repaired("don\xC3\xA2\xE2\x82\xAC\xE2\x84\xA2t"), "don\xE2\x80\x99t");      // donâ€™t -> don’t
  EXPECT_EQ(repaired("\xC3\xA2\xE2\x82\xAC\xC5\x93quoted\xC3\xA2\xE2\x82\xAC\xC2\x9D"),  // â€œ…â€<9D>
            "\xE2\x80\x9Cquoted\xE2\x80\x9D");                                            // “quoted”
  EXPECT_EQ(repaired("caf\xC3\x83\xC2\xA9"), "caf\xC3\xA9");                               // cafÃ© -> café
  EXPECT_EQ(repaired("\xC3\x83\xC2\xA9t\xC3\x83\xC2\xA9"), "\xC3\xA9t\xC3\xA9");           // Ã©tÃ© -> été
}

TEST(Mojibake, RepairsUtf8ReadAsLatin1WithItsControlCharacters) {
  EXPECT_EQ(repaired("\xC3\xA2\xC2\x80\xC2\x94"), "\xE2\x80\x94");  // â U+0080 U+0094 -> —
  EXPECT_EQ(repaired("\xC3\x82\xC2\xA9 2012"), "\xC2\xA9 2012");    // Â© -> ©
}

TEST(Mojibake, RepairsEveryScriptsSequences) {
  // Привет, Καλη, 中文, an emoji: two-, three- and four-byte characters.
  EXPECT_EQ(repaired("\xC3\x90\xC5\xB8\xC3\x91\xE2\x82\xAC\xC3\x90\xC2\xB8\xC3\x90\xC2\xB2\xC3\x90\xC2\xB5"
                     "\xC3\x91\xE2\x80\x9A"),
            "\xD0\x9F\xD1\x80\xD0\xB8\xD0\xB2\xD0\xB5\xD1\x82");
  EXPECT_EQ(repaired("\xC3\x8E\xC5\xA1\xC3\x8E\xC2\xB1\xC3\x8E\xC2\xBB\xC3\x8E\xC2\xB7"), "\xCE\x9A\xCE\xB1\xCE\xBB\xCE\xB7");
  EXPECT_EQ(repaired("\xC3\xA4\xC2\xB8\xC2\xAD\xC3\xA6\xE2\x80\x93\xE2\x80\xA1"), "\xE4\xB8\xAD\xE6\x96\x87");
  EXPECT_EQ(repaired("\xC3\xB0\xC5\xB8\xCB\x9C\xE2\x82\xAC"), "\xF0\x9F\x98\x80");
}

TEST(Mojibake, RepairsTextEncodedThreeTimes) {
  // ’ encoded once more than "â€™": Ã¢â‚¬â„¢.
  EXPECT_EQ(repaired("\xC3\x83\xC2\xA2\xC3\xA2\xE2\x80\x9A\xC2\xAC\xC3\xA2\xE2\x80\x9E\xC2\xA2"), "\xE2\x80\x99");
}

TEST(Mojibake, LeavesRealTextAlone) {
  for (const std::string& text : {
           std::string("S\xC3\xA3o Paulo"),                    // São: ã before an ASCII letter
           std::string("CAF\xC3\x89\xE2\x80\x99S"),              // CAFÉ’S: a capital after a capital
           std::string("S\xC3\x83O\xC2\xBB"),                    // SÃO»
           std::string("\xC3\x89T\xC3\x89\xC2\xBB"),            // ÉTÉ» (the first É starts the text, before a T)
           std::string("Fu\xC3\x9F\xC2\xAB"),                    // Fuß« : ß is no lead
           std::string("na\xC3\xAFve"), std::string("\xC3\xA9t\xC3\xA9"), std::string("plain ascii"),
           std::string("\xC3\x83"),                              // a lead alone
           std::string("\xC3\xA2\xE2\x82\xAC"),                  // â€ : one stand-in short
           std::string("\xC3\xA0\xE2\x82\xAC\xE2\x82\xAC"),      // à€€ : E0 80 80 would be overlong
           std::string("\xC3\xAD\xC2\xA0\xC2\x80"),              // í + A0 80: ED A0 80 is a surrogate
           std::string("\xC3\xB4\xC2\x90\xC2\x80\xC2\x80"),      // ô + 90 80 80: past U+10FFFF
       })
    EXPECT_EQ(repaired(text), text) << text;
}

TEST(Mojibake, KnowsWhenARunStillLacksStandIns) {
  EXPECT_TRUE(ends_in_partial_double_utf8("voil\xC3\x83"));              // voilÃ (+ no-break space: à)
  EXPECT_TRUE(ends_in_partial_double_utf8("\xC3\xA4\xC2\xB8"));           // ä¸ (+ soft hyphen: 中)
  EXPECT_FALSE(ends_in_partial_double_utf8("caf\xC3\x83\xC2\xA9"));       // complete
  EXPECT_FALSE(ends_in_partial_double_utf8("S\xC3\x83"));                 // after a capital
  EXPECT_FALSE(ends_in_partial_double_utf8("word"));
  EXPECT_FALSE(ends_in_partial_double_utf8(""));
}

}  // namespace
}  // namespace winnow
