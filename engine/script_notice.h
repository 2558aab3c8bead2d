// SPDX-License-Identifier: MIT
// What a page shows a reader whose browser runs no scripts: "Please enable
// JavaScript to view the comments powered by Disqus.", "JavaScript is
// disabled. For a better experience, please enable JavaScript in your
// browser before proceeding.", "Please turn on JavaScript. Media requires
// JavaScript to play." A block of at most kMaxScriptNoticeWords words, every
// one inside a <noscript>, that names JavaScript is such a notice, and the
// default extractor never writes it.
//
// Why: winnow runs no scripts, so it reads what is inside <noscript> (on
// pages built by scripts it is the only text: engine/tag.cpp), and with it
// the notices that stand where a player, a comment thread or a form would
// be, often between two paragraphs of the story, where the smoothing keeps a
// short block whatever its score. On the development corpus the default
// wrote one on 8 of the 156 pages that carry one (stop 103,
// adapters/learn/README.md). A notice names the language it asks for,
// whatever language it is written in ("Bitte aktivieren Sie JavaScript",
// "请启用JavaScript"); a page's own text inside <noscript> (a forum's posts)
// is longer, or does not talk about JavaScript.
//
// Inside <noscript> there may also stand markup written as text: a page
// built by a framework that escapes the element's content twice
// ("<noscript>&amp;lt;img class=… src=…&amp;gt;</noscript>") shows a reader
// without scripts the image's tag, not the image. A block whose every word
// is inside a <noscript> and whose text opens with a start tag, as "<img" or
// "&lt;img" (a '<' or its reference, then an ASCII letter), is such markup,
// and the default extractor never writes it either (one corpus page wrote
// it, utomo-big9-chaos' chaos-climate-3: stop 114).
//
// Memory: none; no state. The text is read once, ASCII letters folded.
#pragma once

#include <cstddef>
#include <string_view>

namespace winnow {

constexpr std::size_t kMaxScriptNoticeWords = 40;

// Whether `text` (a block's words as the writers render them) names
// JavaScript, in any case.
bool names_javascript(std::string_view text);

// Whether a block of `words` words, all of them inside a <noscript>
// (`in_noscript`), with the text `text`, is a notice that scripts are off.
inline bool is_script_notice(bool in_noscript, std::size_t words, std::string_view text) {
  return in_noscript && words > 0 && words <= kMaxScriptNoticeWords && names_javascript(text);
}

// Whether a block all inside a <noscript> (`in_noscript`), with the text
// `text` (the block marker allowed), opens with a start tag written as text.
bool is_escaped_markup(bool in_noscript, std::string_view text);

}  // namespace winnow
