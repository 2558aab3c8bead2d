// SPDX-License-Identifier: MIT
// Sentence and clause punctuation across scripts, for the measures that count
// sentences and commas in a block (the default extractor's features, the
// block classifier's, the relevance method's sentence test).
//
// Prose is told from menus partly by its sentences and commas (seed 001's
// leaf score rewards a full stop and a comma; seed 003's shallow features
// include the average sentence length), so a script whose full stop is not
// '.' must still end sentences: Arabic's '؟' and '۔', Devanagari's danda,
// the ideographic full stop, Greek's question mark (written as ';').
// A mark may stand before closing quotes and brackets — `said.”`, `fin.»`,
// `了。」` — which end the same sentence.
//
// Memory: none; no state.
#pragma once

#include <cstddef>
#include <string_view>

namespace winnow {

// Whether the word ends a sentence: after any closing quotes and brackets it
// ends in a full stop, question or exclamation mark of a script listed in
// punctuation.cpp; ';' counts only in a Greek word. An ellipsis does not
// (it ends a teaser as often as a sentence).
bool ends_sentence(std::string_view word);

// The bytes of the comma that starts at word[at] — ',', Arabic '،', the
// fullwidth and ideographic commas '，' '、', and a few more scripts' — or 0
// when no comma starts there.
std::size_t comma_length(std::string_view word, std::size_t at);

}  // namespace winnow
