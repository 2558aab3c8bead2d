// SPDX-License-Identifier: MIT
// Turns an extractor's HTML output into plain text, as Gottron's framework
// does with what the extraction proxy returns (seed 000, section 4.2: "strip
// off all tags, comments, style and script elements ... resolving HTML
// entities into Unicode characters"; seed 002, "Metrics", step 1: "remove any
// sort of remaining inline html tags").
//
// Gold files and winnow's own output are plain text and never pass through
// html_to_text: a literal "a < b" in a gold text must stay. Only
// --extractor-cmd output that is HTML (--extractor-output html, or
// auto-detected) does. resolve_entities alone is applied to the gold texts
// with --gold-entities, for packages whose gold kept character references.
#pragma once

#include <string>
#include <string_view>

namespace winnow::eval {

// Removes comments, <script>/<style>/<noscript>/<template> elements with their
// content, and every other tag. Block-level tags (p, div, br, li, h1, ...)
// become a line break so that words of adjacent blocks stay apart; inline tags
// (b, a, span, ...) vanish so that "<b>wo</b>rd" stays one word. Character
// references are resolved afterwards. A '<' that does not start a tag is text.
std::string html_to_text(std::string_view html);

// Resolves numeric (&#65; &#x41;) and HTML 4 named (&amp; &eacute; ...)
// character references that end in ';'. Anything else is left as it is.
std::string resolve_entities(std::string_view text);

// Heuristic for --extractor-output auto: the first non-blank character is
// '<' followed by a letter, '!' or '/', and a '>' follows somewhere.
bool looks_like_html(std::string_view text);

}  // namespace winnow::eval
