// SPDX-License-Identifier: MIT
// The encoding of a page that names none: no caller override, no byte order
// mark, no <meta> declaration in the decoder's sniff prefix.
//
// WHATWG's encoding sniffing algorithm leaves this last step to the
// implementation: it may analyse the bytes, and otherwise falls back to a
// default, windows-1252 where nothing is known of the user's locale. Here:
//   1. A prefix that is ASCII or valid UTF-8 is UTF-8 (so is every page
//      written today; pure ASCII reads the same either way), and so is one
//      whose multi-byte UTF-8 characters outnumber its invalid bytes two to
//      one (a UTF-8 page with a few pasted bytes of windows-1252 in it).
//   2. Otherwise, if its bytes >= 0x80 stand in runs of two or more on
//      average (CJK characters are two bytes each), each multi-byte CJK
//      encoding (GB18030, Big5-HKSCS, Shift_JIS as CP932, EUC-JP, EUC-KR as
//      CP949) decodes the prefix, and one wins if it reads all but 2 % and
//      enough of the characters are what its language writes most: Chinese
//      its hundred or so most frequent characters (5 % at least), Japanese
//      kana (15 %), Korean Hangul syllables (80 %); these readings make
//      valid characters of each other's bytes, but not those.
//   3. Otherwise, if its bytes >= 0x80 stand in runs as long as words (2.5
//      bytes on average, at least 6 bytes in runs of three or more: a script
//      whose letters are all outside ASCII, where Latin text has one accented
//      letter among ASCII ones), each candidate below decodes those runs,
//      and the one whose words read as words wins: a letter followed by a
//      lowercase letter of the same script scores +1, anything else (a
//      capital inside a word, a symbol, a byte the encoding does not
//      define) -1; a run that reads as capitals only (a menu's) counts for
//      nothing. The candidates are Cyrillic windows-1251 and
//      KOI8-R, which put the same letters at the same bytes with their cases
//      swapped, and Greek windows-1253, whose accented vowels are capitals in
//      windows-1251 and whose 0xFF ("я" there) is undefined.
//   4. Else the Latin reading that makes letters of most bytes >= 0x80 inside
//      words (between letters, one of them ASCII): windows-1250 or
//      ISO-8859-2 when they do better than windows-1252 (windows-1250's "ł"
//      is windows-1252's "³"), else windows-1252, the web's legacy default.
// Scripts without case (Hebrew, Arabic, Thai) cannot be told apart this way;
// such pages need a declaration or the caller's override, and are read as one
// of the above. Nor can Latin
// languages whose letters windows-1252 also has at the same bytes (Czech's
// "č" is its "è"): those read as windows-1252. And Greek whose prefix has
// more words in capitals than in lowercase reads as KOI8-R (its capitals are
// KOI8-R's lowercase): telling those apart takes letter frequencies.
//
// The guess sees only the prefix, so it does not depend on chunking; a page
// whose first invalid byte comes after the prefix stays UTF-8, each invalid
// sequence repaired to U+FFFD.
//
// Memory: one iconv descriptor at a time, open while a candidate decodes the
// prefix (CJK) or its 128 high bytes (the others), charged to the budget as the decoder charges its own
// (converter_bytes); with no room for it the guess is windows-1252. Not
// charged, as for the decoder: the heap glibc keeps for the process the first
// time it loads an encoding's module (up to eleven here).
//
// Cost, once per undeclared document: one scan of the prefix when it is
// ASCII or UTF-8. Otherwise a descriptor opened and closed per encoding
// tried, and glibc loads its module anew for each document (it unloads
// modules no descriptor holds), some 40 microseconds each: three for a
// Cyrillic or Greek page (a reading that good skips the CJK ones), one to
// three for a Latin one, up to eleven for a CJK one (bench/README.md).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "engine/memory_budget.h"

namespace winnow {

// A byte prefix read as UTF-8: its multi-byte characters and the bytes that
// start no valid sequence (a character cut by the prefix's end is neither).
struct Utf8Census {
  std::size_t characters = 0;
  std::size_t invalid = 0;
};
Utf8Census utf8_census(std::string_view prefix);

// What a byte prefix is as UTF-8: ASCII only, valid UTF-8 with at least one
// multi-byte character, or neither.
enum class Utf8Shape { kAscii, kUtf8, kOther };
Utf8Shape utf8_shape(std::string_view prefix);

// The canonical encoding name (as iconv knows it) for an undeclared page
// that starts with `prefix`.
std::string guess_undeclared_encoding(std::string_view prefix, MemoryBudget& budget, std::size_t converter_bytes);

}  // namespace winnow
