// SPDX-License-Identifier: MIT
// The parser-independent events an adapter delivers to the engine, each with
// the byte range of the original input it came from. Views are valid only
// during the call.
#pragma once

#include <cstdint>
#include <string_view>

#include "engine/content_sink.h"
#include "engine/tag.h"

namespace winnow {

// Only the attributes some algorithm reads; everything else is dropped by the
// adapter before it costs memory.
struct ElementAttributes {
  std::string_view id;
  std::string_view class_name;
  std::string_view href;
  std::string_view src;
  std::string_view width;    // the attributes as written ("468", "468px")
  std::string_view height;
  std::string_view role;
  std::string_view itemprop;
  std::string_view style;
  // A <meta>'s name, property (Open Graph) and content: the page's own
  // description, which block features compare text with.
  std::string_view name;
  std::string_view property;
  std::string_view content;
  // The page's declared metadata (engine/page_metadata.h): <html lang>,
  // <link rel="canonical">'s rel, and a <meta http-equiv>.
  std::string_view lang;
  std::string_view rel;
  std::string_view http_equiv;
  // An <a>'s hreflang: the language of the page the link leads to, which a
  // language switcher's links name (engine/semantics.h, leads_to_other_language).
  std::string_view hreflang;
  bool has_onclick = false;
  // The hidden attribute. aria-hidden="true" is not read: it keeps an element
  // from screen readers, not from the screen (collapsed menus, decorative
  // copies, and also text a reader sees; the gold keeps it as often).
  bool hidden = false;
  bool open = false;  // the open attribute: a <dialog> without it is not shown
};

class EventHandler {
 public:
  virtual ~EventHandler() = default;
  virtual void on_start_element(Tag tag, const ElementAttributes& attributes, SourceSpan source) = 0;
  virtual void on_end_element(Tag tag, SourceSpan source) = 0;
  // Decoded UTF-8 text (entities resolved). A word may be split across calls.
  virtual void on_text(std::string_view text, SourceSpan source) = 0;
  virtual void on_end_document(std::uint64_t offset) = 0;
};

}  // namespace winnow
