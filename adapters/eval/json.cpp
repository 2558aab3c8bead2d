// SPDX-License-Identifier: MIT
// Recursive-descent JSON parser (RFC 8259) with \uXXXX and surrogate pairs.
#include "adapters/eval/json.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "adapters/eval/unicode.h"

namespace winnow::eval {

const JsonValue* JsonValue::find(const std::string& key) const {
  if (type != Type::Object) return nullptr;
  auto it = object.find(key);
  return it == object.end() ? nullptr : &it->second;
}

std::string JsonValue::string_or(const std::string& key, const std::string& fallback) const {
  const JsonValue* v = find(key);
  return v && v->type == Type::String ? v->string : fallback;
}

std::string JsonValue::to_text() const {
  switch (type) {
    case Type::Null: return "null";
    case Type::Bool: return boolean ? "true" : "false";
    case Type::Number: {
      char buffer[32];
      std::snprintf(buffer, sizeof buffer, "%g", number);
      return buffer;
    }
    case Type::String: return string;
    case Type::Array: {
      std::string out = "[";
      for (std::size_t i = 0; i < array.size(); ++i) out += (i ? ", " : "") + array[i].to_text();
      return out + "]";
    }
    case Type::Object: {
      std::string out = "{";
      bool first = true;
      for (const auto& [k, v] : object) {
        out += (first ? "" : ", ") + k + ": " + v.to_text();
        first = false;
      }
      return out + "}";
    }
  }
  return "";
}

namespace {

class Parser {
 public:
  explicit Parser(std::string_view text) : text_(text) {}

  std::optional<JsonValue> parse_document(std::string* error) {
    JsonValue value;
    if (parse_value(value, 0)) {
      skip_space();
      if (pos_ == text_.size()) return value;
      fail("unexpected text after the value");
    }
    if (error) *error = error_ + " at byte " + std::to_string(pos_);
    return std::nullopt;
  }

 private:
  static constexpr int kMaxDepth = 64;

  bool fail(const char* why) {
    if (error_.empty()) error_ = why;
    return false;
  }

  void skip_space() {
    while (pos_ < text_.size() &&
           (text_[pos_] == ' ' || text_[pos_] == '\t' || text_[pos_] == '\n' || text_[pos_] == '\r'))
      ++pos_;
  }

  bool consume(char c) {
    skip_space();
    if (pos_ < text_.size() && text_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }

  bool consume_word(std::string_view word) {
    if (text_.substr(pos_, word.size()) != word) return fail("invalid literal");
    pos_ += word.size();
    return true;
  }

  bool parse_value(JsonValue& out, int depth) {
    if (depth > kMaxDepth) return fail("nesting too deep");
    skip_space();
    if (pos_ >= text_.size()) return fail("unexpected end");
    const char c = text_[pos_];
    if (c == '{') return parse_object(out, depth);
    if (c == '[') return parse_array(out, depth);
    if (c == '"') {
      out.type = JsonValue::Type::String;
      return parse_string(out.string);
    }
    if (c == 't' || c == 'f') {
      out.type = JsonValue::Type::Bool;
      out.boolean = c == 't';
      return consume_word(out.boolean ? "true" : "false");
    }
    if (c == 'n') {
      out.type = JsonValue::Type::Null;
      return consume_word("null");
    }
    return parse_number(out);
  }

  bool parse_object(JsonValue& out, int depth) {
    out.type = JsonValue::Type::Object;
    ++pos_;  // '{'
    if (consume('}')) return true;
    do {
      skip_space();
      std::string key;
      if (pos_ >= text_.size() || text_[pos_] != '"') return fail("expected a member name");
      if (!parse_string(key)) return false;
      if (!consume(':')) return fail("expected ':'");
      JsonValue member;
      if (!parse_value(member, depth + 1)) return false;
      out.object[key] = std::move(member);
    } while (consume(','));
    return consume('}') || fail("expected ',' or '}'");
  }

  bool parse_array(JsonValue& out, int depth) {
    out.type = JsonValue::Type::Array;
    ++pos_;  // '['
    if (consume(']')) return true;
    do {
      JsonValue element;
      if (!parse_value(element, depth + 1)) return false;
      out.array.push_back(std::move(element));
    } while (consume(','));
    return consume(']') || fail("expected ',' or ']'");
  }

  bool parse_number(JsonValue& out) {
    const std::size_t start = pos_;
    while (pos_ < text_.size() && std::string_view("+-0123456789.eE").find(text_[pos_]) !=
                                      std::string_view::npos)
      ++pos_;
    if (start == pos_) return fail("unexpected character");
    const std::string digits(text_.substr(start, pos_ - start));
    char* end = nullptr;
    out.type = JsonValue::Type::Number;
    out.number = std::strtod(digits.c_str(), &end);
    return (end && *end == '\0') || fail("invalid number");
  }

  bool parse_hex4(char32_t& value) {
    if (pos_ + 4 > text_.size()) return fail("short \\u escape");
    value = 0;
    for (int i = 0; i < 4; ++i) {
      const char c = text_[pos_++];
      value <<= 4;
      if (c >= '0' && c <= '9') value |= static_cast<char32_t>(c - '0');
      else if (c >= 'a' && c <= 'f') value |= static_cast<char32_t>(c - 'a' + 10);
      else if (c >= 'A' && c <= 'F') value |= static_cast<char32_t>(c - 'A' + 10);
      else return fail("bad \\u escape");
    }
    return true;
  }

  bool parse_escape(std::string& out) {
    if (pos_ >= text_.size()) return fail("unexpected end");
    const char c = text_[pos_++];
    switch (c) {
      case '"': case '\\': case '/': out.push_back(c); return true;
      case 'b': out.push_back('\b'); return true;
      case 'f': out.push_back('\f'); return true;
      case 'n': out.push_back('\n'); return true;
      case 'r': out.push_back('\r'); return true;
      case 't': out.push_back('\t'); return true;
      case 'u': break;
      default: return fail("bad escape");
    }
    char32_t cp;
    if (!parse_hex4(cp)) return false;
    if (cp >= 0xD800 && cp <= 0xDBFF && text_.substr(pos_, 2) == "\\u") {
      const std::size_t saved = pos_;
      pos_ += 2;
      char32_t low;
      if (!parse_hex4(low)) return false;
      if (low >= 0xDC00 && low <= 0xDFFF) {
        cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
      } else {
        pos_ = saved;  // a lone high surrogate; the next escape stands alone
      }
    }
    append_utf8(out, cp);  // lone surrogates become U+FFFD
    return true;
  }

  bool parse_string(std::string& out) {
    ++pos_;  // opening quote
    while (pos_ < text_.size()) {
      const char c = text_[pos_++];
      if (c == '"') return true;
      if (c == '\\') {
        if (!parse_escape(out)) return false;
      } else {
        out.push_back(c);
      }
    }
    return fail("unterminated string");
  }

  std::string_view text_;
  std::size_t pos_ = 0;
  std::string error_;
};

}  // namespace

std::optional<JsonValue> parse_json(std::string_view text, std::string* error) {
  return Parser(text).parse_document(error);
}

}  // namespace winnow::eval
