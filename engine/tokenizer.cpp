// SPDX-License-Identifier: MIT
#include "engine/tokenizer.h"

#include "engine/letter_case.h"
#include "engine/mojibake.h"
#include "engine/semantics.h"
#include "engine/utf8.h"

#include <algorithm>
#include <cctype>
#include <cstring>

namespace winnow {
namespace {

enum class CharClass { Space, Drop, Cjk, Other };

// Control characters are spaces, as the decoder makes them (a browser shows
// none of them as text): whatever adapter feeds the engine, no word holds
// one, so the in-band markers of rendered text (U+0001, U+0003, U+0011 to
// U+001F: engine/content_writer.h) never come from content.
CharClass classify(std::uint32_t cp) {
  if (cp <= 0x20 || cp == 0x7F) return CharClass::Space;
  if (cp < 0x80) return CharClass::Other;
  if (cp == 0xA0 || cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200B) || cp == 0x2028 ||
      cp == 0x2029 || cp == 0x202F || cp == 0x205F || cp == 0x3000)
    return CharClass::Space;
  if (cp == 0xAD || cp == 0xFEFF) return CharClass::Drop;  // soft hyphen, zero-width no-break space
  // Each of these characters is a word of its own: CJK ideographs, kana and
  // Hangul (as the evaluation counts them), and Thai and Lao (U+0E00-0EFF),
  // Myanmar (U+1000-109F) and Khmer (U+1780-17FF), written without spaces
  // between words (a run between two spaces is a phrase or a sentence), so
  // every count of words measures such text by its length.
  if (is_spaceless_alphabet(cp) || (cp >= 0x1100 && cp <= 0x11FF) || (cp >= 0x2E80 && cp <= 0x2FDF) ||
      (cp >= 0x3001 && cp <= 0x33FF) || (cp >= 0x3400 && cp <= 0x4DBF) ||
      (cp >= 0x4E00 && cp <= 0x9FFF) || (cp >= 0xA960 && cp <= 0xA97F) ||
      (cp >= 0xAC00 && cp <= 0xD7AF) || (cp >= 0xF900 && cp <= 0xFAFF) ||
      (cp >= 0xFE30 && cp <= 0xFE4F) || (cp >= 0xFF00 && cp <= 0xFFEF) ||
      (cp >= 0x20000 && cp <= 0x3FFFF))
    return CharClass::Cjk;
  return CharClass::Other;
}

bool is_ascii(char c) { return static_cast<unsigned char>(c) < 0x80; }
// What classify() calls Space among ASCII bytes.
bool is_ascii_space(char c) { return static_cast<unsigned char>(c) <= 0x20 || c == 0x7F; }

bool contains_declaration(std::string_view style, std::string_view property, std::string_view value) {
  // Matches "property : value" case-insensitively, ignoring spaces, as browsers
  // read inline styles; enough to see display:none and visibility:hidden.
  std::size_t at = 0;
  auto lower = [](char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c + 32) : c; };
  while (at < style.size()) {
    std::size_t k = 0;
    std::size_t i = at;
    while (i < style.size() && k < property.size() && lower(style[i]) == property[k]) ++i, ++k;
    if (k == property.size()) {
      while (i < style.size() && style[i] == ' ') ++i;
      if (i < style.size() && style[i] == ':') {
        ++i;
        while (i < style.size() && style[i] == ' ') ++i;
        std::size_t v = 0;
        while (i < style.size() && v < value.size() && lower(style[i]) == value[v]) ++i, ++v;
        if (v == value.size()) return true;
      }
    }
    ++at;
  }
  return false;
}

// React's streaming server renderer sends each part of the page that was
// still loading when the shell went out as <div hidden id="S:1f">, and a
// script moves it into place: the page's content, not hidden content.
bool is_streamed_segment(std::string_view id) {
  if (id.size() < 3 || id[0] != 'S' || id[1] != ':') return false;
  for (std::size_t i = 2; i < id.size(); ++i) {
    const char c = id[i];
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  }
  return true;
}

