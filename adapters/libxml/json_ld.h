// SPDX-License-Identifier: MIT
// What a page's JSON-LD says about it (<script type="application/ld+json">,
// schema.org's vocabulary): many pages state an article's headline, dates,
// author and language only there. The input guard drops a script's content
// before the parser sees it (guard.h), so it hands that content to this
// reader byte by byte as it drops it, and writes what was found as
// <meta itemprop=... content=...> elements after the script, which the
// engine reads as it reads microdata (engine/page_metadata.h).
//
// Read, the first of each in the script, at any depth (a "@graph" of
// WebSite, WebPage, Article and Person nodes included):
//   headline        "headline": "..."
//   datePublished   "datePublished": "..."
//   dateModified    "dateModified": "..."
//   inLanguage      "inLanguage": "..."
//   author          "author": "Name", "author": {"name": "Name"},
//                   "author": ["Name", ...] or [{"name": "Name"}, ...]
// An author given only as a reference ({"@id": "#person-1"}) names no one
// here: resolving it would mean holding the graph. Nothing else is read; a
// "description" or a "name" elsewhere may be the site's, not the page's.
//
// A scanner, not a parser: it keeps the containers around the current value
// (up to kMaxDepth; deeper ones are counted, not read) and the key that led
// to each, decodes the string escapes (\n, \", \uXXXX with surrogate
// pairs), and stops at the end of the top-level value, so the script's
// end tag fed after it is ignored. Malformed JSON stops the reading; what was
// found before stays (a string the script ends inside gives nothing). The
// same bytes split any way give the same values.
//
// Memory: kFieldCount * (kValueBytes + 1) + kMaxDepth * 2 + a few words,
// about 1.4 KiB, inside the guard; no allocation.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace winnow {

class JsonLdReader {
 public:
  enum class Field : std::uint8_t { headline, date_published, date_modified, in_language, author, count };
  static constexpr std::size_t kFieldCount = static_cast<std::size_t>(Field::count);
  // Longest value kept, in bytes (cut at a character boundary): the engine
  // keeps at most 256 of a title.
  static constexpr std::size_t kValueBytes = 256;
  static constexpr std::size_t kMaxDepth = 32;

  // A new script: every field empty.
  void reset();
  void feed(const char* data, std::size_t size);
  // The field's value in the script read so far ("" when none). A string
  // still open is no value yet: a script that ends inside one is malformed,
  // and its bytes so far may stop inside a character (the bound cuts raw
  // bytes; only the string's end trims them to a whole one).
  std::string_view value(Field field) const {
    if (capture_ == field) return {};
    return std::string_view(values_[index(field)], sizes_[index(field)]);
  }
  // The schema.org property the field is ("datePublished").
  static std::string_view property(Field field);

 private:
  enum class Key : std::uint8_t { other, headline, date_published, date_modified, in_language, author, name };
  enum class Role : std::uint8_t { none, author, author_item };  // what a container is the value of
  enum class Mode : std::uint8_t { value, string, escape, unicode, literal, done };
  struct Frame {
    bool object = false;
    Role role = Role::none;
  };

  static constexpr std::size_t index(Field field) { return static_cast<std::size_t>(field); }
  void step(char c);
  void begin_value(char c);
  void begin_string();
  void end_string();
  void string_byte(char c);
  void append_code_point(std::uint32_t code_point);
  // The field a string starting now fills, or Field::count for none.
  Field target() const;
  void fail() { mode_ = Mode::done; }

  char values_[kFieldCount][kValueBytes + 1] = {};
  std::uint16_t sizes_[kFieldCount] = {};
  Frame frames_[kMaxDepth];
  std::size_t depth_ = 0;        // open containers, frames_ holds the first kMaxDepth
  Mode mode_ = Mode::value;
  bool started_ = false;         // the top-level value began
  bool expect_key_ = false;      // in an object, before a key
  bool after_key_ = false;       // in an object, between a key and its ':'
  bool first_item_ = false;      // the next value is an array's first element
  Key key_ = Key::other;         // the key of the value about to start (in an object)
  bool string_is_key_ = false;
  Field capture_ = Field::count; // the field the open string fills, if any
  bool capture_full_ = false;    // that field reached kValueBytes: the rest of the string is dropped
  char key_text_[16] = {};
  std::size_t key_size_ = 0;
  bool key_overlong_ = false;
  std::uint32_t unicode_ = 0;    // the \u escape's digits so far
  int unicode_digits_ = 0;
  std::uint32_t high_surrogate_ = 0;
};

}  // namespace winnow
