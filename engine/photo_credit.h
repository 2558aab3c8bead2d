// SPDX-License-Identifier: MIT
// A photograph's credit set as a line of its own under the picture: who took
// it and for which agency ("Stanley Chou/Getty Images", "(Richard Drew/AP)",
// "JIM WATSON/AFP/Getty Images", "Gregg Newton/AFP via Getty Images"), the
// agency alone ("Getty Images", "REUTERS", "AP") or after a label ("Photo:
// Getty Images", "Image copyright AFP", "Credit: Alex Wong/Getty"). The
// default extractor never writes it (DefaultExtractor::is_page_interface
// reads it in place, as any block).
//
// Why words and not the trees: the credit stands inside the story's element,
// between two paragraphs, and is too short for its own features to outweigh
// theirs, so the smoothing keeps it with them (p 0.15 to 0.65). It names the
// picture, not the story, and the golds leave it out: held out at stop 116's
// seed 0, 79 such blocks were kept outside a gold and 4 inside
// (readability-testpages' ehow-2, whose gold is Readability.js's container,
// and two dragnet posts; adapters/learn/README.md, stop 117).
//
// What counts, in a block of at most kMaxPhotoCreditBytes bytes, in
// parentheses or not, a full stop at the end allowed:
//   - an optional label: "Photo", "Photo credit", "Image", "Image credit",
//     "Image copyright", "Picture", "Photograph", "Credit", "Foto", "Фото",
//     "Zdjęcie", then a colon or a space;
//   - then an agency that sells news photographs (Getty Images, Reuters,
//     AFP, AP, EPA, Shutterstock, iStock, the Associated Press, Bloomberg,
//     Corbis, Alamy, Xinhua, DPA, ANSA, NASA …), after a separator ("/", ",",
//     " via ") and what comes before it: the photographer (at most five words,
//     no digit, not opening with "By", a byline's word, which dragnet's golds
//     keep: "By Hilary Russ, Reuters") or another credit ("AFP/Getty
//     Images"). Without a label or a photographer only the agencies whose
//     name alone is a credit count ("Getty Images", "AP"; not "The Associated
//     Press" or "Bloomberg", which a story may name on a line of its own).
//
// Memory: none; no state. The text is read in a lowered copy of at most
// kMaxPhotoCreditBytes bytes on the stack.
#pragma once

#include <cstddef>
#include <string_view>

namespace winnow {

constexpr std::size_t kMaxPhotoCreditBytes = 96;

// Whether `text`, one block's words as the writers render them (the block
// marker and line break markers allowed), is only such a credit.
bool is_photo_credit(std::string_view text);

}  // namespace winnow