bool hides_element(Tag tag, const ElementAttributes& attributes) {
  // A browser shows a dialog only while it is open (a script opens the
  // others: sign-in forms, cookie settings, share sheets).
  if (tag == Tag::dialog && !attributes.open) return true;
  return (attributes.hidden && !is_streamed_segment(attributes.id)) ||
         contains_declaration(attributes.style, "display", "none") ||
         contains_declaration(attributes.style, "visibility", "hidden");
}

// Elements drawn as a box of their own rather than as text.
bool is_replaced_element(Tag tag) {
  switch (tag) {
    case Tag::img: case Tag::svg: case Tag::iframe: case Tag::video: case Tag::audio:
    case Tag::canvas: case Tag::object: case Tag::embed: case Tag::input: case Tag::select:
    case Tag::textarea: case Tag::button: case Tag::meter: case Tag::progress:
      return true;
    default:
      return false;
  }
}

// Whether a <meta> gives the page's description: name="description" (HTML),
// property="og:description" (Open Graph), name="twitter:description", or
// itemprop="description" (schema.org microdata).
bool describes_page(const ElementAttributes& attributes) {
  if (attributes.content.empty()) return false;
  for (const std::string_view key : {attributes.name, attributes.property})
    if (equals_lower(key, "description") || equals_lower(key, "og:description") ||
        equals_lower(key, "twitter:description"))
      return true;
  return equals_lower(attributes.itemprop, "description");
}

bool declares_type(const ElementAttributes& attributes) {
  return equals_lower(attributes.property, "og:type") || equals_lower(attributes.name, "og:type");
}

std::uint64_t interpolate(SourceSpan source, std::size_t index, std::size_t length) {
  const std::uint64_t width = source.end - source.begin;
  if (width == length || length == 0) return source.begin + (length == 0 ? 0 : index);  // no entities
  if (width < (1ull << 32) && index < (1ull << 32)) return source.begin + width * index / length;
  return source.begin + static_cast<std::uint64_t>(static_cast<unsigned __int128>(width) * index / length);
}

// For a word's end: rounded up, so that a word in text longer than its
// source (a legacy encoding's 1 byte -> 3 UTF-8 bytes, U+FFFD) never gets
// an empty span. Words of one span stay disjoint from the next span's:
// at most 3 UTF-8 bytes per source byte, and two kept runs are at least a
// word and two separators apart.
std::uint64_t interpolate_end(SourceSpan source, std::size_t index, std::size_t length) {
  const std::uint64_t width = source.end - source.begin;
  if (width == length || length == 0) return source.begin + (length == 0 ? 0 : index);
  const auto scaled = static_cast<unsigned __int128>(width) * index;
  return source.begin + static_cast<std::uint64_t>((scaled + length - 1) / length);
}

// The kind of block an item element makes (a list item's by its list), else
// Paragraph.
BlockKind item_kind(Tag tag, Tag parent) {
  switch (tag) {
    case Tag::li: return parent == Tag::ol ? BlockKind::OrderedListItem : BlockKind::ListItem;
    case Tag::dt: return BlockKind::Term;
    case Tag::dd: return BlockKind::Definition;
    case Tag::td: case Tag::th: return BlockKind::TableCell;
    case Tag::caption: case Tag::figcaption: return BlockKind::Caption;
    default: return BlockKind::Paragraph;
  }
}

// The kinds of block a list or a table row is made of.
bool starts_groups(BlockKind kind) {
  return kind == BlockKind::ListItem || kind == BlockKind::OrderedListItem || kind == BlockKind::Term ||
         kind == BlockKind::Definition || kind == BlockKind::TableCell;
}

}  // namespace

Tokenizer::Tokenizer(MemoryBudget& budget, TokenStream& stream, TokenConsumer& consumer,
                     std::size_t max_depth)
    : stream_(stream),
      consumer_(consumer),
      stack_(budget, max_depth),
      max_depth_(max_depth) {}

