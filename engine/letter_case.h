// SPDX-License-Identifier: MIT
// Letter case beyond ASCII, for the features that read it (a block's share
// of capitalised words, its words found in the page's <title>): the
// upper-case letters of the Latin-1, Latin Extended-A, Greek and Cyrillic
// blocks, Unicode's simple case mapping for them. These cover the languages
// of the development corpus besides CJK, which has no case; with ASCII only,
// a Greek or Russian paragraph had no capitalised word, and a title word
// capitalised differently from the text was not found.
//
// Every letter here and its lower case take two bytes in UTF-8, so lowering
// works in place. Memory: none; no state.
#pragma once

#include <cstddef>
#include <string_view>

namespace winnow {

// Whether the word starts with an upper-case letter of ASCII or those blocks.
bool starts_with_capital(std::string_view word);

// Lowers the letters of ASCII and those blocks in text[0, size), in place.
// A two-byte letter cut at either end is left as it is.
void lower_letters(char* text, std::size_t size);

// The first `capacity` bytes of `text` (or all of it) copied into `buffer`
// and lowered as lower_letters() lowers them; returns the copy.
inline std::string_view lowered_copy(std::string_view text, char* buffer, std::size_t capacity) {
  const std::size_t size = text.size() < capacity ? text.size() : capacity;
  for (std::size_t i = 0; i < size; ++i) buffer[i] = text[i];
  lower_letters(buffer, size);
  return std::string_view(buffer, size);
}

// HTML's ASCII whitespace (the set the tokenizer splits words at).
inline bool is_html_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }

// Whether c is an ASCII letter or digit.
inline bool is_ascii_alnum(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

// c with an ASCII upper-case letter lowered.
inline char ascii_to_lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; }

// Whether w, its ASCII letters lowered, equals `lower` (a lower-case literal:
// a keyword, an attribute value).
inline bool equals_lower(std::string_view w, std::string_view lower) {
  if (w.size() != lower.size()) return false;
  for (std::size_t i = 0; i < w.size(); ++i) {
    if (ascii_to_lower(w[i]) != lower[i]) return false;
  }
  return true;
}

}  // namespace winnow
