// SPDX-License-Identifier: MIT
// Stage 2 of the adapter: valid UTF-8 HTML -> canonical, bounded HTML that
// libxml2's push parser can take without buffering more than a few KiB.
//
// libxml2 2.9's push parser holds a whole token before it parses it: a text
// run until the next '<' or '&', a comment until "-->", a tag until '>', and
// one name-stack slot per open element. Measured with 4 KiB chunks: 50 MB of
// text -> 70 MB RSS, a 50 MB comment -> 212 MB, 6.25 M nested <div> -> 53 MB.
// So this lexer (HTML's tokenizer states, reduced) re-emits every token in a
// bounded canonical form before libxml2 sees it:
//  - text passes through, but after max_text_run bytes an empty comment is
//    inserted (at a space if one comes soon, never inside a character or an
//    entity), which makes libxml2 deliver the text: text is split, never lost;
//  - comments, doctypes, processing instructions: dropped; every piece of
//    markup dropped (these, and the tags dropped below) leaves one empty
//    comment in its place (one for several in a row), which the offset map
//    maps onto the dropped bytes: libxml2 ends the text run there, so a
//    text event never covers dropped bytes and word spans stay exact;
//  - tags: re-serialised as <name attr="value">; only attributes the engine
//    reads (id, class, role, itemprop, style, onclick, hidden, open, href,
//    src, width, height; a <meta>'s name, property, content and
//    http-equiv, <html lang>, a <link>'s rel and an <a>'s hreflang) are kept, each value cut
//    at its own cap (256 bytes for a link's target, 512 for a <meta>'s
//    content or a <link>'s href) and at max_attr_value bytes; names libxml2
//    does not know become one placeholder name, so its dictionary stays small.
//    Once the parser adapter reads the side table (side_attributes.h), a
//    kept value with no '"', NUL or '&' libxml2 decodes (which it would pass on
//    unchanged) goes there instead of into the tag, so libxml2 is given
//    <div> for <div class="a" id="b"> and only values with a reference to
//    decode stay inline; the tag keeps the same attributes either way (the
//    tag cap counts side values as if inline);
//  - script and style: content dropped, up to the end tag HTML's tokenizer
//    finds (for a script, through the escaped states after "<!--", so a
//    "</script>" the script writes inside "<!-- ... -->" does not end it);
//    a <script type="application/ld+json"> in the head is read as it is
//    dropped (json_ld.h), and what it says about the page follows it as
//    <meta itemprop="headline|datePublished|dateModified|inLanguage|author"
//    content="..."/> elements, at most max_tag_bytes of them;
//    a bare '<' in text becomes "&lt;";
//  - an '&' that libxml2 would pass on as written (anything but a numeric
//    reference or an HTML 4 entity name closed by ';': "AT&T", "?a=1&b=2",
//    "&foo;") is written "&amp;", in text and in kept attribute values, as
//    libxml2 first reads the name after it into its dictionary, which keeps
//    every distinct name to the end of the document: so the dictionary
//    holds only HTML 4's element and entity names and the kept attributes';
//  - </body> and </html>: dropped (libxml2 stops parsing after its root
//    closes, and real pages have content after </html>);
//  - nesting: an open-element stack that mirrors libxml2's implied-close and
//    end-tag rules; start tags past max_depth are dropped with their end tags
//    (text kept), and the parser's real depth, reported back after every
//    chunk, switches the same flattening on if the mirror ever falls behind.
// Output reaches the ChunkSink in chunks that end at token boundaries once
// flush_bytes have accumulated (side values counted as the bytes they would
// take inline, so chunks end after the same tokens with or without the side
// table), so what libxml2 is given, and therefore every event it produces,
// does not depend on how the input was chunked.
//
// Memory: out buffer (flush_bytes + max_text_run + 2 * max_tag_bytes), a tag
// buffer (max_tag_bytes), an attribute value buffer (max_attr_value), the
// element stack (max_depth * 8 bytes) and the offset map: about 16 KiB at the
// defaults; in the object itself, the JSON-LD reader (about 1.4 KiB). The side table takes nothing more: its records sit at the back of
// the out buffer, growing down towards the canonical bytes; they are the
// side values of one flush (the parser reads and drops them while it parses
// that chunk), and a value is only sent there while records plus canonical
// bytes stay below the buffer's end with room for the rest of the tag, else
// it stays inline.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "adapters/libxml/byte_sink.h"
#include "adapters/libxml/json_ld.h"
#include "adapters/libxml/offset_map.h"
#include "adapters/libxml/side_attributes.h"
#include "engine/budget_buffer.h"
#include "engine/memory_budget.h"

