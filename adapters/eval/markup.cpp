// SPDX-License-Identifier: MIT
// A small, forgiving tag stripper. It is not an HTML parser: it only has to
// turn markup-bearing extractor output into the same kind of plain text the
// gold files hold, so it knows the elements whose content is never text and
// the elements that separate blocks, and nothing else.
#include "adapters/eval/markup.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstring>

#include "adapters/eval/unicode.h"
#include "adapters/eval/unicode_tables.h"

namespace winnow::eval {
namespace {

bool is_ascii_alpha(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; }

std::string lower_ascii(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// Elements whose content is code or templates, never visible text.
bool is_raw_text_element(const std::string& name) {
  return name == "script" || name == "style" || name == "noscript" || name == "template" ||
         name == "textarea" || name == "title";
}

// Elements that start a new line when rendered (HTML "block-level" plus <br>,
// table cells and list items).
bool is_block_element(const std::string& name) {
  static constexpr std::array<const char*, 40> kBlocks = {
      "address", "article", "aside",   "blockquote", "br",      "caption", "dd",      "details",
      "div",     "dl",      "dt",      "fieldset",   "figcaption", "figure", "footer", "form",
      "h1",      "h2",      "h3",      "h4",         "h5",      "h6",      "header",  "hr",
      "li",      "main",    "nav",     "ol",         "p",       "pre",     "section", "summary",
      "table",   "tbody",   "td",      "tfoot",      "th",      "thead",   "tr",      "ul"};
  return std::any_of(kBlocks.begin(), kBlocks.end(),
                     [&](const char* b) { return name == b; });
}

// Index just past the '>' that closes the tag starting at `open` (the '<'),
// skipping quoted attribute values; text.size() if it never closes.
std::size_t tag_end(std::string_view text, std::size_t open) {
  char quote = 0;
  for (std::size_t i = open + 1; i < text.size(); ++i) {
    const char c = text[i];
    if (quote) {
      if (c == quote) quote = 0;
    } else if (c == '"' || c == '\'') {
      quote = c;
    } else if (c == '>') {
      return i + 1;
    }
  }
  return text.size();
}

std::string tag_name(std::string_view text, std::size_t open) {
  std::size_t i = open + 1;
  if (i < text.size() && text[i] == '/') ++i;
  const std::size_t start = i;
  while (i < text.size() && (std::isalnum(static_cast<unsigned char>(text[i])) || text[i] == '-'))
    ++i;
  return lower_ascii(text.substr(start, i - start));
}

// Position of `needle` (lowercase ASCII) in `text` at or after `from`,
// ignoring ASCII case; npos if absent.
std::size_t find_ignoring_case(std::string_view text, std::string_view needle, std::size_t from) {
  for (std::size_t i = from; i + needle.size() <= text.size(); ++i) {
    std::size_t k = 0;
    while (k < needle.size() &&
           std::tolower(static_cast<unsigned char>(text[i + k])) == needle[k])
      ++k;
    if (k == needle.size()) return i;
  }
  return std::string_view::npos;
}

// Where the raw-text element `name` ends: just past its end tag, or the end.
std::size_t skip_raw_text(std::string_view text, std::size_t from, const std::string& name) {
  const std::size_t pos = find_ignoring_case(text, "</" + name, from);
  if (pos == std::string_view::npos) return text.size();
  return tag_end(text, pos);
}

bool starts_tag(std::string_view text, std::size_t i) {
  if (i + 1 >= text.size()) return false;
  const char next = text[i + 1];
  return is_ascii_alpha(next) || next == '/' || next == '!' || next == '?';
}

}  // namespace

std::string html_to_text(std::string_view html) {
  std::string out;
  out.reserve(html.size() / 2);
  std::size_t i = 0;
  while (i < html.size()) {
    if (html[i] != '<' || !starts_tag(html, i)) {
      out.push_back(html[i++]);
      continue;
    }
    if (html.compare(i, 4, "<!--") == 0) {
      const std::size_t close = html.find("-->", i + 4);
      i = close == std::string_view::npos ? html.size() : close + 3;
      continue;
    }
    const std::string name = tag_name(html, i);
    const bool is_end_tag = html[i + 1] == '/';
    i = tag_end(html, i);
    if (!is_end_tag && is_raw_text_element(name)) {
      i = skip_raw_text(html, i, name);
    } else if (is_block_element(name)) {
      out.push_back('\n');
    }
  }
  return resolve_entities(out);
}

namespace {

// The code point a reference body names ("amp", "#233", "#xE9"), or 0.
char32_t reference_value(std::string_view body) {
  if (body.empty()) return 0;
  if (body[0] == '#') {
    const bool hex = body.size() > 1 && (body[1] == 'x' || body[1] == 'X');
    const std::string_view digits = body.substr(hex ? 2 : 1);
    if (digits.empty() || digits.size() > 8) return 0;
    char32_t value = 0;
    for (char c : digits) {
      int d;
      if (c >= '0' && c <= '9') d = c - '0';
      else if (hex && c >= 'a' && c <= 'f') d = c - 'a' + 10;
      else if (hex && c >= 'A' && c <= 'F') d = c - 'A' + 10;
      else return 0;
      value = value * (hex ? 16 : 10) + static_cast<char32_t>(d);
    }
    // NUL, surrogates and values past Unicode resolve to U+FFFD as in HTML5.
    if (value == 0 || value > 0x10FFFF || (value >= 0xD800 && value <= 0xDFFF))
      return kReplacementChar;
    return value;
  }
  const std::string name(body);
  const tables::NamedEntity* begin = tables::kEntities;
  const tables::NamedEntity* end = begin + tables::kEntityCount;
  auto it = std::lower_bound(begin, end, name, [](const tables::NamedEntity& e, const std::string& n) {
    return std::strcmp(e.name, n.c_str()) < 0;
  });
  return (it != end && name == it->name) ? static_cast<char32_t>(it->code_point) : 0;
}

}  // namespace

std::string resolve_entities(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  std::size_t i = 0;
  while (i < text.size()) {
    if (text[i] == '&') {
      // The longest HTML 4 name has 8 letters; numeric forms up to "#x10FFFF".
      const std::size_t semi = text.find(';', i + 1);
      if (semi != std::string_view::npos && semi - i <= 10) {
        const char32_t cp = reference_value(text.substr(i + 1, semi - i - 1));
        if (cp != 0) {
          append_utf8(out, cp);
          i = semi + 1;
          continue;
        }
      }
    }
    out.push_back(text[i++]);
  }
  return out;
}

bool looks_like_html(std::string_view text) {
  std::size_t i = 0;
  while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  if (i >= text.size() || text[i] != '<' || !starts_tag(text, i)) return false;
  return text.find('>', i) != std::string_view::npos;
}

}  // namespace winnow::eval
