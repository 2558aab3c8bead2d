// SPDX-License-Identifier: MIT
#include "adapters/libxml/guard.h"

#include <libxml/HTMLparser.h>

#include <cstring>

#include "adapters/libxml/side_attributes.h"
#include "engine/page_metadata.h"
#include "engine/tag.h"

namespace winnow {
namespace {

// About one per rewritten tag of one flushed chunk; when a tag-dense chunk
// needs more, spans there are approximate (see OffsetMap).
constexpr std::size_t kOffsetCheckpoints = 512;
constexpr std::size_t kSplitSlack = 64;  // bytes to wait for a space before a hard split
constexpr char kSplit[] = "<!---->";
constexpr std::string_view kUnknownName = "x-unknown";

struct KeptName {
  std::string_view name;
  std::size_t max_value;  // further capped by GuardLimits::max_attr_value
  std::string_view only_on = {};  // kept on this element alone (an input's name is nothing the engine reads)
};
// What some algorithm reads; everything else costs parse time and memory.
// href, src, width and height: the advert cue (engine/semantics.h) reads
// link targets and IAB banner sizes; open: whether a <dialog> is shown (the
// tokenizer's hides_element); a <meta>'s name, property, content and
// http-equiv, <html lang>, and a <link>'s rel and href: what the page
// declares about itself (engine/page_metadata.h; the tokenizer also keeps
// the description's first 256 bytes for the features); an <a>'s hreflang:
// a language switcher's link (engine/semantics.h, leads_to_other_language).
// The order is KeptAttribute's (side_attributes.h): a side record stores the index.
constexpr KeptName kKeptAttributes[] = {
    {"id", 256},       {"class", 512},   {"role", 64},   {"itemprop", 128},
    {"style", 256},    {"onclick", 16},  {"hidden", 16}, {"href", 256},
    {"src", 256},      {"width", 16},    {"height", 16}, {"open", 16},
    {"name", 64, "meta"}, {"property", 64, "meta"}, {"content", 512, "meta"},
    {"lang", 32, "html"}, {"rel", 64, "link"}, {"http-equiv", 32, "meta"}, {"href", 512, "link"},
    {"hreflang", 16, "a"},
};
// An address longer than PageMetadata keeps is dropped there, not cut; it can
// tell one only if the guard keeps more of a value than that.
static_assert(PageMetadata::kUrlBytes < 512, "a <meta> content or <link> href the guard cut is never kept whole");
constexpr std::size_t kKeptCount = sizeof(kKeptAttributes) / sizeof(kKeptAttributes[0]);
static_assert(kKeptCount == static_cast<std::size_t>(KeptAttribute::count), "one index per kept attribute");
constexpr bool same_names() {
  for (std::size_t i = 0; i < kKeptCount; ++i)
    if (kKeptAttributes[i].name != kKeptAttributeNames[i]) return false;
  return true;
}
static_assert(same_names(), "the table is in KeptAttribute's order");

bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_alnum(char c) { return is_alpha(c) || (c >= '0' && c <= '9'); }

// Bytes of the character reference open after c ('&', then up to 31
// alphanumerics or '#'); 0 when none is open. A text split waits for 0.
constexpr int kMaxReference = 32;
int next_reference_length(int length, char c) {
  if (c == '&') return 1;
  if (length > 0 && (is_alnum(c) || c == '#') && length < kMaxReference) return length + 1;
  return 0;
}

// Whether libxml2 decodes the '&' before `name` (the alphanumerics and '#'
// after it, fewer than kMaxReference) when `next` follows them (-1: nothing
// does): a numeric reference, or one of HTML 4's entity names closed by ';'.
// Every other '&' it passes on as written, "&foo;" and "&copy" alike, but
// only after it has read the name after it (any letters, '-', '.', ':')
// into its dictionary, which keeps every distinct name for the whole
// document, its hash table growing by 24 KiB, then by 144 KiB (2.9.14): the
// query strings of a page's links (href="?a=1&b=2") and URLs in its text
// grew it without bound. So the guard spells such an '&' "&amp;", which
// gives the same character with no name to keep: the dictionary holds only
// names from fixed sets (HTML 4's elements and entities, the attributes
// kept below).
bool parser_decodes(std::string_view name, int next) {
  if (!name.empty() && name[0] == '#') return true;
  if (next != ';' || name.empty() || name.size() >= kMaxReference) return false;
  char terminated[kMaxReference];
  std::memcpy(terminated, name.data(), name.size());
  terminated[name.size()] = '\0';
  return htmlEntityLookup(reinterpret_cast<const xmlChar*>(terminated)) != nullptr;
}

// For each '&' of an attribute value: whether libxml2 would pass it on as
// written (see parser_decodes).
template <typename OnAmpersand>
void for_each_ampersand(std::string_view value, OnAmpersand&& on_ampersand) {
  for (std::size_t at = value.find('&'); at != std::string_view::npos; at = value.find('&', at + 1)) {
    std::size_t end = at + 1;
    while (end < value.size() && end - at < kMaxReference && (is_alnum(value[end]) || value[end] == '#')) ++end;
    const int next = end < value.size() ? static_cast<unsigned char>(value[end]) : -1;
    on_ampersand(at, !parser_decodes(value.substr(at + 1, end - at - 1), next));
  }
}

// The entries of kKeptAttributes by the length of their name, in the
// table's order: an attribute is looked up among those of its own length
// only (at most 6 of 20), as kept_index runs for every attribute of every tag.
constexpr std::size_t kLongestKeptName = 10;
constexpr std::size_t kMostOfOneLength = 6;
struct KeptByLength {
  std::uint8_t count[kLongestKeptName + 1] = {};
  std::uint8_t index[kLongestKeptName + 1][kMostOfOneLength] = {};
};
constexpr KeptByLength kept_by_length() {
  KeptByLength table;
  for (std::size_t i = 0; i < kKeptCount; ++i) {
    const std::size_t length = kKeptAttributes[i].name.size();
    table.index[length][table.count[length]++] = static_cast<std::uint8_t>(i);
  }
  return table;
}
constexpr bool fits_by_length() {
  std::size_t count[kLongestKeptName + 1] = {};
  for (std::size_t i = 0; i < kKeptCount; ++i) {
    const std::size_t length = kKeptAttributes[i].name.size();
    if (length < 2 || length > kLongestKeptName || ++count[length] > kMostOfOneLength) return false;
  }
  return true;
}
static_assert(fits_by_length(), "kept names are 2..10 bytes, at most 6 of one length");
constexpr KeptByLength kKeptByLength = kept_by_length();

// The attribute's index in kKeptAttributes, or -1 if the element's attribute
// of that name is not kept; tag: the element's lower-cased name.
int kept_index(std::string_view tag, std::string_view name) {
  if (name.size() < 2 || name.size() > kLongestKeptName) return -1;
  int kept_anywhere = -1;
  const std::size_t length = name.size();
  for (std::size_t k = 0; k < kKeptByLength.count[length]; ++k) {
    const std::size_t i = kKeptByLength.index[length][k];
    const KeptName& kept = kKeptAttributes[i];
    if (kept.name[0] != name[0] || kept.name != name) continue;
    if (kept.only_on.empty()) {
      if (kept_anywhere < 0) kept_anywhere = static_cast<int>(i);
    } else if (kept.only_on == tag) {
      return static_cast<int>(i);  // an element's own cap before the general one
    }
  }
  return kept_anywhere;
}

bool is_space(char c) { return c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\f'; }

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
  return text;
}

// The bytes that end a run of a tag's name, an attribute's name or an
// unquoted value (see Guard::step): every other byte of such a run is only
// copied, so run_tag() takes it in bulk with one table lookup per byte.
enum TagByte : std::uint8_t { kSpaceByte = 1, kSlashByte = 2, kGtByte = 4, kEqualsByte = 8 };
constexpr std::uint8_t kEndsTagName = kSpaceByte | kSlashByte | kGtByte;
constexpr std::uint8_t kEndsAttrName = kSpaceByte | kSlashByte | kGtByte | kEqualsByte;
constexpr std::uint8_t kEndsUnquotedValue = kSpaceByte | kGtByte;
struct TagByteTable {
  std::uint8_t of[256] = {};
  constexpr TagByteTable() {
    for (const char c : {' ', '\n', '\t', '\r', '\f'}) of[static_cast<unsigned char>(c)] = kSpaceByte;
    of[static_cast<unsigned char>('/')] = kSlashByte;
    of[static_cast<unsigned char>('>')] = kGtByte;
    of[static_cast<unsigned char>('=')] = kEqualsByte;
  }
};
constexpr TagByteTable kTagBytes;

// Bytes before the first one of the classes in `stop`.
std::size_t run_until(const char* data, std::size_t size, std::uint8_t stop) {
  std::size_t i = 0;
  while (i < size && (kTagBytes.of[static_cast<unsigned char>(data[i])] & stop) == 0) ++i;
  return i;
}
char to_lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c + 32) : c; }
bool is_continuation(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

// Keys identify elements on the stack: one per canonical name, and one for
// a paragraph inside a heading, which libxml2 is given as a <div>.
struct TagKeys {
  char by_tag[static_cast<std::size_t>(Tag::count)];
  char unknown;
  char paragraph_in_heading;
};
const TagKeys& tag_keys() {
  static const TagKeys keys{};
  return keys;
}
const void* key_of(Tag tag) {
  return tag == Tag::unknown ? &tag_keys().unknown : &tag_keys().by_tag[static_cast<std::size_t>(tag)];
}
const void* paragraph_in_heading_key() { return &tag_keys().paragraph_in_heading; }
// What libxml2 is given for the element (a paragraph inside a heading is
// its <div>).
Tag tag_of_key(const void* key) {
  const char* base = tag_keys().by_tag;
  const char* p = static_cast<const char*>(key);
  if (p >= base && p < base + static_cast<std::size_t>(Tag::count)) return static_cast<Tag>(p - base);
  if (key == paragraph_in_heading_key()) return Tag::div;
  return Tag::unknown;
}

// libxml2's end-tag priorities: an end tag does not close past an open
// element of higher priority (it is ignored instead).
int end_priority(Tag tag) {
  switch (tag) {
    case Tag::div: return 150;
    case Tag::td: case Tag::th: return 160;
    case Tag::tr: return 170;
    case Tag::thead: case Tag::tbody: case Tag::tfoot: return 180;
    case Tag::table: return 190;
    case Tag::head: case Tag::body: return 200;
    case Tag::html: return 220;
    default: return 100;
  }
}

// The start tags that close the open element on top of the stack, as
// libxml2 does; a subset, erring towards not closing (which only
// overestimates depth).
bool start_closes_top(Tag started, Tag top) {
  switch (top) {
    case Tag::p:
      switch (started) {
        case Tag::p: case Tag::div: case Tag::ul: case Tag::ol: case Tag::dl: case Tag::table:
        case Tag::h1: case Tag::h2: case Tag::h3: case Tag::h4: case Tag::h5: case Tag::h6:
        case Tag::pre: case Tag::blockquote: case Tag::form: case Tag::hr: case Tag::address:
        case Tag::center: case Tag::fieldset: case Tag::menu: case Tag::dir: case Tag::li:
        case Tag::dt: case Tag::dd:
          return true;
        default: return false;
      }
    case Tag::li: return started == Tag::li;
    case Tag::dt: case Tag::dd: return started == Tag::dt || started == Tag::dd;
    case Tag::option: return started == Tag::option || started == Tag::optgroup;
    case Tag::td: case Tag::th:
      return started == Tag::td || started == Tag::th || started == Tag::tr;
    case Tag::tr: return started == Tag::tr;
    default: return false;
  }
}

// libxml2's description of each Tag (null for HTML5 names it does not know),
// looked up once: htmlTagLookup scans its table with strcasecmp.
const htmlElemDesc* libxml_description(Tag tag) {
  struct Table {
    const htmlElemDesc* by_tag[static_cast<std::size_t>(Tag::count)];
    Table() {
      for (std::size_t i = 0; i < static_cast<std::size_t>(Tag::count); ++i) {
        const std::string name(tag_name(static_cast<Tag>(i)));
        by_tag[i] = name.empty() ? nullptr : htmlTagLookup(reinterpret_cast<const xmlChar*>(name.c_str()));
      }
    }
  };
  static const Table table;
  return table.by_tag[static_cast<std::size_t>(tag)];
}

}  // namespace

