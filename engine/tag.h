// SPDX-License-Identifier: MIT
// HTML element names as a closed enum, with the properties the engine needs
// as bit flags. Adapters map parser names to Tag once per element, so no
// algorithm ever compares strings on the hot path.
#pragma once

#include <cstdint>
#include <string_view>

namespace winnow {

#define WINNOW_TAGS(X)                                                                           \
  X(a) X(abbr) X(address) X(area) X(article) X(aside) X(audio) X(b) X(base) X(bdi) X(bdo)        \
  X(big) X(blockquote) X(body) X(br) X(button) X(canvas) X(caption) X(center) X(cite) X(code)    \
  X(col) X(colgroup) X(data) X(datalist) X(dd) X(del) X(details) X(dfn) X(dialog) X(dir) X(div) \
  X(dl) X(dt) X(em) X(embed) X(fieldset) X(figcaption) X(figure) X(font) X(footer) X(form)       \
  X(frame) X(frameset) X(h1) X(h2) X(h3) X(h4) X(h5) X(h6) X(head) X(header) X(hgroup) X(hr)     \
  X(html) X(i) X(iframe) X(img) X(input) X(ins) X(kbd) X(label) X(legend) X(li) X(link) X(main)  \
  X(map) X(mark) X(marquee) X(math) X(menu) X(meta) X(meter) X(nav) X(nobr) X(noembed)          \
  X(noframes) X(noscript) X(object) X(ol) X(optgroup) X(option) X(output) X(p) X(param)          \
  X(picture) X(plaintext) X(pre) X(progress) X(q) X(rp) X(rt) X(ruby) X(s) X(samp) X(script)     \
  X(search) X(section) X(select) X(slot) X(small) X(source) X(span) X(strike) X(strong)          \
  X(style) X(sub) X(summary) X(sup) X(svg) X(table) X(tbody) X(td) X(template_) X(textarea)       \
  X(tfoot) X(th) X(thead) X(time) X(title) X(tr) X(track) X(tt) X(u) X(ul) X(var) X(video)       \
  X(wbr) X(xmp)                                                                                 \
  /* Appended out of order: MSS's trained model indexes its parent table by   */                  \
  /* Tag, so the values of the tags above must not move.                       */                  \
  X(annotation) X(annotation_xml)

enum class Tag : std::uint8_t {
  unknown = 0,
#define WINNOW_TAG_ENUM(name) name,
  WINNOW_TAGS(WINNOW_TAG_ENUM)
#undef WINNOW_TAG_ENUM
      count
};

enum TagFlag : std::uint16_t {
  kTagBlock = 1 << 0,      // starts and ends a block of text (p, div, li, br, ...)
  kTagInvisible = 1 << 1,  // its subtree contributes no text (script, style, svg, ...)
  kTagVoid = 1 << 2,       // never has content or an end tag (br, img, ...)
  kTagHeading = 1 << 3,    // h1..h6
  kTagRawText = 1 << 4,    // content is not markup (script, style): the guard drops it
  kTagList = 1 << 5,       // ul, ol, dl, menu
  kTagSectioning = 1 << 6, // article, main, section, nav, aside, header, footer
  kTagFormatting = 1 << 7, // b, strong, i, em, ...: emphasis inside running text
};

// The lower-case name, or "" for Tag::unknown.
std::string_view tag_name(Tag tag);
// Maps a lower-case ASCII name; anything else is Tag::unknown.
Tag tag_from_name(std::string_view lower_case_name);
std::uint16_t tag_flags(Tag tag);

inline bool has_flag(Tag tag, TagFlag flag) { return (tag_flags(tag) & flag) != 0; }
// Heading level 1..6, or 0.
int heading_level(Tag tag);

}  // namespace winnow
