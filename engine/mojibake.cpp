// SPDX-License-Identifier: MIT
#include "engine/mojibake.h"

#include <cstdint>
#include <cstring>

#include "engine/utf8.h"

namespace winnow {
namespace {

// The byte c stands for when UTF-8 was read as windows-1252 or Latin-1, if
// it is a continuation byte (0x80–0xBF); 0 otherwise.
unsigned continuation_byte(char32_t c) {
  if (c >= 0x80 && c <= 0xBF) return static_cast<unsigned>(c);  // Latin-1 (C1 controls included)
  switch (c) {  // windows-1252's 0x80–0x9F
    case 0x20AC: return 0x80;
    case 0x201A: return 0x82;
    case 0x0192: return 0x83;
    case 0x201E: return 0x84;
    case 0x2026: return 0x85;
    case 0x2020: return 0x86;
    case 0x2021: return 0x87;
    case 0x02C6: return 0x88;
    case 0x2030: return 0x89;
    case 0x0160: return 0x8A;
    case 0x2039: return 0x8B;
    case 0x0152: return 0x8C;
    case 0x017D: return 0x8E;
    case 0x2018: return 0x91;
    case 0x2019: return 0x92;
    case 0x201C: return 0x93;
    case 0x201D: return 0x94;
    case 0x2022: return 0x95;
    case 0x2013: return 0x96;
    case 0x2014: return 0x97;
    case 0x02DC: return 0x98;
    case 0x2122: return 0x99;
    case 0x0161: return 0x9A;
    case 0x203A: return 0x9B;
    case 0x0153: return 0x9C;
    case 0x017E: return 0x9E;
    case 0x0178: return 0x9F;
    default: return 0;
  }
}

// Continuation bytes a lead byte needs: 1–3 for C2–F4, 0 for anything else.
std::size_t continuations_needed(char32_t lead) {
  if (lead < 0xC2 || lead > 0xF4) return 0;
  return lead < 0xE0 ? 1 : lead < 0xF0 ? 2 : 3;
}

// Whether bytes (a lead byte and the continuation bytes it needs) are one
// well-formed UTF-8 character: the second byte's range excludes overlong
// forms, surrogates and code points past U+10FFFF.
bool well_formed(const unsigned char* bytes) {
  const unsigned lead = bytes[0], second = bytes[1];
  if (lead == 0xE0) return second >= 0xA0;
  if (lead == 0xED) return second <= 0x9F;
  if (lead == 0xF0) return second >= 0x90;
  if (lead == 0xF4) return second <= 0x8F;
  return true;
}

bool is_latin_capital(char32_t c) { return (c >= 'A' && c <= 'Z') || (c >= 0xC0 && c <= 0xDE && c != 0xD7); }

// The lead character at text[i] (U+00C2–U+00F4, written C3 82–C3 B4), or 0.
// A lead of a two-byte sequence (U+00C2–U+00DE, which look like capitals)
// does not count after a Latin capital: "CAFÉ’S", "SÃO»" and French
// "ÉTÉ !" with a no-break space are real text, while mojibake puts the
// stand-ins after small letters ("cafÃ©") or at a word's start. U+00DF
// (ß, a small letter; lead of the NKo block) is not read as a lead either:
// German quotes »Fuß« with it.
char32_t lead_at(const char* text, std::size_t size, std::size_t i, bool after_capital) {
  if (static_cast<unsigned char>(text[i]) != 0xC3 || i + 1 >= size) return 0;
  const char32_t c = 0xC0 + (static_cast<unsigned char>(text[i + 1]) & 0x3F);
  if (!continuations_needed(c) || c == 0xDF) return 0;
  if (c < 0xE0 && after_capital) return 0;
  return c;
}

// Whether the character ending at text[end - 1] is a Latin capital (only
// ASCII and U+00C0–U+00DE are, so only those encodings are looked at).
bool ends_with_latin_capital(const char* text, std::size_t end) {
  if (end == 0) return false;
  const auto last = static_cast<unsigned char>(text[end - 1]);
  if (last < 0x80) return is_latin_capital(last);
  if (end < 2 || static_cast<unsigned char>(text[end - 2]) != 0xC3 || (last & 0xC0) != 0x80) return false;
  return is_latin_capital(0xC0 + (last & 0x3F));
}

// Reads up to `most` stand-ins for continuation bytes from text[at]: their
// bytes go to bytes[0..], and *end is where the last one read ends. Returns
// how many were read.
std::size_t read_stand_ins(std::string_view text, std::size_t at, std::size_t most, unsigned char* bytes,
                           std::size_t* end) {
  std::size_t got = 0;
  while (got < most && at < text.size()) {
    std::uint32_t c = 0;
    const std::size_t length = decode_utf8(text, at, &c);
    const unsigned byte = continuation_byte(c);
    if (byte == 0) break;
    bytes[got++] = static_cast<unsigned char>(byte);
    at += length;
  }
  *end = at;
  return got;
}

// Most words have nothing to repair; they are read byte by byte, decoded
// only around a C3 byte, and written back only after a repair.
std::size_t repair_once(char* text, std::size_t size) {
  std::size_t in = 0, out = 0;
  while (in < size) {
    if (static_cast<unsigned char>(text[in]) != 0xC3) {
      text[out++] = text[in++];
      continue;
    }
    if (const char32_t lead = lead_at(text, size, in, ends_with_latin_capital(text, out))) {
      const std::size_t need = continuations_needed(lead);
      unsigned char bytes[4] = {static_cast<unsigned char>(lead), 0, 0, 0};
      std::size_t at = 0;
      const std::size_t got = read_stand_ins(std::string_view(text, size), in + 2, need, bytes + 1, &at);
      // Each stand-in takes two or three bytes for the one it stands for,
      // so the character written is shorter than the run read: out < in.
      if (got == need && well_formed(bytes)) {
        std::memcpy(text + out, bytes, need + 1);
        out += need + 1;
        in = at;
        continue;
      }
    }
    text[out++] = text[in++];
  }
  return out;
}

// Whether text has a lead character followed by a character past ASCII:
// what every run to repair starts with, and real text in Latin scripts
// ("é" before a letter or a space) seldom has.
bool may_need_repair(const char* text, std::size_t size) {
  for (const char* at = static_cast<const char*>(std::memchr(text, 0xC3, size)); at != nullptr;) {
    const std::size_t i = static_cast<std::size_t>(at - text);
    if (i + 2 < size && static_cast<unsigned char>(text[i + 2]) >= 0xC2) return true;
    at = i + 1 < size ? static_cast<const char*>(std::memchr(at + 1, 0xC3, size - i - 1)) : nullptr;
  }
  return false;
}

}  // namespace

std::size_t repair_double_utf8(char* text, std::size_t size) {
  constexpr int kMostPasses = 3;  // UTF-8 encoded up to four times in all
  for (int pass = 0; pass < kMostPasses && may_need_repair(text, size); ++pass) {
    const std::size_t repaired = repair_once(text, size);
    if (repaired == size) break;
    size = repaired;
  }
  return size;
}

bool ends_in_partial_double_utf8(std::string_view text) {
  // The lead character is at most three stand-ins back, each 2 or 3 bytes.
  for (std::size_t i = text.size() > 11 ? text.size() - 11 : 0; i + 1 < text.size(); ++i) {
    if (static_cast<unsigned char>(text[i]) != 0xC3) continue;
    const char32_t lead = lead_at(text.data(), text.size(), i, ends_with_latin_capital(text.data(), i));
    if (!lead) continue;
    const std::size_t need = continuations_needed(lead);
    unsigned char bytes[3];
    std::size_t end = 0;
    if (read_stand_ins(text, i + 2, need, bytes, &end) < need && end == text.size()) return true;
  }
  return false;
}

}  // namespace winnow