Guard::Guard(MemoryBudget& budget, const GuardLimits& limits, ByteSink& parser)
    : parser_(parser),
      limits_(limits),
      offsets_(budget, kOffsetCheckpoints),
      out_(budget, limits.flush_bytes + limits.max_text_run + kSplitSlack + 64 + 2 * limits.max_tag_bytes),
      tag_(budget, limits.max_tag_bytes),
      value_(budget, limits.max_attr_value),
      stack_(budget, limits.max_depth > 0 ? limits.max_depth : 1) {
  side_.attach(out_.storage(), out_.capacity());
}

bool Guard::ok() const { return out_.ok() && tag_.ok() && value_.ok() && stack_.ok() && offsets_.ok(); }

void Guard::write(const char* data, std::size_t size) {
  std::size_t i = 0;
  while (i < size) {
    if (in_tag(state_)) {
      const std::size_t taken = run_tag(data + i, size - i);
      i += taken;
      if (taken > 0) continue;  // else a '<' that opens no start or end tag: step() takes it
    }
    if (has_bulk_path(state_)) {
      i += skip_ahead(data + i, size - i);
      if (i == size) break;
    }
    if (state_ == State::Data && data[i] == '<') {  // what step() does, where a text run ends
      end_text_at_less_than();
      ++in_pos_;
      ++i;
      continue;
    }
    step(data[i]);
    ++in_pos_;
    ++i;
  }
}

