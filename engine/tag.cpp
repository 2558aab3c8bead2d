// SPDX-License-Identifier: MIT
#include "engine/tag.h"

#include <algorithm>
#include <array>

namespace winnow {
namespace {

constexpr std::size_t kTagCount = static_cast<std::size_t>(Tag::count);

constexpr std::array<std::string_view, kTagCount> kNames = {
    "",
#define WINNOW_TAG_NAME(name) #name,
    WINNOW_TAGS(WINNOW_TAG_NAME)
#undef WINNOW_TAG_NAME
};

constexpr std::uint16_t flags_of(Tag tag) {
  switch (tag) {
    case Tag::address: case Tag::blockquote: case Tag::body: case Tag::caption:
    case Tag::center: case Tag::dd: case Tag::details: case Tag::dialog: case Tag::div:
    case Tag::dt: case Tag::fieldset: case Tag::figcaption: case Tag::figure: case Tag::form:
    case Tag::hgroup: case Tag::html: case Tag::legend: case Tag::li: case Tag::p:
    case Tag::pre: case Tag::summary: case Tag::table: case Tag::tbody: case Tag::td:
    case Tag::tfoot: case Tag::th: case Tag::thead: case Tag::tr: case Tag::option:
    case Tag::textarea: case Tag::frameset: case Tag::search: case Tag::xmp:
    case Tag::plaintext: case Tag::marquee:
      return kTagBlock;
    case Tag::ul: case Tag::ol: case Tag::dl: case Tag::menu: case Tag::dir:
      return kTagBlock | kTagList;
    case Tag::article: case Tag::aside: case Tag::footer: case Tag::header:
    case Tag::main: case Tag::nav: case Tag::section:
      return kTagBlock | kTagSectioning;
    case Tag::h1: case Tag::h2: case Tag::h3: case Tag::h4: case Tag::h5: case Tag::h6:
      return kTagBlock | kTagHeading;
    case Tag::br: case Tag::hr:
      return kTagBlock | kTagVoid;
    case Tag::area: case Tag::base: case Tag::col: case Tag::embed: case Tag::img:
    case Tag::input: case Tag::link: case Tag::meta: case Tag::param: case Tag::source:
    case Tag::track: case Tag::wbr: case Tag::frame:
      return kTagVoid;
    case Tag::script: case Tag::style:
      return kTagInvisible | kTagRawText;
    // noscript is not here: libxml2 runs no scripts, so what is inside it is
    // parsed as markup, and on pages built by scripts (forum software serving
    // its posts to crawlers) it is the only text. Tokens inside it carry
    // kSemNoscript; each algorithm decides (Readability drops it, as
    // Readability.js does).
    // MathML is rendered text (a formula in an article: its letters, digits
    // and operators are the gold's words on such pages), but a formula's
    // annotations are not rendered (a browser shows a <semantics> element's
    // first child only): the TeX source Wikipedia and MathJax put there would
    // come out as words. SVG stays invisible: its text is mostly icons'
    // titles and chart labels.
    // object is not here: what is inside it is the fallback a browser shows
    // when it cannot show the object itself, which today is every Flash
    // player (a video's caption, stop 77: on the corpus's msnbc pages it was
    // the story's summary) and every object with no data (a container some
    // sites style, as IGN's review scores). video, audio, canvas and iframe
    // stay: a browser that supports them never shows what is inside.
    case Tag::annotation: case Tag::annotation_xml:
    case Tag::head: case Tag::title: case Tag::template_:
    case Tag::svg: case Tag::iframe: case Tag::canvas:
    case Tag::audio: case Tag::video: case Tag::select: case Tag::datalist:
    case Tag::noembed: case Tag::noframes: case Tag::map: case Tag::rp:
      return kTagInvisible;
    case Tag::b: case Tag::strong: case Tag::i: case Tag::em: case Tag::u: case Tag::mark:
    case Tag::big: case Tag::small: case Tag::font:
      return kTagFormatting;
    default:
      return 0;
  }
}

// Open-addressing table from name to Tag, built once: one hash and usually
// one comparison per lookup, since every element start and end looks a name up
// (three times: guard, parser, engine). Each slot keeps its name, and names
// are compared with a byte loop: at most 14 bytes, less than a memcmp call.
class NameTable {
 public:
  NameTable() {
    for (std::size_t i = 1; i < kTagCount; ++i) {
      const Tag tag = static_cast<Tag>(i);
      std::size_t slot = hash(tag_name(tag)) & kMask;
      while (slots_[slot].tag != Tag::unknown) slot = (slot + 1) & kMask;
      slots_[slot] = Slot{tag_name(tag), tag};
    }
  }
  Tag find(std::string_view name) const {
    if (name.empty() || name.size() > kLongestName) return Tag::unknown;
    for (std::size_t slot = hash(name) & kMask;; slot = (slot + 1) & kMask) {
      const Slot& entry = slots_[slot];
      if (entry.tag == Tag::unknown || same(entry.name, name)) return entry.tag;
    }
  }

 private:
  struct Slot {
    std::string_view name;
    Tag tag = Tag::unknown;
  };
  static constexpr std::size_t kLongestName = 14;  // "annotation-xml"
  static constexpr std::size_t kSlots = 512;  // > 3x the number of tags: short probes
  static constexpr std::size_t kMask = kSlots - 1;
  static std::size_t hash(std::string_view name) {
    std::uint32_t h = 2166136261u;  // FNV-1a
    for (char c : name) h = (h ^ static_cast<unsigned char>(c)) * 16777619u;
    return h;
  }
  static bool same(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
      if (a[i] != b[i]) return false;
    return true;
  }
  std::array<Slot, kSlots> slots_{};
};

}  // namespace

std::string_view tag_name(Tag tag) {
  if (tag == Tag::template_) return "template";  // the keyword forced a trailing '_'
  if (tag == Tag::annotation_xml) return "annotation-xml";  // '-' is not an identifier's
  auto index = static_cast<std::size_t>(tag);
  return index < kTagCount ? kNames[index] : std::string_view();
}

Tag tag_from_name(std::string_view name) {
  static const NameTable table;  // immutable after construction
  return table.find(name);
}

std::uint16_t tag_flags(Tag tag) { return flags_of(tag); }

int heading_level(Tag tag) {
  switch (tag) {
    case Tag::h1: return 1;
    case Tag::h2: return 2;
    case Tag::h3: return 3;
    case Tag::h4: return 4;
    case Tag::h5: return 5;
    case Tag::h6: return 6;
    default: return 0;
  }
}

}  // namespace winnow
