// SPDX-License-Identifier: MIT
#include "engine/script_notice.h"

#include "engine/content_writer.h"
#include "engine/letter_case.h"

namespace winnow {

bool names_javascript(std::string_view text) {
  constexpr std::string_view kName = "javascript";
  for (std::size_t at = 0; at + kName.size() <= text.size(); ++at)
    if (equals_lower(text.substr(at, kName.size()), kName)) return true;
  return false;
}

bool is_escaped_markup(bool in_noscript, std::string_view text) {
  if (!in_noscript) return false;
  text = ContentWriter::opening_text(text);
  for (std::string_view opening : {std::string_view("<"), std::string_view("&lt;")}) {
    if (text.size() <= opening.size() || !equals_lower(text.substr(0, opening.size()), opening)) continue;
    const char next = text[opening.size()];
    if ((next >= 'a' && next <= 'z') || (next >= 'A' && next <= 'Z')) return true;
  }
  return false;
}

}  // namespace winnow
