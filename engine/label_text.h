// SPDX-License-Identifier: MIT
// Whether a short block's whole text is one of a list of labels, however the
// page writes it: "— Advertisement —", "SHARE", "[edit]", "Loading…".
//
// Matching: the block's words, split at ASCII punctuation and at the marks
// of Latin-1, General Punctuation, arrows, geometric shapes, CJK and
// fullwidth forms ('—', '•', '»', '→', '▶', '「'), lowered (engine/letter_case.h), one space between them, against
// the list. Blocks longer than kMaxLabelBytes are never labels, nor are
// those whose first word, lowered, does not open with some label's first two
// bytes: the default extractor asks this of every block, and that look is
// cheaper than the normalisation.
//
// Memory: none (a stack copy of at most kMaxLabelBytes); no state.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace winnow {

constexpr std::size_t kMaxLabelBytes = 64;

// A list of labels: each lower case, its words one space apart, no
// punctuation, at least two bytes; made by LabelSet::list(). `openings`
// holds each label's first two bytes as one number (label_opening()), in
// the labels' order: the look most blocks fail, asked of every block, reads
// those numbers rather than each label (stop 119: is_label_among() was 0.8 %
// of the pipeline's instructions on the bench's workload, most of it that
// look, which the numbers make a quarter cheaper).
struct LabelList {
  const std::string_view* labels;
  std::size_t count;
  const std::uint16_t* openings;
};

constexpr std::uint16_t label_opening(char first, char second) {
  return static_cast<std::uint16_t>(static_cast<unsigned char>(first) << 8 | static_cast<unsigned char>(second));
}

// A list of labels and their openings, built at compile time from the
// labels (a label shorter than two bytes does not compile).
template <std::size_t N>
class LabelSet {
 public:
  constexpr explicit LabelSet(const std::string_view (&labels)[N]) : labels_(labels) {
    for (std::size_t i = 0; i < N; ++i) openings_[i] = label_opening(labels[i].at(0), labels[i].at(1));
  }
  constexpr LabelList list() const { return LabelList{labels_, N, openings_}; }

 private:
  const std::string_view* labels_;
  std::uint16_t openings_[N] = {};
};

// Whether `text`, one block's words (as the writers render it, the block
// marker and line break markers allowed), is only one of `list`'s labels.
bool is_label_among(std::string_view text, LabelList list);

// Whether `text` is only labels of `first` or `second`, one after another
// ("Download PDF Cite this article Share", "Register now Add to calendar":
// a row of a page's buttons that the page sets as one block). Memory: a
// stack copy of at most kMaxLabelBytes and one flag per byte of it.
bool is_label_run_among(std::string_view text, LabelList first, LabelList second);

// The same for a row of up to kMaxLabelRowBytes bytes: a row of an
// article's tools in a script of two-byte letters ("Αποστολή Εκτύπωση
// Μέγεθος κειμένου Μοιραστείτε το:") is longer than one label. Memory: a
// stack copy of at most kMaxLabelRowBytes and one flag per byte of it.
constexpr std::size_t kMaxLabelRowBytes = 128;
bool is_label_row_among(std::string_view text, LabelList first, LabelList second);

// Whether the character separates a label's words: any ASCII character but
// a letter or digit, U+00A0 to U+00BF ('«', '»', '·'), General Punctuation
// ('—', '•', '…'), Arrows, Geometric Shapes, CJK punctuation and brackets,
// and the fullwidth forms of ASCII punctuation.
bool separates_label_words(std::uint32_t character);

// Whether a word is made only of such characters: "|", "·", "»", "—", the
// separators set between the links of a menu ("Home | News | Sport").
bool is_separator_word(std::string_view word);

}  // namespace winnow