namespace winnow {

struct GuardLimits {
  std::size_t max_text_run = 2048;    // text bytes between forced parser flushes
  std::size_t max_attr_value = 1024;  // bytes kept of one attribute value
  std::size_t max_tag_bytes = 2048;   // bytes of one canonical tag
  std::size_t max_depth = 256;        // open elements
  std::size_t flush_bytes = 4096;     // output gathered before the parser runs
};

struct GuardStats {
  std::uint64_t text_splits = 0;
  std::uint64_t comments_dropped = 0;
  std::uint64_t attributes_truncated = 0;
  std::uint64_t elements_flattened = 0;
  std::uint64_t raw_text_bytes_dropped = 0;
  std::uint64_t json_ld_values = 0;  // <meta> elements written for what JSON-LD scripts said
  std::uint64_t ampersands_spelt_out = 0;  // '&' in text written "&amp;" (not decoded, see guard.cpp)
};

class Guard final : public ByteSink {
 public:
  Guard(MemoryBudget& budget, const GuardLimits& limits, ByteSink& parser);
  bool ok() const;

  void write(const char* data, std::size_t size) override;
  // End of input: drops an unfinished tag or comment, closes nothing (the
  // parser closes open elements itself), flushes everything.
  void finish();
  // The parser's open-element count after the last chunk.
  void observe_parser_depth(std::size_t depth);

  OffsetMap& offsets() { return offsets_; }
  // Attribute values sent beside the stream; used once a reader connects
  // (LibxmlParser::read_side_attributes), else every value stays inline.
  SideAttributes& side_attributes() { return side_; }
  const GuardStats& stats() const { return stats_; }

 private:
  enum class State : std::uint8_t {
    Data, TagOpen, EndTagOpen, TagName, BeforeAttrName, AttrName, AfterAttrName,
    BeforeAttrValue, AttrValueDouble, AttrValueSingle, AttrValueUnquoted, SelfClosing,
    MarkupDecl, MarkupDeclDash, Comment, BogusComment, RawText, RawTextLess, RawTextEndName,
    // A script's content after "<!--": HTML's script data escaped and double
    // escaped states, where "</script>" inside a "<script>" written by the
    // script (document.write, a JSON string) does not end the element.
    ScriptEscapeStart, ScriptEscapeStartDash, ScriptEscaped, ScriptEscapedDash,
    ScriptEscapedDashDash, ScriptEscapedLess, ScriptDoubleEscapeStart, ScriptDoubleEscaped,
    ScriptDoubleEscapedDash, ScriptDoubleEscapedDashDash, ScriptDoubleEscapedLess, ScriptDoubleEscapeEnd,
  };

  // The states skip_ahead() handles: checked inline.
  static bool has_bulk_path(State state) {
    switch (state) {
      case State::Data: case State::RawText: case State::Comment: case State::BogusComment:
      case State::ScriptEscaped: case State::ScriptDoubleEscaped:
        return true;
      default:
        return false;
    }
  }
  std::size_t skip_ahead(const char* data, std::size_t size);
  bool in_script() const;
  bool comment_dash_or_end(char c, State plain, State dash_dash);
  void raw_text_char(char c);
  void script_escaped_char(char c);
  void script_double_escaped_char(char c);
  void start_script_word();
  void match_script_word(char c);
  // The states inside a tag, from its '<' up to its '>': run_tag() takes them.
  static bool in_tag(State state) {
    switch (state) {
      case State::TagOpen: case State::EndTagOpen: case State::TagName: case State::BeforeAttrName:
      case State::AttrName: case State::AfterAttrName: case State::BeforeAttrValue:
      case State::AttrValueDouble: case State::AttrValueSingle: case State::AttrValueUnquoted:
      case State::SelfClosing:
        return true;
      default:
        return false;
    }
  }
  std::size_t run_tag(const char* data, std::size_t size);
  void step(char c);
  void data_char(char c);
  // A '<' in text: a tag, a comment or a stray '<' starts here.
  void end_text_at_less_than();
  // The reference open in the text has ended before `next` (-1: the input
  // ended): its '&' is spelt "&amp;" unless libxml2 decodes it.
  void settle_reference(int next);
  void begin_tag(bool end_tag);
  // Bytes of a run in one state, taken as step() would take them one by one.
  void name_chars(const char* data, std::size_t size);
  void begin_attribute();
  void attribute_name_chars(const char* data, std::size_t size);
  void attribute_value_chars(const char* data, std::size_t size);
  void finish_attribute();
  int attribute_index();  // kept_index of the attribute being read, looked up once
  void emit_tag();
  void emit_start_tag(const void* key, std::string_view name, bool void_element, bool raw_text);
  void emit_end_tag(const void* key, std::string_view name);
  void drop_markup();
  // After a JSON-LD script in the head: what it said, as <meta> elements.
  void emit_json_ld();
  void stand_in_for_dropped(std::uint64_t begin, std::uint64_t end);
  void close_implied_by(const void* key, std::string_view name);
  void append_out(const char* data, std::size_t size);
  void maybe_flush();
  void flush();