void Tokenizer::emit_tag(TokenKind kind, Tag tag, SourceSpan source, bool block_boundary, std::uint32_t semantics) {
  // Written into the stream's slot field by field: a Token assembled on the
  // stack and copied there was read back in wide loads from narrow stores.
  Token& token = stream_.push_new({});
  token.word_index = word_count_;
  token.source_begin = source.begin;
  token.source_end = source.end;
  token.block = block_;
  token.depth = static_cast<std::uint16_t>(std::min<std::size_t>(depth_, 0xFFFF));
  token.tag = tag;
  token.kind = kind;
  token.flags = block_boundary ? kTokenBlockBoundary : 0;
  token.heading_level = 0;
  token.block_tag = Tag::unknown;
  token.line_start = 0;
  token.block_shape = 0;
  token.semantics = semantics;
  token.container = 0;
  token.grand_container = 0;
  consumer_.on_token(token, {});
}

void Tokenizer::on_start_element(Tag tag, const ElementAttributes& attributes, SourceSpan source) {
  flush_word();
  // Neither a drawing's title (SVG) nor one in a template's inert content is
  // the page's, nor one deeper than the stack goes (its text could not be
  // told apart).
  if (tag == Tag::title && depth_ < max_depth_ && !inside(Tag::svg) && !inside(Tag::template_))
    stream_.page_title().begin();
  // Metadata is read where a browser reads it: not from a drawing or a
  // template's inert content.
  if ((tag == Tag::meta || tag == Tag::link || tag == Tag::html) && !stream_.page_metadata().settled() &&
      !inside(Tag::svg) && !inside(Tag::template_))
    stream_.page_metadata().read_element(tag, attributes);
  if (tag == Tag::meta && describes_page(attributes)) stream_.set_description(attributes.content);
  if (tag == Tag::meta && declares_type(attributes)) stream_.set_page_kind(attributes.content);
  const std::uint8_t inherited = context_flags();
  if (inherited & kInvisible) {
    // Nothing inside an invisible subtree becomes a token; only its shape is kept.
    if (depth_ < max_depth_) stack_[depth_++] = OpenElement{tag, inherited, 0, Tag::unknown, 0, 0, 0, 0, 0, 0};
    else ++flattened_open_, ++flattened_total_;
    return;
  }
  std::uint8_t flags = inherited;
  const bool hidden = hides_element(tag, attributes);
  if (has_flag(tag, kTagInvisible)) flags |= kInvisible;
  if (hidden) flags |= kInvisible | kHidden;
  // A replaced element (a picture, a player, a form control) is a box
  // between the words around it: "Casserole<img>Don't" reads as two words,
  // as the golds have them, though innerText would join them (stop 77).
  if (is_replaced_element(tag) && !hidden) space_before_ = true;
  if (tag == Tag::a) flags |= kAnchor;
  if (attributes.has_onclick) flags |= kOnclick;
  if (!(flags & kAdvert) && element_is_advert(attributes)) flags |= kAdvert;
  if (has_flag(tag, kTagHeading)) flags |= kHeading;
  flags = white_space(tag, attributes, flags);
  const bool block = tag == Tag::br ? break_line() : has_flag(tag, kTagBlock);
  if (block) start_block();
  // The start tag carries the cues of its own attributes (class, id, role,
  // itemprop), not those its tag name implies: what Readability weighs.
  // The attributes are read once; the tag name's own cues are added after.
  std::uint32_t own_cues = element_semantics(Tag::unknown, attributes);
  // A link in another language than the page's is a language switcher's:
  // the page's language is read from <html> on, before any link.
  if (!attributes.hreflang.empty() &&
      leads_to_other_language(attributes.hreflang, stream_.page_metadata().get(MetadataField::language)))
    own_cues |= kSemLanguageLink;
  // A class that names a button makes a link a call to action, not any
  // other element (engine/semantics.h).
  if (!is_button_link(tag, own_cues)) own_cues &= ~kSemButtonLink;
  emit_tag(TokenKind::StartTag, tag, source, block, own_cues);
  const std::uint8_t style = element_style(tag);
  const Tag block_tag = block ? tag : context_block_tag();
  // The class and id words of html and body describe the page (feature
  // flags, WordPress's body classes such as "has-sidebar"), not a part of it:
  // inherited, they would mark every block of the page as a sidebar or a
  // comment. They stay on the start tag (Readability.js, too, never removes
  // body or html as an unlikely candidate).
  const bool page_element = tag == Tag::html || tag == Tag::body;
  const std::uint32_t semantics = context_semantics() | (page_element ? 0 : own_cues) | tag_semantics(tag);
  const OpenElement* parent = context();
  std::uint32_t block_id = parent ? parent->block_id : 0;
  std::uint32_t container = parent ? parent->container : 0;
  std::uint32_t grand_container = parent ? parent->grand_container : 0;
  if (block) {
    grand_container = container;
    container = block_id;
    block_id = static_cast<std::uint32_t>(stream_.end_seq());  // the start tag's seq + 1: never 0
  }
  std::uint32_t list_items = parent ? parent->list_items : 0;
  if (tag == Tag::li && list_items <= kMaxListNesting) ++list_items;
  std::uint32_t quotes = parent ? parent->quotes : 0;
  if (tag == Tag::blockquote && quotes <= kMaxQuoteNesting) ++quotes;
  if (depth_ < max_depth_) {
    stack_[depth_++] =
        OpenElement{tag, flags, style, block_tag, semantics, list_items, quotes, block_id, container, grand_container};
    if (item_kind(tag, Tag::unknown) != BlockKind::Paragraph) item_opened_ = true;
    if (has_flag(tag, kTagList) || tag == Tag::tr) group_opened_ = true;
  } else {
    ++flattened_open_;
    ++flattened_total_;
  }
}