// Bulk paths for the states where most bytes go outside tags: plain text,
// dropped script bodies and comments (run_tag() has those inside a tag). Each consumes only bytes whose
// per-byte processing would be trivial, and leaves the state exactly as
// step() would have, so the output is the same byte for byte.
std::size_t Guard::skip_ahead(const char* data, std::size_t size) {
  switch (state_) {
    case State::Data: {
      // A run that ends before the split point cannot split (data_char
      // splits only once max_text_run bytes precede the byte), so it is
      // copied whole. A reference, from its '&' to what ends it, goes
      // through data_char(), which settles how its '&' is spelt.
      if (text_run_ >= limits_.max_text_run || entity_length_ > 0) return 0;
      std::size_t run = std::min(size, limits_.max_text_run - text_run_);
      for (const char stop : {'<', '&'}) {
        if (const void* at = std::memchr(data, stop, run)) run = static_cast<std::size_t>(static_cast<const char*>(at) - data);
      }
      if (run == 0) return 0;
      append_out(data, run);
      in_pos_ += run;
      text_run_ += run;
      return run;
    }
    case State::RawText: {
      const void* lt = std::memchr(data, '<', size);
      const std::size_t run = lt ? static_cast<std::size_t>(static_cast<const char*>(lt) - data) : size;
      if (json_ld_open_) json_ld_.feed(data, run);
      stats_.raw_text_bytes_dropped += run;
      in_pos_ += run;
      return run;
    }
    case State::ScriptEscaped:
    case State::ScriptDoubleEscaped: {
      // Only '-' (the comment's end) and '<' (a tag) change these states.
      std::size_t run = 0;
      while (run < size && data[run] != '-' && data[run] != '<') ++run;
      stats_.raw_text_bytes_dropped += run;
      in_pos_ += run;
      return run;
    }
    case State::Comment:
    case State::BogusComment: {
      // Only the three bytes before a '>' can end the comment.
      const void* gt = std::memchr(data, '>', size);
      const std::size_t end = gt ? static_cast<std::size_t>(static_cast<const char*>(gt) - data) : size;
      if (end <= 3) return 0;
      const std::size_t skip = end - 3;
      dashes_ = 0;
      bang_ = false;
      in_pos_ += skip;
      return skip;
    }
    default:
      return 0;
  }
}

// A tag read in one loop: the state machine for the states from TagOpen to
// SelfClosing (the only one: step() has no copy of it), names and values
// taken in runs, on a local state and position, until the tag is emitted (its
// '>' consumed) or the data ends, where the state is left for the next
// write(), so the output does not depend on where chunks end. Returns the
// bytes taken: at least one in every state after TagOpen and EndTagOpen; 0
// when the first byte leaves TagOpen or EndTagOpen for a state outside the
// tag (text, a comment, a bogus comment), which step() handles.
std::size_t Guard::run_tag(const char* data, std::size_t size) {
  State state = state_;
  const std::uint64_t base = in_pos_;
  std::size_t i = 0;
  auto emit_at = [&](std::size_t at) {  // the '>' at data[at]
    in_pos_ = base + at;
    state_ = state;
    emit_tag();
    ++in_pos_;
    return at + 1;
  };
  while (i < size) {
    const char c = data[i];
    switch (state) {
      case State::TagOpen:
        if (is_alpha(c)) {
          begin_tag(false);
          state = State::TagName;
          break;  // c is the name's first byte
        }
        if (c != '/') {
          state_ = state;
          in_pos_ = base + i;
          return i;
        }
        state = State::EndTagOpen;
        ++i;
        continue;
      case State::EndTagOpen:
        if (!is_alpha(c)) {
          state_ = state;
          in_pos_ = base + i;
          return i;
        }
        begin_tag(true);
        state = State::TagName;
        break;
      case State::TagName: {
        const std::size_t run = run_until(data + i, size - i, kEndsTagName);
        name_chars(data + i, run);
        i += run;
        if (i == size) break;
        const char end = data[i];
        if (end == '>') return emit_at(i);
        state = end == '/' ? State::SelfClosing : State::BeforeAttrName;
        ++i;
        continue;
      }
      case State::BeforeAttrName:
        if (is_space(c)) {
          ++i;
          continue;
        }
        if (c == '>') return emit_at(i);
        if (c == '/') {
          state = State::SelfClosing;
          ++i;
          continue;
        }
        begin_attribute();
        attribute_name_chars(&c, 1);
        state = State::AttrName;
        ++i;
        continue;
      case State::AttrName: {
        const std::size_t run = run_until(data + i, size - i, kEndsAttrName);
        attribute_name_chars(data + i, run);
        i += run;
        if (i == size) break;
        const char end = data[i];
        if (is_space(end)) {
          state = State::AfterAttrName;
        } else if (end == '=') {
          state = State::BeforeAttrValue;
        } else {
          finish_attribute();
          if (end == '>') return emit_at(i);
          state = State::SelfClosing;
        }
        ++i;
        continue;
      }
      case State::AfterAttrName:
        if (is_space(c)) {
          ++i;
          continue;
        }
        if (c == '=') {
          state = State::BeforeAttrValue;
          ++i;
          continue;
        }
        finish_attribute();
        if (c == '>') return emit_at(i);
        if (c == '/') {
          state = State::SelfClosing;
        } else {
          begin_attribute();
          attribute_name_chars(&c, 1);
          state = State::AttrName;
        }
        ++i;
        continue;
      case State::BeforeAttrValue:
        if (is_space(c)) {
          ++i;
          continue;
        }
        if (c == '"') {
          state = State::AttrValueDouble;
        } else if (c == '\'') {
          state = State::AttrValueSingle;
        } else if (c == '>') {
          finish_attribute();
          return emit_at(i);
        } else {
          attribute_value_chars(&c, 1);
          state = State::AttrValueUnquoted;
        }
        ++i;
        continue;
      case State::AttrValueDouble:
      case State::AttrValueSingle: {
        const char quote = state == State::AttrValueDouble ? '"' : '\'';
        const void* q = std::memchr(data + i, quote, size - i);
        const std::size_t run = q ? static_cast<std::size_t>(static_cast<const char*>(q) - (data + i)) : size - i;
        attribute_value_chars(data + i, run);
        i += run;
        if (i == size) break;
        finish_attribute();
        state = State::BeforeAttrName;
        ++i;
        continue;
      }
      case State::AttrValueUnquoted: {
        const std::size_t run = run_until(data + i, size - i, kEndsUnquotedValue);
        attribute_value_chars(data + i, run);
        i += run;
        if (i == size) break;
        finish_attribute();
        if (data[i] == '>') return emit_at(i);
        state = State::BeforeAttrName;
        ++i;
        continue;
      }
      case State::SelfClosing:
        if (c == '>') {
          self_closing_ = true;
          return emit_at(i);
        }
        state = State::BeforeAttrName;  // c is read again there
        continue;
      default:  // not a state inside a tag: the caller's
        state_ = state;
        in_pos_ = base + i;
        return i;
    }
  }
  state_ = state;
  in_pos_ = base + i;
  return i;
}

