// SPDX-License-Identifier: MIT
// The few Unicode facts the evaluation's normalisation needs: UTF-8 decoding
// and encoding, a coarse general-category class, simple lowercasing, the
// White_Space property, and which scripts are written without spaces.
//
// Lowercasing uses a table generated from the Unicode Character Database
// (tools/gen_unicode_tables.py) rather than towlower(): the result must not
// depend on the locale installed on the machine that runs an evaluation, and
// it must cover every script, not only Latin, Greek and Cyrillic.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace winnow::eval {

// Coarse general category (Unicode 14, UAX #44).
enum class CharClass : std::uint8_t {
  Other = 0,      // punctuation, symbols, separators, unassigned
  Letter = 1,     // L*
  Mark = 2,       // M* (combining marks)
  Number = 3,     // N*
  Invisible = 4,  // Cc and Cf: controls and format characters (soft hyphen, ZWJ)
};

constexpr char32_t kReplacementChar = 0xFFFD;

CharClass char_class(char32_t cp);

// Simple lowercase mapping; code points without one map to themselves.
char32_t to_lower(char32_t cp);

// The White_Space property (PropList.txt): ASCII blanks, NEL, NBSP, the
// U+2000 block spaces, line/paragraph separators, ideographic space.
bool is_white_space(char32_t cp);

// Han, kana, Bopomofo and Hangul: scripts whose text the evaluation splits
// into one word per character, because they are written without spaces
// (issue 4; Hangul is included so that all CJK text is treated alike).
bool is_unspaced_script(char32_t cp);

// Decodes UTF-8; each byte of an ill-formed sequence becomes U+FFFD.
std::u32string decode_utf8(std::string_view bytes);

void append_utf8(std::string& out, char32_t cp);
std::string encode_utf8(std::u32string_view text);

}  // namespace winnow::eval
