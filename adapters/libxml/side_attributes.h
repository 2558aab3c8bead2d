// SPDX-License-Identifier: MIT
// Attribute values the guard hands to the parser adapter beside the byte
// stream, so that libxml2 sees <div> instead of <div class="..." href="...">
// and does not parse them (libxml2 2.9 copies an attribute value character
// by character into a fresh malloc'd buffer and looks its name up: about a
// quarter of the parser stage on real pages).
//
// Only values libxml2 would hand over unchanged go on the side: libxml2
// 2.9.14's htmlParseHTMLAttribute copies a quoted value as it is except at a
// '&' that starts a numeric reference or an HTML 4 entity name closed by
// ';' (decoded; any other '&' it passes on as written) and ends it at its
// quote or a NUL; the decoder leaves no NUL and the guard writes '"' as
// "&quot;", so a value without '"', NUL or a reference to decode reaches the
// SAX callback byte for byte. Every other value stays in the tag for libxml2
// to decode (the project does not re-implement entity decoding; whether a
// name is an entity's is libxml2's htmlEntityLookup's to say).
// tests/adapters/side_attributes_test.cpp checks that the events are the
// same with and without the side table.
//
// Records are keyed by the parser-input (guard-output) offset of the tag's
// '<': the parser adapter knows where a start tag it is told about begins in
// its input (LibxmlParser::span_to_here), having checked that the bytes there
// are that tag's name, so elements libxml2 implies (html, head, body, p)
// never take a record, and the record of a start tag libxml2 discards (a
// second <html> or <body>, <head> not at depth 1) is passed over. The key
// does not depend on how the input was chunked.
//
// Storage: no memory of its own. The records live at the back of the guard's
// output buffer, growing down towards the canonical bytes that grow up from
// its front; the guard never lets the two meet and leaves a value in its tag
// when there is no room. The parser reads the records while it parses the
// chunk they belong to, so the space is free again after each flush.
// Layout, written downwards, one item below the other, read in the same order
// (each item is read from its top end):
//   record header: [u32 offset - previous record's offset][u8 values | 0x80 if html/head/body]
//   each value:    [the bytes][u16 size][u8 KeptAttribute]
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <string_view>

#include "engine/event.h"

namespace winnow {

// The attributes the guard keeps (adapters/libxml/guard.cpp), in the order of
// its table: the index a side record stores.
enum class KeptAttribute : std::uint8_t {
  id, class_name, role, itemprop, style, onclick, hidden, href, src, width, height, open, name, property,
  content, lang, rel, http_equiv, link_href, hreflang, count
};

// Their names, as the guard writes them.
constexpr std::string_view kKeptAttributeNames[] = {
    "id",     "class",  "role", "itemprop", "style",    "onclick", "hidden",  "href",
    "src",    "width",  "height", "open",   "name",     "property", "content",
    "lang",   "rel",    "http-equiv", "href", "hreflang",
};
static_assert(sizeof(kKeptAttributeNames) / sizeof(kKeptAttributeNames[0]) ==
              static_cast<std::size_t>(KeptAttribute::count));

// How a kept attribute's value reaches the engine's event; the same for a
// value libxml2 parsed and one read on the side. Order-independent for the
// distinct names the guard writes (it keeps the first of repeated names).
inline void apply_attribute(ElementAttributes& out, KeptAttribute which, std::string_view value) {
  switch (which) {
    case KeptAttribute::id: out.id = value; break;
    case KeptAttribute::class_name: out.class_name = value; break;
    case KeptAttribute::role: out.role = value; break;
    case KeptAttribute::itemprop: out.itemprop = value; break;
    case KeptAttribute::style: out.style = value; break;
    case KeptAttribute::onclick: out.has_onclick = true; break;
    case KeptAttribute::hidden: out.hidden = true; break;
    case KeptAttribute::open: out.open = true; break;
    case KeptAttribute::href: out.href = value; break;
    case KeptAttribute::src: out.src = value; break;
    case KeptAttribute::width: out.width = value; break;
    case KeptAttribute::height: out.height = value; break;
    case KeptAttribute::name: out.name = value; break;
    case KeptAttribute::property: out.property = value; break;
    case KeptAttribute::content: out.content = value; break;
    case KeptAttribute::lang: out.lang = value; break;
    case KeptAttribute::rel: out.rel = value; break;
    case KeptAttribute::http_equiv: out.http_equiv = value; break;
    case KeptAttribute::link_href: out.href = value; break;
    case KeptAttribute::hreflang: out.hreflang = value; break;
    case KeptAttribute::count: break;
  }
}

struct SideAttributeStats {
  std::uint64_t records = 0;      // start tags emitted with side values
  std::uint64_t values = 0;       // values sent on the side
  std::uint64_t inline_full = 0;  // values left in the tag for want of room
  std::uint64_t claimed = 0;      // records a start-tag event took
  std::uint64_t discarded = 0;    // records of html, head, body no event took (libxml2 drops misplaced ones)
  // Records of other tags no event took: a start tag reported without its
  // side values, or never reported. Expected to stay 0 (tests assert it).
  std::uint64_t mismatches = 0;
};

class SideAttributes {
 public:
  SideAttributes() = default;
  SideAttributes(const SideAttributes&) = delete;
  SideAttributes& operator=(const SideAttributes&) = delete;

