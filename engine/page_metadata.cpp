// SPDX-License-Identifier: MIT
#include "engine/page_metadata.h"

#include <algorithm>
#include <cstring>

#include "engine/letter_case.h"
#include "engine/mojibake.h"
#include "engine/utf8.h"

namespace winnow {
namespace {

using F = MetadataField;

// A <meta> key (its name or property, lower-cased) and what it declares.
// Rank 0 is the most specific source of its field: Open Graph's and the
// article namespace's keys first (the publisher's own card for the page,
// usually without the site's name in the title), then Twitter's card, then
// the library standards (Dublin Core, Highwire), then analytics tags and
// the bare HTML names that templates fill with anything.
struct Source {
  std::string_view key;
  MetadataField field;
  std::uint8_t rank;
};

constexpr Source kMetaSources[] = {
    {"og:title", F::title, 0},
    {"twitter:title", F::title, 1},
    {"dc.title", F::title, 2},
    {"dc:title", F::title, 2},
    {"dcterms.title", F::title, 2},
    {"dcterms:title", F::title, 2},
    {"citation_title", F::title, 3},
    {"description", F::description, 0},
    {"og:description", F::description, 1},
    {"twitter:description", F::description, 2},
    {"dc.description", F::description, 3},
    {"dc:description", F::description, 3},
    {"dcterms.description", F::description, 3},
    {"dcterms:description", F::description, 3},
    {"author", F::author, 0},
    {"article:author", F::author, 1},
    {"dc.creator", F::author, 2},
    {"dc:creator", F::author, 2},
    {"dcterms.creator", F::author, 2},
    {"dcterms:creator", F::author, 2},
    {"citation_author", F::author, 3},
    {"parsely-author", F::author, 4},
    {"sailthru.author", F::author, 5},
    {"byl", F::author, 6},
    {"og:site_name", F::site_name, 0},
    {"application-name", F::site_name, 1},
    {"article:published_time", F::published, 0},
    {"dc.date.issued", F::published, 2},
    {"dcterms.issued", F::published, 2},
    {"dcterms:issued", F::published, 2},
    {"citation_publication_date", F::published, 3},
    {"citation_date", F::published, 3},
    {"parsely-pub-date", F::published, 4},
    {"sailthru.date", F::published, 5},
    {"pubdate", F::published, 6},
    {"publishdate", F::published, 6},
    {"publish-date", F::published, 6},
    {"publication_date", F::published, 6},
    {"date", F::published, 7},
    {"dc.date", F::published, 7},
    {"dc:date", F::published, 7},
    {"dcterms.date", F::published, 7},
    {"dcterms:date", F::published, 7},
    {"dcterms.created", F::published, 7},
    {"dcterms:created", F::published, 7},
    {"article:modified_time", F::modified, 0},
    {"og:updated_time", F::modified, 1},
    {"dcterms.modified", F::modified, 3},
    {"dcterms:modified", F::modified, 3},
    {"dc.language", F::language, 2},
    {"dc:language", F::language, 2},
    {"dcterms.language", F::language, 2},
    {"dcterms:language", F::language, 2},
    {"og:locale", F::language, 3},
    {"og:url", F::url, 1},
    {"twitter:url", F::url, 2},
    {"og:image", F::image, 0},
    {"og:image:url", F::image, 0},
    {"og:image:secure_url", F::image, 1},
    {"twitter:image", F::image, 2},
    {"twitter:image:src", F::image, 2},
    {"og:type", F::page_type, 0},
};

// schema.org microdata on a <meta itemprop=... content=...>, where a page
// marks up what its text shows in another form (an ISO date beside "3 days
// ago"); ranked after the <meta> names of the same field.
constexpr Source kItempropSources[] = {
    {"headline", F::title, 4},
    {"description", F::description, 4},
    {"author", F::author, 7},
    {"datepublished", F::published, 1},
    {"datemodified", F::modified, 2},
    {"inlanguage", F::language, 4},
};

constexpr std::uint8_t kTitleElementRank = 9;
constexpr std::uint8_t kKnownAddressRank = 10;

bool is_address(MetadataField field) { return field == F::url || field == F::image; }
// Fields a reader shows as text, which get the repair of double-encoded UTF-8.
bool is_prose(MetadataField field) {
  return field == F::title || field == F::description || field == F::author || field == F::site_name;
}

// An author given as a link (article:author is often a profile's address):
// not a name to show.
bool looks_like_address(std::string_view value) {
  return value.find("://") != std::string_view::npos || value.substr(0, 4) == "www." ||
         (!value.empty() && value[0] == '/');
}

const Source* find_source(const Source* begin, const Source* end, std::string_view key) {
  if (key.empty()) return nullptr;
  for (const Source* s = begin; s != end; ++s)
    if (equals_lower(key, s->key)) return s;
  return nullptr;
}

// Calls visit with each word of a space-separated list (a rel attribute, an
// RDFa property).
template <typename Visit>
void for_each_word(std::string_view list, Visit visit) {
  std::size_t i = 0;
  while (i < list.size()) {
    while (i < list.size() && is_html_space(list[i])) ++i;
    std::size_t end = i;
    while (end < list.size() && !is_html_space(list[end])) ++end;
    if (end > i) visit(list.substr(i, end - i));
    i = end;
  }
}

bool has_keyword(std::string_view list, std::string_view keyword) {
  bool found = false;
  for_each_word(list, [&](std::string_view word) { found = found || equals_lower(word, keyword); });
  return found;
}

// A name reduced to what identifies it: ASCII letters lowered, other ASCII
// (spaces, dots, dashes) left out, the rest kept; "WRAL.com" and "wral com"
// are both "wralcom". Writes at most kNameBytes bytes.
constexpr std::size_t kNameBytes = 256;
std::string_view identifying(std::string_view text, char* out) {
  std::size_t n = 0;
  for (const char c : text) {
    if (n == kNameBytes) break;
    const auto b = static_cast<unsigned char>(c);
    if (b >= 0x80 || (c >= '0' && c <= '9')) out[n++] = c;
    else if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) out[n++] = ascii_to_lower(c);
  }
  return std::string_view(out, n);
}

// Whether two identifying forms name the same thing: equal, or, both at
// least three bytes long, one starts the other ("spiceworks" of
// "spiceworksinc", "wellmerightglossary" of "wellmeright", "mdn" of
// "mdnwebdocs").
bool same_name(std::string_view a, std::string_view b) {
  const std::size_t shorter = std::min(a.size(), b.size());
  return a == b || (shorter >= 3 && a.substr(0, shorter) == b.substr(0, shorter));
}

// The label of a host that names the site: the one before the top-level
// domain, or before a second-level one of at most three letters
// ("hellyhansen" of www.hellyhansen.com, "yahoo" of headlines.yahoo.co.jp).
std::string_view site_label(std::string_view host) {
  std::size_t end = host.rfind('.');  // where the label before the top-level domain ends
  for (int step = 0; step < 2 && end != std::string_view::npos && end > 0; ++step) {
    const std::size_t dot = host.rfind('.', end - 1);
    const std::size_t begin = dot == std::string_view::npos ? 0 : dot + 1;
    const std::string_view label = host.substr(begin, end - begin);
    if (label.size() > 3 || dot == std::string_view::npos) return label;
    end = dot;
  }
  return {};
}

// Whether a part of the title names the site: the site's declared name, or
// its address's host, the whole host or one of its labels ("Wikipedia" of
// en.wikipedia.org), or a name the site label starts or that starts it
// ("Helly Hansen US" of hellyhansen.com).
bool names_site(std::string_view part, std::string_view site_name, std::string_view url) {
  char part_buffer[kNameBytes];
  char other_buffer[kNameBytes];
  const std::string_view name = identifying(part, part_buffer);
  if (name.size() < 3) return false;
  const std::string_view site = identifying(site_name, other_buffer);
  if (!site.empty() && same_name(name, site)) return true;
  // "https://host/..." or, relative to the page's scheme, "//host/...".
  const std::size_t scheme = url.substr(0, 2) == "//" ? 0 : url.find("://");
  if (scheme == std::string_view::npos) return false;
  std::string_view host = url.substr(scheme + (scheme == 0 ? 2 : 3));
  host = host.substr(0, std::min(host.find('/'), host.size()));
  if (identifying(host, other_buffer) == name) return true;
  const std::string_view label = site_label(host);
  if (label.size() >= 4 && same_name(name, identifying(label, other_buffer))) return true;
  bool found = false;
  std::size_t start = 0;
  while (!found && start < host.size()) {
    const std::size_t dot = std::min(host.find('.', start), host.size());
    if (dot < host.size()) found = identifying(host.substr(start, dot - start), other_buffer) == name;  // not the TLD
    start = dot + 1;
  }
  return found;
}

// What divides a title's parts: "Story | Site", "Site - Story", and the
// dashes, dots and guillemets sites put there instead.
constexpr std::string_view kTitleSeparators[] = {
    " | ", " - ", " \xE2\x80\x93 ", " \xE2\x80\x94 ", " \xC2\xB7 ", " \xE2\x80\xA2 ", " :: ", " : ",
    " / ", " \xC2\xBB ", " \xC2\xAB "};

// The title without its first or last part where that part names the site
// ("Obama admits ... - BBC News" of a page whose og:site_name is "BBC
// News"): a reader shows the site's name elsewhere. A part is cut only
// where the page itself names the site (its og:site_name or address), so a
// title whose last part is a subtitle keeps it.
std::string_view without_site_name(std::string_view title, std::string_view site_name, std::string_view url) {
  std::size_t first = std::string_view::npos, first_size = 0;
  std::size_t last = std::string_view::npos, last_size = 0;
  for (const std::string_view separator : kTitleSeparators) {
    const std::size_t f = title.find(separator);
    if (f == std::string_view::npos) continue;
    if (first == std::string_view::npos || f < first) first = f, first_size = separator.size();
    const std::size_t l = title.rfind(separator);
    if (last == std::string_view::npos || l > last) last = l, last_size = separator.size();
  }
  if (last == std::string_view::npos) return title;
  // A home page whose title is the site's name and motto keeps it.
  char title_buffer[kNameBytes];
  char site_buffer[kNameBytes];
  if (identifying(title, title_buffer) == identifying(site_name, site_buffer)) return title;
  if (names_site(title.substr(last + last_size), site_name, url)) return title.substr(0, last);
  if (names_site(title.substr(0, first), site_name, url)) return title.substr(first + first_size);
  return title;
}

}  // namespace

