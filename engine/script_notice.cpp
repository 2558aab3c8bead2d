// SPDX-License-Identifier: MIT
#include "engine/script_notice.h"

namespace winnow {

bool names_javascript(std::string_view text) {
  constexpr std::string_view kName = "javascript";
  for (std::size_t at = 0; at + kName.size() <= text.size(); ++at) {
    std::size_t matched = 0;
    // ASCII letters only: setting bit 5 lowers 'A'-'Z' and leaves 'a'-'z'.
    while (matched < kName.size() && (text[at + matched] | 0x20) == kName[matched]) ++matched;
    if (matched == kName.size()) return true;
  }
  return false;
}

}  // namespace winnow
