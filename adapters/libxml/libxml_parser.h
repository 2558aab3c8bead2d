// SPDX-License-Identifier: MIT
// Stage 3 of the adapter: libxml2's HTML push parser with a SAX handler and
// no tree. Receives the guard's canonical UTF-8 chunks and turns libxml2's
// callbacks into engine events, with tags mapped to the Tag enum, only the
// attributes the engine reads, and each event's byte range mapped back to
// the original input. This is the only file that sees libxml2's SAX types.
//
// Attributes reach a start-tag event two ways: those left in the tag, parsed
// by libxml2 (values with a reference to decode), and those the guard sent
// on the side (SideAttributes), found by the offset of the tag's '<' in this
// parser's input. An element libxml2 implies has no '<' of its own and takes
// none; the side table holds records only for the stretch of input libxml2
// has not passed yet (dropped after each chunk).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "adapters/libxml/byte_sink.h"
#include "adapters/libxml/side_attributes.h"
#include "engine/event.h"

namespace winnow {

// Maps a position in the parser's input back to the original input.
class SourceMapper {
 public:
  virtual ~SourceMapper() = default;
  virtual std::uint64_t to_source(std::uint64_t parser_position) = 0;
  // Input bytes read so far: no span reaches past it.
  virtual std::uint64_t source_limit() const = 0;
  // Where the byte `distance` past parser position `from` maps to if the
  // stretch from `from` on is one to one with the guard's input, but not past
  // where parser position `limit` maps (a tag's end): how a position inside
  // a tag maps when the tag is longer than what the parser was given.
  virtual std::uint64_t to_source_inside(std::uint64_t from, std::uint64_t distance, std::uint64_t limit) = 0;
};

class LibxmlParser final : public ByteSink {
 public:
  LibxmlParser(EventHandler& events, SourceMapper& mapper);
  ~LibxmlParser();
  LibxmlParser(const LibxmlParser&) = delete;
  LibxmlParser& operator=(const LibxmlParser&) = delete;

  bool ok() const { return context_ != nullptr; }
  void write(const char* data, std::size_t size) override;
  // Tells libxml2 the input ended: it closes the elements still open.
  void finish();
  // Start tags read their side values from `side` (the guard's table),
  // which must outlive the parsing; connecting it lets the guard use it.
  void read_side_attributes(SideAttributes& side);

  // Elements libxml2 has open now (its name stack, seen through SAX).
  std::size_t depth() const { return depth_; }
  // libxml2 stopped parsing (it should not: the guard keeps it in bounds).
  bool halted() const;

 private:
  static void start_element(void* self, const unsigned char* name, const unsigned char** attributes);
  static void end_element(void* self, const unsigned char* name);
  static void characters(void* self, const unsigned char* text, int size);
  static void comment(void* self, const unsigned char* text);
  enum class Event { StartTag, EndTag, Text, Comment };
  // The input from the last event's end to this one's; text is the text
  // event's (text always covers some input), name the started element's.
  // For a start tag written in the input, *tag_offset is the input offset of
  // its '<' (left alone for an implied one).
  SourceSpan span_to_here(Event event, std::string_view text = {}, std::string_view name = {},
                          std::uint64_t* tag_offset = nullptr);
  // Drops the side records of tags libxml2 has passed.
  void drop_passed_side_records();
  // to_source(from + distance) as if every side value were in its tag.
  std::uint64_t to_source_ahead(std::uint64_t from, std::size_t distance, const unsigned char* at_from,
                                const unsigned char* end);

  EventHandler& events_;
  SourceMapper& mapper_;
  void* context_ = nullptr;  // htmlParserCtxtPtr, kept opaque in this header
  std::size_t depth_ = 0;
  std::uint64_t last_source_ = 0;
  SideAttributes* side_ = nullptr;
};

}  // namespace winnow