  // The space [storage, storage + capacity) past the owner's bytes.
  void attach(char* storage, std::size_t capacity) {
    base_ = storage;
    capacity_ = read_ = committed_ = write_ = capacity;
  }
  // A reader (the parser adapter) takes the records; without one the guard
  // writes every value in its tag.
  void connect() { connected_ = true; }
  bool enabled() const { return connected_ && base_ != nullptr; }
  // The lowest byte in use: the owner's bytes stay below it.
  std::size_t low() const { return write_; }

  // --- writer (the guard) ---
  // Starts the record of a new tag; forgets one never committed.
  void begin() {
    write_ = committed_;
    if (read_ == committed_) {
      read_ = committed_ = write_ = capacity_;
    } else if (read_ < capacity_) {  // rare: records the parser has not reached yet
      const std::size_t size = read_ - committed_;
      std::memmove(base_ + capacity_ - size, base_ + committed_, size);
      committed_ = write_ = capacity_ - size;
      read_ = capacity_;
    }
  }
  // Adds a value to the open record of the tag whose '<' will be at output
  // offset `offset`, keeping at least `floor` bytes below; false (nothing
  // written) when it does not fit.
  bool add(std::uint64_t offset, std::size_t floor, KeptAttribute which, std::string_view value) {
    const bool first = write_ == committed_;
    const std::size_t need = (first ? kHeader : 0) + 3 + value.size();
    if (value.size() > 0xFFFF || write_ < floor || write_ - floor < need ||
        (first && offset - last_written_ > 0xFFFFFFFFu)) {
      ++stats_.inline_full;
      return false;
    }
    if (first) {
      write_ -= kHeader;  // filled in by commit()
      open_values_ = 0;
    }
    write_ -= 3 + value.size();
    char* p = base_ + write_;
    if (!value.empty()) std::memcpy(p, value.data(), value.size());
    put16(p + value.size(), value.size());
    p[value.size() + 2] = static_cast<char>(which);
    ++open_values_;
    ++stats_.values;
    return true;
  }
  bool has_open_values() const { return write_ < committed_; }
  // The open record's tag was written with its '<' at `offset` (the one given
  // to add()). discardable: the tag is html, head or body.
  void commit(std::uint64_t offset, bool discardable) {
    if (write_ == committed_) return;
    char* header = base_ + committed_ - kHeader;
    put32(header, offset - last_written_);
    header[4] = static_cast<char>(open_values_ | (discardable ? 0x80 : 0));
    last_written_ = offset;
    committed_ = write_;
    ++stats_.records;
  }

