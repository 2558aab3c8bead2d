// SPDX-License-Identifier: MIT
// Random well-nested token streams, stamped as the tokenizer stamps them, for
// the tests that hold an online algorithm to its offline definition: the
// same generator serves each of them, and a test says only what its
// algorithm reads (which elements, which words, which cues).
#pragma once

#include <cstddef>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "engine/tag.h"
#include "support/token_dump.h"

namespace winnow::test {

struct RandomDocumentShape {
  // Drawn for each start tag. An <a> inside an open <a> is drawn again as a
  // word: anchors do not nest in parsed HTML.
  std::vector<Tag> elements;
  // Drawn for each word; when empty, words are "w0" to "w999".
  std::vector<std::string> words;
  // Semantics bits drawn for each start tag; when empty, none.
  std::vector<std::uint32_t> cues;
  // Opened first and closed only at the end (say, html and body).
  std::vector<Tag> roots;
  // Each step draws a in [0, actions): a < opens opens an element (below
  // max_depth open ones), a == opens closes the innermost non-root one, any
  // other a (or a step that cannot do its action) writes a word.
  int actions = 10;
  int opens = 2;
  std::size_t max_depth = 14;
  // One time in N (0: never): an opened element carries an onclick handler;
  // a word is inside an advert; a word is a button's label.
  unsigned onclick_one_in = 0;
  unsigned advert_one_in = 0;
  unsigned button_one_in = 0;
  // One time in N (0: never): a word after the first of its block starts a
  // preformatted line (kTokenLineBreak; an indentation of 0 to
  // kMaxLineIndent columns, after an empty line one time in four).
  unsigned line_break_one_in = 0;
};

// At least `n` tokens: seq, block (and the boundary flag on block tags),
// depth, a word's innermost element and its anchor / onclick / advert flags,
// source offsets ten bytes apart. Every element is closed at the end.
std::vector<DumpedToken> random_document(const RandomDocumentShape& shape, std::mt19937& g, std::size_t n);

}  // namespace winnow::test