// Side values count as the bytes they would take in the tag (side_virtual_),
// so flushes come where they would with every value inline, and a flush
// holds no more tags, offset checkpoints or side records than before.
void Guard::append_out(const char* data, std::size_t size) {
  if (out_.size() + side_virtual_ + size > out_.capacity() || out_.size() + size > side_.low())
    flush();  // never expected; keeps the cap
  if (out_.size() + size > side_.low()) size = side_.low() - out_.size();  // never: side records stay intact
  out_.append(data, size);
  out_pos_ += size;
}

void Guard::maybe_flush() {
  // Only right after markup: a chunk that ends in text leaves libxml2
  // waiting for the text's end, with look-ahead state that keeps its input
  // buffer from being freed (see LibxmlParser::write).
  if (out_.size() + side_virtual_ >= limits_.flush_bytes && out_pos_ == markup_end_) flush();
}

void Guard::flush() {
  if (out_.empty()) return;
  parser_.write(out_.data(), out_.size());
  out_.clear();
  side_virtual_ = 0;
}

void Guard::data_char(char c) {
  // A reference open before c does not split there (its end is c's to say).
  const bool ends_reference = entity_length_ > 0 && next_reference_length(entity_length_, c) != entity_length_ + 1;
  const bool boundary = !is_continuation(c);
  if (text_run_ >= limits_.max_text_run && entity_length_ == 0 && boundary &&
      (is_space(c) || text_run_ >= limits_.max_text_run + kSplitSlack)) {
    offsets_.record(out_pos_, in_pos_);
    append_out(kSplit, sizeof(kSplit) - 1);
    offsets_.record(out_pos_, in_pos_);
    markup_end_ = out_pos_;
    text_run_ = 0;
    ++stats_.text_splits;
    maybe_flush();
  }
  if (ends_reference) settle_reference(static_cast<unsigned char>(c));
  entity_length_ = next_reference_length(entity_length_, c);
  append_out(&c, 1);
  ++text_run_;
}

void Guard::end_text_at_less_than() {
  if (entity_length_ > 0) settle_reference('<');
  token_begin_ = in_pos_;
  state_ = State::TagOpen;
}

// The open reference's bytes are the last ones written: nothing else is
// written, and no split is made, until it ends. in_pos_ is where it ended.
void Guard::settle_reference(int next) {
  const auto length = static_cast<std::size_t>(entity_length_);
  entity_length_ = 0;
  if (length == 0 || length > out_.size()) return;
  const std::string_view name(out_.end() - length + 1, length - 1);
  if (parser_decodes(name, next)) return;
  char kept[kMaxReference];
  std::memcpy(kept, name.data(), name.size());
  out_.resize(out_.size() - length);
  out_pos_ -= length;
  append_out("&amp;", 5);
  offsets_.record(out_pos_, in_pos_ - name.size());  // right after the '&'
  append_out(kept, name.size());
  text_run_ += 4;
  ++stats_.ampersands_spelt_out;
}

void Guard::begin_tag(bool end_tag) {
  end_tag_ = end_tag;
  script_type_size_ = 0;
  self_closing_ = false;
  name_size_ = 0;
  name_overlong_ = false;
  attrs_seen_ = 0;
  tag_.clear();
  tag_bytes_ = 0;
  side_tag_bytes_ = 0;
  if (side_.enabled()) side_.begin();
}

void Guard::name_chars(const char* data, std::size_t size) {
  const std::size_t kept = std::min(size, sizeof(name_) - 1 - name_size_);
  for (std::size_t i = 0; i < kept; ++i) name_[name_size_++] = to_lower(data[i]);
  if (size > kept) name_overlong_ = true;
}

void Guard::begin_attribute() {
  value_started_ = false;
  reading_script_type_ = false;
  attr_name_size_ = 0;
  attr_name_overlong_ = false;
  value_.clear();
  value_truncated_ = false;
  value_limit_ = 0;
  attr_index_ = kIndexUnknown;
}