void Tokenizer::on_end_element(Tag tag, SourceSpan source) {
  flush_word();
  if (tag == Tag::title) stream_.page_title().end();
  if (flattened_open_ > 0) {
    --flattened_open_;
    if (!(context_flags() & kInvisible)) emit_tag(TokenKind::EndTag, tag, source, false);
    return;
  }
  // libxml2 delivers balanced events; the search only guards other adapters.
  std::size_t match = depth_;
  while (match > 0 && stack_[match - 1].tag != tag) --match;
  if (match == 0) return;
  const bool was_visible_parent = match < 2 || !(stack_[match - 2].flags & kInvisible);
  depth_ = match - 1;
  if (!was_visible_parent) return;
  // The element that carries a bit its parent lacks is the region itself;
  // when a visible one ends, what follows is outside it.
  const OpenElement& closed = stack_[match - 1];
  // The box ends, and with it the word before, unless it was hidden.
  if (is_replaced_element(tag) && !(closed.flags & kHidden)) space_before_ = true;
  const auto region_ends = [&](std::uint32_t bit) {
    const bool parent_has_it = match >= 2 && (stack_[match - 2].semantics & bit);
    return (closed.semantics & bit) && !(closed.flags & kInvisible) && !parent_has_it;
  };
  if (region_ends(kSemMainLandmark)) stream_.set_main_landmark_ended();
  if (region_ends(kSemDeclaredBody)) stream_.set_declared_body_ended();
  // A list or row that ends before any item's words starts no group.
  if (has_flag(tag, kTagList) || tag == Tag::tr) group_opened_ = false;
  // A <br>'s line break was taken at its start tag.
  const bool block = has_flag(tag, kTagBlock) && tag != Tag::br;
  emit_tag(TokenKind::EndTag, tag, source, block);
  if (block) start_block();
}

bool Tokenizer::break_line() {
  if (block_text_bytes_ == 0 || broken_by_br_) return true;
  broken_by_br_ = true;
  space_before_ = true;
  if (line_breaks_ < 2) ++line_breaks_;
  line_columns_ = 0;
  return false;
}

