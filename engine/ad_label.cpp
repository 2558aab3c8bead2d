// SPDX-License-Identifier: MIT
#include "engine/ad_label.h"

#include <cctype>
#include <cstdint>

#include "engine/content_writer.h"
#include "engine/letter_case.h"
#include "engine/utf8.h"

namespace winnow {
namespace {

// Lower case, one space between words. Only what labels an ad and nothing
// else: "advertising" is left out (a section of an article about a company
// may be headed so), and so are "ad" and "ads" (a year's era in a table).
constexpr std::string_view kAdLabels[] = {
    "advertisement",
    "advertisements",
    "advert",
    "advertorial",
    "sponsored",
    "sponsored content",
    "sponsored links",
    "paid content",
    "paid post",
    "promoted content",
    "skip ad",
    "skip advertisement",
    "story continues below advertisement",
    "article continues below advertisement",
    "advertisement continue reading below",
    "continue reading below",
    "scroll to continue with content",
    "advertisement scroll to continue with content",
    "anzeige",     // German
    "werbung",
    "publicité",   // French
    "publicidad",  // Spanish
    "pubblicità",  // Italian
    "publicidade",  // Portuguese
    "advertentie",  // Dutch
    "reklama",     // Polish, Czech
    "reklame",     // Danish, Norwegian
    "annons",      // Swedish
    "mainos",      // Finnish
    "реклама",     // Russian, Ukrainian, Bulgarian
    "διαφήμιση",   // Greek
    "广告",         // Chinese
    "廣告",
    "広告",         // Japanese
    "광고",         // Korean
    "إعلان",       // Arabic
    "פרסומת",      // Hebrew
};

// Whether the character separates words here: any ASCII character but a
// letter or digit (the writers' markers are control characters), U+00A0 to
// U+00BF (no-break space, '«', '»', '·'), the General Punctuation block
// (dashes, bullets, quotes, ellipsis), CJK punctuation and brackets
// (U+3000 to U+3004, U+3008 to U+301F: '、', '。', '「', '【') and the
// fullwidth forms of ASCII punctuation.
bool separates_words(std::uint32_t c) {
  if (c < 0x80) return !std::isalnum(static_cast<int>(c));
  return (c >= 0xA0 && c <= 0xBF) || (c >= 0x2000 && c <= 0x206F) || (c >= 0x3000 && c <= 0x3004) ||
         (c >= 0x3008 && c <= 0x301F) || (c >= 0xFF01 && c <= 0xFF0F) || (c >= 0xFF1A && c <= 0xFF20) ||
         (c >= 0xFF3B && c <= 0xFF40) || (c >= 0xFF5B && c <= 0xFF65);
}

// Whether the text's first word, lowered, opens with the first two bytes of
// a label (the labels are lower case already). Every block is asked (the
// default extractor passes a lone label over), and the normalisation below
// costs several times more than this look, which most blocks fail.
bool may_open_a_label(std::string_view text) {
  std::size_t at = 0;
  while (at < text.size()) {
    std::uint32_t character = 0;
    const std::size_t length = decode_utf8(text, at, &character);
    if (!separates_words(character)) break;
    at += length;
  }
  // The first word's first characters, whole, up to 8 bytes.
  char opening[8];
  std::size_t size = 0;
  while (at < text.size()) {
    std::uint32_t character = 0;
    const std::size_t length = decode_utf8(text, at, &character);
    if (separates_words(character) || size + length > sizeof opening) break;
    for (std::size_t i = 0; i < length; ++i) opening[size++] = text[at + i];
    at += length;
    if (size >= 2) break;
  }
  if (size < 2) return false;
  lower_letters(opening, size);
  for (const std::string_view label : kAdLabels) {
    if (label[0] == opening[0] && label[1] == opening[1]) return true;
  }
  return false;
}

}  // namespace

bool is_ad_label(std::string_view text) {
  text = ContentWriter::without_block_marker(text);
  if (text.empty() || text.size() > kMaxAdLabelBytes || !may_open_a_label(text)) return false;
  // Each run of separators becomes one space between words; none before the
  // first word or after the last. Never longer than the text.
  char words[kMaxAdLabelBytes];
  std::size_t size = 0;
  bool gap = false;
  for (std::size_t at = 0; at < text.size();) {
    std::uint32_t character = 0;
    const std::size_t length = decode_utf8(text, at, &character);
    if (separates_words(character)) {
      gap = size > 0;
    } else {
      if (gap) words[size++] = ' ';
      gap = false;
      for (std::size_t i = 0; i < length; ++i) words[size++] = text[at + i];
    }
    at += length;
  }
  lower_letters(words, size);
  const std::string_view normalized(words, size);
  for (const std::string_view label : kAdLabels) {
    if (normalized == label) return true;
  }
  return false;
}

}  // namespace winnow
