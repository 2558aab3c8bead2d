// SPDX-License-Identifier: MIT
// What a declared address says the page is: a story's address names it by a
// slug or a number, an overview's by a word or two; no address, no shape.
#include "engine/page_address.h"

#include <gtest/gtest.h>

namespace winnow {
namespace {

TEST(PageAddress, NoAddressIsUndeclared) { EXPECT_EQ(address_shape(""), AddressShape::undeclared); }

TEST(PageAddress, ASlugOfThreeWordsOrMoreIsAStory) {
  EXPECT_EQ(address_shape("https://example.com/2026/10/how-to-fix-a-tap/"), AddressShape::story);
  EXPECT_EQ(address_shape("https://example.com/blog/slow_kitchen_bread.html"), AddressShape::story);
  EXPECT_EQ(address_shape("//example.com/a/b/three+word+slug"), AddressShape::story);
  // A multi-byte character's bytes are letters, as they are in a word.
  EXPECT_EQ(address_shape("https://example.pl/artykuł-o-chlebie"), AddressShape::story);
  // Two words are a section's name, not a headline.
  EXPECT_EQ(address_shape("https://example.com/collections/beard-oil"), AddressShape::overview);
}

TEST(PageAddress, ALongNumberInTheLastSegmentOrTheQueryIsAStory) {
  EXPECT_EQ(address_shape("https://example.com/item/4417123"), AddressShape::story);
  EXPECT_EQ(address_shape("https://forum.example.com/showthread.php?t=1930933"), AddressShape::story);
  EXPECT_EQ(address_shape("https://example.com/p/12345.html"), AddressShape::story);
  // Four digits are a year or a small id; the number must be in the last segment.
  EXPECT_EQ(address_shape("https://example.com/news/2026"), AddressShape::overview);
  EXPECT_EQ(address_shape("https://example.com/1234567/news"), AddressShape::overview);
  // A fragment is not part of the page's address.
  EXPECT_EQ(address_shape("https://example.com/news#comment-1234567"), AddressShape::overview);
}

TEST(PageAddress, HomePagesSectionsAndCategoriesAreOverviews) {
  for (const char* url : {"https://example.com", "https://example.com/", "https://www.bbc.com/news",
                          "https://example.com/technology/", "/news", "https://example.com/index.html",
                          "https://example.com/search?q=three+word+query"})
    EXPECT_EQ(address_shape(url), AddressShape::overview) << url;
}

TEST(PageAddress, TheHostIsNotRead) {
  // Neither a host's words nor its digits are the page's name.
  EXPECT_EQ(address_shape("https://the-best-bread-recipes.example.com/"), AddressShape::overview);
  EXPECT_EQ(address_shape("https://host12345.example.com/about"), AddressShape::overview);
  // A relative path has no host to leave out.
  EXPECT_EQ(address_shape("/news/the-long-story-here"), AddressShape::story);
}

TEST(PageAddress, AServersExtensionIsNotAWord) {
  EXPECT_EQ(address_shape("https://example.com/news/latest-news.HTML"), AddressShape::overview);
  EXPECT_EQ(address_shape("https://example.com/news/latest-news.php5"), AddressShape::overview);
  EXPECT_EQ(address_shape("https://example.com/news/latest-news-now.php"), AddressShape::story);
}

}  // namespace
}  // namespace winnow