void Tokenizer::on_text(std::string_view text, SourceSpan source) {
  if (context_flags() & kInvisible) {
    // The title is not content, but algorithms compare headlines with it.
    if (innermost_tag() == Tag::title) {
      stream_.append_title(text);
      stream_.page_title().append(text);
    }
    return;
  }
  // Offsets are interpolated only where a word starts or ends: a division per
  // character would cost more than the rest of the tokenizer.
  std::size_t word_end_index = 0;  // end of the pending word's bytes in this text
  bool word_grew = false;
  auto close_pending_word = [&]() {
    if (word_grew) word_end_ = interpolate_end(source, word_end_index, text.size());
    word_grew = false;
    flush_word();
  };
  // Bytes [from, to) join the pending word: one character, or a run of ASCII
  // ones taken together but split where the buffer fills, exactly where one
  // character at a time would split it.
  auto append_to_word = [&](std::size_t from, std::size_t to) {
    while (from < to) {
      const std::size_t character = is_ascii(text[from]) ? 1 : to - from;
      if (word_size_ + character > sizeof(word_)) close_pending_word();  // an over-long run: split, glued
      if (word_size_ == 0) word_begin_ = interpolate(source, from, text.size());
      const std::size_t take = std::min(to - from, sizeof(word_) - word_size_);
      std::memcpy(word_ + word_size_, text.data() + from, take);
      word_size_ += take;
      from += take;
      word_end_index = from;
      word_grew = true;
    }
  };
  std::size_t i = 0;
  while (i < text.size()) {
    if (is_ascii(text[i])) {
      // Most text is ASCII: no decoding, and a word's bytes are copied at once.
      if (is_ascii_space(text[i])) {
        close_pending_word();
        space_before_ = true;
        if (context_flags() & kPreformatted) note_preformatted_space(text[i]);
        ++i;
        continue;
      }
      std::size_t end = i + 1;
      while (end < text.size() && is_ascii(text[end]) && !is_ascii_space(text[end])) ++end;
      if (word_size_ == 0 && end < text.size() && is_ascii(text[end]) && end - i <= sizeof(word_)) {
        // A whole word of this text, a space after it (most words): emitted
        // from the text itself, as the buffer would have emitted it.
        emit_word(text.substr(i, end - i), interpolate(source, i, text.size()),
                  interpolate_end(source, end, text.size()), false);
        i = end;
        continue;
      }
      append_to_word(i, end);
      i = end;
      continue;
    }
    std::uint32_t cp = 0;
    const std::size_t length = decode_utf8(text, i, &cp);
    CharClass kind = classify(cp);
    if ((cp == 0xA0 || cp == 0xAD) && word_size_ > 0 &&
        ends_in_partial_double_utf8(std::string_view(word_, word_size_))) {
      kind = CharClass::Other;  // a stand-in for a continuation byte, perhaps: flush_word decides
      word_kept_break_ = true;
    }
    switch (kind) {
      case CharClass::Space:
        close_pending_word();
        space_before_ = true;
        if (context_flags() & kPreformatted) note_preformatted_space(' ');
        break;
      case CharClass::Drop:
        break;
      case CharClass::Cjk:
        close_pending_word();
        emit_word(text.substr(i, length), interpolate(source, i, text.size()),
                  interpolate_end(source, i + length, text.size()), true);
        break;
      case CharClass::Other:
        append_to_word(i, i + length);
        break;
    }
    i += length;
  }
  if (word_grew) word_end_ = interpolate_end(source, word_end_index, text.size());
}

void Tokenizer::on_end_document(std::uint64_t) {
  flush_word();
  stream_.page_title().finish();
  settle_metadata();
  consumer_.on_end_of_tokens();
}

void Tokenizer::flush_word() {
  if (word_size_ == 0) return;
  const std::size_t size = word_size_;
  word_size_ = 0;
  // Only a word with a character past ASCII comes through here with
  // anything to repair; the fast path in on_text takes ASCII words.
  const std::size_t repaired = repair_double_utf8(word_, size);
  if (repaired == size && !word_kept_break_) {
    emit_word(std::string_view(word_, size), word_begin_, word_end_, false);
    return;
  }
  word_kept_break_ = false;
  emit_repaired_word(repaired);
}

