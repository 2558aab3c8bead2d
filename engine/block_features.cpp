// SPDX-License-Identifier: MIT
#include "engine/block_features.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>

#include "engine/label_text.h"
#include "engine/letter_case.h"
#include "engine/punctuation.h"
#include "engine/semantics.h"
#include "engine/utf8.h"

namespace winnow {
namespace {

// Commas of every script (engine/punctuation.h: a Chinese paragraph has as
// many as an English one), up to the word's first digit: a number's
// separators ("1,000") are not a clause's. Returns whether there is a digit;
// one pass serves both counts.
bool count_commas_to_digit(std::string_view w, std::uint32_t* commas) {
  for (std::size_t i = 0; i < w.size(); ++i) {
    const auto b = static_cast<unsigned char>(w[i]);
    if (b >= '0' && b <= '9') return true;
    if (b != ',' && b < 0xC0) continue;  // no comma starts here: spare the call on every byte
    if (const std::size_t n = comma_length(w, i)) {
      ++*commas;
      i += n - 1;
    }
  }
  return false;
}

// log1p of a count. Counts are small integers, and every block's are taken
// three times (as the block and as each neighbour's): those under 1024 come
// from a table (4 KiB, built once) that the same function filled, so the
// feature is the same float.
float log1(std::uint32_t count) {
  static const std::array<float, 1024> table = [] {
    std::array<float, 1024> t{};
    for (std::size_t n = 0; n < t.size(); ++n) t[n] = std::log1p(static_cast<float>(n));
    return t;
  }();
  return count < table.size() ? table[count] : std::log1p(static_cast<float>(count));
}
float ratio(float a, float b) { return b > 0 ? a / b : 0.0f; }

// Kohlschütter's text density: words per line when the text is wrapped at
// 80 characters, the last line left out unless it is the only one.
float text_density(const BlockStats& b) {
  if (b.words == 0) return 0;
  const float width = static_cast<float>(b.chars + b.words);  // spaces between words
  const float lines = std::floor(width / 80.0f);
  if (lines < 1) return static_cast<float>(b.words);
  const float words_in_full_lines = static_cast<float>(b.words) * (lines * 80.0f / width);
  return words_in_full_lines / lines;
}

const char* const kNames[kBlockFeatureCount] = {
    "bias", "log_words", "log_chars", "link_density", "text_density", "log_sentences",
    "sentences_per_word", "commas_per_word", "capitalized_share", "numeric_share", "cjk_share",
    "mean_word_chars", "log_tags_before", "heading",
    "heading_1", "heading_2_3", "teaser_end", "copyright", "tag_p", "tag_li", "tag_td",
    "tag_div", "tag_heading", "tag_pre_quote", "tag_dl", "tag_caption", "tag_other",
    "sem_navigation", "sem_footer", "sem_header", "sem_sidebar", "sem_comment", "sem_share",
    "sem_related", "sem_advert", "sem_subscribe", "sem_article", "sem_content", "sem_byline",
    "sem_caption", "sem_teaser", "sem_title", "sem_hidden", "sem_tags", "sem_form", "sem_noscript",
    "sem_main_landmark", "sem_declared_body",
    "prev_exists", "prev_log_words", "prev_link_density", "prev_text_density", "prev_sentences",
    "next_exists", "next_log_words", "next_link_density", "next_text_density", "next_sentences",
    "quotient_words_prev", "title_share", "all_links", "headline_like", "long_block",
    "prev_same_semantics", "next_same_semantics", "description_share", "has_description",
    "declared_article", "declared_other", "after_main_landmark", "after_declared_body",
    "shape_quoted", "shape_list_item", "shape_data_cell"};

// The word as the page's texts are searched for it: trailing punctuation
// off, letters lowered (engine/letter_case.h), in `lower`; empty when
// shorter than 2 or longer than 64 bytes.
std::string_view searchable(std::string_view word, char (&lower)[64]) {
  while (!word.empty() && (word.back() == '.' || word.back() == ',' || word.back() == ':' ||
                           word.back() == '!' || word.back() == '?' || word.back() == ';'))
    word.remove_suffix(1);
  if (word.size() < 2 || word.size() > 64) return {};
  word.copy(lower, word.size());
  lower_letters(lower, word.size());
  return std::string_view(lower, word.size());
}

// Whether w (searchable()) occurs in text as a whole word (CJK: as a
// character); text's trigrams, when given, spare most words the search.
bool occurs_in(std::string_view w, std::string_view text, const Trigrams* trigrams, bool cjk) {
  if (w.empty() || text.empty()) return false;
  if (w.size() >= 3 && trigrams != nullptr && !trigrams->may_contain(w)) return false;
  for (std::size_t at = text.find(w); at != std::string_view::npos; at = text.find(w, at + 1)) {
    if (cjk) return true;
    const bool starts = at == 0 || !std::isalnum(static_cast<unsigned char>(text[at - 1]));
    const std::size_t end = at + w.size();
    const bool ends = end == text.size() || !std::isalnum(static_cast<unsigned char>(text[end]));
    if (starts && ends) return true;
  }
  return false;
}

// Whether w is one letter of an alphabet written without spaces (Thai, Lao,
// Myanmar, Khmer: engine/utf8.h), which the tokenizer makes a word as it does
// a CJK character. An ideograph says something alone; one of some seventy
// letters is in nearly every title of its script, so these are looked up in
// pairs.
bool is_spaceless_letter(std::string_view w) {
  std::uint32_t cp = 0;
  return w.size() == 3 && decode_utf8(w, 0, &cp) == 3 && is_spaceless_alphabet(cp);
}

}  // namespace

void BlockStats::add_word(const Token& token, std::string_view text, const PageText& page, LetterPair* letters) {
  const bool cjk_word = token.has(kTokenCjk);
  const std::uint32_t n = utf8_characters(text);
  char lower[64];
  std::string_view w = searchable(text, lower);
  // A letter that follows another of its kind is looked up with it (the
  // first of a run alone), so a Thai paragraph does not read as its title.
  const bool spaceless_letter = letters != nullptr && cjk_word && is_spaceless_letter(text);
  char pair[6];
  if (spaceless_letter && letters->has_previous && token.has(kTokenGlued)) {
    std::copy(letters->previous, letters->previous + 3, pair);
    std::copy(text.begin(), text.end(), pair + 3);
    w = std::string_view(pair, 6);
  }
  if (letters != nullptr) letters->has_previous = spaceless_letter;
  if (spaceless_letter) std::copy(text.begin(), text.end(), letters->previous);
  if (occurs_in(w, page.title, page.title_trigrams, cjk_word)) ++title_words;
  // Short words (articles, prepositions) occur in any description; a
  // description's longer words are what it is about.
  page_described = !page.description.empty();
  page_kind = page.kind;
  page_address = page.address;
  if (page_described && (cjk_word || n >= 4) && occurs_in(w, page.description, page.description_trigrams, cjk_word))
    ++description_words;
  if (words == 0) {
    heading_level = token.heading_level;
    block_shape = token.block_shape;
    block_tag = token.block_tag;
    semantics = token.semantics;
    after_main_landmark = page.main_landmark_ended && !(token.semantics & kSemMainLandmark);
    after_declared_body = page.declared_body_ended && !(token.semantics & kSemDeclaredBody);
    container = token.container;
    grand_container = token.grand_container;
    span.begin = token.source_begin;
    const bool c = equals_lower(text, "copyright") || text == "\xC2\xA9" || equals_lower(text, "(c)") ||
                   (text.size() >= 2 && text.compare(0, 2, "\xC2\xA9") == 0);
    starts_copyright = c;
  }
  // The block's cues are those every word of it carries: its block-level
  // ancestors' and those of an inline element around all of it, but not
  // those of an inline element around some words (a comment-count link
  // opening each paragraph does not make the paragraph a comment).
  semantics &= token.semantics;
  span.end = token.source_end;
  ++words;
  chars += n;
  if (token.has(kTokenInAnchor)) {
    ++anchor_words;
    anchor_chars += n;
  } else if (unlinked_separators < UINT8_MAX && is_separator_word(text)) {
    ++unlinked_separators;
  }
  if (cjk_word) ++cjk;
  if (ends_sentence(text)) ++sentence_ends;
  if (count_commas_to_digit(text, &commas)) ++numeric;
  if (starts_with_capital(text)) ++capitalized;
  teaser_end = text == "\xE2\x80\xA6" || text == "\xC2\xBB" || equals_lower(text, "more") ||
               (text.size() >= 3 && text.compare(text.size() - 3, 3, "...") == 0) ||
               (text.size() >= 3 && text.compare(text.size() - 3, 3, "\xE2\x80\xA6") == 0);
}

void block_features(const BlockStats& prev, bool has_prev, const BlockStats& b, const BlockStats& next,
                    bool has_next, float* f) {
  const float words = static_cast<float>(b.words);
  std::size_t i = 0;
  f[i++] = 1.0f;
  f[i++] = log1(b.words);
  f[i++] = log1(b.chars);
  f[i++] = ratio(static_cast<float>(b.anchor_chars), static_cast<float>(b.chars));
  f[i++] = std::min(text_density(b), 30.0f) / 10.0f;
  f[i++] = log1(b.sentence_ends);
  f[i++] = ratio(static_cast<float>(b.sentence_ends), words);
  f[i++] = ratio(static_cast<float>(b.commas), words);
  f[i++] = ratio(static_cast<float>(b.capitalized), words);
  f[i++] = ratio(static_cast<float>(b.numeric), words);
  f[i++] = ratio(static_cast<float>(b.cjk), words);
  f[i++] = std::min(ratio(static_cast<float>(b.chars), words), 20.0f) / 10.0f;
  f[i++] = log1(b.tags_before);
  // No feature says how far into the page a block is (its index, the words
  // before it): they fit the header lengths of the sites trained on, and
  // without them the shingle margin and the packages' mean held out by
  // package rise, the bag margin level (adapters/learn/README.md, stop 46).
  f[i++] = b.heading_level ? 1.0f : 0.0f;
  f[i++] = b.heading_level == 1 ? 1.0f : 0.0f;
  f[i++] = (b.heading_level == 2 || b.heading_level == 3) ? 1.0f : 0.0f;
  f[i++] = b.teaser_end ? 1.0f : 0.0f;
  f[i++] = b.starts_copyright ? 1.0f : 0.0f;
  const Tag t = b.block_tag;
  const bool heading_tag = has_flag(t, kTagHeading);
  const bool pre_quote = t == Tag::pre || t == Tag::blockquote;
  const bool dl = t == Tag::dd || t == Tag::dt || t == Tag::dl;
  const bool caption = t == Tag::figcaption || t == Tag::caption;
  const bool td = t == Tag::td || t == Tag::th;
  f[i++] = t == Tag::p ? 1.0f : 0.0f;
  f[i++] = t == Tag::li ? 1.0f : 0.0f;
  f[i++] = td ? 1.0f : 0.0f;
  f[i++] = t == Tag::div ? 1.0f : 0.0f;
  f[i++] = heading_tag ? 1.0f : 0.0f;
  f[i++] = pre_quote ? 1.0f : 0.0f;
  f[i++] = dl ? 1.0f : 0.0f;
  f[i++] = caption ? 1.0f : 0.0f;
  f[i++] = (t != Tag::p && t != Tag::li && !td && t != Tag::div && !heading_tag && !pre_quote && !dl && !caption) ? 1.0f : 0.0f;
  for (std::uint32_t bit = 0; bit < kSemCount; ++bit) f[i++] = (b.semantics >> bit) & 1u ? 1.0f : 0.0f;
  auto neighbour = [&](const BlockStats& n, bool exists) {
    f[i++] = exists ? 1.0f : 0.0f;
    f[i++] = exists ? log1(n.words) : 0.0f;
    f[i++] = exists ? ratio(static_cast<float>(n.anchor_chars), static_cast<float>(n.chars)) : 0.0f;
    f[i++] = exists ? std::min(text_density(n), 30.0f) / 10.0f : 0.0f;
    f[i++] = exists ? log1(n.sentence_ends) : 0.0f;
  };
  neighbour(prev, has_prev);
  neighbour(next, has_next);
  f[i++] = has_prev ? std::tanh(std::log((1.0f + words) / (1.0f + static_cast<float>(prev.words)))) : 0.0f;
  f[i++] = ratio(static_cast<float>(b.title_words), words);
  f[i++] = b.anchor_words == b.words ? 1.0f : 0.0f;
  f[i++] = (b.title_words >= 3 && b.words <= 30 && b.title_words * 2 >= b.words) ? 1.0f : 0.0f;
  f[i++] = b.words > 40 ? 1.0f : 0.0f;
  // The bits past kSemCount are no feature (engine/semantics.h), nor part of one.
  constexpr std::uint32_t kFeatureCues = (1u << kSemCount) - 1;
  f[i++] = has_prev && (prev.semantics & kFeatureCues) == (b.semantics & kFeatureCues) ? 1.0f : 0.0f;
  f[i++] = has_next && (next.semantics & kFeatureCues) == (b.semantics & kFeatureCues) ? 1.0f : 0.0f;
  f[i++] = ratio(static_cast<float>(b.description_words), words);
  f[i++] = b.page_described ? 1.0f : 0.0f;
  f[i++] = b.page_kind == PageKind::article ? 1.0f : 0.0f;
  f[i++] = b.page_kind == PageKind::other ? 1.0f : 0.0f;
  f[i++] = b.after_main_landmark ? 1.0f : 0.0f;
  f[i++] = b.after_declared_body ? 1.0f : 0.0f;
  // What the block is in the page's structure (engine/block_shape.h), which
  // its innermost block tag does not say: a paragraph inside a quote or a
  // list item, a data table's cell (stop 54: the margin held out by package
  // +0.0007 / +0.0006).
  const BlockShape shape = BlockShape::unpack(0, b.block_shape);
  f[i++] = shape.quoted ? 1.0f : 0.0f;
  f[i++] = (shape.kind == BlockKind::ListItem || shape.kind == BlockKind::OrderedListItem) ? 1.0f : 0.0f;
  f[i++] = shape.kind == BlockKind::TableCell ? 1.0f : 0.0f;
  while (i < kBlockFeatureCount) f[i++] = 0.0f;
}

const char* block_feature_name(std::size_t index) {
  return index < kBlockFeatureCount && kNames[index] ? kNames[index] : "unused";
}

}  // namespace winnow
