// SPDX-License-Identifier: MIT
// The page's title as a reader shows it above the article: the text of the
// document's first <title> element (one inside <svg> names a drawing, one
// inside <template> is not in the document), runs of whitespace collapsed to
// one space and trimmed, letters as written, double-encoded UTF-8 repaired
// as the words are (engine/mojibake.h), at most kBytes bytes cut at a
// character boundary. Readability.js and trafilatura return a title beside
// the text too, derived from this element (or og:title, or the headline)
// with the site's name cut off; this is the element's text as written,
// which a caller may cut as it likes.
//
// It is known once that element has ended (or the document has): in the
// <head>, before any content. Later <title> elements change nothing, and the
// repair runs once over the whole title, so it never depends on how the
// input was chunked.
//
// Checked (stop 45) against linkedom's document.title, the one DOM at hand,
// on every 5th page of the development corpus: the same on 866 of 898; of
// the rest, linkedom finds no title on 25 (a <meta> before <html>, a second
// <html>, a <title> it does not close), 4 are cut here at kBytes, and on 3
// this title is decoded or repaired where linkedom's shows mojibake.
//
// Memory: kBytes + 1 bytes and a few words, inside the token stream.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace winnow {

class PageTitle {
 public:
  static constexpr std::size_t kBytes = 256;

  // The page's <title> element starts (the tokenizer leaves out SVG's and
  // templates'); any after the first are ignored.
  void begin();
  // A piece of that element's text; ignored outside it.
  void append(std::string_view text);
  // That element ended: the title is settled.
  void end();
  // The document ended: the title is settled as it stands (empty if the page
  // had no <title>).
  void finish();

  bool known() const { return state_ == State::Known; }
  // The title, NUL-terminated; settled once known().
  const char* c_str() const { return text_; }
  std::string_view view() const { return std::string_view(text_, size_); }

 private:
  enum class State : std::uint8_t { None, Open, Known };
  char text_[kBytes + 1] = {};
  std::size_t size_ = 0;
  bool space_pending_ = false;  // whitespace seen after the last byte written
  bool full_ = false;           // kBytes reached: the rest is dropped
  State state_ = State::None;
};

}  // namespace winnow
