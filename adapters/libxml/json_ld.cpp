// SPDX-License-Identifier: MIT
#include "adapters/libxml/json_ld.h"

#include <cstring>

#include "engine/utf8.h"

namespace winnow {
namespace {

bool is_json_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

bool is_literal_char(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-' || c == '+' ||
         c == '.';
}

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

constexpr std::uint32_t kReplacement = 0xFFFD;

}  // namespace

std::string_view JsonLdReader::property(Field field) {
  switch (field) {
    case Field::headline: return "headline";
    case Field::date_published: return "datePublished";
    case Field::date_modified: return "dateModified";
    case Field::in_language: return "inLanguage";
    case Field::author: return "author";
    case Field::count: break;
  }
  return "";
}

void JsonLdReader::reset() { *this = JsonLdReader(); }

void JsonLdReader::feed(const char* data, std::size_t size) {
  for (std::size_t i = 0; i < size && mode_ != Mode::done; ++i) step(data[i]);
}

void JsonLdReader::step(char c) {
  switch (mode_) {
    case Mode::done:
      return;
    case Mode::string:
      if (c == '"') end_string();
      else if (c == '\\') mode_ = Mode::escape;
      else string_byte(c);
      return;
    case Mode::escape: {
      mode_ = Mode::string;
      if (c == 'u') {
        mode_ = Mode::unicode;
        unicode_ = 0;
        unicode_digits_ = 0;
        return;
      }
      const char* from = "nrtbf";
      const char* to = "\n\r\t\b\f";
      const char* at = std::strchr(from, c);
      string_byte(at != nullptr && c != '\0' ? to[at - from] : c);  // \" \\ \/ stand for themselves
      return;
    }
    case Mode::unicode: {
      const int digit = hex_digit(c);
      if (digit < 0) {
        append_code_point(kReplacement);
        mode_ = Mode::string;
        step(c);
        return;
      }
      unicode_ = unicode_ * 16 + static_cast<std::uint32_t>(digit);
      if (++unicode_digits_ < 4) return;
      mode_ = Mode::string;
      if (unicode_ >= 0xD800 && unicode_ <= 0xDBFF) {
        if (high_surrogate_ != 0) append_code_point(kReplacement);
        high_surrogate_ = unicode_;
      } else if (unicode_ >= 0xDC00 && unicode_ <= 0xDFFF) {
        const std::uint32_t high = high_surrogate_;
        high_surrogate_ = 0;
        append_code_point(high != 0 ? 0x10000 + ((high - 0xD800) << 10) + (unicode_ - 0xDC00) : kReplacement);
      } else {
        append_code_point(unicode_);
      }
      return;
    }
    case Mode::literal:
      if (is_literal_char(c)) return;
      mode_ = Mode::value;
      step(c);
      return;
    case Mode::value:
      break;
  }
  if (is_json_space(c)) return;
  const bool in_object = depth_ > 0 && frames_[depth_ - 1].object;
  switch (c) {
    case '{':
    case '[':
    case '"':
      if (c == '"' && in_object && expect_key_) {
        string_is_key_ = true;
        key_size_ = 0;
        key_overlong_ = false;
        expect_key_ = false;
        mode_ = Mode::string;
        return;
      }
      begin_value(c);
      return;
    case '}':
    case ']':
      if (depth_ == 0 || frames_[depth_ - 1].object != (c == '}')) return fail();
      --depth_;
      expect_key_ = after_key_ = first_item_ = false;
      if (depth_ == 0) mode_ = Mode::done;  // the top-level value ended: what follows is not JSON-LD
      return;
    case ',':
      if (depth_ == 0) return fail();
      expect_key_ = in_object;
      return;
    case ':':
      if (!in_object || !after_key_) return fail();
      after_key_ = false;
      return;
    default:
      if (!is_literal_char(c) || !started_ || depth_ == 0) return fail();
      begin_value(c);
      return;
  }
}

void JsonLdReader::begin_value(char c) {
  const bool in_object = depth_ > 0 && frames_[depth_ - 1].object;
  if ((depth_ == 0 && (started_ || (c != '{' && c != '['))) || (in_object && (expect_key_ || after_key_)))
    return fail();
  started_ = true;
  const bool first_item = first_item_;
  first_item_ = false;
  const Role parent = depth_ > 0 ? frames_[depth_ - 1].role : Role::none;
  if (c == '{' || c == '[') {
    if (depth_ == kMaxDepth) return fail();
    Role role = Role::none;
    if (in_object && key_ == Key::author) role = Role::author;
    else if (!in_object && parent == Role::author && first_item) role = Role::author_item;
    frames_[depth_++] = Frame{c == '{', role};
    expect_key_ = c == '{';
    first_item_ = c == '[';
    key_ = Key::other;
    return;
  }
  if (c == '"') {
    capture_ = Field::count;
    if (in_object) {
      switch (key_) {
        case Key::headline: capture_ = Field::headline; break;
        case Key::date_published: capture_ = Field::date_published; break;
        case Key::date_modified: capture_ = Field::date_modified; break;
        case Key::in_language: capture_ = Field::in_language; break;
        case Key::author: capture_ = Field::author; break;
        case Key::name:
          if (parent == Role::author || parent == Role::author_item) capture_ = Field::author;
          break;
        case Key::other: break;
      }
    } else if (parent == Role::author && first_item) {
      capture_ = Field::author;
    }
    // The first value of a field is kept.
    if (capture_ != Field::count && sizes_[index(capture_)] > 0) capture_ = Field::count;
    capture_full_ = false;
    string_is_key_ = false;
    mode_ = Mode::string;
    key_ = Key::other;
    return;
  }
  mode_ = Mode::literal;  // a number, true, false or null: nothing to keep
  key_ = Key::other;
}

void JsonLdReader::string_byte(char c) {
  if (high_surrogate_ != 0) {  // a high surrogate not followed by its low half
    high_surrogate_ = 0;
    append_code_point(kReplacement);
  }
  if (string_is_key_) {
    if (key_size_ < sizeof key_text_) key_text_[key_size_++] = c;
    else key_overlong_ = true;
    return;
  }
  if (capture_ == Field::count || capture_full_) return;
  const auto byte = static_cast<unsigned char>(c);
  std::uint16_t& size = sizes_[index(capture_)];
  if (size < kValueBytes) values_[index(capture_)][size++] = byte < 0x20 ? ' ' : c;
  else capture_full_ = true;
}

void JsonLdReader::append_code_point(std::uint32_t code_point) {
  if (code_point < 0x20) code_point = ' ';  // a control character stands for a space, as in text
  if (code_point > 0x10FFFF) code_point = kReplacement;
  char bytes[4];
  const std::size_t n = encode_utf8(static_cast<char32_t>(code_point), bytes);
  // Whole characters only: an escape cut by the bound leaves nothing half.
  if (capture_ == Field::count || string_is_key_) {
    for (std::size_t i = 0; i < n && string_is_key_; ++i) string_byte(bytes[i]);
    return;
  }
  if (capture_full_) return;
  std::uint16_t& size = sizes_[index(capture_)];
  if (size + n > kValueBytes) {
    capture_full_ = true;  // later bytes are dropped too, so no later character lands after a gap
    return;
  }
  std::memcpy(values_[index(capture_)] + size, bytes, n);
  size = static_cast<std::uint16_t>(size + n);
}

void JsonLdReader::end_string() {
  if (high_surrogate_ != 0) {
    high_surrogate_ = 0;
    append_code_point(kReplacement);
  }
  mode_ = Mode::value;
  if (string_is_key_) {
    string_is_key_ = false;
    after_key_ = true;
    const std::string_view key(key_text_, key_size_);
    key_ = key_overlong_ ? Key::other
           : key == "headline"      ? Key::headline
           : key == "datePublished" ? Key::date_published
           : key == "dateModified"  ? Key::date_modified
           : key == "inLanguage"    ? Key::in_language
           : key == "author"        ? Key::author
           : key == "name"          ? Key::name
                                    : Key::other;
    return;
  }
  if (capture_ == Field::count) return;
  std::uint16_t& size = sizes_[index(capture_)];
  size = static_cast<std::uint16_t>(utf8_without_partial_character(values_[index(capture_)], size));
  values_[index(capture_)][size] = '\0';
  capture_ = Field::count;
}

}  // namespace winnow
