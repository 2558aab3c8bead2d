// SPDX-License-Identifier: MIT
#include "adapters/cli/json_text.h"

#include <cstdio>

namespace winnow::cli {
namespace {

void append_unicode_escape(std::string& out, unsigned code) {
  char escape[8];
  std::snprintf(escape, sizeof escape, "\\u%04x", code);
  out += escape;
}

}  // namespace

void append_json_escaped(std::string& out, std::string_view text) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    const auto next = i + 1 < text.size() ? static_cast<unsigned char>(text[i + 1]) : 0;
    const auto after = i + 2 < text.size() ? static_cast<unsigned char>(text[i + 2]) : 0;
    if (byte == 0xC2 && next >= 0x80 && next <= 0x9F) {
      append_unicode_escape(out, next);
      ++i;
      continue;
    }
    if (byte == 0xE2 && next == 0x80 && (after == 0xA8 || after == 0xA9)) {
      append_unicode_escape(out, 0x2000u + after - 0x80u);
      i += 2;
      continue;
    }
    switch (byte) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      default:
        if (byte < 0x20 || byte == 0x7F) append_unicode_escape(out, byte);
        else out += static_cast<char>(byte);
    }
  }
}

}  // namespace winnow::cli
