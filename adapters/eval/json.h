// SPDX-License-Identifier: MIT
// A minimal JSON reader for the small metadata files of test packages
// (PACKAGE.json, <id>.json). It builds a tree; it does not aim to be fast.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace winnow::eval {

class JsonValue {
 public:
  enum class Type { Null, Bool, Number, String, Array, Object };

  Type type = Type::Null;
  bool boolean = false;
  double number = 0;
  std::string string;
  std::vector<JsonValue> array;
  std::map<std::string, JsonValue> object;

  // The member `key` of an object, or null if absent or not an object.
  const JsonValue* find(const std::string& key) const;
  // The member as a string if it is one, else `fallback`.
  std::string string_or(const std::string& key, const std::string& fallback = "") const;
  // A compact one-line rendering (for values shown to people).
  std::string to_text() const;
};

// Parses a whole document; on failure returns nothing and sets *error.
std::optional<JsonValue> parse_json(std::string_view text, std::string* error);

}  // namespace winnow::eval