// A repaired word may hold what on_text splits words at or leaves out: a
// CJK character (a word of its own), a space, a soft hyphen — those the
// repair made, and a no-break space or soft hyphen kept for a repair that
// did not happen. Each piece takes the whole word's source span.
void Tokenizer::emit_repaired_word(std::size_t size) {
  std::size_t kept = 0;  // soft hyphens and the like out, in place
  for (std::size_t i = 0; i < size;) {
    std::uint32_t cp = 0;
    const std::size_t length = decode_utf8(std::string_view(word_, size), i, &cp);
    if (classify(cp) != CharClass::Drop) {
      std::memmove(word_ + kept, word_ + i, length);
      kept += length;
    }
    i += length;
  }
  const std::string_view text(word_, kept);
  std::size_t start = 0;
  const auto emit_run = [&](std::size_t end) {
    if (end > start) emit_word(text.substr(start, end - start), word_begin_, word_end_, false);
  };
  for (std::size_t i = 0; i < text.size();) {
    std::uint32_t cp = 0;
    const std::size_t length = decode_utf8(text, i, &cp);
    const CharClass kind = classify(cp);
    if (kind == CharClass::Space || kind == CharClass::Cjk) {
      emit_run(i);
      if (kind == CharClass::Space) space_before_ = true;
      else emit_word(text.substr(i, length), word_begin_, word_end_, true);
      start = i + length;
    }
    i += length;
  }
  emit_run(text.size());
}

void Tokenizer::settle_metadata() {
  if (stream_.page_metadata().settled()) return;
  const PageTitle& title = stream_.page_title();
  stream_.page_metadata().settle(title.known() ? title.view() : std::string_view());
  stream_.set_address_shape(address_shape(stream_.page_metadata().get(MetadataField::url)));
  consumer_.on_metadata_settled();
}

void Tokenizer::emit_word(std::string_view text, std::uint64_t begin, std::uint64_t end, bool cjk) {
  // The page's first word of content: what it declared about itself is
  // settled before any of its text reaches an algorithm.
  if (!stream_.page_metadata().settled()) settle_metadata();
  const std::uint8_t context = context_flags();
  // A preformatted line break renders as a newline (where a space would be),
  // an empty line as one more, then the indentation
  // (ContentWriter::rendered_prefix): the block's bound holds its rendering.
  bool line_break = line_breaks_ > 0 && space_before_;
  const std::size_t indent = std::min<std::size_t>(line_columns_, kMaxLineIndent);
  const bool blank_line = line_breaks_ > 1;
  line_breaks_ = 0;
  line_columns_ = 0;
  after_cr_ = false;
  broken_by_br_ = false;
  const std::size_t bytes =
      text.size() + (space_before_ ? 1 : 0) + (line_break ? indent + (blank_line ? 1 : 0) : 0);
  if (block_text_bytes_ + bytes > kMaxBlockTextBytes && block_text_bytes_ > 0) {
    ++block_;
    block_text_bytes_ = 0;
  }
  // The first word of a block starts its line: nothing goes before it.
  if (block_text_bytes_ == 0) line_break = false;
  block_text_bytes_ += bytes;
  Token& token = stream_.push_new(text);  // filled in place, as in emit_tag
  token.word_index = word_count_++;
  token.source_begin = begin;
  token.source_end = end;
  token.block = block_;
  token.depth = static_cast<std::uint16_t>(std::min<std::size_t>(depth_, 0xFFFF));
  token.tag = innermost_tag();
  token.kind = TokenKind::Word;
  token.flags = static_cast<std::uint8_t>((space_before_ ? 0 : kTokenGlued) |
                                          ((context & kAnchor) ? kTokenInAnchor : 0) |
                                          ((context & kHeading) ? kTokenInHeading : 0) |
                                          ((context & kOnclick) ? kTokenInOnclick : 0) |
                                          ((context & kAdvert) ? kTokenInAdvert : 0) |
                                          (cjk ? kTokenCjk : 0) | (line_break ? kTokenLineBreak : 0));
  token.line_start = line_break ? static_cast<std::uint8_t>(indent | (blank_line ? kBlankLineBefore : 0)) : 0;
  unpack_block_style(context_style(), token);
  if (item_opened_) {
    item_opened_ = false;
    item_first_block_ = block_;
  }
  const BlockKind kind = token.block_kind();
  if (kind != BlockKind::Paragraph && kind != BlockKind::Preformatted && block_ != item_first_block_)
    token.block_shape |= kBlockContinuesItem;
  // Every word of a block has its block's kind, so the block that started
  // the group is all the later words need to be told by.
  if (group_opened_ && starts_groups(kind) && !(token.block_shape & kBlockContinuesItem)) {
    group_opened_ = false;
    group_started_ = true;
    group_first_block_ = block_;
  }
  if (group_started_ && block_ == group_first_block_) token.block_shape |= kBlockStartsGroup;
  const OpenElement* element = this->context();
  if (element && element->list_items > 1)
    token.block_shape |= static_cast<std::uint8_t>((element->list_items - 1) << kBlockListNestingShift);
  if (element && element->quotes > 1) token.block_shape |= kBlockQuoteNested;
  token.block_tag = context_block_tag();
  token.semantics = context_semantics();
  token.container = element ? element->container : 0;
  token.grand_container = element ? element->grand_container : 0;
  space_before_ = false;
  consumer_.on_token(token, text);
}

