// SPDX-License-Identifier: MIT
// What the address a page declares for itself (its canonical link or
// og:url: PageMetadata's url), or else the one the caller gave
// (ExtractorConfig::url), says the page is. A site names a story by its
// headline or by a number ("/2012/08/how-to-fix-a-dripping-tap",
// "/item/4417123", "showthread.php?t=1930933"); its home page, sections,
// categories and shops by a word or two ("/", "/news", "/technology/",
// "/collections/beard-oil"). The address is known before the first block
// (it is settled with the metadata, at the first word), so every decision
// can use it, as it uses the page's og:type (engine/token_stream.h,
// PageKind), which many pages leave out or set to "website" on any page.
//
// The rule, on the address as written (no percent-decoding):
//   story     the last non-empty segment of its path, without an extension
//             such as ".html" or ".php", holds kStoryWords or more words
//             (runs of letters; a byte of a multi-byte character counts as
//             a letter), or that segment or the query holds a number of
//             kStoryDigits or more digits;
//   overview  any other declared address;
//   undeclared  the page declares none.
// Counted on the development corpus (adapters/learn/tools/address_bias.py,
// stop 51): of the news packages' pages that declare an address, 2,374 read
// as stories and 176 as overviews; of wcxb-dev-sample's, articles 56 / 12,
// forums 62 / 2, products 50 / 19, but listings 17 / 45, collections 13 / 53,
// service pages 23 / 45 and documentation 5 / 43.
//
// Memory: none; the shape is one byte of the token stream.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace winnow {

enum class AddressShape : std::uint8_t { undeclared, story, overview };

inline constexpr std::size_t kStoryWords = 3;
inline constexpr std::size_t kStoryDigits = 5;

AddressShape address_shape(std::string_view url);

}  // namespace winnow
