// SPDX-License-Identifier: MIT
// Letter case of ASCII, Latin-1, Latin Extended-A, Greek and Cyrillic.
#include "engine/letter_case.h"

#include <gtest/gtest.h>

#include <string>

namespace winnow {
namespace {

std::string lowered(std::string text) {
  lower_letters(text.data(), text.size());
  return text;
}

TEST(LetterCase, CapitalsOfEveryCoveredScript) {
  for (const char* capital : {"Rome", "\xC3\x89" "cole", "\xC5\x81\xC3\xB3\x64\xC5\xBA", "\xC5\xBB" "aba",
                              "\xCE\x91\xCE\xB8\xCE\xAE\xCE\xBD\xCE\xB1", "\xCE\x8C\xCE\xBB\xCE\xB1",
                              "\xD0\x9C\xD0\xBE\xD1\x81\xD0\xBA\xD0\xB2\xD0\xB0", "\xD0\x81\xD0\xB6"})
    EXPECT_TRUE(starts_with_capital(capital)) << capital;  // Rome École Łódź Żaba Αθήνα Όλα Москва Ёж
  for (const char* other : {"rome", "\xC3\xA9t\xC3\xA9", "\xC5\xBC\xC3\xB3\xC5\x82\xC4\x87",
                            "\xCE\xB1\xCF\x80\xCF\x8C", "\xD0\xB8", "\xC3\x97", "1990", "", "\xC3",
                            "\xE4\xB8\xAD"})
    EXPECT_FALSE(starts_with_capital(other)) << other;  // rome été żółć από и × 1990 "" (cut) 中
}

TEST(LetterCase, LowersInPlaceKeepingTheLength) {
  EXPECT_EQ(lowered("Rivers RISE"), "rivers rise");
  EXPECT_EQ(lowered("\xC3\x89\x63ole \xC5\x81\xC3\x93\x44\xC5\xB9"), "\xC3\xA9\x63ole \xC5\x82\xC3\xB3\x64\xC5\xBA");
  EXPECT_EQ(lowered("\xCE\x91\xCE\x98\xCE\x89\xCE\x9D\xCE\x91"), "\xCE\xB1\xCE\xB8\xCE\xAE\xCE\xBD\xCE\xB1");  // ΑΘΉΝΑ
  EXPECT_EQ(lowered("\xD0\x9C\xD0\x9E\xD0\xA1\xD0\x9A\xD0\x92\xD0\x90 \xD0\x81"),
            "\xD0\xBC\xD0\xBE\xD1\x81\xD0\xBA\xD0\xB2\xD0\xB0 \xD1\x91");  // МОСКВА Ё
  EXPECT_EQ(lowered("\xC4\xB0stanbul \xC3\x97 \xE4\xB8\xAD"), "\xC4\xB0stanbul \xC3\x97 \xE4\xB8\xAD")
      << "İ lowers to a one-byte 'i' and is left; × and CJK have no case";
  EXPECT_EQ(lowered("A\xD0"), "a\xD0") << "a letter cut at the end stays";
}

TEST(LetterCase, AsciiLoweringLeavesEveryOtherByte) {
  EXPECT_EQ(ascii_to_lower('A'), 'a');
  EXPECT_EQ(ascii_to_lower('Z'), 'z');
  for (const char c : {'a', '@', '[', '0', '-', '\xC3', '\x89'}) EXPECT_EQ(ascii_to_lower(c), c) << int(c);
  EXPECT_TRUE(equals_lower("CoPyRiGhT", "copyright"));
  EXPECT_FALSE(equals_lower("\xC3\x89", "\xC3\xA9")) << "only ASCII letters are lowered";
  EXPECT_FALSE(equals_lower("More", "mor"));
}

TEST(LetterCase, ALoweredCopyOfAtMostItsCapacity) {
  char buffer[8];
  EXPECT_EQ(lowered_copy("Published: May", buffer, sizeof buffer), "publishe");
  EXPECT_EQ(lowered_copy("ΔΗΜΟΣ", buffer, sizeof buffer), "δημο") << "two-byte letters, the last cut off";
  EXPECT_EQ(lowered_copy("", buffer, sizeof buffer), "");
}

}  // namespace
}  // namespace winnow
