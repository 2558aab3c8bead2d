// SPDX-License-Identifier: MIT
// Text encoded as UTF-8 twice ("mojibake"). When a site's UTF-8 bytes are
// read as windows-1252 (or Latin-1) and encoded as UTF-8 again, each
// non-ASCII character shows as two to four: "’" (E2 80 99) as "â€™", "é"
// (C3 A9) as "Ã©", "—" (E2 80 94) as "â" and two C1 controls. The result is
// valid UTF-8 in whatever encoding the page declares, so neither the browser
// nor libxml2 undoes it; a reader sees the garbage, and every word measure
// counts "â" as a word (the development corpus: about 70 daniel pages, a
// dozen each in dragnet and wcxb-dev-sample, whose gold has the characters
// themselves).
//
// repair_double_utf8() undoes it where the text shows it unambiguously: a
// character U+00C2–U+00F4 (a UTF-8 lead byte read as Latin-1) followed by
// the one to three characters that stand for continuation bytes (U+0080–
// U+00BF, or windows-1252's characters for 0x80–0x9F: € ‚ ƒ „ … † ‡ ˆ ‰ Š ‹
// Œ Ž ‘ ’ “ ” • – — ˜ ™ š › œ ž Ÿ) becomes the one character those bytes
// encode — only if they are a well-formed UTF-8 sequence (no overlong form,
// no surrogate, nothing past U+10FFFF). Real text in any language hardly
// ever puts such characters in that order ("Ã©", "â€™" spell nothing), and a
// run that is not well-formed is left as it is. Text encoded three times
// repairs in as many passes.
//
// Memory: none. The repair only shortens text, so it runs in place.
#pragma once

#include <cstddef>
#include <string_view>

namespace winnow {

// Repairs text[0, size) (valid UTF-8) in place; returns its new size
// (size when nothing was repaired).
std::size_t repair_double_utf8(char* text, std::size_t size);

// Whether text ends in a run repair_double_utf8() would take up but that
// lacks stand-ins yet: the tokenizer then keeps a following no-break space
// (U+00A0, byte A0: "Ã" + NBSP is "à") or soft hyphen (U+00AD: "Ã" + SHY is
// "í") in the word instead of splitting it or dropping the character.
bool ends_in_partial_double_utf8(std::string_view text);

}  // namespace winnow
