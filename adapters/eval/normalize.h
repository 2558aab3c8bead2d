// SPDX-License-Identifier: MIT
// Normalisation of gold and extracted text before scoring.
//
// Characters (seed 000, section 4.2): whitespace runs collapse to one space
// ("cumulative whitespace ... does not affect the content"), leading and
// trailing whitespace goes, invisible controls and format characters (soft
// hyphen, zero-width joiner, BOM) go. Case and punctuation are kept: the
// character measure is the one meant to see "punctuation marks, particular
// symbols and word length" (section 3, item 1).
//
// Words (seed 002, "Metrics": remove punctuation, lowercase, split on
// whitespace): text is lowercased with the Unicode simple mapping and split
// at every code point that is not a letter, combining mark or number, so
// punctuation and symbols separate words ("e-mail" -> "e", "mail") instead
// of gluing them. Letters of scripts written without spaces (Han, kana,
// Bopomofo, Hangul) are one word each. No Unicode normalisation form is
// applied: both sides come from the same HTML bytes.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace winnow::eval {

// The code points the character measure compares.
std::u32string normalize_characters(std::string_view utf8);

// Lowercased words, each as UTF-8.
std::vector<std::string> split_words(std::string_view utf8);

// Gives every distinct word a small integer so that sequences of words can be
// compared as sequences of integers (the LCS works on uint32 symbols).
class WordIds {
 public:
  std::uint32_t id(const std::string& word);
  std::vector<std::uint32_t> ids(const std::vector<std::string>& words);
  std::size_t size() const { return ids_.size(); }

 private:
  std::unordered_map<std::string, std::uint32_t> ids_;
};

}  // namespace winnow::eval
