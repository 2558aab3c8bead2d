// SPDX-License-Identifier: MIT
// Text as a JSON string's content, for the CLI's JSON lines and the YAML
// front matter (a JSON string is a YAML double-quoted scalar). The engine's
// text is valid UTF-8, so only what JSON or a line-based reader cannot take
// raw is escaped: '"', '\', the C0 controls, DEL, the C1 controls (U+0080 to
// U+009F, which some terminals obey) and U+2028 / U+2029 (line ends to
// JavaScript and YAML).
#pragma once

#include <string>
#include <string_view>

namespace winnow::cli {

// Appends text, escaped, to out (without the surrounding quotes).
void append_json_escaped(std::string& out, std::string_view text);

}  // namespace winnow::cli
