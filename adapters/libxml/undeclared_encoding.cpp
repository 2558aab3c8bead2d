// SPDX-License-Identifier: MIT
#include "adapters/libxml/undeclared_encoding.h"

#include <iconv.h>

#include <array>
#include <climits>
#include <cstdint>

namespace winnow {
namespace {

const iconv_t kNoConverter = reinterpret_cast<iconv_t>(-1);

// A run this long of bytes >= 0x80 is taken for a word (or most of one) of a
// script written wholly outside ASCII.
constexpr std::size_t kWordRun = 3;
// Fewer bytes in such runs than this say too little to guess from.
constexpr std::size_t kMinimumWordBytes = 6;

// The first of each list wins a tie.
constexpr const char* kNonLatinCandidates[] = {"WINDOWS-1251", "KOI8-R", "WINDOWS-1253"};
constexpr const char* kLatinCandidates[] = {"WINDOWS-1252", "WINDOWS-1250", "ISO-8859-2"};

// Code points of the bytes 0x80..0xFF in one encoding; 0 where it defines none.
using HighHalf = std::array<std::uint32_t, 128>;

enum class Script { kOther, kCyrillic, kGreek };

Script script_of(std::uint32_t c) {
  if (c >= 0x0400 && c <= 0x045F) return Script::kCyrillic;
  if (c >= 0x0386 && c <= 0x03CE) return Script::kGreek;
  return Script::kOther;
}

bool is_latin_letter(std::uint32_t c) {
  return (c >= 0x00C0 && c <= 0x024F && c != 0x00D7 && c != 0x00F7);
}

bool is_ascii_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

bool is_lowercase(std::uint32_t c) {
  return (c >= 0x0430 && c <= 0x045F) || (c >= 0x03AC && c <= 0x03CE);
}

// Fills `half` through glibc's converter from `encoding` into UCS-4, one
// byte at a time. False when iconv does not know the encoding or the budget
// has no room for its state.
bool decode_high_half(const char* encoding, MemoryBudget& budget, std::size_t converter_bytes, HighHalf& half) {
  if (!budget.try_reserve(converter_bytes)) return false;
  const iconv_t converter = iconv_open("WCHAR_T", encoding);
  if (converter == kNoConverter) {
    budget.release(converter_bytes);
    return false;
  }
  for (int b = 0x80; b < 0x100; ++b) {
    iconv(converter, nullptr, nullptr, nullptr, nullptr);
    char byte = static_cast<char>(b);
    wchar_t wide[2];
    char* in = &byte;
    std::size_t in_left = 1;
    char* out = reinterpret_cast<char*>(wide);
    std::size_t out_left = sizeof wide;
    const std::size_t result = iconv(converter, &in, &in_left, &out, &out_left);
    const bool one = result != static_cast<std::size_t>(-1) && in_left == 0 && out_left == sizeof wide - sizeof(wchar_t);
    half[b - 0x80] = one ? static_cast<std::uint32_t>(wide[0]) : 0;
  }
  iconv_close(converter);
  budget.release(converter_bytes);
  return true;
}

// Calls visit(begin, length) for each maximal run of bytes >= 0x80.
template <typename Visit>
void for_each_high_run(std::string_view s, Visit visit) {
  std::size_t i = 0;
  while (i < s.size()) {
    if (static_cast<unsigned char>(s[i]) < 0x80) {
      ++i;
      continue;
    }
    const std::size_t begin = i;
    while (i < s.size() && static_cast<unsigned char>(s[i]) >= 0x80) ++i;
    visit(begin, i - begin);
  }
}

// How well the runs read as words in the encoding `half` describes: +1 for
// each letter followed by a lowercase letter of its script, -1 for each other
// pair of neighbours.
long word_shape_score(std::string_view s, const HighHalf& half) {
  long score = 0;
  for_each_high_run(s, [&](std::size_t begin, std::size_t length) {
    for (std::size_t k = begin + 1; k < begin + length; ++k) {
      const std::uint32_t before = half[static_cast<unsigned char>(s[k - 1]) - 0x80];
      const std::uint32_t here = half[static_cast<unsigned char>(s[k]) - 0x80];
      const Script script = script_of(before);
      score += (script != Script::kOther && script_of(here) == script && is_lowercase(here)) ? 1 : -1;
    }
  });
  return score;
}

// How well the bytes >= 0x80 inside Latin words read as letters in the
// encoding `half` describes: +1 for each that decodes to one, -1 for each
// that does not (windows-1250's "ł" is windows-1252's "³"). Inside a word
// means between letters or such bytes, at least one an ASCII letter, so that
// quotation marks and dashes beside a word do not count.
long latin_letter_score(std::string_view s, const HighHalf& half) {
  const auto word_byte = [&](std::size_t k) {
    return k < s.size() && (is_ascii_letter(s[k]) || static_cast<unsigned char>(s[k]) >= 0x80);
  };
  long score = 0;
  for (std::size_t k = 1; k + 1 < s.size(); ++k) {
    const auto b = static_cast<unsigned char>(s[k]);
    if (b < 0x80 || !word_byte(k - 1) || !word_byte(k + 1)) continue;
    if (!is_ascii_letter(s[k - 1]) && !is_ascii_letter(s[k + 1])) continue;
    score += is_latin_letter(half[b - 0x80]) ? 1 : -1;
  }
  return score;
}

// The candidate that scores highest, if one scores above `floor`; else
// `fallback`.
template <typename Score, std::size_t N>
std::string best_candidate(const char* const (&candidates)[N], std::string_view prefix, MemoryBudget& budget,
                           std::size_t converter_bytes, long floor, const char* fallback, Score score) {
  const char* best = fallback;
  long best_score = floor;
  for (const char* candidate : candidates) {
    HighHalf half;
    if (!decode_high_half(candidate, budget, converter_bytes, half)) continue;
    const long candidate_score = score(prefix, half);
    if (candidate_score > best_score) {
      best = candidate;
      best_score = candidate_score;
    }
  }
  return best;
}

// Whether the bytes >= 0x80 stand in runs as long as words (2.5 bytes on
// average; a Polish "żółw" among single "ą"s and "ę"s is not enough), enough
// of them in runs of kWordRun or more to go on.
bool written_outside_ascii(std::string_view s) {
  std::size_t high = 0, runs = 0, in_words = 0;
  for_each_high_run(s, [&](std::size_t, std::size_t length) {
    high += length;
    ++runs;
    if (length >= kWordRun) in_words += length;
  });
  return in_words >= kMinimumWordBytes && 2 * high >= 5 * runs;
}

}  // namespace

Utf8Shape utf8_shape(std::string_view s) {
  bool multibyte = false;
  std::size_t i = 0;
  while (i < s.size()) {
    const auto b = static_cast<unsigned char>(s[i]);
    if (b < 0x80) {
      ++i;
      continue;
    }
    const int length = (b >= 0xC2 && b <= 0xDF) ? 2 : (b >= 0xE0 && b <= 0xEF) ? 3 : (b >= 0xF0 && b <= 0xF4) ? 4 : 0;
    if (length == 0) return Utf8Shape::kOther;
    for (int k = 1; k < length; ++k) {
      if (i + k >= s.size()) return multibyte ? Utf8Shape::kUtf8 : Utf8Shape::kAscii;  // cut by the prefix's end
      if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return Utf8Shape::kOther;
    }
    multibyte = true;
    i += length;
  }
  return multibyte ? Utf8Shape::kUtf8 : Utf8Shape::kAscii;
}

std::string guess_undeclared_encoding(std::string_view prefix, MemoryBudget& budget, std::size_t converter_bytes) {
  if (utf8_shape(prefix) != Utf8Shape::kOther) return "UTF-8";
  const char* latin_default = kLatinCandidates[0];
  if (written_outside_ascii(prefix)) {
    const std::string non_latin = best_candidate(kNonLatinCandidates, prefix, budget, converter_bytes, 0, "",
                                                 word_shape_score);
    if (!non_latin.empty()) return non_latin;
  }
  return best_candidate(kLatinCandidates, prefix, budget, converter_bytes, LONG_MIN, latin_default,
                        latin_letter_score);
}

}  // namespace winnow
