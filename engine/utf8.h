// SPDX-License-Identifier: MIT
// Measures of UTF-8 text every algorithm needs, the one decoder of a code
// point (the tokenizer's, the repair of text encoded twice) and the one encoder of a
// code point as UTF-8 (the decoder's legacy path, the evaluation's text). The engine's words are valid
// UTF-8 (the adapters decode and replace invalid bytes before tokens are
// made), so counting the bytes that start a sequence counts characters.
// Memory: none; no state.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace winnow {

// Characters (code points) of UTF-8 text: the bytes that are not
// continuation bytes (10xxxxxx). A sequence cut at the start counts its lead
// byte's absence, not its continuation bytes.
inline std::uint32_t utf8_characters(std::string_view text) {
  std::uint32_t n = 0;
  for (const char c : text) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return n;
}

// The size of text[0, size) without a last character a cut left incomplete
// (a lead byte whose continuation bytes are missing).
inline std::size_t utf8_without_partial_character(const char* text, std::size_t size) {
  std::size_t lead = size;
  while (lead > 0 && (static_cast<unsigned char>(text[lead - 1]) & 0xC0) == 0x80) --lead;
  if (lead == 0) return size;  // only continuation bytes: nothing to complete
  --lead;
  const auto b = static_cast<unsigned char>(text[lead]);
  const std::size_t length = b < 0x80 ? 1 : b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 2;
  return size - lead < length ? lead : size;
}

// Decodes the code point at s[i] of (already valid) UTF-8 into *cp and
// returns its byte length. Defensive on what cannot occur in the engine's
// text: a stray continuation byte is one code point of its own, a sequence
// cut by the end of s is as long as what is left.
inline std::size_t decode_utf8(std::string_view s, std::size_t i, std::uint32_t* cp) {
  const auto b0 = static_cast<unsigned char>(s[i]);
  std::size_t length = b0 < 0x80 ? 1 : b0 < 0xE0 ? 2 : b0 < 0xF0 ? 3 : 4;
  if (b0 >= 0x80 && b0 < 0xC0) length = 1;
  if (i + length > s.size()) length = s.size() - i;
  std::uint32_t value = length == 1 ? b0 : length == 2 ? (b0 & 0x1F) : length == 3 ? (b0 & 0x0F) : (b0 & 0x07);
  for (std::size_t k = 1; k < length; ++k) value = (value << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
  *cp = value;
  return length;
}

// Whether cp is a letter of an alphabet written without spaces between words:
// Thai and Lao (U+0E00-0EFF), Myanmar (U+1000-109F), Khmer (U+1780-17FF).
// The tokenizer makes each a word, as it does a CJK character; the block
// features look them up in the title in pairs.
inline bool is_spaceless_alphabet(std::uint32_t cp) {
  return (cp >= 0x0E00 && cp <= 0x0EFF) || (cp >= 0x1000 && cp <= 0x109F) || (cp >= 0x1780 && cp <= 0x17FF);
}

// Writes code point c as UTF-8 at out (room for 4 bytes); a surrogate or a
// value beyond U+10FFFF, which UTF-8 cannot hold, as U+FFFD. Returns the
// bytes written.
inline std::size_t encode_utf8(char32_t c, char* out) {
  if ((c >= 0xD800 && c <= 0xDFFF) || c > 0x10FFFF) c = 0xFFFD;
  if (c < 0x80) {
    out[0] = static_cast<char>(c);
    return 1;
  }
  if (c < 0x800) {
    out[0] = static_cast<char>(0xC0 | (c >> 6));
    out[1] = static_cast<char>(0x80 | (c & 0x3F));
    return 2;
  }
  if (c < 0x10000) {
    out[0] = static_cast<char>(0xE0 | (c >> 12));
    out[1] = static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out[2] = static_cast<char>(0x80 | (c & 0x3F));
    return 3;
  }
  out[0] = static_cast<char>(0xF0 | (c >> 18));
  out[1] = static_cast<char>(0x80 | ((c >> 12) & 0x3F));
  out[2] = static_cast<char>(0x80 | ((c >> 6) & 0x3F));
  out[3] = static_cast<char>(0x80 | (c & 0x3F));
  return 4;
}

// Whether `text` may hold a CJK unified ideograph: a byte that leads the
// UTF-8 of U+4E00 to U+9FFF (0xE4 to 0xE9). A cheap first look before a
// search for CJK words in a block, which most blocks of most pages fail.
inline bool may_hold_cjk_ideograph(std::string_view text) {
  for (char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0xE4 && byte <= 0xE9) return true;
  }
  return false;
}

// Whether `text` holds any of `count` strings.
inline bool contains_any(std::string_view text, const std::string_view* strings, std::size_t count) {
  for (std::size_t i = 0; i < count; ++i)
    if (text.find(strings[i]) != std::string_view::npos) return true;
  return false;
}

// C++20's string_view::starts_with, for C++17.
inline bool starts_with(std::string_view text, std::string_view prefix) {
  return text.substr(0, prefix.size()) == prefix;
}

// C++20's string_view::ends_with, for C++17.
inline bool ends_with(std::string_view text, std::string_view suffix) {
  return text.size() >= suffix.size() && text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

}  // namespace winnow