int Guard::attribute_index() {
  // Asked when the value starts and again when the attribute ends; the name
  // is complete by the first time.
  if (attr_index_ == kIndexUnknown)
    attr_index_ = attr_name_overlong_ ? -1
                                      : kept_index(std::string_view(name_, name_size_),
                                                   std::string_view(attr_name_, attr_name_size_));
  return attr_index_;
}

void Guard::attribute_name_chars(const char* data, std::size_t size) {
  const std::size_t kept = std::min(size, sizeof(attr_name_) - attr_name_size_);
  for (std::size_t i = 0; i < kept; ++i) attr_name_[attr_name_size_++] = to_lower(data[i]);
  if (size > kept) attr_name_overlong_ = true;
}

void Guard::attribute_value_chars(const char* data, std::size_t size) {
  if (size == 0) return;
  if (!value_started_) {
    value_started_ = true;
    // A script's type is read for the guard alone (a JSON-LD script's
    // content is read as it is dropped); it never reaches the parser.
    reading_script_type_ = !end_tag_ && !attr_name_overlong_ && script_type_size_ == 0 &&
                           std::string_view(name_, name_size_) == "script" &&
                           std::string_view(attr_name_, attr_name_size_) == "type";
  }
  if (reading_script_type_) {
    const std::size_t kept = std::min(size, sizeof(script_type_) - script_type_size_);
    for (std::size_t i = 0; i < kept; ++i) script_type_[script_type_size_++] = to_lower(data[i]);
  }
  // The limit is set at the value's first byte, when the name is complete; an
  // attribute nobody reads keeps nothing.
  if (value_.empty() && !value_truncated_) {
    const int index = attribute_index();
    value_limit_ = index < 0 ? 0 : std::min(kKeptAttributes[index].max_value, limits_.max_attr_value);
    if (index < 0) value_truncated_ = true;  // not kept: skip its bytes
  }
  const std::size_t room = value_limit_ > value_.size() ? value_limit_ - value_.size() : 0;
  const std::size_t kept = std::min(size, room);
  value_.append(data, kept);
  if (size > kept) value_truncated_ = true;
}

void Guard::finish_attribute() {
  if (attr_name_overlong_ || attr_name_size_ == 0) return;
  const std::string_view name(attr_name_, attr_name_size_);
  const int index = attribute_index();
  if (index < 0 || (attrs_seen_ & (1u << index))) return;  // unused, or a repeat (the first wins)
  attrs_seen_ |= 1u << index;
  if (value_truncated_ && !value_.empty()) {
    ++stats_.attributes_truncated;
    // Never leave half a character at the cut.
    std::size_t end = value_.size();
    std::size_t lead = end;
    while (lead > 0 && is_continuation(value_[lead - 1])) --lead;
    if (lead > 0) {
      const auto b = static_cast<unsigned char>(value_[lead - 1]);
      const std::size_t length = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
      if (lead - 1 + length > end) value_.resize(lead - 1);
    }
  }
  const std::string_view value = value_.view();
  std::size_t quotes = 0;     // "&quot;" inline
  std::size_t spelt_out = 0;  // '&' libxml2 would pass on: "&amp;" inline (see parser_decodes)
  std::size_t decoded = 0;    // '&' libxml2 decodes
  for (std::size_t q = value.find('"'); q != std::string_view::npos; q = value.find('"', q + 1)) ++quotes;
  for_each_ampersand(value, [&](std::size_t, bool as_written) { ++(as_written ? spelt_out : decoded); });
  const std::size_t escaped = value.size() + 5 * quotes + 4 * spelt_out;
  // What libxml2 would hand to its SAX callback as it is (side_attributes.h):
  // no quote, no reference it decodes, no NUL to end it early.
  const bool passes_unchanged =
      quotes == 0 && decoded == 0 && std::memchr(value.data(), '\0', value.size()) == nullptr;
  // ` name="value"`: counted whether it goes in the tag or on the side, so
  // the same attributes are kept either way.
  const std::size_t bytes = name.size() + escaped + 4;
  if (tag_bytes_ + bytes > limits_.max_tag_bytes) return;
  tag_bytes_ += bytes;
  // On the side, with room left below for the tag itself (its name, what
  // stays inline, a raw-text end tag).
  if (!end_tag_ && side_.enabled() && passes_unchanged &&
      side_.add(out_pos_, out_.size() + limits_.max_tag_bytes + 2 * sizeof(name_) + 8,
                static_cast<KeptAttribute>(index), value)) {
    side_tag_bytes_ += bytes;
    return;
  }
  tag_.push_back(' ');
  tag_.append(name.data(), name.size());
  tag_.append("=\"");
  // Runs between quotes and ampersands are copied whole; each quote becomes
  // "&quot;", each '&' libxml2 would pass on "&amp;".
  std::size_t from = 0;
  auto spell = [&](std::size_t at, std::string_view as) {
    tag_.append(value.data() + from, at - from);
    tag_.append(as);
    from = at + 1;
  };
  std::size_t quote = value.find('"');
  for_each_ampersand(value, [&](std::size_t at, bool as_written) {
    for (; quote < at; quote = value.find('"', quote + 1)) spell(quote, "&quot;");
    if (as_written) spell(at, "&amp;");
  });
  for (; quote != std::string_view::npos; quote = value.find('"', quote + 1)) spell(quote, "&quot;");
  tag_.append(value.data() + from, value.size() - from);
  tag_.push_back('"');
}

void Guard::drop_markup() {
  if (raw_end_tag_ && json_ld_open_) emit_json_ld();
  json_ld_open_ = false;
  if (raw_end_tag_) offsets_.record(out_pos_, in_pos_ + 1);  // right after the element's end
  else stand_in_for_dropped(token_begin_, in_pos_ + 1);
  raw_end_tag_ = false;
  state_ = State::Data;
  maybe_flush();
}

