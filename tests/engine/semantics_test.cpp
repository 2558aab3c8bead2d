// SPDX-License-Identifier: MIT
#include "engine/semantics.h"

#include <gtest/gtest.h>

#include <random>
#include <string>

namespace winnow {
namespace {

std::uint32_t of(Tag tag, std::string_view class_name, std::string_view id = {}, std::string_view role = {}) {
  ElementAttributes a;
  a.class_name = class_name;
  a.id = id;
  a.role = role;
  return element_semantics(tag, a);
}

// A language switcher's link leads to the page in another language; some
// sites name the page's own language on every link.
TEST(Semantics, ALinkLeadsToAnotherLanguageWhenItsPrimarySubtagDiffersFromThePages) {
  EXPECT_TRUE(leads_to_other_language("de", "en"));
  EXPECT_TRUE(leads_to_other_language("zh-Hans", "en-US"));
  EXPECT_TRUE(leads_to_other_language("x-default", "en"));
  EXPECT_TRUE(leads_to_other_language("fil", "fi"));
  EXPECT_FALSE(leads_to_other_language("en", "en"));
  EXPECT_FALSE(leads_to_other_language("EN-gb", "en_US")) << "case and region do not matter";
  EXPECT_FALSE(leads_to_other_language("en-simple", "en"));
  EXPECT_FALSE(leads_to_other_language("de", "")) << "a page that declares no language";
  EXPECT_FALSE(leads_to_other_language("", "en")) << "a link without hreflang";
  EXPECT_FALSE(leads_to_other_language("-", "en"));
}

TEST(Semantics, ReadsWordsOfClassAndId) {
  EXPECT_EQ(of(Tag::div, "site-footer"), kSemFooter);
  EXPECT_EQ(of(Tag::div, "", "commentList") & kSemComment, kSemComment) << "camelCase is split";
  EXPECT_EQ(of(Tag::div, "share-buttons social"), kSemShare);
  EXPECT_EQ(of(Tag::div, "header"), kSemHeader);
  EXPECT_EQ(of(Tag::div, "leaderboard"), 0u) << "whole words only: no 'ad' inside 'leaderboard'";
  EXPECT_EQ(of(Tag::div, "ad-slot"), kSemAdvert);
}

TEST(Semantics, AnElementThatNamesItselfTheContentIsNotBoilerplateByItsOtherWords) {
  // A class that is only a content word ("content", "post-123") outweighs
  // the element's other cues of boilerplate, in its classes or its id.
  EXPECT_EQ(of(Tag::div, "content content--article tonal--tone-comment"), kSemContent | kSemArticle);
  EXPECT_EQ(of(Tag::div, "post-123 post tag-election"), kSemArticle);
  EXPECT_EQ(of(Tag::div, "widget", "main"), kSemContent);
  // Hidden is a state, not a role: it stays.
  EXPECT_EQ(of(Tag::div, "content hidden"), kSemContent | kSemHidden);
  // A class that joins a content word to a boilerplate word names a part of
  // the content that is boilerplate: its cues stay.
  EXPECT_EQ(of(Tag::div, "entry-footer"), kSemArticle | kSemFooter);
  EXPECT_EQ(of(Tag::div, "comment-content"), kSemComment | kSemContent);
  EXPECT_EQ(of(Tag::div, "related-content box"), kSemRelated | kSemContent);
  // The tag's own role is not a word of the element: an aside stays a sidebar.
  EXPECT_EQ(of(Tag::aside, "content"), kSemSidebar | kSemContent);
}

TEST(Semantics, OnlyTheTagOrTheRoleMakeTheMainLandmark) {
  // HTML and ARIA give a page one main landmark; a class or id "main" is
  // only a word, as common on a header's wrapper as on the article's.
  EXPECT_EQ(of(Tag::main, ""), kSemContent | kSemMainLandmark);
  EXPECT_EQ(of(Tag::div, "", "", "main"), kSemContent | kSemMainLandmark);
  EXPECT_EQ(of(Tag::div, "main", "main"), kSemContent);
  EXPECT_EQ(tag_semantics(Tag::main), kSemContent | kSemMainLandmark);
}

TEST(Semantics, AColumnIsLayoutNotASidebar) {
  // "main-column", "primaryColumn", "content-column" hold articles as often
  // as "right-column" holds a sidebar (Readability.js, too, counts "column"
  // among the words that keep an element a candidate).
  EXPECT_EQ(of(Tag::div, "main-column"), kSemContent);
  EXPECT_EQ(of(Tag::div, "", "primaryColumn"), 0u);
  EXPECT_EQ(of(Tag::div, "right-column sidebar"), kSemSidebar) << "the sidebar word still counts";
}

TEST(Semantics, AFrameworksMountPointWrapsThePageAndNamesNoPartOfIt) {
  // Next.js mounts the whole page in id="__next", Nuxt in "__nuxt".
  EXPECT_EQ(of(Tag::div, "", "__next"), 0u);
  EXPECT_EQ(of(Tag::div, "", "__nuxt-footer"), 0u);
  EXPECT_EQ(of(Tag::div, "__next sidebar"), kSemSidebar) << "only that class is ignored";
  // One underscore, or underscores inside a class, are ordinary separators.
  EXPECT_EQ(of(Tag::div, "_next"), kSemRelated);
  EXPECT_EQ(of(Tag::div, "page__next"), kSemContent | kSemRelated);
}

TEST(Semantics, APageBuildersWidgetIsAnyPieceOfThePageNotASidebar) {
  // Elementor wraps every heading, paragraph and list in its widgets.
  EXPECT_EQ(of(Tag::div, "elementor-element-c7d8e9a elementor-widget elementor-widget-text-editor"), kSemContent);
  EXPECT_EQ(of(Tag::div, "elementor-widget-container"), 0u);
  // Its other words keep their cues; another class's widget is a sidebar's.
  EXPECT_EQ(of(Tag::div, "elementor-widget elementor-widget-nav-menu"), kSemNavigation);
  EXPECT_EQ(of(Tag::div, "elementor-location-footer"), kSemFooter);
  EXPECT_EQ(of(Tag::div, "elementor-widget widget_recent_entries"), kSemSidebar);
  EXPECT_EQ(of(Tag::div, "widget-area"), kSemSidebar);
}

TEST(Semantics, ReadsTagsRolesAndItemprop) {
  EXPECT_EQ(of(Tag::nav, ""), kSemNavigation);
  EXPECT_EQ(of(Tag::div, "", "", "navigation"), kSemNavigation);
  EXPECT_EQ(of(Tag::search, ""), kSemForm) << "HTML's <search> is what role=search says";
  EXPECT_EQ(of(Tag::div, "", "", "search"), kSemForm);
  EXPECT_EQ(of(Tag::article, ""), kSemArticle);
  EXPECT_EQ(of(Tag::noscript, ""), kSemNoscript);
  EXPECT_EQ(of(Tag::math, ""), kSemFormula) << "a formula, past the features' bits";
  EXPECT_EQ(of(Tag::button, ""), kSemForm | kSemControl) << "a control's label, past the features' bits";
  EXPECT_EQ(of(Tag::textarea, ""), kSemControl) << "a field's text is no form cue, as before";
  EXPECT_EQ(of(Tag::label, ""), kSemForm | kSemControl);
  EXPECT_EQ(of(Tag::input, ""), kSemForm);
  EXPECT_EQ(of(Tag::div, "", "", "button"), 0u) << "role=button: a whole clickable teaser card, no control";
  ElementAttributes a;
  a.itemprop = "articleBody";
  EXPECT_EQ(element_semantics(Tag::div, a), kSemArticle | kSemDeclaredBody);
  a.itemprop = "text";  // a forum post's or a review's body (schema.org's CreativeWork text)
  EXPECT_EQ(element_semantics(Tag::div, a), kSemArticle | kSemDeclaredBody | kSemDeclaredText);
  EXPECT_EQ(of(Tag::div, "articleBody"), kSemArticle | kSemContent) << "a class word is only a word";
  EXPECT_EQ(of(Tag::p, ""), 0u);
  for (std::size_t t = 0; t < static_cast<std::size_t>(Tag::count); ++t)
    EXPECT_EQ(tag_semantics(static_cast<Tag>(t)), element_semantics(static_cast<Tag>(t), ElementAttributes{})) << t;
}

// A social network's embed code names the element holding the post's text;
// only that whole class marks it, in whatever ASCII case, beside the class
// words' own cues. A share button's or a feed's class is no embedded post.
TEST(Semantics, AnEmbedCodesPostIsMarkedByItsWholeClass) {
  EXPECT_TRUE(is_embedded_post_class("twitter-tweet"));
  EXPECT_TRUE(is_embedded_post_class("Instagram-Media"));
  EXPECT_TRUE(is_embedded_post_class("fb-xfbml-parse-ignore"));
  EXPECT_TRUE(is_embedded_post_class("bluesky-embed"));
  EXPECT_FALSE(is_embedded_post_class("twitter-tweet-button"));
  EXPECT_FALSE(is_embedded_post_class("tweet"));
  EXPECT_FALSE(is_embedded_post_class("fb-posts"));
  EXPECT_FALSE(is_embedded_post_class(""));
  EXPECT_EQ(of(Tag::blockquote, "twitter-tweet"), kSemShare | kSemEmbeddedPost) << "its words still say share";
  EXPECT_EQ(of(Tag::blockquote, "tw-align-center twitter-tweet"), kSemShare | kSemEmbeddedPost) << "any class of several";
  EXPECT_EQ(of(Tag::blockquote, "instagram-media"), kSemCaption | kSemEmbeddedPost);
  EXPECT_EQ(of(Tag::div, "fb-post"), kSemArticle | kSemEmbeddedPost);
  EXPECT_EQ(of(Tag::a, "twitter-share-button"), kSemShare | kSemButtonLink) << "a share button";
  EXPECT_EQ(of(Tag::div, "twitter tweet"), kSemShare) << "two classes, neither the embed code's";
  EXPECT_EQ(of(Tag::div, "", "twitter-tweet"), kSemShare) << "an id is no embed code's class";
}

// A link styled as a button is a control, whatever the framework's spelling;
// a word that only contains "btn", "button" or "cta" is none, nor is any other
// element with such a class (a "button-group" wraps whatever it holds).
TEST(Semantics, ALinkStyledAsAButtonIsAControl) {
  EXPECT_TRUE(is_button_link(Tag::a, "btn btn-primary"));
  EXPECT_TRUE(is_button_link(Tag::a, "wp-block-button__link wp-element-button"));
  EXPECT_TRUE(is_button_link(Tag::a, "ctaButton"));
  EXPECT_TRUE(is_button_link(Tag::a, "BTN"));
  EXPECT_TRUE(is_button_link(Tag::a, "hs-cta button-large"));
  EXPECT_TRUE(is_button_link(Tag::a, "hero__cta")) << "a call to action";
  EXPECT_FALSE(is_button_link(Tag::a, "doctags")) << "whole words only";
  EXPECT_FALSE(is_button_link(Tag::a, "buttonless"));
  EXPECT_FALSE(is_button_link(Tag::a, "btnx link"));
  EXPECT_FALSE(is_button_link(Tag::a, ""));
  EXPECT_FALSE(is_button_link(Tag::div, "btn"));
  EXPECT_FALSE(is_button_link(Tag::span, "button"));
}

TEST(Semantics, FindsEveryKindOfCueWordAndNoNearMiss) {
  // First and last cues of several letters, short and long ones (hash table).
  EXPECT_EQ(of(Tag::div, "nav"), kSemNavigation);
  EXPECT_EQ(of(Tag::div, "recommendations"), kSemRelated);
  EXPECT_EQ(of(Tag::div, "input"), kSemForm);
  EXPECT_EQ(of(Tag::div, "sr"), kSemHidden);
  EXPECT_EQ(of(Tag::div, "articlebody"), kSemArticle);
  EXPECT_EQ(of(Tag::div, "ArticleBody"), kSemArticle | kSemContent) << "split at the case change";
  EXPECT_EQ(of(Tag::div, "navs menux n a v"), 0u);
  EXPECT_EQ(of(Tag::div, "x", "9nav"), 0u);
  EXPECT_EQ(of(Tag::div, "abcdefghijklmnopqrstuvwxyzfooter"), 0u) << "over-long words are no cue";
}

TEST(Semantics, ReadsNumberedCuesAndCuesWrittenAsOneWord) {
  EXPECT_EQ(of(Tag::div, "menu2"), kSemNavigation);
  EXPECT_EQ(of(Tag::div, "sidebar1 ad300"), kSemSidebar | kSemAdvert);
  EXPECT_EQ(of(Tag::div, "storybody"), kSemArticle | kSemContent);
  EXPECT_EQ(of(Tag::div, "commentlist"), kSemComment | kSemTeaser);
  EXPECT_EQ(of(Tag::div, "", "footernav"), kSemFooter | kSemNavigation);
  EXPECT_EQ(of(Tag::div, "mainnav"), kSemContent | kSemNavigation) << "not purely content: the navigation stays";
  EXPECT_EQ(of(Tag::div, "sidenav3"), kSemSidebar | kSemNavigation);
  // Parts of two letters, a cue with anything else, and numbers alone are no cue.
  EXPECT_EQ(of(Tag::div, "adnav"), 0u);
  EXPECT_EQ(of(Tag::div, "footnote leaderboard"), 0u);
  EXPECT_EQ(of(Tag::div, "x2024 2col"), 0u);
  EXPECT_EQ(of(Tag::div, "navs menux"), 0u);
}

// The ad-serving URL patterns of semantics.cpp, and the search they had
// before it was one pass: lower-case the first 256 bytes, then look for each
// pattern inside them.
constexpr std::string_view kPatterns[] = {
    "doubleclick.", "googlesyndication.", "googleadservices.", "adservice.", "adserver", "/ads/",
    "/ad/", "//ads.", "//ad.", "/adclick", "adclick.", "pagead", "/banner", "adnxs.", "amazon-adsystem.",
    "advertising.", "/advert", "openx.", "adform.", "criteo.", "taboola.", "outbrain.",
};
bool reference_ad_url(std::string_view url) {
  if (url.size() < 4) return false;
  std::string lower(url.substr(0, 256));
  for (char& c : lower) c = (c >= 'A' && c <= 'Z') ? static_cast<char>(c + 32) : c;
  for (std::string_view pattern : kPatterns)
    if (lower.find(pattern) != std::string::npos) return true;
  return false;
}
bool ad_url(std::string_view href) {
  ElementAttributes a;
  a.href = href;
  return element_is_advert(a);
}

TEST(Semantics, AdUrlsAnyCaseWithinTheFirst256Bytes) {
  EXPECT_TRUE(ad_url("https://AD.DoubleClick.NET/x"));
  EXPECT_TRUE(ad_url("doubleclick."));
  EXPECT_TRUE(ad_url("//ad.x"));
  EXPECT_TRUE(ad_url("/x/Ads/y"));
  EXPECT_FALSE(ad_url("/ad"));
  EXPECT_FALSE(ad_url("https://example.com/adventure/"));
  const std::string pad(250, 'x');
  EXPECT_TRUE(ad_url(pad + "/ads/"));   // ends at byte 255
  EXPECT_TRUE(ad_url(pad + "x/ads/"));  // ends at byte 256
  EXPECT_FALSE(ad_url(pad + "xx/ads/")) << "a pattern must end within the first 256 bytes";
  EXPECT_FALSE(ad_url(std::string(300, 'x') + "/ads/"));
}

TEST(Semantics, AdUrlSearchAgreesWithLowerCaseThenFind) {
  std::mt19937 random(11);
  const std::string_view pieces[] = {"/", "//", ".", "a", "A", "d", "D", "s", "x", "-", "ad", "AD", "ads",
                                     "click", "banner", "open", "http://", "www.", "com"};
  for (int n = 0; n < 20000; ++n) {
    std::string url;
    const std::size_t parts = random() % 12;
    for (std::size_t k = 0; k < parts; ++k) {
      if (random() % 8 == 0) {
        std::string pattern(kPatterns[random() % (sizeof(kPatterns) / sizeof(kPatterns[0]))]);
        if (random() % 2) for (char& c : pattern) c = (c >= 'a' && c <= 'z') ? static_cast<char>(c - 32) : c;
        if (random() % 3 == 0) pattern.pop_back();
        url += pattern;
      } else {
        url += pieces[random() % (sizeof(pieces) / sizeof(pieces[0]))];
      }
    }
    if (random() % 10 == 0) url = std::string(240 + random() % 20, 'y') + url;
    ASSERT_EQ(ad_url(url), reference_ad_url(url)) << url;
  }
}

}  // namespace
}  // namespace winnow
