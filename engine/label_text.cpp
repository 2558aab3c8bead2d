// SPDX-License-Identifier: MIT
#include "engine/label_text.h"

#include <cctype>
#include <cstdint>

#include "engine/content_writer.h"
#include "engine/letter_case.h"
#include "engine/utf8.h"

namespace winnow {
namespace {

// Whether the text's first word, lowered, opens with the first two bytes of
// one of the list's labels (which are lower case already). The default
// extractor asks of every block, and the normalisation below costs several
// times more than this look, which most blocks fail.
bool may_open_a_label(std::string_view text, LabelList list) {
  std::size_t at = 0;
  while (at < text.size()) {
    std::uint32_t character = 0;
    const std::size_t length = decode_utf8(text, at, &character);
    if (!separates_label_words(character)) break;
    at += length;
  }
  // The first word's first characters, whole, up to 8 bytes.
  char opening[8];
  std::size_t size = 0;
  while (at < text.size()) {
    std::uint32_t character = 0;
    const std::size_t length = decode_utf8(text, at, &character);
    if (separates_label_words(character) || size + length > sizeof opening) break;
    for (std::size_t i = 0; i < length; ++i) opening[size++] = text[at + i];
    at += length;
    if (size >= 2) break;
  }
  if (size < 2) return false;
  lower_letters(opening, size);
  const std::uint16_t key = label_opening(opening[0], opening[1]);
  bool found = false;
  for (std::size_t i = 0; i < list.count; ++i) found |= list.openings[i] == key;
  return found;
}

}  // namespace

// Whether the character separates words here: any ASCII character but a
// letter or digit (the writers' markers are control characters), U+00A0 to
// U+00BF (no-break space, '«', '»', '·'), the General Punctuation block
// (dashes, bullets, quotes, ellipsis), the Arrows and Geometric Shapes
// blocks that decorate a control's label ('↑ Back to top', '▶ Play'), CJK
// punctuation and brackets (U+3000 to U+3004, U+3008 to U+301F: '、', '。',
// '「', '【'), the CJK compatibility and small forms (U+FE30 to U+FE6F: '︰',
// '﹐') and the fullwidth forms of ASCII punctuation.
bool separates_label_words(std::uint32_t c) {
  if (c < 0x80) return !std::isalnum(static_cast<int>(c));
  return (c >= 0xA0 && c <= 0xBF) || (c >= 0x2000 && c <= 0x206F) || (c >= 0x2190 && c <= 0x21FF) ||
         (c >= 0x25A0 && c <= 0x25FF) || (c >= 0x3000 && c <= 0x3004) ||
         (c >= 0x3008 && c <= 0x301F) || (c >= 0xFF01 && c <= 0xFF0F) || (c >= 0xFF1A && c <= 0xFF20) ||
         (c >= 0xFE30 && c <= 0xFE6F) || (c >= 0xFF3B && c <= 0xFF40) || (c >= 0xFF5B && c <= 0xFF65);
}

bool is_separator_word(std::string_view word) {
  if (word.empty()) return false;
  for (std::size_t at = 0; at < word.size();) {
    std::uint32_t character = 0;
    const std::size_t length = decode_utf8(word, at, &character);
    if (!separates_label_words(character)) return false;
    at += length;
  }
  return true;
}

namespace {

// The block's words, lowered, one space apart (each run of separators
// becomes one space; none before the first word or after the last), in
// `words`, which holds as many bytes as the text: never longer than it.
std::string_view normalized_words(std::string_view text, char* words) {
  std::size_t size = 0;
  bool gap = false;
  for (std::size_t at = 0; at < text.size();) {
    std::uint32_t character = 0;
    const std::size_t length = decode_utf8(text, at, &character);
    if (separates_label_words(character)) {
      gap = size > 0;
    } else {
      if (gap) words[size++] = ' ';
      gap = false;
      for (std::size_t i = 0; i < length; ++i) words[size++] = text[at + i];
    }
    at += length;
  }
  lower_letters(words, size);
  return std::string_view(words, size);
}

// "edit edit edit": a word said again and again is a sentence's ("Edit,
// edit, edit!", a blog post's heading), not a row of buttons.
bool is_one_word_repeated(std::string_view normalized) {
  const std::size_t space = normalized.find(' ');
  if (space == std::string_view::npos) return false;
  const std::string_view first = normalized.substr(0, space);
  for (std::size_t at = 0; at < normalized.size(); at += first.size() + 1) {
    if (normalized.compare(at, first.size(), first) != 0) return false;
    if (at + first.size() != normalized.size() && normalized[at + first.size()] != ' ') return false;
  }
  return true;
}

}  // namespace

bool is_label_among(std::string_view text, LabelList list) {
  text = ContentWriter::without_block_marker(text);
  if (text.empty() || text.size() > kMaxLabelBytes || !may_open_a_label(text, list)) return false;
  char words[kMaxLabelBytes];
  const std::string_view normalized = normalized_words(text, words);
  for (std::size_t i = 0; i < list.count; ++i) {
    if (normalized == list.labels[i]) return true;
  }
  return false;
}

namespace {

// is_label_run_among() for texts of at most `max_bytes` (<= kMaxLabelRowBytes).
bool is_run_among(std::string_view text, LabelList first, LabelList second, std::size_t max_bytes) {
  text = ContentWriter::without_block_marker(text);
  if (text.empty() || text.size() > max_bytes ||
      !(may_open_a_label(text, first) || may_open_a_label(text, second)))
    return false;
  char words[kMaxLabelRowBytes];
  const std::string_view normalized = normalized_words(text, words);
  if (is_one_word_repeated(normalized)) return false;
  // reached[i]: the words before byte i are a run of labels (i is 0, or the
  // start of a word). Each label found extends a run to the next word.
  bool reached[kMaxLabelRowBytes + 2] = {true};
  const auto extend = [&](std::size_t at, LabelList list) {
    for (std::size_t i = 0; i < list.count; ++i) {
      const std::string_view label = list.labels[i];
      // The first byte rules most labels out before a comparison is made;
      // an empty label, which no list holds, is no word of a run.
      if (label.empty() || label[0] != normalized[at] || normalized.compare(at, label.size(), label) != 0)
        continue;
      const std::size_t end = at + label.size();
      // A label ends at a space or at the text's end (reached one past it).
      if (end == normalized.size() || normalized[end] == ' ') reached[end + 1] = true;
    }
  };
  for (std::size_t at = 0; at < normalized.size(); ++at) {
    if (!reached[at]) continue;
    extend(at, first);
    extend(at, second);
  }
  return !normalized.empty() && reached[normalized.size() + 1];
}

}  // namespace

bool is_label_run_among(std::string_view text, LabelList first, LabelList second) {
  return is_run_among(text, first, second, kMaxLabelBytes);
}

bool is_label_row_among(std::string_view text, LabelList first, LabelList second) {
  return is_run_among(text, first, second, kMaxLabelRowBytes);
}

}  // namespace winnow
