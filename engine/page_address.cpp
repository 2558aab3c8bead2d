// SPDX-License-Identifier: MIT
#include "engine/page_address.h"

#include <array>

#include "engine/letter_case.h"

namespace winnow {
namespace {

bool is_letter_byte(unsigned char c) { return ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || c >= 0x80; }
bool is_digit(unsigned char c) { return c >= '0' && c <= '9'; }

std::size_t count_words(std::string_view text) {
  std::size_t words = 0;
  bool in_word = false;
  for (const char ch : text) {
    const bool letter = is_letter_byte(static_cast<unsigned char>(ch));
    if (letter && !in_word) ++words;
    in_word = letter;
  }
  return words;
}

bool has_long_number(std::string_view text) {
  std::size_t run = 0;
  for (const char ch : text) {
    run = is_digit(static_cast<unsigned char>(ch)) ? run + 1 : 0;
    if (run >= kStoryDigits) return true;
  }
  return false;
}

// "article.html" -> "article": a server's file type says nothing of the page.
std::string_view without_extension(std::string_view segment) {
  static constexpr std::array<std::string_view, 10> kExtensions = {
      ".html", ".htm", ".shtml", ".shtm", ".php", ".asp", ".aspx", ".jsp", ".cfm", ".php5"};
  for (const std::string_view extension : kExtensions) {
    if (segment.size() > extension.size() &&
        equals_lower(segment.substr(segment.size() - extension.size()), extension))
      return segment.substr(0, segment.size() - extension.size());
  }
  return segment;
}

}  // namespace

AddressShape address_shape(std::string_view url) {
  if (url.empty()) return AddressShape::undeclared;
  std::string_view rest = url;
  const std::size_t fragment = rest.find('#');
  if (fragment != std::string_view::npos) rest = rest.substr(0, fragment);
  std::string_view query;
  const std::size_t question = rest.find('?');
  if (question != std::string_view::npos) {
    query = rest.substr(question + 1);
    rest = rest.substr(0, question);
  }
  // The host goes: "https://host/path" or, relative to the page's scheme,
  // "//host/path"; a path alone ("/news/story") has none.
  const std::size_t scheme = rest.find("://");
  const std::size_t host = scheme != std::string_view::npos ? scheme + 3 : rest.substr(0, 2) == "//" ? 2 : 0;
  if (host > 0) {
    const std::size_t path = rest.find('/', host);
    rest = path == std::string_view::npos ? std::string_view() : rest.substr(path);
  }
  while (!rest.empty() && rest.back() == '/') rest.remove_suffix(1);
  const std::string_view last = without_extension(rest.substr(rest.rfind('/') + 1));
  if (count_words(last) >= kStoryWords || has_long_number(last) || has_long_number(query))
    return AddressShape::story;
  return AddressShape::overview;
}

}  // namespace winnow