  // --- reader (the parser adapter) ---
  // Calls each(KeptAttribute, value) for the side values of the start tag whose
  // '<' is at parser offset `offset`, first dropping the records of earlier
  // tags (which no event took). The values stay valid until the guard's next
  // tag.
  template <typename Each>
  bool take(std::uint64_t offset, Each&& each) {
    drop_before(offset);
    if (read_ == committed_ || next_offset() != offset) return false;
    std::size_t at = read_ - kHeader;
    const std::size_t values = static_cast<unsigned char>(base_[at + 4]) & 0x7F;
    for (std::size_t i = 0; i < values; ++i) {
      const std::size_t size = get16(base_ + at - 3);
      at -= 3 + size;
      each(static_cast<KeptAttribute>(base_[at + size + 2]), std::string_view(base_ + at, size));
    }
    finish_record(offset, at);
    ++stats_.claimed;
    return true;
  }
  // Drops the records of tags before parser offset `offset`: libxml2 has
  // passed them without reporting a start tag.
  void drop_before(std::uint64_t offset) {
    while (read_ != committed_) {
      const std::uint64_t next = next_offset();
      if (next >= offset) return;
      std::size_t at = read_ - kHeader;
      const unsigned char flags = static_cast<unsigned char>(base_[at + 4]);
      for (std::size_t i = 0; i < (flags & 0x7Fu); ++i) at -= 3 + get16(base_ + at - 3);
      if (flags & 0x80) ++stats_.discarded;
      else ++stats_.mismatches;
      finish_record(next, at);
    }
  }
  // Calls each(offset, inline_bytes) for the records not read yet, in order,
  // until it returns false: the tag's '<' and how many bytes longer the tag
  // would be with its side values inline (` name="value"` each).
  template <typename Each>
  void peek(Each&& each) const {
    std::uint64_t offset = last_read_;
    for (std::size_t top = read_; top != committed_;) {
      offset += get32(base_ + top - kHeader);
      std::size_t at = top - kHeader;
      const std::size_t values = static_cast<unsigned char>(base_[at + 4]) & 0x7F;
      std::size_t inline_bytes = 0;
      for (std::size_t i = 0; i < values; ++i) {
        const std::size_t size = get16(base_ + at - 3);
        at -= 3 + size;
        const auto which = static_cast<std::size_t>(static_cast<unsigned char>(base_[at + size + 2]));
        inline_bytes += (which < std::size(kKeptAttributeNames) ? kKeptAttributeNames[which].size() : 0) + 4 + size;
      }
      if (!each(offset, inline_bytes)) return;
      top = at;
    }
  }
  // Bytes in use (committed or open).
  std::size_t used() const { return capacity_ - write_; }
  const SideAttributeStats& stats() const { return stats_; }

 private:
  static constexpr std::size_t kHeader = 5;
  static void put16(char* p, std::size_t v) {
    p[0] = static_cast<char>(v & 0xFF);
    p[1] = static_cast<char>((v >> 8) & 0xFF);
  }
  static std::size_t get16(const char* p) {
    return static_cast<std::size_t>(static_cast<unsigned char>(p[0])) |
           (static_cast<std::size_t>(static_cast<unsigned char>(p[1])) << 8);
  }
  static void put32(char* p, std::uint64_t v) {
    for (int i = 0; i < 4; ++i) p[i] = static_cast<char>((v >> (8 * i)) & 0xFF);
  }
  static std::uint64_t get32(const char* p) {
    std::uint64_t v = 0;
    for (int i = 0; i < 4; ++i) v |= static_cast<std::uint64_t>(static_cast<unsigned char>(p[i])) << (8 * i);
    return v;
  }
  std::uint64_t next_offset() const { return last_read_ + get32(base_ + read_ - kHeader); }
  void finish_record(std::uint64_t offset, std::size_t at) {
    last_read_ = offset;
    read_ = at;
    // All read and no record open: the space is free again.
    if (read_ == committed_ && write_ == committed_) read_ = committed_ = write_ = capacity_;
  }

  char* base_ = nullptr;
  std::size_t capacity_ = 0;
  // [committed_, read_): records not read yet; [write_, committed_): the open one.
  std::size_t read_ = 0;
  std::size_t committed_ = 0;
  std::size_t write_ = 0;
  std::uint64_t last_written_ = 0;  // offset of the last committed record
  std::uint64_t last_read_ = 0;     // offset of the last record read or dropped
  std::size_t open_values_ = 0;     // values in the open record (at most one per kept attribute)
  bool connected_ = false;
  SideAttributeStats stats_;
};

}  // namespace winnow