std::uint8_t Tokenizer::element_style(Tag tag) const {
  const std::uint8_t parent = context_style();
  const int level = heading_level(tag);
  std::uint8_t heading = level ? static_cast<std::uint8_t>(level) : (parent & 7u);
  std::uint8_t shape = static_cast<std::uint8_t>(parent >> 3);
  BlockKind kind = item_kind(tag, innermost_tag());
  if (tag == Tag::pre || tag == Tag::xmp || tag == Tag::plaintext) kind = BlockKind::Preformatted;
  // A cell that holds paragraphs, divisions or sections is a layout table's
  // (a whole article in one <td>): what they hold is no table cell. A cell
  // of a data table holds its text directly.
  const bool in_cell = static_cast<BlockKind>(shape & kBlockKindMask) == BlockKind::TableCell;
  if (in_cell && kind == BlockKind::Paragraph && has_flag(tag, kTagBlock) && !has_flag(tag, kTagVoid))
    shape = static_cast<std::uint8_t>(shape & ~kBlockKindMask);
  if (kind != BlockKind::Paragraph) shape = static_cast<std::uint8_t>((shape & ~kBlockKindMask) | static_cast<std::uint8_t>(kind));
  if (tag == Tag::blockquote) shape |= kBlockQuoted;
  return static_cast<std::uint8_t>(heading | shape << 3);
}

// CSS white-space, which inherits: <pre>, <xmp> and <plaintext> keep lines
// and spaces, as an inline pre, pre-wrap or break-spaces does; pre-line keeps
// the lines and collapses the spaces; normal or nowrap lets the lines flow.
std::uint8_t Tokenizer::white_space(Tag tag, const ElementAttributes& attributes, std::uint8_t flags) {
  const std::uint8_t others = static_cast<std::uint8_t>(flags & ~(kPreformatted | kLinesOnly));
  const std::string_view style = attributes.style;
  if (tag == Tag::pre || tag == Tag::xmp || tag == Tag::plaintext) return others | kPreformatted;
  if (style.empty()) return flags;
  if (contains_declaration(style, "white-space", "pre-line")) return others | kPreformatted | kLinesOnly;
  if (contains_declaration(style, "white-space", "pre") || contains_declaration(style, "white-space", "break-spaces"))
    return others | kPreformatted;
  if (contains_declaration(style, "white-space", "normal") || contains_declaration(style, "white-space", "nowrap"))
    return others;
  return flags;
}

void Tokenizer::note_preformatted_space(char space) {
  // A CR LF pair is one line break, wherever the text was cut.
  const bool lf_after_cr = space == '\n' && after_cr_;
  after_cr_ = space == '\r';
  if (space == '\n' || space == '\r') {
    if (!lf_after_cr && line_breaks_ < 2) ++line_breaks_;
    if (!lf_after_cr) line_columns_ = 0;
    return;
  }
  if (line_breaks_ == 0 || line_columns_ >= kMaxLineIndent || (context_flags() & kLinesOnly)) return;
  line_columns_ = space == '\t' ? (line_columns_ / 8 + 1) * 8 : line_columns_ + 1;
}

}  // namespace winnow