void Guard::emit_json_ld() {
  // From where the script's end tag was written: a tag boundary, so the
  // output may be flushed first, which leaves the room of two tags.
  maybe_flush();
  std::size_t room = limits_.max_tag_bytes;  // all of them together take no more than one tag may
  for (std::size_t i = 0; i < JsonLdReader::kFieldCount; ++i) {
    const auto field = static_cast<JsonLdReader::Field>(i);
    const std::string_view value = json_ld_.value(field);
    if (value.empty()) continue;
    const std::string_view property = JsonLdReader::property(field);
    constexpr std::string_view kOpen = "<meta itemprop=\"";
    constexpr std::string_view kContent = "\" content=\"";
    constexpr std::string_view kClose = "\"/>";
    std::size_t bytes = kOpen.size() + property.size() + kContent.size() + kClose.size();
    for (const char c : value) bytes += c == '&' ? 5 : c == '"' ? 6 : c == '<' ? 4 : 1;
    if (bytes > room) continue;
    room -= bytes;
    append_out(kOpen.data(), kOpen.size());
    append_out(property.data(), property.size());
    append_out(kContent.data(), kContent.size());
    // libxml2 decodes the references back, so the engine sees the value as the script had it.
    std::size_t from = 0;
    for (std::size_t k = 0; k < value.size(); ++k) {
      const char c = value[k];
      const char* reference = c == '&' ? "&amp;" : c == '"' ? "&quot;" : c == '<' ? "&lt;" : nullptr;
      if (reference == nullptr) continue;
      append_out(value.data() + from, k - from);
      append_out(reference, std::strlen(reference));
      from = k + 1;
    }
    append_out(value.data() + from, value.size() - from);
    append_out(kClose.data(), kClose.size());
    ++stats_.json_ld_values;
  }
  markup_end_ = out_pos_;
}

// Without a stand-in, libxml2 would see the text on both sides of dropped
// markup as one run, whose event then covers the markup's input too, and
// words inside it would get offsets interpolated over the markup's bytes,
// not their own. An empty comment there ends the run; it maps onto the
// dropped input [begin, end), so the text before ends at begin and the
// parser adapter, told of the comment, starts the next event at end. One
// stands in for a sequence of drops with nothing written between them.
void Guard::stand_in_for_dropped(std::uint64_t begin, std::uint64_t end) {
  if (out_pos_ != stand_in_end_) {
    offsets_.record(out_pos_, begin);
    append_out(kSplit, sizeof(kSplit) - 1);
    stand_in_end_ = out_pos_;
    markup_end_ = out_pos_;
    text_run_ = 0;
    entity_length_ = 0;
  }
  offsets_.record(out_pos_, end);
}

void Guard::close_implied_by(const void* key, std::string_view) {
  const Tag started = tag_of_key(key);
  while (depth_ > 0 && start_closes_top(started, tag_of_key(stack_[depth_ - 1]))) --depth_;
}

void Guard::emit_tag() {
  const std::string_view raw_name(name_, name_size_);
  const Tag tag = name_overlong_ ? Tag::unknown : tag_from_name(raw_name);
  const htmlElemDesc* desc = nullptr;
  if (tag != Tag::unknown) {
    desc = libxml_description(tag);
  } else if (!name_overlong_) {
    name_[name_size_] = '\0';  // an HTML 4 name outside the Tag enum, if any
    desc = htmlTagLookup(reinterpret_cast<const xmlChar*>(name_));
  }
  std::string_view name = raw_name;
  // Names in the Tag enum are keyed by Tag, so the close rules can see them.
  const void* key = (tag == Tag::unknown && desc) ? static_cast<const void*>(desc) : key_of(tag);
  if (!desc && tag == Tag::unknown) name = kUnknownName;
  // A paragraph inside a heading (<h1><p>Headline</p></h1>, as some themes
  // set their headlines) stays inside it, as HTML's parsing rules and so
  // every browser keep it; libxml2 2.9 follows HTML 4, where a heading holds
  // no paragraph, and would close the heading at the <p>, so its text would
  // lose the heading it is shown in. libxml2 keeps a <div> there.
  if (!end_tag_ && tag == Tag::p && depth_ > 0) {
    const void* top = stack_[depth_ - 1];
    if (has_flag(tag_of_key(top), kTagHeading) || top == paragraph_in_heading_key()) {
      key = paragraph_in_heading_key();
      name = tag_name(Tag::div);
    }
  }
  const bool void_element = has_flag(tag, kTagVoid) || (desc && desc->empty);
  const bool raw_text = has_flag(tag, kTagRawText);
  state_ = State::Data;
  const std::uint64_t out_before = out_pos_;
  if (end_tag_) emit_end_tag(key, name);
  else emit_start_tag(key, name, void_element, raw_text);
  // A dropped tag (flattened, ignored, </body>) has a stand-in, which
  // ended the text run itself.
  if (out_pos_ != out_before && out_pos_ != stand_in_end_) {
    text_run_ = 0;
    entity_length_ = 0;
    markup_end_ = out_pos_;
  }
  maybe_flush();
}

void Guard::emit_start_tag(const void* key, std::string_view name, bool void_element, bool raw_text) {
  const bool pushes = !void_element && !raw_text;
  if (pushes) {
    close_implied_by(key, name);
    if (depth_ >= limits_.max_depth || parser_too_deep_) {
      ++excess_open_;
      ++stats_.elements_flattened;
      stand_in_for_dropped(token_begin_, in_pos_ + 1);
      return;
    }
    stack_[depth_++] = key;
  }
  if (side_.has_open_values()) {
    // Keyed by where the '<' goes; libxml2 drops a misplaced html, head or body.
    const Tag tag = tag_of_key(key);
    side_.commit(out_pos_, tag == Tag::html || tag == Tag::head || tag == Tag::body);
    side_virtual_ += side_tag_bytes_;
  }
  // No checkpoint at the tag's start: the delta of the text before it
  // already maps there exactly; only the end moves the delta.
  append_out("<", 1);
  append_out(name.data(), name.size());
  append_out(tag_.data(), tag_.size());
  if ((void_element || self_closing_) && !raw_text) append_out("/>", 2);
  else append_out(">", 1);
  if (raw_text) {
    if (side_tag_bytes_ > 0) {
      // No checkpoint at this '>' with every value inline: the next is after
      // the end tag (its input end, once the dropped content and end tag are
      // read), and this '>' maps with the delta from before the tag, clamped
      // there. Map it the same with the tag shorter: to where the inline
      // form's '>' would map (map() clamps it to the next checkpoint), so the
      // span does not depend on the side table.
      const std::uint64_t inline_end = out_pos_ + side_tag_bytes_;
      offsets_.record(out_pos_, static_cast<std::uint64_t>(static_cast<std::int64_t>(inline_end) + offsets_.last_delta()));
    }
    // The content is dropped, so the element is closed right away.
    append_out("</", 2);
    append_out(name.data(), name.size());
    append_out(">", 1);
    const std::size_t n = std::min(name.size(), sizeof(raw_name_));
    std::memcpy(raw_name_, name.data(), n);
    raw_name_size_ = n;
    raw_escaped_ = false;
    state_ = State::RawText;
    // JSON-LD is read in the head only, where a <meta> written after it
    // changes no text around it (libxml2 has no paragraph open there).
    const Tag top = depth_ > 0 ? tag_of_key(stack_[depth_ - 1]) : Tag::html;
    json_ld_open_ = in_script() && (top == Tag::html || top == Tag::head) &&
                    trimmed(std::string_view(script_type_, script_type_size_)) == "application/ld+json";
    if (json_ld_open_) json_ld_.reset();
  }
  if (self_closing_ && pushes) --depth_;  // libxml2 closes <x/> at once
  offsets_.record(out_pos_, in_pos_ + 1);
}

