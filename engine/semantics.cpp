// SPDX-License-Identifier: MIT
#include "engine/semantics.h"

#include <algorithm>
#include <array>
#include <cctype>

#include "engine/letter_case.h"

namespace winnow {
namespace {

struct Cue {
  std::string_view word;
  std::uint32_t bits;
};

// Whole words (after splitting) that signal a role. Kept general on purpose.
// Not "column": it names the main column ("main-column", "primaryColumn") as
// often as a side one; on 400 pages of the development corpus it put the
// sidebar cue on 379 article blocks of 15 words or more.
constexpr Cue kCues[] = {
    {"nav", kSemNavigation}, {"navbar", kSemNavigation}, {"navigation", kSemNavigation},
    {"menu", kSemNavigation}, {"menus", kSemNavigation}, {"breadcrumb", kSemNavigation},
    {"breadcrumbs", kSemNavigation}, {"pagination", kSemNavigation}, {"pager", kSemNavigation},
    {"skip", kSemNavigation}, {"toc", kSemNavigation},
    {"footer", kSemFooter}, {"foot", kSemFooter}, {"copyright", kSemFooter}, {"legal", kSemFooter},
    {"colophon", kSemFooter},
    {"header", kSemHeader}, {"masthead", kSemHeader}, {"topbar", kSemHeader}, {"banner", kSemHeader},
    {"branding", kSemHeader}, {"logo", kSemHeader},
    {"sidebar", kSemSidebar}, {"side", kSemSidebar}, {"aside", kSemSidebar}, {"widget", kSemSidebar},
    {"widgets", kSemSidebar}, {"rail", kSemSidebar},
    {"comment", kSemComment}, {"comments", kSemComment}, {"reply", kSemComment}, {"replies", kSemComment},
    {"discussion", kSemComment}, {"disqus", kSemComment}, {"respond", kSemComment},
    {"share", kSemShare}, {"sharing", kSemShare}, {"social", kSemShare}, {"facebook", kSemShare},
    {"twitter", kSemShare}, {"tweet", kSemShare}, {"follow", kSemShare}, {"print", kSemShare},
    {"related", kSemRelated}, {"recommended", kSemRelated}, {"recommendations", kSemRelated},
    {"popular", kSemRelated}, {"trending", kSemRelated}, {"more", kSemRelated}, {"also", kSemRelated},
    {"read", kSemRelated}, {"next", kSemRelated}, {"prev", kSemRelated}, {"previous", kSemRelated},
    {"ad", kSemAdvert}, {"ads", kSemAdvert}, {"advert", kSemAdvert}, {"advertisement", kSemAdvert},
    {"adsense", kSemAdvert}, {"sponsor", kSemAdvert}, {"sponsored", kSemAdvert}, {"promo", kSemAdvert},
    {"promotion", kSemAdvert}, {"outbrain", kSemAdvert}, {"taboola", kSemAdvert}, {"dfp", kSemAdvert},
    {"subscribe", kSemSubscribe}, {"subscription", kSemSubscribe}, {"newsletter", kSemSubscribe},
    {"signup", kSemSubscribe}, {"login", kSemSubscribe}, {"register", kSemSubscribe},
    {"cookie", kSemSubscribe}, {"cookies", kSemSubscribe}, {"consent", kSemSubscribe},
    {"modal", kSemSubscribe}, {"popup", kSemSubscribe}, {"paywall", kSemSubscribe},
    {"article", kSemArticle}, {"articles", kSemArticle}, {"post", kSemArticle}, {"entry", kSemArticle},
    {"story", kSemArticle}, {"blog", kSemArticle}, {"articlebody", kSemArticle},
    {"main", kSemContent}, {"content", kSemContent}, {"body", kSemContent}, {"text", kSemContent},
    {"prose", kSemContent}, {"page", kSemContent},
    {"byline", kSemByline}, {"author", kSemByline}, {"date", kSemByline}, {"time", kSemByline},
    {"dateline", kSemByline}, {"published", kSemByline}, {"timestamp", kSemByline}, {"meta", kSemByline},
    {"caption", kSemCaption}, {"figure", kSemCaption}, {"credit", kSemCaption}, {"photo", kSemCaption},
    {"image", kSemCaption}, {"img", kSemCaption}, {"gallery", kSemCaption}, {"media", kSemCaption},
    {"teaser", kSemTeaser}, {"card", kSemTeaser}, {"tile", kSemTeaser}, {"excerpt", kSemTeaser},
    {"summary", kSemTeaser}, {"list", kSemTeaser}, {"listing", kSemTeaser}, {"item", kSemTeaser},
    {"title", kSemTitle}, {"headline", kSemTitle}, {"heading", kSemTitle}, {"subtitle", kSemTitle},
    {"hidden", kSemHidden}, {"hide", kSemHidden}, {"sr", kSemHidden}, {"visually", kSemHidden},
    {"screen", kSemHidden}, {"offscreen", kSemHidden},
    {"tag", kSemTags}, {"tags", kSemTags}, {"category", kSemTags}, {"categories", kSemTags},
    {"topics", kSemTags}, {"keywords", kSemTags}, {"label", kSemTags},
    {"form", kSemForm}, {"search", kSemForm}, {"input", kSemForm},
};

// The cues in an open-addressing hash table, built once: a class word costs
// one hash of its bytes and, almost always, one probe (most words are no
// cue and meet an empty slot). The first of two equal cue words wins.
std::uint32_t hash_word(std::string_view word) {
  std::uint32_t h = static_cast<std::uint32_t>(word.size());
  for (char c : word) h = h * 31 + static_cast<unsigned char>(c);
  return h;
}

class CueIndex {
 public:
  CueIndex() {
    for (std::size_t i = 0; i < sizeof(kCues) / sizeof(kCues[0]); ++i) {
      const std::string_view word = kCues[i].word;
      std::size_t slot = hash_word(word) & kMask;
      bool present = false;
      while (slot_[slot] != 0) {
        if (kCues[slot_[slot] - 1].word == word) present = true;
        slot = (slot + 1) & kMask;
      }
      if (!present) slot_[slot] = static_cast<std::uint8_t>(i + 1);
    }
  }
  std::uint32_t find(std::string_view word) const {
    for (std::size_t slot = hash_word(word) & kMask; slot_[slot] != 0; slot = (slot + 1) & kMask) {
      const Cue& cue = kCues[slot_[slot] - 1];
      if (cue.word.size() == word.size() && cue.word == word) return cue.bits;
    }
    return 0;
  }