std::string_view metadata_field_name(MetadataField field) {
  switch (field) {
    case F::title: return "title";
    case F::description: return "description";
    case F::author: return "author";
    case F::site_name: return "site_name";
    case F::published: return "published";
    case F::modified: return "modified";
    case F::language: return "language";
    case F::url: return "url";
    case F::image: return "image";
    case F::page_type: return "page_type";
    case F::count: break;
  }
  return "";
}

std::size_t PageMetadata::capacity(MetadataField field) {
  return kOffsets[index(field) + 1] - kOffsets[index(field)] - 1;
}

void PageMetadata::read_element(Tag tag, const ElementAttributes& attributes) {
  if (settled_) return;
  if (tag == Tag::html) {
    offer(F::language, 0, attributes.lang);
  } else if (tag == Tag::link) {
    if (has_keyword(attributes.rel, "canonical")) offer(F::url, 0, attributes.href);
    if (has_keyword(attributes.rel, "image_src")) offer(F::image, 3, attributes.href);
  } else if (tag == Tag::meta && !attributes.content.empty()) {
    constexpr auto meta_end = kMetaSources + sizeof kMetaSources / sizeof kMetaSources[0];
    constexpr auto itemprop_end = kItempropSources + sizeof kItempropSources / sizeof kItempropSources[0];
    // A page may name one <meta> both ways (name="og:title" property="og:title"),
    // and RDFa lets a property list several keys ("dc:title og:title").
    for (const std::string_view keys : {attributes.name, attributes.property}) {
      for_each_word(keys, [&](std::string_view key) {
        const Source* source = find_source(kMetaSources, meta_end, key);
        if (source == nullptr) return;
        if (source->field == F::author && looks_like_address(attributes.content)) return;
        offer(source->field, source->rank, attributes.content);
      });
    }
    if (const Source* source = find_source(kItempropSources, itemprop_end, attributes.itemprop))
      offer(source->field, source->rank, attributes.content);
    if (equals_lower(attributes.http_equiv, "content-language")) offer(F::language, 1, attributes.content);
  }
}

