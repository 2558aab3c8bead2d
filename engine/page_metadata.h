// SPDX-License-Identifier: MIT
// What a page declares about itself before its content: its title, summary,
// author, site, dates, language, address, image and kind, as a reader app,
// a feed or an index shows them beside the article. trafilatura and
// Readability.js return such fields too; they search a whole DOM for them.
// Here they come from the elements a browser reads in the <head>:
//   - <meta name|property|itemprop|http-equiv=... content=...>: Open Graph
//     (og:*, article:*), Twitter cards, Dublin Core (dc.*, dcterms.*),
//     Highwire's citation_* (scholarly pages), Parse.ly and Sailthru tags,
//     schema.org microdata on a <meta>, and the plain HTML names;
//   - <link rel="canonical" href>, <link rel="image_src" href>;
//   - <html lang>, <meta http-equiv="content-language">;
//   - the head's JSON-LD, which the input guard turns into <meta itemprop>
//     elements (adapters/libxml/json_ld.h);
//   - the <title> element (engine/page_title.h), when no <meta> names one.
// Each field takes the value of its most specific source (the order in the
// table in page_metadata.cpp); of two values from the same source, the
// first. A value's whitespace runs become one space and it is trimmed; text
// fields are cut at their size at a character boundary and repaired where
// their UTF-8 was encoded twice (engine/mojibake.h); an address longer
// than kUrlBytes is dropped, not cut (a cut address points nowhere). Values
// are as written: a date stays in the page's own format.
//
// Settled at the page's first word of visible text (or at the end of a
// document without one): before any block of content is delivered, so a
// renderer can show the title and byline first. Elements after that point
// change nothing, which leaves out <meta> elements placed among the content
// and anything a page states only in its visible text (a byline, a date
// line); trafilatura also reads those, at the cost of a whole-page search.
// Chunk-invariant: the value depends on the elements alone.
//
// Memory: kStorageBytes (2,218 bytes) and a few words, inside the token
// stream (in the extractor object, like the title); no allocation.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "engine/event.h"

namespace winnow {

enum class MetadataField : std::uint8_t {
  title,        // og:title, twitter:title, dc.title, schema.org headline; else the <title> element
  description,  // description, og:description, twitter:description, dc.description
  author,       // author, article:author (a name, not an address), dc.creator, citation_author, ...
  site_name,    // og:site_name, application-name
  published,    // article:published_time, itemprop datePublished, dc.date.issued, ...
  modified,     // article:modified_time, og:updated_time, itemprop dateModified, ...
  language,     // <html lang>, content-language, dc.language, og:locale
  url,          // <link rel=canonical>, og:url; else the address the caller gave (read_known_address)
  image,        // og:image, twitter:image, <link rel=image_src>
  page_type,    // og:type as written ("article", "website", "product")
  count
};

// The field's name as the CLI's JSON and the C API spell it ("site_name").
std::string_view metadata_field_name(MetadataField field);

class PageMetadata {
 public:
  static constexpr std::size_t kFieldCount = static_cast<std::size_t>(MetadataField::count);
  // Longest address kept (bytes); the input guard keeps more of an attribute
  // value than this, so a value it had to cut is never taken for a whole one.
  static constexpr std::size_t kUrlBytes = 480;
  static constexpr std::size_t kStorageBytes = 2218;

  // Bytes a field holds at most (without its NUL).
  static std::size_t capacity(MetadataField field);

  // An element's attributes, before the page is settled; only <meta>,
  // <link> and <html> are read, so any element may be passed.
  void read_element(Tag tag, const ElementAttributes& attributes);
  // The page's address as the caller knows it (the URL a crawler or a proxy
  // requested), before the page is settled: the url when the page declares
  // none, ranked after every source of its own.
  void read_known_address(std::string_view url);
  // Settles the fields; title_element: the <title> element's text as
  // written (PageTitle), taken when no <meta> gave a title. Later calls and
  // later elements change nothing.
  void settle(std::string_view title_element);
  bool settled() const { return settled_; }

  // The field's value, NUL-terminated ("" when the page declared none).
  // Settled once settled(); before, what has been read so far.
  const char* c_str(MetadataField field) const { return storage_ + kOffsets[index(field)]; }
  std::string_view get(MetadataField field) const {
    return std::string_view(c_str(field), sizes_[index(field)]);
  }

 private:
  static constexpr std::size_t index(MetadataField field) { return static_cast<std::size_t>(field); }
  // Where each field's bytes start in storage_ (each followed by its NUL);
  // the next one's offset, minus one, is its capacity.
  static constexpr std::uint16_t kOffsets[kFieldCount + 1] = {
      0, 257, 770, 899, 1028, 1093, 1158, 1191, 1672, 2153, 2218};
  static_assert(kOffsets[kFieldCount] == kStorageBytes, "the fields fill the storage");

  // Offers a value from a source of this rank (0 = most specific).
  void offer(MetadataField field, std::uint8_t rank, std::string_view value);

  char storage_[kStorageBytes] = {};
  std::uint16_t sizes_[kFieldCount] = {};
  std::uint8_t ranks_[kFieldCount] = {};  // the rank of the value held + 1; 0: none
  bool settled_ = false;
};

}  // namespace winnow
