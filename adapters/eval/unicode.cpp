// SPDX-License-Identifier: MIT
// Lookups over the generated tables (binary search, ASCII fast paths) and a
// strict UTF-8 decoder.
#include "adapters/eval/unicode.h"

#include <algorithm>

#include "adapters/eval/unicode_tables.h"
#include "engine/utf8.h"

namespace winnow::eval {

CharClass char_class(char32_t cp) {
  if (cp < 0x80) {
    if ((cp | 0x20) >= 'a' && (cp | 0x20) <= 'z') return CharClass::Letter;
    if (cp >= '0' && cp <= '9') return CharClass::Number;
    if (cp < 0x20 || cp == 0x7F) return CharClass::Invisible;
    return CharClass::Other;
  }
  const tables::ClassRange* begin = tables::kClassRanges;
  const tables::ClassRange* end = begin + tables::kClassRangeCount;
  // First range whose last code point is >= cp.
  auto it = std::lower_bound(begin, end, cp, [](const tables::ClassRange& r, char32_t c) {
    return r.last < static_cast<std::uint32_t>(c);
  });
  if (it == end || it->first > cp) return CharClass::Other;
  return static_cast<CharClass>(it->char_class);
}

char32_t to_lower(char32_t cp) {
  if (cp < 0x80) return (cp >= 'A' && cp <= 'Z') ? cp + 32 : cp;
  const tables::CaseMapping* begin = tables::kLowercase;
  const tables::CaseMapping* end = begin + tables::kLowercaseCount;
  auto it = std::lower_bound(begin, end, cp, [](const tables::CaseMapping& m, char32_t c) {
    return m.from < static_cast<std::uint32_t>(c);
  });
  return (it != end && it->from == cp) ? static_cast<char32_t>(it->to) : cp;
}

bool is_white_space(char32_t cp) {
  if (cp <= 0x20) return cp == 0x20 || (cp >= 0x09 && cp <= 0x0D);
  switch (cp) {
    case 0x85: case 0xA0: case 0x1680: case 0x2028: case 0x2029:
    case 0x202F: case 0x205F: case 0x3000:
      return true;
    default:
      return cp >= 0x2000 && cp <= 0x200A;
  }
}

bool is_unspaced_script(char32_t cp) {
  struct Range { char32_t first, last; };
  // Blocks, in order: Hangul Jamo, CJK Radicals .. Kangxi, CJK Symbols (only
  // the ideographic iteration/number marks), Hiragana, Katakana, Bopomofo,
  // Hangul Compatibility Jamo, Kanbun .. Katakana Phonetic Extensions,
  // CJK Extension A, CJK Unified, Hangul Jamo Extended-A, Hangul Syllables,
  // Jamo Extended-B, CJK Compatibility Ideographs, halfwidth kana/Hangul,
  // Kana Supplement/Extended, CJK Extensions B..G.
  static constexpr Range kRanges[] = {
      {0x1100, 0x11FF},   {0x2E80, 0x2FDF},   {0x3005, 0x3007},   {0x3021, 0x3029},
      {0x3038, 0x303C},   {0x3041, 0x30FF},   {0x3105, 0x312F},   {0x3131, 0x318F},
      {0x3190, 0x31FF},   {0x3400, 0x4DBF},   {0x4E00, 0x9FFF},   {0xA960, 0xA97F},
      {0xAC00, 0xD7FF},   {0xF900, 0xFAFF},   {0xFF66, 0xFFDC},   {0x1AFF0, 0x1B16F},
      {0x20000, 0x3134F},
  };
  if (cp < 0x1100) return false;
  for (const Range& r : kRanges) {
    if (cp < r.first) return false;
    if (cp <= r.last) return true;
  }
  return false;
}

namespace {

// Length of the sequence a lead byte announces, or 0 for a byte that cannot
// start one.
int sequence_length(unsigned char lead) {
  if (lead < 0x80) return 1;
  if (lead >= 0xC2 && lead <= 0xDF) return 2;
  if (lead >= 0xE0 && lead <= 0xEF) return 3;
  if (lead >= 0xF0 && lead <= 0xF4) return 4;
  return 0;
}

}  // namespace

std::u32string decode_utf8(std::string_view bytes) {
  std::u32string out;
  out.reserve(bytes.size());
  std::size_t i = 0;
  while (i < bytes.size()) {
    const auto lead = static_cast<unsigned char>(bytes[i]);
    const int length = sequence_length(lead);
    if (length == 1) {
      out.push_back(lead);
      ++i;
      continue;
    }
    if (length == 0 || i + length > bytes.size()) {
      out.push_back(kReplacementChar);
      ++i;
      continue;
    }
    char32_t cp = lead & (0x7F >> length);
    bool well_formed = true;
    for (int k = 1; k < length; ++k) {
      const auto next = static_cast<unsigned char>(bytes[i + k]);
      if ((next & 0xC0) != 0x80) {
        well_formed = false;
        break;
      }
      cp = (cp << 6) | (next & 0x3F);
    }
    // Reject overlong forms, surrogates and values past U+10FFFF.
    const bool in_range = (length == 3 && cp >= 0x800 && (cp < 0xD800 || cp > 0xDFFF)) ||
                          (length == 4 && cp >= 0x10000 && cp <= 0x10FFFF) || length == 2;
    if (!well_formed || !in_range) {
      out.push_back(kReplacementChar);
      ++i;
      continue;
    }
    out.push_back(cp);
    i += length;
  }
  return out;
}

void append_utf8(std::string& out, char32_t cp) {
  char bytes[4];
  out.append(bytes, winnow::encode_utf8(cp, bytes));
}

std::string encode_utf8(std::u32string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char32_t cp : text) append_utf8(out, cp);
  return out;
}

}  // namespace winnow::eval