void PageMetadata::settle(std::string_view title_element) {
  if (settled_) return;
  offer(F::title, kTitleElementRank, title_element);
  const std::string_view title = get(F::title);
  const std::string_view cut = without_site_name(title, get(F::site_name), get(F::url));
  if (cut.size() < title.size()) {
    sizes_[index(F::title)] = static_cast<std::uint16_t>(cut.size());
    if (cut.data() != title.data()) std::memmove(storage_ + kOffsets[index(F::title)], cut.data(), cut.size());
    storage_[kOffsets[index(F::title)] + cut.size()] = '\0';
  }
  settled_ = true;
}

void PageMetadata::read_known_address(std::string_view url) { offer(F::url, kKnownAddressRank, url); }

void PageMetadata::offer(MetadataField field, std::uint8_t rank, std::string_view value) {
  const std::size_t i = index(field);
  if (settled_ || (ranks_[i] != 0 && ranks_[i] - 1 <= rank)) return;
  // Cleaned into a scratch copy first: a value that comes out empty (or an
  // address too long to keep) leaves the one held before.
  char cleaned[kStorageBytes];
  const std::size_t limit = capacity(field);
  std::size_t size = 0;
  bool space_pending = false;
  bool cut = false;
  for (const char c : value) {
    if (is_html_space(c)) {
      space_pending = size > 0;
      continue;
    }
    if (size + (space_pending ? 2 : 1) > limit) {
      cut = true;
      break;
    }
    if (space_pending) cleaned[size++] = ' ';
    space_pending = false;
    cleaned[size++] = c;
  }
  if (cut && is_address(field)) return;
  // The input guard, too, may have cut a long value inside a character.
  size = utf8_without_partial_character(cleaned, size);
  while (size > 0 && cleaned[size - 1] == ' ') --size;
  if (is_prose(field)) size = repair_double_utf8(cleaned, size);
  if (size == 0) return;
  char* out = storage_ + kOffsets[i];
  std::memcpy(out, cleaned, size);
  out[size] = '\0';
  sizes_[i] = static_cast<std::uint16_t>(size);
  ranks_[i] = static_cast<std::uint8_t>(rank + 1);
}

}  // namespace winnow
