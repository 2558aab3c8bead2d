// SPDX-License-Identifier: MIT
#include "adapters/libxml/libxml_parser.h"

#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlstring.h>
#include <libxml/xmlversion.h>

#include <algorithm>
#include <cstring>
#include <string_view>

#include "engine/tag.h"

namespace winnow {
namespace {

htmlParserCtxtPtr as_context(void* context) { return static_cast<htmlParserCtxtPtr>(context); }

std::string_view view(const unsigned char* text) {
  return text ? std::string_view(reinterpret_cast<const char*>(text)) : std::string_view();
}

void ignore_error(void*, const char*, ...) {}
void ignore_structured_error(void*, xmlErrorPtr) {}

ElementAttributes read_attributes(const unsigned char** attributes) {
  ElementAttributes out;
  if (attributes == nullptr) return out;
  for (std::size_t i = 0; attributes[i] != nullptr; i += 2) {
    const std::string_view name = view(attributes[i]);
    const std::string_view value = view(attributes[i + 1]);
    if (name == "id") apply_attribute(out, KeptAttribute::id, value);
    else if (name == "class") apply_attribute(out, KeptAttribute::class_name, value);
    else if (name == "href") apply_attribute(out, KeptAttribute::href, value);
    else if (name == "src") apply_attribute(out, KeptAttribute::src, value);
    else if (name == "width") apply_attribute(out, KeptAttribute::width, value);
    else if (name == "height") apply_attribute(out, KeptAttribute::height, value);
    else if (name == "role") apply_attribute(out, KeptAttribute::role, value);
    else if (name == "itemprop") apply_attribute(out, KeptAttribute::itemprop, value);
    else if (name == "style") apply_attribute(out, KeptAttribute::style, value);
    else if (name == "onclick") apply_attribute(out, KeptAttribute::onclick, value);
    else if (name == "hidden") apply_attribute(out, KeptAttribute::hidden, value);
    else if (name == "open") apply_attribute(out, KeptAttribute::open, value);
    else if (name == "name") apply_attribute(out, KeptAttribute::name, value);
    else if (name == "property") apply_attribute(out, KeptAttribute::property, value);
    else if (name == "content") apply_attribute(out, KeptAttribute::content, value);
    else if (name == "lang") apply_attribute(out, KeptAttribute::lang, value);
    else if (name == "rel") apply_attribute(out, KeptAttribute::rel, value);
    else if (name == "http-equiv") apply_attribute(out, KeptAttribute::http_equiv, value);
    else if (name == "hreflang") apply_attribute(out, KeptAttribute::hreflang, value);
  }
  return out;
}

}  // namespace

LibxmlParser::LibxmlParser(EventHandler& events, SourceMapper& mapper)
    : events_(events), mapper_(mapper) {
  htmlSAXHandler sax;
  std::memset(&sax, 0, sizeof(sax));
  sax.startElement = &LibxmlParser::start_element;
  sax.endElement = &LibxmlParser::end_element;
  sax.characters = &LibxmlParser::characters;
  // Whitespace separates words, so "ignorable" whitespace is text too.
  sax.ignorableWhitespace = &LibxmlParser::characters;
  // The only comments libxml2 is given are the guard's: splits of long text
  // and stand-ins for dropped markup, which map onto the dropped bytes.
  sax.comment = &LibxmlParser::comment;
  sax.warning = &ignore_error;
  sax.error = &ignore_error;
  sax.fatalError = &ignore_error;
  sax.serror = &ignore_structured_error;
  sax.initialized = XML_SAX2_MAGIC;
  htmlParserCtxtPtr context =
      htmlCreatePushParserCtxt(&sax, this, nullptr, 0, nullptr, XML_CHAR_ENCODING_UTF8);
  if (context == nullptr) return;
  // The decoder already chose the encoding; a <meta charset> must not switch it.
  htmlCtxtUseOptions(context, HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING | HTML_PARSE_NONET |
                                  HTML_PARSE_IGNORE_ENC);
  context_ = context;
}

LibxmlParser::~LibxmlParser() {
  if (context_) htmlFreeParserCtxt(as_context(context_));
}

bool LibxmlParser::halted() const {
  return context_ == nullptr || as_context(context_)->instate == XML_PARSER_EOF;
}

void LibxmlParser::read_side_attributes(SideAttributes& side) {
  side_ = &side;
  side.connect();
}

void LibxmlParser::drop_passed_side_records() {
  if (side_ == nullptr || context_ == nullptr) return;
  // Every start tag before libxml2's cursor has been reported (the push
  // parser parses a start tag only once its '>' is in the buffer, and in one
  // go): records there belong to tags it discarded.
  const long consumed = xmlByteConsumed(as_context(context_));
  if (consumed > 0) side_->drop_before(static_cast<std::uint64_t>(consumed));
}

void LibxmlParser::write(const char* data, std::size_t size) {
  if (halted() || size == 0) return;
  htmlParseChunk(as_context(context_), data, static_cast<int>(size), 0);
  // libxml2 keeps a copy of the last error per thread, message included,
  // until the next error replaces it. Left to LibxmlScope's end, its life
  // (and the budget it holds) would depend on how the caller chunked the
  // input; reset after each chunk the guard hands over, it does not.
  xmlResetLastError();
  drop_passed_side_records();
#if LIBXML_VERSION < 21100
  // libxml2 2.9/2.10's HTML push parser frees the input it has consumed
  // only while parsing character data or a comment, and only near the end
  // of its buffer: a long run of tags with no text between them (10^5 empty
  // elements, a minified inline SVG) kept all of it, 21 bytes per <span></span>.
  // Drop it here, between chunks, when no look-ahead is pending: checkIndex
  // is an offset from the buffer's start, which a shrink would move.
  htmlParserCtxtPtr context = as_context(context_);
  if (!halted() && context->checkIndex == 0 && context->input != nullptr && context->input->buf != nullptr &&
      context->input->cur - context->input->base > 2 * INPUT_CHUNK)
    xmlParserInputShrink(context->input);
#endif
}

void LibxmlParser::finish() {
  if (halted()) return;
  htmlParseChunk(as_context(context_), nullptr, 0, 1);
  xmlResetLastError();
  if (side_) side_->drop_before(~std::uint64_t{0});  // no start tag comes after the end
}

namespace {

// The '<' of the canonical tag whose bytes end just before `end` in the
// parser's buffer, or null if those bytes are not the inside of a tag (text,
// a character reference). Attribute values are skipped: the guard quotes
// them with '"' and they never contain one, so each is jumped over with one
// memrchr (values are most of a tag's bytes; this runs for every element).
const xmlChar* tag_start_before(const xmlChar* base, const xmlChar* end) {
  const xmlChar* p = end;
  while (p > base) {
    --p;
    if (*p == '"') {
      const void* open = memrchr(base, '"', static_cast<std::size_t>(p - base));
      if (open == nullptr) return nullptr;
      p = static_cast<const xmlChar*>(open);
      continue;
    }
    if (*p == '<') return p;
    if (*p == '>') return nullptr;
  }
  return nullptr;
}

// libxml2 hands a long run of text over in pieces (HTML_PARSER_BIG_BUFFER_SIZE,
// 1000 bytes in 2.9.14, the last character whole: up to 1003), calling back
// while its cursor is still on the piece's last character, which it has
// copied but not stepped over. Returns that character's size when text is
// such a piece, else 0. Without it the piece's span falls a character short,
// the next piece's begins that much early, and the offsets of the words
// interpolated in both land a byte off or inside a character. A whole text
// ends before '<' or '&' (or the end of the input) instead: it is no piece
// unless its own last character is the one under the cursor, which a text
// ending in '<' or '&' right before a tag or a reference would fake.
std::size_t piece_end_under_cursor(std::string_view text, const xmlChar* cursor, const xmlChar* end) {
  constexpr std::size_t kPieceSize = 1000;
  if (text.size() < kPieceSize || text.size() > kPieceSize + 3) return 0;
  std::size_t last = text.size() - 1;
  while (last > 0 && text.size() - last < 4 && (static_cast<unsigned char>(text[last]) & 0xC0) == 0x80) --last;
  const std::size_t size = text.size() - last;
  if (text[last] == '<' || text[last] == '&') return 0;
  if (cursor == nullptr || end - cursor < static_cast<std::ptrdiff_t>(size)) return 0;
  return std::memcmp(cursor, text.data() + last, size) == 0 ? size : 0;
}

}  // namespace

SourceSpan LibxmlParser::span_to_here(Event event, std::string_view text, std::string_view name,
                                      std::uint64_t* tag_offset) {
  const std::size_t text_size = text.size();
  long consumed = xmlByteConsumed(as_context(context_));
  const xmlParserInputPtr input = as_context(context_)->input;
  const bool have_input = input && input->cur && input->base && input->end && input->cur <= input->end;
  if (event == Event::StartTag) {
    // libxml2 reports a start tag before it steps over the closing '>' or
    // "/>", with the tag "<name ..." just behind its cursor. Anything else is
    // an element it implied (html, body, p before leading text; reported
    // after it read what implied it): it covers no input, and advancing here
    // would leave that text an empty span.
    bool real = false;
    if (have_input && input->cur < input->end) {
      std::size_t tail = 0;
      if (input->cur[0] == '>') tail = 1;
      else if (input->cur[0] == '/' && input->cur + 1 < input->end && input->cur[1] == '>') tail = 2;
      const xmlChar* lt = tail ? tag_start_before(input->base, input->cur) : nullptr;
      if (lt && name.data() != nullptr) {
        const xmlChar* after = lt + 1 + name.size();
        real = after <= input->cur &&
               xmlStrncasecmp(lt + 1, reinterpret_cast<const xmlChar*>(name.data()), static_cast<int>(name.size())) == 0 &&
               (after == input->cur || *after == ' ');
      }
      if (real) {
        if (tag_offset && consumed >= input->cur - lt)
          *tag_offset = static_cast<std::uint64_t>(consumed - (input->cur - lt));
        consumed += static_cast<long>(tail);
      }
    }
    if (!real) return SourceSpan{last_source_, last_source_};
  } else if (event == Event::EndTag) {
    // A real end tag, and the elements it closes, are reported just past its
    // "</name>". Anywhere else the end was implied (by text, by a later
    // start tag, after a void element, at the end of input) and covers no
    // input of its own.
    const xmlChar* lt = have_input && input->cur > input->base && input->cur[-1] == '>'
                            ? tag_start_before(input->base, input->cur - 1)
                            : nullptr;
    if (!(lt && lt + 1 < input->cur && lt[1] == '/')) return SourceSpan{last_source_, last_source_};
  }
  std::uint64_t end = consumed > 0 ? mapper_.to_source(static_cast<std::uint64_t>(consumed)) : last_source_;
  if (end < last_source_) end = last_source_;
  if (event == Event::Text && have_input && consumed > 0) {
    if (const std::size_t size = piece_end_under_cursor(text, input->cur, input->end))
      end = std::max(end, mapper_.to_source(static_cast<std::uint64_t>(consumed) + size));
  }
  if (event == Event::Text && end == last_source_ && text_size <= 4) {
    // libxml2's push parser reports a lone character left at the very end
    // of its input before it steps over it: the text lies after the cursor.
    // That reads the bytes after the cursor, which are shorter where a tag
    // there has side values: map them as if its values were inline.
    // Only a lone character (up to 4 bytes): a longer text reported with the
    // cursor already past it (the name of a failed entity reference, "&cop"
    // and 80 more letters, comes after the "&") lies before the cursor, and
    // reading that far ahead took every later span to the end of the input
    // (fuzz_pipeline finding 7cd1a329).
    const std::uint64_t from = static_cast<std::uint64_t>(consumed > 0 ? consumed : 0);
    end = std::max(end, side_ && have_input ? to_source_ahead(from, text_size, input->cur, input->end)
                                            : mapper_.to_source(from + text_size));
    // Where the input is shorter than its UTF-8 (a legacy encoding's 1 byte
    // -> 3 bytes, interpolated), a short text can still map to nothing: it
    // covers at least the next input byte.
    if (end == last_source_ && end < mapper_.source_limit()) ++end;
  }
  const SourceSpan span{last_source_, end};
  last_source_ = end;
  return span;
}

std::uint64_t LibxmlParser::to_source_ahead(std::uint64_t from, std::size_t distance, const unsigned char* at_from,
                                            const unsigned char* end) {
  std::uint64_t position = from;  // in the parser's input
  std::size_t left = distance;    // bytes to go, counting side values as inline
  std::uint64_t result = 0;
  bool found = false;
  side_->peek([&](std::uint64_t tag, std::size_t inline_bytes) {
    if (tag < position) return true;  // a discarded tag not dropped yet
    if (tag - position >= left) return false;
    // The tag as the parser has it: '<' to '>', values quoted with '"'.
    if (tag - from >= static_cast<std::uint64_t>(end - at_from)) return false;  // not in the buffer
    const unsigned char* lt = at_from + (tag - from);
    if (*lt != '<') return false;
    const unsigned char* p = lt + 1;
    while (p < end && *p != '>') {
      if (*p == '"') {
        const void* close = std::memchr(p + 1, '"', static_cast<std::size_t>(end - p - 1));
        if (close == nullptr) return false;
        p = static_cast<const unsigned char*>(close);
      }
      ++p;
    }
    if (p == end) return false;
    const std::uint64_t tag_size = static_cast<std::uint64_t>(p + 1 - lt);
    left -= static_cast<std::size_t>(tag - position);
    position = tag;
    if (left < tag_size + inline_bytes) {
      found = true;
      result = left < tag_size ? mapper_.to_source(tag + left) : mapper_.to_source_inside(tag, left, tag + tag_size);
      return false;
    }
    left -= static_cast<std::size_t>(tag_size + inline_bytes);
    position = tag + tag_size;
    return true;
  });
  return found ? result : mapper_.to_source(position + left);
}

void LibxmlParser::start_element(void* self_ptr, const unsigned char* name, const unsigned char** attributes) {
  auto* self = static_cast<LibxmlParser*>(self_ptr);
  ++self->depth_;
  const std::string_view name_view = view(name);
  constexpr std::uint64_t kImplied = ~std::uint64_t{0};
  std::uint64_t tag_offset = kImplied;
  const SourceSpan span = self->span_to_here(Event::StartTag, {}, name_view, &tag_offset);
  ElementAttributes attributes_read = read_attributes(attributes);
  if (self->side_ != nullptr && tag_offset != kImplied) {
    self->side_->take(tag_offset, [&attributes_read](KeptAttribute which, std::string_view value) {
      apply_attribute(attributes_read, which, value);
    });
  }
  self->events_.on_start_element(tag_from_name(name_view), attributes_read, span);
}

void LibxmlParser::end_element(void* self_ptr, const unsigned char* name) {
  auto* self = static_cast<LibxmlParser*>(self_ptr);
  if (self->depth_ > 0) --self->depth_;
  self->events_.on_end_element(tag_from_name(view(name)), self->span_to_here(Event::EndTag));
}

void LibxmlParser::comment(void* self_ptr, const unsigned char*) {
  // No event: the next one starts after the comment's input.
  static_cast<LibxmlParser*>(self_ptr)->span_to_here(Event::Comment);
}

void LibxmlParser::characters(void* self_ptr, const unsigned char* text, int size) {
  auto* self = static_cast<LibxmlParser*>(self_ptr);
  if (size <= 0) return;
  const std::string_view piece(reinterpret_cast<const char*>(text), static_cast<std::size_t>(size));
  self->events_.on_text(piece, self->span_to_here(Event::Text, piece));
}

}  // namespace winnow