 private:
  static constexpr std::size_t kSlots = 1024;  // a load under 1/6
  static constexpr std::size_t kMask = kSlots - 1;
  static_assert(sizeof(kCues) / sizeof(kCues[0]) < 255, "slots hold a cue's index + 1 in a byte");
  std::uint8_t slot_[kSlots] = {};
};

// A word that is no cue may still be made of cues: a cue numbered
// ("menu2", "sidebar1", "ad300": the copies of a layout part), or two cues
// written as one word without a separator or a capital ("storybody",
// "commentlist", "mainnav", "footernav", "sidenav"). Mined from the
// development corpus's class words, these carry the cues of their parts as
// consistently as the parts alone do (on 4,478 pages, "commentform" is
// boilerplate for 9,487 words against 50, "storybody" and its kind content
// for 131,944 against 29,372). Each part of a compound has three letters
// or more, so "ad" and "sr" are not read into longer words.
std::uint32_t bits_of_word(std::string_view word) {
  static const CueIndex index;  // immutable after construction
  if (word.empty()) return 0;
  if (const std::uint32_t bits = index.find(word)) return bits;
  std::size_t letters = word.size();
  while (letters > 0 && word[letters - 1] >= '0' && word[letters - 1] <= '9') --letters;
  const std::string_view stem = word.substr(0, letters);
  if (letters < word.size()) {
    if (const std::uint32_t bits = index.find(stem)) return bits;
  }
  constexpr std::size_t kPart = 3;
  for (std::size_t split = kPart; split + kPart <= stem.size(); ++split) {
    const std::uint32_t head = index.find(stem.substr(0, split));
    if (head == 0) continue;
    if (const std::uint32_t tail = index.find(stem.substr(split))) return head | tail;
  }
  return 0;
}

// ASCII only, without the C library's locale lookups (this runs on every
// class, id and URL of the page).
bool ascii_upper(unsigned char c) { return c >= 'A' && c <= 'Z'; }
bool ascii_lower(unsigned char c) { return c >= 'a' && c <= 'z'; }

constexpr std::uint32_t kSemPositive = kSemArticle | kSemContent;
// The cues of a part of the page that is not its main content.
constexpr std::uint32_t kSemNegative = kSemNavigation | kSemFooter | kSemHeader | kSemSidebar | kSemComment |
                                       kSemShare | kSemRelated | kSemAdvert | kSemSubscribe | kSemTags;

struct ValueBits {
  std::uint32_t bits = 0;
  // Some class (or id) of the value names the main content and nothing else
  // ("content", "post-123", "content--article"; not "entry-footer").
  bool purely_positive = false;
  // Some class (not the id) has the word "btn", "button" or "cta".
  bool names_button = false;
  // Some class is an embed code's name for an embedded post.
  bool embedded_post = false;
};

// The embed codes' class names, lower case: each network's published
// snippet marks the element that holds the post's text with one of these.
constexpr std::string_view kEmbeddedPostClasses[] = {
    "twitter-tweet", "twitter-video", "instagram-media", "tiktok-embed", "fb-post", "fb-video",
    "fb-xfbml-parse-ignore", "reddit-embed-bq", "reddit-card", "bluesky-embed", "mastodon-embed",
};
constexpr std::size_t kEmbeddedPostClassMin = 7;   // "fb-post"
constexpr std::size_t kEmbeddedPostClassMax = 21;  // "fb-xfbml-parse-ignore"

// A page builder's name for any piece of the page it lays out: Elementor
// wraps every heading, paragraph and list of a page it builds in
// "elementor-widget elementor-widget-text-editor" and
// "elementor-widget-container", so its "widget" says nothing of a sidebar
// (a page of the modern test set lost its headline, a subheading, a list and
// two paragraphs to it). Its other words keep their cues:
// "elementor-nav-menu" is a menu, "elementor-location-footer" a footer.
bool is_page_builder_part(std::string_view part) { return part == "widget" || part == "widgets"; }

// Splits at non-alphanumerics and at lower-to-upper case changes; a class is
// a run between spaces.
//
// A class opening with two underscores is a framework's mount point
// (Next.js's id="__next", Nuxt's "__nuxt", Gatsby's "___gatsby"): it wraps
// the whole page, so its words say nothing of a part of it. "__next" put
// the related-links cue on every block of 45 pages of the development
// corpus, 46,000 words of gold among them.
ValueBits bits_of_value(std::string_view value) {
  ValueBits result;
  std::uint32_t class_bits = 0;
  char word[24];
  std::size_t size = 0;
  bool overlong = false;
  std::size_t class_length = 0;  // bytes of the class read so far
  bool framework_root = false;
  bool page_builder = false;  // the class is Elementor's (its first word says so)
  bool first_word = true;
  auto flush = [&]() {
    const std::string_view part(word, size);
    if (size > 0 && first_word) {
      first_word = false;
      page_builder = part == "elementor";
    }
    if (size > 0 && !overlong && !framework_root && !(page_builder && is_page_builder_part(part)))
      class_bits |= bits_of_word(part);
    if (!overlong && (part == "btn" || part == "button" || part == "cta")) result.names_button = true;
    size = 0;
    overlong = false;
  };
  std::size_t at = 0;  // index in value of the byte being read
  auto end_class = [&]() {
    flush();
    if (class_length >= kEmbeddedPostClassMin && class_length <= kEmbeddedPostClassMax &&
        is_embedded_post_class(value.substr(at - class_length, class_length)))
      result.embedded_post = true;
    page_builder = false;
    first_word = true;
    if (class_bits != 0 && (class_bits & ~kSemPositive) == 0) result.purely_positive = true;
    result.bits |= class_bits;
    class_bits = 0;
    class_length = 0;
    framework_root = false;
  };
  char previous = 0;
  for (char c : value) {
    const auto u = static_cast<unsigned char>(c);
    if (is_html_space(c)) {
      end_class();
      previous = c;
      ++at;
      continue;
    }
    if (class_length == 1 && c == '_' && previous == '_') framework_root = true;
    ++class_length;
    if (!is_ascii_alnum(c)) {
      flush();
    } else {
      if (ascii_upper(u) && ascii_lower(static_cast<unsigned char>(previous))) flush();
      if (size < sizeof word) word[size++] = ascii_to_lower(static_cast<char>(u));
      else overlong = true;
    }
    previous = c;
    ++at;
  }
  end_class();
  return result;
}

std::uint32_t bits_of_tag(Tag tag) {
  switch (tag) {
    case Tag::nav: return kSemNavigation;
    case Tag::footer: return kSemFooter;
    case Tag::header: return kSemHeader;
    case Tag::aside: return kSemSidebar;
    case Tag::article: return kSemArticle;
    case Tag::main: return kSemContent | kSemMainLandmark;
    case Tag::figure: case Tag::figcaption: return kSemCaption;
    case Tag::form: case Tag::input: case Tag::search: return kSemForm;
    case Tag::button: case Tag::label: return kSemForm | kSemControl;
    case Tag::textarea: return kSemControl;
    case Tag::time: return kSemByline;
    case Tag::noscript: return kSemNoscript;
    case Tag::math: return kSemFormula;
    default: return 0;
  }
}

std::uint32_t bits_of_role(std::string_view role) {
  if (role == "navigation" || role == "menu" || role == "menubar") return kSemNavigation;
  if (role == "contentinfo") return kSemFooter;
  if (role == "banner") return kSemHeader;
  if (role == "complementary") return kSemSidebar;
  if (role == "main") return kSemContent | kSemMainLandmark;
  if (role == "article") return kSemArticle;
  if (role == "search" || role == "form") return kSemForm;
  return 0;
}

// Substrings of ad-serving URLs, lower case.
constexpr std::string_view kAdUrlPatterns[] = {
    "doubleclick.", "googlesyndication.", "googleadservices.", "adservice.", "adserver", "/ads/",
    "/ad/", "//ads.", "//ad.", "/adclick", "adclick.", "pagead", "/banner", "adnxs.", "amazon-adsystem.",
    "advertising.", "/advert", "openx.", "adform.", "criteo.", "taboola.", "outbrain.",
};

// One pass over the URL (every <a> and <img> of a page comes here), without
// a lower-cased copy: two tables give, for a byte, the patterns whose first
// (second) byte it is in either case, so the patterns that can start at a
// position are one AND of two lookups, nearly always none. Only those are
// compared, ignoring ASCII case. The first 256 bytes are searched.
struct AdUrlOpenings {
  std::uint32_t first[256] = {};
  std::uint32_t second[256] = {};
  AdUrlOpenings() {
    std::uint32_t bit = 1;
    for (std::string_view pattern : kAdUrlPatterns) {
      for (int k = 0; k < 2; ++k) {
        std::uint32_t* table = k == 0 ? first : second;
        const auto c = static_cast<unsigned char>(pattern[static_cast<std::size_t>(k)]);
        table[c] |= bit;
        if (ascii_lower(c)) table[c - 32] |= bit;
      }
      bit <<= 1;
    }
  }
};
static_assert(sizeof(kAdUrlPatterns) / sizeof(kAdUrlPatterns[0]) <= 32, "a pattern mask is 32 bits");

bool matches_lower(const char* at, std::string_view pattern) {
  for (std::size_t k = 0; k < pattern.size(); ++k)
    if (ascii_to_lower(at[k]) != pattern[k]) return false;
  return true;
}

bool has_ad_url(std::string_view url) {
  if (url.size() < 4) return false;
  static const AdUrlOpenings openings;
  const std::size_t n = std::min<std::size_t>(url.size(), 256);
  const auto* p = reinterpret_cast<const unsigned char*>(url.data());
  std::uint32_t starting = openings.first[p[0]];
  for (std::size_t i = 0; i + 1 < n; ++i) {
    std::uint32_t candidates = starting & openings.second[p[i + 1]];
    starting = openings.first[p[i + 1]];
    while (candidates != 0) {
      const std::string_view pattern = kAdUrlPatterns[__builtin_ctz(candidates)];
      candidates &= candidates - 1;
      if (i + pattern.size() <= n && matches_lower(url.data() + i, pattern)) return true;
    }
  }
  return false;
}

// The standard IAB display ad sizes, width x height in CSS pixels.
constexpr std::uint16_t kBannerSizes[][2] = {
    {468, 60}, {728, 90}, {300, 250}, {160, 600}, {120, 600}, {320, 50}, {970, 90}, {970, 250},
    {300, 600}, {336, 280}, {250, 250}, {234, 60}, {120, 240}, {125, 125}, {180, 150}, {300, 50},
    {320, 100}, {88, 31},
};

// A length as written in an attribute or a declaration: digits, then
// optionally "px"; anything else (%, em, auto) is not a size. Returns 0 then.
std::uint32_t pixels(std::string_view v) {
  std::size_t i = 0;
  while (i < v.size() && v[i] == ' ') ++i;
  std::uint32_t n = 0;
  std::size_t digits = 0;
  for (; i < v.size() && v[i] >= '0' && v[i] <= '9' && digits < 5; ++i, ++digits) n = n * 10 + static_cast<std::uint32_t>(v[i] - '0');
  if (digits == 0) return 0;
  if (i + 1 < v.size() && (v[i] == 'p' || v[i] == 'P') && (v[i + 1] == 'x' || v[i + 1] == 'X')) i += 2;
  while (i < v.size() && v[i] == ' ') ++i;
  return (i == v.size() || v[i] == ';' || v[i] == '!') ? n : 0;
}

// The value of a declaration in an inline style ("width: 300px"), matched as
// a whole property name (so max-width is not width).
std::uint32_t style_pixels(std::string_view style, std::string_view property) {
  for (std::size_t at = 0; (at = style.find(property, at)) != std::string_view::npos; at += property.size()) {
    if (at > 0 && (is_ascii_alnum(style[at - 1]) || style[at - 1] == '-')) continue;
    std::size_t i = at + property.size();
    while (i < style.size() && style[i] == ' ') ++i;
    if (i >= style.size() || style[i] != ':') continue;
    const std::size_t end = style.find(';', i + 1);
    return pixels(style.substr(i + 1, end == std::string_view::npos ? std::string_view::npos : end - i - 1));
  }
  return 0;
}

bool is_banner_size(std::uint32_t width, std::uint32_t height) {
  if (width == 0 || height == 0) return false;
  for (const auto& size : kBannerSizes)
    if (size[0] == width && size[1] == height) return true;
  return false;
}

}  // namespace

bool element_is_advert(const ElementAttributes& attributes) {
  if (has_ad_url(attributes.href) || has_ad_url(attributes.src)) return true;
  if (!attributes.width.empty() && !attributes.height.empty() &&
      is_banner_size(pixels(attributes.width), pixels(attributes.height)))
    return true;
  if (attributes.style.size() >= 20 && is_banner_size(style_pixels(attributes.style, "width"),
                                                      style_pixels(attributes.style, "height")))
    return true;
  return false;
}

std::uint32_t tag_semantics(Tag tag) { return bits_of_tag(tag); }

bool is_embedded_post_class(std::string_view class_name) {
  for (std::string_view name : kEmbeddedPostClasses)
    if (equals_lower(class_name, name)) return true;
  return false;
}

bool is_button_link(Tag tag, std::uint32_t attribute_bits) {
  return tag == Tag::a && (attribute_bits & kSemButtonLink) != 0;
}

bool is_button_link(Tag tag, std::string_view class_name) {
  return is_button_link(tag, bits_of_value(class_name).names_button ? std::uint32_t{kSemButtonLink} : 0u);
}

bool leads_to_other_language(std::string_view hreflang, std::string_view page_language) {
  const auto primary = [](std::string_view tag) {
    std::size_t end = 0;
    while (end < tag.size() && tag[end] != '-' && tag[end] != '_') ++end;
    return tag.substr(0, end);
  };
  const std::string_view link = primary(hreflang);
  const std::string_view page = primary(page_language);
  if (link.empty() || page.empty()) return false;
  if (link.size() != page.size()) return true;
  for (std::size_t i = 0; i < link.size(); ++i)
    if (ascii_to_lower(link[i]) != ascii_to_lower(page[i])) return true;
  return false;
}

std::uint32_t element_semantics(Tag tag, const ElementAttributes& attributes) {
  std::uint32_t bits = bits_of_tag(tag) | bits_of_role(attributes.role);
  const ValueBits classes = bits_of_value(attributes.class_name);
  const ValueBits id = bits_of_value(attributes.id);
  std::uint32_t named = classes.bits | id.bits;
  // An element that names itself the main content in a class or id of its
  // own is not made boilerplate by another of its words (the Guardian's
  // <article class="content ... tonal--tone-comment"> is an opinion piece,
  // not comments), as Readability.js never removes an element whose
  // class or id also says article, body, content or main.
  if (classes.purely_positive || id.purely_positive) named &= ~kSemNegative;
  bits |= named;
  // A class that names a button: the tokenizer keeps the bit on a link alone.
  if (classes.names_button) bits |= kSemButtonLink;
  if (classes.embedded_post) bits |= kSemEmbeddedPost;
  if (!attributes.itemprop.empty()) {
    if (attributes.itemprop == "articleBody") bits |= kSemArticle | kSemDeclaredBody;
    else if (attributes.itemprop == "text") bits |= kSemArticle | kSemDeclaredBody | kSemDeclaredText;
    else if (attributes.itemprop == "headline" || attributes.itemprop == "name") bits |= kSemTitle;
    else if (attributes.itemprop == "author" || attributes.itemprop == "datePublished") bits |= kSemByline;
  }
  return bits;
}

}  // namespace winnow