void Guard::emit_end_tag(const void* key, std::string_view name) {
  const Tag tag = tag_of_key(key);
  // </body> and </html> never reach libxml2: once its root is closed, the
  // push parser stops at the next byte of content, and pages often go on
  // after </html>. HTML's own parser ignores them too; the end of input
  // closes both.
  if (has_flag(tag, kTagVoid) || has_flag(tag, kTagRawText) || tag == Tag::body || tag == Tag::html) {
    stand_in_for_dropped(token_begin_, in_pos_ + 1);
    return;
  }
  if (excess_open_ > 0) {
    --excess_open_;
    stand_in_for_dropped(token_begin_, in_pos_ + 1);
    return;
  }
  // Mirror libxml2: find the element, but stop at one it would not close.
  // A paragraph inside a heading is a paragraph here (libxml2's <div> would
  // keep a </h1> from closing the heading): its </p> ends it, and an end tag
  // of an element around it ends it first.
  const void* in_heading = paragraph_in_heading_key();
  const int priority = end_priority(tag);
  std::size_t match = depth_;
  while (match > 0 && stack_[match - 1] != key && !(tag == Tag::p && stack_[match - 1] == in_heading)) {
    const void* open = stack_[match - 1];
    if (end_priority(open == in_heading ? Tag::p : tag_of_key(open)) > priority) {
      match = 0;
      break;
    }
    --match;
  }
  if (match == 0) {  // libxml2 would ignore it
    stand_in_for_dropped(token_begin_, in_pos_ + 1);
    return;
  }
  const std::string_view div = tag_name(Tag::div);
  if (stack_[match - 1] == in_heading) {
    name = div;
  } else {
    for (std::size_t open = depth_; open > match; --open) {
      if (stack_[open - 1] != in_heading) continue;
      append_out("</", 2);
      append_out(div.data(), div.size());
      append_out(">", 1);
    }
  }
  depth_ = match - 1;
  append_out("</", 2);
  append_out(name.data(), name.size());
  append_out(">", 1);
  offsets_.record(out_pos_, in_pos_ + 1);
}

void Guard::observe_parser_depth(std::size_t depth) { parser_too_deep_ = depth >= limits_.max_depth; }

