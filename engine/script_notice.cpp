// SPDX-License-Identifier: MIT
#include "engine/script_notice.h"

#include "engine/letter_case.h"

namespace winnow {

bool names_javascript(std::string_view text) {
  constexpr std::string_view kName = "javascript";
  for (std::size_t at = 0; at + kName.size() <= text.size(); ++at)
    if (equals_lower(text.substr(at, kName.size()), kName)) return true;
  return false;
}

}  // namespace winnow
