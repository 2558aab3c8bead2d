// SPDX-License-Identifier: MIT
// Stage 3 of the adapter: libxml2's HTML push parser with a SAX handler and
// no tree. Receives the guard's canonical UTF-8 chunks and turns libxml2's
// callbacks into engine events, with tags mapped to the Tag enum, only the
// attributes the engine reads, and each event's byte range mapped back to
// the original input. This is the only file that sees libxml2's SAX types.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "adapters/libxml/byte_sink.h"
#include "engine/event.h"

namespace winnow {

// Maps a position in the parser's input back to the original input.
class SourceMapper {
 public:
  virtual ~SourceMapper() = default;
  virtual std::uint64_t to_source(std::uint64_t parser_position) = 0;
  // Input bytes read so far: no span reaches past it.
  virtual std::uint64_t source_limit() const = 0;
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

  // Elements libxml2 has open now (its name stack, seen through SAX).
  std::size_t depth() const { return depth_; }
  // libxml2 stopped parsing (it should not: the guard keeps it in bounds).
  bool halted() const;

 private:
  static void start_element(void* self, const unsigned char* name, const unsigned char** attributes);
  static void end_element(void* self, const unsigned char* name);
  static void characters(void* self, const unsigned char* text, int size);
  enum class Event { StartTag, EndTag, Text };
  // The input from the last event's end to this one's; text_size is the
  // text event's size (text always covers some input), name the started
  // element's.
  SourceSpan span_to_here(Event event, std::size_t text_size = 0, std::string_view name = {});

  EventHandler& events_;
  SourceMapper& mapper_;
  void* context_ = nullptr;  // htmlParserCtxtPtr, kept opaque in this header
  std::size_t depth_ = 0;
  std::uint64_t last_source_ = 0;
};

}  // namespace winnow
