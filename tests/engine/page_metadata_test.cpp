// SPDX-License-Identifier: MIT
// What a page declares about itself: each field from its most specific
// source, values cleaned and bounded, the site's name cut from the title
// only where the page names its site, nothing read after it is settled.
#include "engine/page_metadata.h"

#include <gtest/gtest.h>

#include <string>

namespace winnow {
namespace {

ElementAttributes meta_name(std::string_view name, std::string_view content) {
  ElementAttributes a;
  a.name = name;
  a.content = content;
  return a;
}

ElementAttributes meta_property(std::string_view property, std::string_view content) {
  ElementAttributes a;
  a.property = property;
  a.content = content;
  return a;
}

std::string field(const PageMetadata& m, MetadataField f) {
  EXPECT_EQ(std::string(m.c_str(f)), std::string(m.get(f))) << "NUL-terminated where the view ends";
  return std::string(m.get(f));
}

TEST(PageMetadata, TakesEachFieldFromItsMostSpecificSourceWhateverTheOrder) {
  PageMetadata m;
  m.read_element(Tag::meta, meta_name("twitter:title", "Twitter's title"));
  m.read_element(Tag::meta, meta_property("og:title", "The card's title"));
  m.read_element(Tag::meta, meta_property("og:title", "A second og:title"));
  m.read_element(Tag::meta, meta_property("og:description", "From the card"));
  m.read_element(Tag::meta, meta_name("Description", "The page's own summary"));
  m.read_element(Tag::meta, meta_name("dc.creator", "Library Name"));
  m.read_element(Tag::meta, meta_name("author", "Ann Writer"));
  m.read_element(Tag::meta, meta_name("date", "3 March"));
  m.read_element(Tag::meta, meta_property("article:published_time", "2024-03-03T08:00:00Z"));
  m.read_element(Tag::meta, meta_property("og:type", "article"));
  m.settle("The element's title | Site");
  EXPECT_EQ(field(m, MetadataField::title), "The card's title");
  EXPECT_EQ(field(m, MetadataField::description), "The page's own summary");
  EXPECT_EQ(field(m, MetadataField::author), "Ann Writer");
  EXPECT_EQ(field(m, MetadataField::published), "2024-03-03T08:00:00Z");
  EXPECT_EQ(field(m, MetadataField::page_type), "article");
  EXPECT_EQ(field(m, MetadataField::modified), "") << "not declared";
  EXPECT_EQ(field(m, MetadataField::image), "");
}

TEST(PageMetadata, FallsBackToTheTitleElementAndReadsLinksAndTheRootsLanguage) {
  PageMetadata m;
  ElementAttributes html;
  html.lang = "pl";
  m.read_element(Tag::html, html);
  ElementAttributes equiv;
  equiv.http_equiv = "Content-Language";
  equiv.content = "en";
  m.read_element(Tag::meta, equiv);
  ElementAttributes canonical;
  canonical.rel = "Canonical";
  canonical.href = "https://example.org/story";
  m.read_element(Tag::link, canonical);
  m.read_element(Tag::meta, meta_property("og:url", "https://example.org/story?utm=feed"));
  ElementAttributes image;
  image.rel = "shortcut image_src";
  image.href = "/lead.jpg";
  m.read_element(Tag::link, image);
  ElementAttributes anchor;  // an <a> or a <div> declares nothing
  anchor.rel = "canonical";
  anchor.href = "https://example.org/other";
  anchor.lang = "de";
  m.read_element(Tag::a, anchor);
  m.read_element(Tag::div, anchor);
  m.settle("  The   element's\ttitle ");
  EXPECT_EQ(field(m, MetadataField::title), "The element's title");
  EXPECT_EQ(field(m, MetadataField::language), "pl") << "<html lang> before content-language";
  EXPECT_EQ(field(m, MetadataField::url), "https://example.org/story");
  EXPECT_EQ(field(m, MetadataField::image), "/lead.jpg") << "as written: there is no base address to resolve it";
}

TEST(PageMetadata, TheCallersAddressStandsInForOneThePageDoesNotDeclare) {
  PageMetadata given;
  given.read_known_address("  https://example.org/from-the-request  ");
  given.settle("");
  EXPECT_EQ(field(given, MetadataField::url), "https://example.org/from-the-request");
  PageMetadata declared;
  declared.read_known_address("https://example.org/from-the-request");
  declared.read_element(Tag::meta, meta_property("og:url", "https://example.org/declared"));
  declared.settle("");
  EXPECT_EQ(field(declared, MetadataField::url), "https://example.org/declared") << "whatever the order";
  PageMetadata late;
  late.settle("");
  late.read_known_address("https://example.org/too-late");
  EXPECT_EQ(field(late, MetadataField::url), "");
}

TEST(PageMetadata, ReadsEveryKeyOfAnRdfaListAndDublinCoreWithEitherPunctuation) {
  PageMetadata m;
  m.read_element(Tag::meta, meta_property("x:unknown dc:creator", "Creator Name"));
  m.read_element(Tag::meta, meta_property("x:description   og:description", "Listed"));
  m.read_element(Tag::meta, meta_property("DCTERMS.modified", "2020-01-01"));
  m.settle("");
  EXPECT_EQ(field(m, MetadataField::author), "Creator Name");
  EXPECT_EQ(field(m, MetadataField::description), "Listed");
  EXPECT_EQ(field(m, MetadataField::modified), "2020-01-01");
  EXPECT_EQ(field(m, MetadataField::title), "") << "no title anywhere";
}

TEST(PageMetadata, AnAuthorGivenAsAnAddressIsNoName) {
  PageMetadata m;
  m.read_element(Tag::meta, meta_property("article:author", "https://www.facebook.com/someone"));
  m.read_element(Tag::meta, meta_name("citation_author", "Doe, Jane"));
  m.settle("");
  EXPECT_EQ(field(m, MetadataField::author), "Doe, Jane");
}

TEST(PageMetadata, MicrodataOnAMetaCountsAfterTheNamedSources) {
  PageMetadata m;
  ElementAttributes published;
  published.itemprop = "datePublished";
  published.content = "2019-05-01";
  m.read_element(Tag::meta, published);
  m.read_element(Tag::meta, meta_name("pubdate", "20190501"));
  m.settle("");
  EXPECT_EQ(field(m, MetadataField::published), "2019-05-01") << "microdata ranks above the bare names";
  PageMetadata n;
  n.read_element(Tag::meta, published);
  n.read_element(Tag::meta, meta_property("article:published_time", "2019-05-01T10:00:00+02:00"));
  n.settle("");
  EXPECT_EQ(field(n, MetadataField::published), "2019-05-01T10:00:00+02:00");
}

TEST(PageMetadata, CleansValuesAndKeepsAnEmptyOneFromReplacingAGoodOne) {
  PageMetadata m;
  m.read_element(Tag::meta, meta_name("author", " \n Ann \t  Writer  "));
  m.read_element(Tag::meta, meta_name("twitter:title", "Kept"));
  m.read_element(Tag::meta, meta_property("og:title", "  \n "));  // better source, nothing in it
  // UTF-8 read as Latin-1 and encoded again: "Café" as "CafÃ©".
  m.read_element(Tag::meta, meta_property("og:site_name", "Caf\xC3\x83\xC2\xA9 Zentral"));
  m.settle("");
  EXPECT_EQ(field(m, MetadataField::author), "Ann Writer");
  EXPECT_EQ(field(m, MetadataField::title), "Kept");
  EXPECT_EQ(field(m, MetadataField::site_name), "Caf\xC3\xA9 Zentral") << "repaired as the words are";
}

TEST(PageMetadata, CutsTextAtACharacterBoundaryAndDropsAnAddressTooLongToKeep) {
  PageMetadata m;
  std::string long_text;
  while (long_text.size() < 600) long_text += "\xD0\x96";  // Cyrillic Zhe, two bytes
  m.read_element(Tag::meta, meta_name("description", "x" + long_text));
  const std::string long_url = "https://example.org/" + std::string(PageMetadata::kUrlBytes, 'a');
  m.read_element(Tag::meta, meta_property("og:image", long_url));
  m.read_element(Tag::meta, meta_name("twitter:image", "https://example.org/small.png"));
  m.settle("");
  const std::string description = field(m, MetadataField::description);
  EXPECT_EQ(description.size(), PageMetadata::capacity(MetadataField::description) - 1)
      << "512 bytes would end inside a character";
  EXPECT_EQ(description.substr(0, 3), "x\xD0\x96");
  EXPECT_EQ(field(m, MetadataField::image), "https://example.org/small.png")
      << "a cut address points nowhere; the next source's is taken";
}

TEST(PageMetadata, CutsTheSitesNameFromTheTitleWhereThePageNamesItsSite) {
  const auto title_of = [](std::string_view title, std::string_view site, std::string_view url) {
    PageMetadata m;
    if (!site.empty()) m.read_element(Tag::meta, meta_property("og:site_name", site));
    if (!url.empty()) m.read_element(Tag::meta, meta_property("og:url", url));
    m.settle(title);
    return std::string(m.get(MetadataField::title));
  };
  EXPECT_EQ(title_of("Gun laws frustrate Obama - BBC News", "BBC News", ""), "Gun laws frustrate Obama");
  EXPECT_EQ(title_of("Spiceworks | Video gets new features", "Spiceworks Inc", ""), "Video gets new features");
  EXPECT_EQ(title_of("Using Fetch - Web APIs | MDN", "MDN Web Docs", ""), "Using Fetch - Web APIs");
  EXPECT_EQ(title_of("New Zealand \xE2\x80\x94 Wikipedia", "", "https://en.wikipedia.org/wiki/NZ"), "New Zealand");
  EXPECT_EQ(title_of("Loke Jacket | Helly Hansen US", "", "https://www.hellyhansen.com/en_us/loke"), "Loke Jacket");
  EXPECT_EQ(title_of("Headline - Yahoo!", "", "http://headlines.yahoo.co.jp/hl?a=1"), "Headline");
  EXPECT_EQ(title_of("Video Games : Target", "", "https://www.target.com/c/video-games"), "Video Games");
  EXPECT_EQ(title_of("Headlines | Yahoo News", "", "//news.yahoo.com/"), "Headlines") << "a scheme-relative address";
  EXPECT_EQ(title_of("Gazette / Politics / Budget talks", "Gazette Online", ""), "Politics / Budget talks")
      << "the first part, where the last does not name the site";
  // Nothing names the site: a subtitle stays.
  EXPECT_EQ(title_of("Lorem ipsum \xE2\x80\x93 My website", "", ""), "Lorem ipsum \xE2\x80\x93 My website");
  EXPECT_EQ(title_of("Rust - A language for everyone", "Blog of Bob", "https://bob.example/"),
            "Rust - A language for everyone");
  // A home page titled with the site's name and motto keeps it.
  EXPECT_EQ(title_of("Yahoo News - Latest News", "Yahoo News - Latest News", ""), "Yahoo News - Latest News");
  // No separator, no cut, even where the title is the site's name.
  EXPECT_EQ(title_of("Ridge Wallets", "Ridge", ""), "Ridge Wallets");
}

TEST(PageMetadata, NothingChangesOnceSettled) {
  PageMetadata m;
  EXPECT_FALSE(m.settled());
  m.read_element(Tag::meta, meta_name("author", "First"));
  m.settle("Title");
  EXPECT_TRUE(m.settled());
  m.read_element(Tag::meta, meta_property("og:title", "Too late"));
  m.read_element(Tag::meta, meta_name("description", "Too late"));
  m.settle("Another title");
  EXPECT_EQ(field(m, MetadataField::title), "Title");
  EXPECT_EQ(field(m, MetadataField::description), "");
  EXPECT_EQ(field(m, MetadataField::author), "First");
}

TEST(PageMetadata, NamesEveryFieldAndGivesEachItsOwnStorage) {
  std::size_t total = 0;
  for (std::size_t i = 0; i < PageMetadata::kFieldCount; ++i) {
    const auto f = static_cast<MetadataField>(i);
    EXPECT_FALSE(metadata_field_name(f).empty()) << i;
    EXPECT_GT(PageMetadata::capacity(f), 0u) << i;
    total += PageMetadata::capacity(f) + 1;
  }
  EXPECT_EQ(total, PageMetadata::kStorageBytes);
  EXPECT_EQ(PageMetadata::capacity(MetadataField::url), PageMetadata::kUrlBytes);
  EXPECT_EQ(PageMetadata::capacity(MetadataField::image), PageMetadata::kUrlBytes);
}

}  // namespace
}  // namespace winnow
