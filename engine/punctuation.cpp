// SPDX-License-Identifier: MIT
#include "engine/punctuation.h"

#include <cstdint>

namespace winnow {
namespace {

// Closing quotes and brackets beyond ASCII, in UTF-8: ” ’ (English), “ ‘
// (German closes with them), » › (French, Russian, Polish), 」 』 ） 】 》 〉 ］
// (CJK). A sentence's mark stands before them.
constexpr std::string_view kClosers[] = {
    "\xE2\x80\x9D", "\xE2\x80\x99", "\xE2\x80\x9C", "\xE2\x80\x98", "\xC2\xBB", "\xE2\x80\xBA",
    "\xE3\x80\x8D", "\xE3\x80\x8F", "\xEF\xBC\x89", "\xE3\x80\x91", "\xE3\x80\x8B", "\xE3\x80\x89",
    "\xEF\xBC\xBD"};

// Sentence-ending marks beyond ASCII's . ! ?, in UTF-8: Greek question mark
// U+037E, Armenian full stop U+0589, Arabic question mark U+061F and full
// stop U+06D4, Devanagari danda and double danda U+0964/5, Myanmar section
// U+104B, Ethiopic full stop and question mark U+1362/7, Khmer khan U+17D4,
// ‼ ⁇ ⁈ ⁉, ideographic full stop U+3002, fullwidth ! . ? and halfwidth ｡.
constexpr std::string_view kSentenceMarks[] = {
    "\xCD\xBE",     "\xD6\x89",     "\xD8\x9F",     "\xDB\x94",     "\xE0\xA5\xA4", "\xE0\xA5\xA5",
    "\xE1\x81\x8B", "\xE1\x8D\xA2", "\xE1\x8D\xA7", "\xE1\x9F\x94", "\xE2\x80\xBC", "\xE2\x81\x87",
    "\xE2\x81\x88", "\xE2\x81\x89", "\xE3\x80\x82", "\xEF\xBC\x81", "\xEF\xBC\x8E", "\xEF\xBC\x9F",
    "\xEF\xBD\xA1"};

// Commas beyond ASCII: Armenian U+055D, Arabic U+060C, Myanmar U+104A,
// Ethiopic U+1363, ideographic U+3001, fullwidth U+FF0C, halfwidth
// ideographic U+FF64.
constexpr std::string_view kCommas[] = {"\xD5\x9D",     "\xD8\x8C",     "\xE1\x81\x8A", "\xE1\x8D\xA3",
                                        "\xE3\x80\x81", "\xEF\xBC\x8C", "\xEF\xBD\xA4"};

// A character's UTF-8 bytes (at most four) and their count as one number, so
// that a set above is searched by integer comparisons: the marks are asked
// of every word, and most words of a page in a non-Latin script end in a
// letter of it, which a library string comparison per mark took 1 % of the
// pipeline's instructions to tell (bench/README.md, stop 119). Equal numbers
// are equal byte strings (a character has at most four bytes).
constexpr std::uint64_t packed(std::string_view s) {
  std::uint64_t value = s.size();
  for (const char c : s) value = (value << 8) | static_cast<unsigned char>(c);
  return value;
}

template <std::size_t N>
struct PackedSet {
  std::uint64_t values[N];
};

template <std::size_t N>
constexpr PackedSet<N> packed_set(const std::string_view (&set)[N]) {
  PackedSet<N> out{};
  for (std::size_t i = 0; i < N; ++i) out.values[i] = packed(set[i]);
  return out;
}

constexpr auto kPackedClosers = packed_set(kClosers);
constexpr auto kPackedSentenceMarks = packed_set(kSentenceMarks);
constexpr auto kPackedCommas = packed_set(kCommas);

// Whether s (at most four bytes) is one of the set's characters.
template <std::size_t N>
bool is_one_of(std::string_view s, const PackedSet<N>& set) {
  const std::uint64_t value = packed(s);
  bool found = false;
  for (const std::uint64_t x : set.values) found |= x == value;
  return found;
}

// The UTF-8 sequence of the word's last character (a stray continuation
// byte on its own).
std::string_view last_character(std::string_view w) {
  std::size_t start = w.size() - 1;
  while (start > 0 && w.size() - start < 4 && (static_cast<unsigned char>(w[start]) & 0xC0) == 0x80) --start;
  return w.substr(start);
}

// Greek letters take lead bytes 0xCE and 0xCF in UTF-8.
bool has_greek_letter(std::string_view w) {
  return w.find('\xCE') != std::string_view::npos || w.find('\xCF') != std::string_view::npos;
}

}  // namespace

bool ends_sentence(std::string_view word) {
  std::string_view w = word;
  while (!w.empty()) {
    const char last = w.back();
    if (last == '.' || last == '!' || last == '?') return true;
    // Greek asks with ';', which is mostly how U+037E is typed.
    if (last == ';') return has_greek_letter(word);
    if (last == '"' || last == '\'' || last == ')' || last == ']' || last == '}') {
      w.remove_suffix(1);
      continue;
    }
    if (static_cast<unsigned char>(last) < 0x80) return false;
    const std::string_view tail = last_character(w);
    if (is_one_of(tail, kPackedSentenceMarks)) return true;
    if (!is_one_of(tail, kPackedClosers)) return false;
    w.remove_suffix(tail.size());
  }
  return false;
}

std::size_t comma_length(std::string_view word, std::size_t at) {
  if (at >= word.size()) return 0;
  const auto lead = static_cast<unsigned char>(word[at]);
  if (lead == ',') return 1;
  if (lead < 0xC0) return 0;
  const std::size_t length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2;
  if (at + length > word.size()) return 0;
  return is_one_of(word.substr(at, length), kPackedCommas) ? length : 0;
}

}  // namespace winnow