  ByteSink& parser_;
  GuardLimits limits_;
  GuardStats stats_;
  OffsetMap offsets_;
  BudgetString out_;
  BudgetString tag_;        // canonical attributes of the tag being read
  BudgetString value_;      // the attribute value being read
  BudgetBuffer<const void*> stack_;
  SideAttributes side_;              // at the back of out_'s storage
  std::size_t side_virtual_ = 0;    // bytes the side values of out_'s tags would take inline
  std::size_t tag_bytes_ = 0;       // the tag's attributes as they would be inline
  std::size_t side_tag_bytes_ = 0;  // the part of tag_bytes_ sent on the side
  std::size_t depth_ = 0;
  std::uint64_t excess_open_ = 0;  // dropped start tags whose end tags are pending
  bool parser_too_deep_ = false;

  State state_ = State::Data;
  std::uint64_t in_pos_ = 0;      // input bytes consumed
  std::uint64_t out_pos_ = 0;     // bytes handed to the parser or waiting in out_
  std::uint64_t markup_end_ = 0;  // out_pos_ right after the last tag or split written
  std::uint64_t token_begin_ = 0; // input position of the current markup's '<'
  std::uint64_t stand_in_end_ = ~std::uint64_t{0};  // out_pos_ right after the last stand-in
  bool raw_end_tag_ = false;  // the markup being dropped is a raw text element's end tag
  bool end_tag_ = false;
  bool self_closing_ = false;
  char name_[33];  // 32 bytes and a terminator
  std::size_t name_size_ = 0;
  bool name_overlong_ = false;
  char attr_name_[24];
  std::size_t attr_name_size_ = 0;
  bool attr_name_overlong_ = false;
  static constexpr int kIndexUnknown = -2;
  int attr_index_ = kIndexUnknown;  // attribute_index() of the attribute being read
  std::uint32_t attrs_seen_ = 0;  // bit per kept attribute already written
  std::size_t value_limit_ = 0;
  bool value_truncated_ = false;
  int dashes_ = 0;
  bool bang_ = false;
  std::size_t text_run_ = 0;      // text bytes since the last markup or split
  int entity_length_ = 0;         // bytes of an open character reference
  char raw_name_[8];              // "script" or "style" while in raw text
  std::size_t raw_name_size_ = 0;
  std::size_t raw_match_ = 0;
  bool raw_escaped_ = false;      // a script end tag being read belongs to the escaped state
  std::size_t script_word_ = 0;   // letters of "script" matched after "<" or "</" in an escaped script
  bool script_word_ok_ = false;   // and every letter so far matched
  // A <script type="application/ld+json"> in the head: its content goes to
  // json_ld_ as it is dropped (json_ld.h).
  bool value_started_ = false;       // the attribute being read has had a value byte
  bool reading_script_type_ = false; // that attribute is a script's type
  char script_type_[24];             // its value, lower-cased (the first 24 bytes)
  std::size_t script_type_size_ = 0;
  bool json_ld_open_ = false;
  JsonLdReader json_ld_;
};

}  // namespace winnow
