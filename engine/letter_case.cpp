// SPDX-License-Identifier: MIT
#include "engine/letter_case.h"

namespace winnow {
namespace {

// The lower case of an upper-case letter of the blocks in the header, or 0
// for any other code point from U+0080 to U+07FF.
char32_t lower_of(char32_t cp) {
  if (cp >= 0xC0 && cp <= 0xDE) return cp == 0xD7 ? 0 : cp + 0x20;                      // À..Þ but ×
  if (cp >= 0x100 && cp <= 0x137) return cp % 2 == 0 && cp != 0x130 ? cp + 1 : 0;      // Ā..Ķ (not İ: 'i')
  if (cp >= 0x139 && cp <= 0x148) return cp % 2 == 1 ? cp + 1 : 0;                     // Ĺ..Ň
  if (cp >= 0x14A && cp <= 0x177) return cp % 2 == 0 ? cp + 1 : 0;                     // Ŋ..Ŷ
  if (cp == 0x178) return 0xFF;                                                        // Ÿ
  if (cp >= 0x179 && cp <= 0x17E) return cp % 2 == 1 ? cp + 1 : 0;                     // Ź..Ž
  if (cp == 0x386) return 0x3AC;                                                       // Ά
  if (cp >= 0x388 && cp <= 0x38A) return cp + 0x25;                                    // Έ Ή Ί
  if (cp == 0x38C) return 0x3CC;                                                       // Ό
  if (cp == 0x38E || cp == 0x38F) return cp + 0x3F;                                    // Ύ Ώ
  if (cp >= 0x391 && cp <= 0x3AB) return cp == 0x3A2 ? 0 : cp + 0x20;                  // Α..Ϋ
  if (cp >= 0x400 && cp <= 0x40F) return cp + 0x50;                                    // Ѐ..Џ
  if (cp >= 0x410 && cp <= 0x42F) return cp + 0x20;                                    // А..Я
  return 0;
}

bool two_byte_lead(unsigned char b) { return (b & 0xE0) == 0xC0; }
bool continuation(unsigned char b) { return (b & 0xC0) == 0x80; }
char32_t decode_two(unsigned char lead, unsigned char next) { return ((lead & 0x1Fu) << 6) | (next & 0x3Fu); }

}  // namespace

bool starts_with_capital(std::string_view word) {
  if (word.empty()) return false;
  const auto b0 = static_cast<unsigned char>(word[0]);
  if (b0 < 0x80) return b0 >= 'A' && b0 <= 'Z';
  if (word.size() < 2 || !two_byte_lead(b0) || !continuation(static_cast<unsigned char>(word[1]))) return false;
  return lower_of(decode_two(b0, static_cast<unsigned char>(word[1]))) != 0;
}

void lower_letters(char* text, std::size_t size) {
  for (std::size_t i = 0; i < size; ++i) {
    const auto b = static_cast<unsigned char>(text[i]);
    if (b >= 'A' && b <= 'Z') {
      text[i] = static_cast<char>(b + 32);
    } else if (two_byte_lead(b) && i + 1 < size && continuation(static_cast<unsigned char>(text[i + 1]))) {
      const char32_t lower = lower_of(decode_two(b, static_cast<unsigned char>(text[i + 1])));
      if (lower != 0) {
        text[i] = static_cast<char>(0xC0 | (lower >> 6));
        text[i + 1] = static_cast<char>(0x80 | (lower & 0x3F));
      }
      ++i;
    }
  }
}

}  // namespace winnow
