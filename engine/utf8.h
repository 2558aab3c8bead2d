// SPDX-License-Identifier: MIT
// Measures of UTF-8 text every algorithm needs. The engine's words are valid
// UTF-8 (the adapters decode and replace invalid bytes before tokens are
// made), so counting the bytes that start a sequence counts characters.
// Memory: none; no state.
#pragma once

#include <cstdint>
#include <string_view>

namespace winnow {

// Characters (code points) of UTF-8 text: the bytes that are not
// continuation bytes (10xxxxxx). A sequence cut at the start counts its lead
// byte's absence, not its continuation bytes.
inline std::uint32_t utf8_characters(std::string_view text) {
  std::uint32_t n = 0;
  for (const char c : text) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return n;
}

// C++20's string_view::ends_with, for C++17.
inline bool ends_with(std::string_view text, std::string_view suffix) {
  return text.size() >= suffix.size() && text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

}  // namespace winnow