void Guard::step(char c) {
  if (json_ld_open_) {
    // A JSON-LD script's bytes, its end tag's included (the reader stops at
    // the end of its value); "<!--" in one is no JSON: reading stops.
    const bool content = state_ == State::RawText || state_ == State::RawTextLess ||
                         state_ == State::RawTextEndName || state_ == State::BogusComment;
    if (content) json_ld_.feed(&c, 1);
    else json_ld_open_ = false;
  }
  switch (state_) {
    case State::Data:
      if (c == '<') end_text_at_less_than();
      else data_char(c);
      return;
    // Inside a tag, write() gives every byte to run_tag() first; step() sees
    // only a byte after '<' or "</" that opens no tag.
    case State::TagOpen:
      if (c == '!') state_ = State::MarkupDecl;
      else if (c == '?') state_ = State::BogusComment;
      else {
        // A '<' that starts no tag is text; spell it so the parser agrees.
        offsets_.record(out_pos_, token_begin_);
        append_out("&lt;", 4);
        offsets_.record(out_pos_, token_begin_ + 1);
        text_run_ += 4;
        state_ = State::Data;
        step(c);
      }
      return;
    case State::EndTagOpen:
      if (c == '>') drop_markup();
      else state_ = State::BogusComment;
      return;
    case State::TagName:
    case State::BeforeAttrName:
    case State::AttrName:
    case State::AfterAttrName:
    case State::BeforeAttrValue:
    case State::AttrValueDouble:
    case State::AttrValueSingle:
    case State::AttrValueUnquoted:
    case State::SelfClosing:
      return;  // never reached: run_tag() takes at least one byte in these states
    case State::MarkupDecl:
      if (c == '-') state_ = State::MarkupDeclDash;
      else if (c == '>') drop_markup();
      else state_ = State::BogusComment;
      return;
    case State::MarkupDeclDash:
      if (c == '-') {
        // "<!--" seen. Two virtual dashes make "<!-->" and "<!--->" complete,
        // as in HTML's tokenizer.
        dashes_ = 2;
        bang_ = false;
        ++stats_.comments_dropped;
        state_ = State::Comment;
      } else {
        state_ = c == '>' ? State::Data : State::BogusComment;
        if (c == '>') drop_markup();
      }
      return;
    case State::Comment:
      if (c == '>' && (dashes_ >= 2 || bang_)) drop_markup();
      else if (c == '-') {
        ++dashes_;
        bang_ = false;
      } else if (c == '!' && dashes_ >= 2) {
        bang_ = true;
        dashes_ = 0;
      } else {
        dashes_ = 0;
        bang_ = false;
      }
      return;
    case State::BogusComment:
      if (c == '>') drop_markup();
      return;
    case State::RawText:
      if (c == '<') {
        token_begin_ = in_pos_;
        state_ = State::RawTextLess;
      } else {
        ++stats_.raw_text_bytes_dropped;
      }
      return;
    case State::RawTextLess:
      if (c == '/') {
        raw_match_ = 0;
        raw_escaped_ = false;
        state_ = State::RawTextEndName;
      } else if (c == '!' && in_script()) {
        state_ = State::ScriptEscapeStart;
      } else if (c != '<') {
        state_ = State::RawText;
      }
      return;
    case State::RawTextEndName:
      if (raw_match_ < raw_name_size_ && to_lower(c) == raw_name_[raw_match_]) {
        ++raw_match_;
      } else if (raw_match_ == raw_name_size_ && (is_space(c) || c == '/' || c == '>')) {
        // The raw text element was closed when its start tag was written;
        // this end tag only ends the dropped content.
        raw_end_tag_ = true;
        if (c == '>') drop_markup();
        else state_ = State::BogusComment;  // the rest of the end tag, up to '>'
      } else if (raw_escaped_) {
        script_escaped_char(c);
      } else {
        raw_text_char(c);
      }
      return;
    case State::ScriptEscapeStart:
    case State::ScriptEscapeStartDash:
      if (c == '-') {
        state_ = state_ == State::ScriptEscapeStart ? State::ScriptEscapeStartDash : State::ScriptEscapedDashDash;
      } else {
        raw_text_char(c);
      }
      return;
    case State::ScriptEscaped:
    case State::ScriptEscapedDash:
    case State::ScriptEscapedDashDash:
      if (!comment_dash_or_end(c, State::ScriptEscaped, State::ScriptEscapedDashDash)) script_escaped_char(c);
      return;
    case State::ScriptEscapedLess:
      if (c == '/') {
        raw_match_ = 0;
        raw_escaped_ = true;
        state_ = State::RawTextEndName;
      } else if (is_alpha(c)) {
        start_script_word();
        state_ = State::ScriptDoubleEscapeStart;
        match_script_word(c);
      } else {
        script_escaped_char(c);
      }
      return;
    case State::ScriptDoubleEscapeStart:
    case State::ScriptDoubleEscapeEnd:
      if (is_space(c) || c == '/' || c == '>') {
        // "<script" enters the double escaped state, "</script" leaves it.
        const bool enters = state_ == State::ScriptDoubleEscapeStart;
        const bool script = script_word_ok_ && script_word_ == 6;
        state_ = (script == enters) ? State::ScriptDoubleEscaped : State::ScriptEscaped;
      } else if (is_alpha(c)) {
        match_script_word(c);
      } else if (state_ == State::ScriptDoubleEscapeStart) {
        script_escaped_char(c);
      } else {
        script_double_escaped_char(c);
      }
      return;
    case State::ScriptDoubleEscaped:
    case State::ScriptDoubleEscapedDash:
    case State::ScriptDoubleEscapedDashDash:
      if (!comment_dash_or_end(c, State::ScriptDoubleEscaped, State::ScriptDoubleEscapedDashDash))
        script_double_escaped_char(c);
      return;
    case State::ScriptDoubleEscapedLess:
      if (c == '/') {
        start_script_word();
        state_ = State::ScriptDoubleEscapeEnd;
      } else {
        script_double_escaped_char(c);
      }
      return;
  }
}

bool Guard::in_script() const { return raw_name_size_ == 6 && std::memcmp(raw_name_, "script", 6) == 0; }

// In an escaped script (plain: the state after neither '-' nor "--"), a
// second dash and the '>' of "-->"; false when c is neither.
bool Guard::comment_dash_or_end(char c, State plain, State dash_dash) {
  ++stats_.raw_text_bytes_dropped;
  if (c == '>' && state_ == dash_dash) {
    state_ = State::RawText;  // "-->" ends the escape, and the script data goes on
    return true;
  }
  if (c == '-' && state_ != plain) {
    state_ = dash_dash;
    return true;
  }
  return false;
}

// A byte given back to the raw text (script data) state.
void Guard::raw_text_char(char c) {
  if (c == '<') token_begin_ = in_pos_;
  state_ = c == '<' ? State::RawTextLess : State::RawText;
}

// A byte read in the script data escaped state (or given back to it).
void Guard::script_escaped_char(char c) {
  if (c == '<') token_begin_ = in_pos_;
  state_ = c == '-' ? State::ScriptEscapedDash : c == '<' ? State::ScriptEscapedLess : State::ScriptEscaped;
}

// The same for the double escaped state, where no end tag is looked for.
void Guard::script_double_escaped_char(char c) {
  state_ = c == '-'   ? State::ScriptDoubleEscapedDash
           : c == '<' ? State::ScriptDoubleEscapedLess
                      : State::ScriptDoubleEscaped;
}

void Guard::start_script_word() {
  script_word_ = 0;
  script_word_ok_ = true;
}

void Guard::match_script_word(char c) {
  static constexpr char kScript[] = "script";
  if (script_word_ok_ && script_word_ < 6 && to_lower(c) == kScript[script_word_]) ++script_word_;
  else script_word_ok_ = false;
}

void Guard::finish() {
  switch (state_) {
    case State::Data:
      if (entity_length_ > 0) settle_reference(-1);
      break;
    case State::TagOpen:  // a lone '<' at the end is text
      offsets_.record(out_pos_, token_begin_);
      append_out("&lt;", 4);
      offsets_.record(out_pos_, token_begin_ + 1);
      break;
    case State::RawText: case State::RawTextLess: case State::RawTextEndName:
    case State::ScriptEscapeStart: case State::ScriptEscapeStartDash: case State::ScriptEscaped:
    case State::ScriptEscapedDash: case State::ScriptEscapedDashDash: case State::ScriptEscapedLess:
    case State::ScriptDoubleEscapeStart: case State::ScriptDoubleEscaped:
    case State::ScriptDoubleEscapedDash: case State::ScriptDoubleEscapedDashDash:
    case State::ScriptDoubleEscapedLess: case State::ScriptDoubleEscapeEnd:
      offsets_.record(out_pos_, in_pos_);  // the element was closed when it started
      break;
    default:  // an unfinished tag or comment: dropped; the text before ends at its '<'
      offsets_.record(out_pos_, raw_end_tag_ ? in_pos_ : token_begin_);
      break;
  }
  state_ = State::Data;
  flush();
}

}  // namespace winnow
