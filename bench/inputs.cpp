// SPDX-License-Identifier: MIT
#include "inputs.h"

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

namespace bench {
namespace fs = std::filesystem;

// ---------------------------------------------------------------- corpus --

namespace {

bool read_file(const fs::path& path, std::string& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  out.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return true;
}

}  // namespace

InputSet load_corpus(const std::string& dir, std::uint64_t max_bytes, std::string* why) {
  InputSet set;
  set.name = "corpus";
  std::error_code ec;
  if (dir.empty()) {
    if (why) *why = "no corpus directory configured";
    return set;
  }
  if (!fs::is_directory(dir, ec)) {
    if (why) *why = "corpus directory " + dir + " not found";
    return set;
  }
  struct Package {
    std::string name;
    std::vector<std::pair<fs::path, std::uint64_t>> files;
    std::uint64_t bytes = 0;
  };
  std::vector<Package> packages;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    if (!entry.is_directory(ec)) continue;
    Package package;
    package.name = entry.path().filename().string();
    for (const auto& file : fs::directory_iterator(entry.path(), ec)) {
      if (!file.is_regular_file(ec) || file.path().extension() != ".html") continue;
      const std::uint64_t size = file.file_size(ec);
      package.files.emplace_back(file.path(), size);
      package.bytes += size;
    }
    if (package.files.empty()) continue;
    std::sort(package.files.begin(), package.files.end());
    packages.push_back(std::move(package));
  }
  std::sort(packages.begin(), packages.end(),
            [](const Package& a, const Package& b) { return a.name < b.name; });
  if (packages.empty()) {
    if (why) *why = "no <package>/*.html under " + dir;
    return set;
  }
  // The same share per package; a package smaller than its share leaves
  // the rest to the others.
  std::uint64_t left = max_bytes;
  std::ostringstream description;
  description << "sample of " << dir << ":";
  std::sort(packages.begin(), packages.end(),
            [](const Package& a, const Package& b) { return a.bytes < b.bytes; });
  for (std::size_t i = 0; i < packages.size(); ++i) {
    const Package& package = packages[i];
    const std::uint64_t share = left / (packages.size() - i);
    const std::uint64_t stride =
        std::max<std::uint64_t>(1, (package.bytes + share - 1) / std::max<std::uint64_t>(share, 1));
    std::uint64_t taken = 0, pages = 0;
    for (std::size_t f = 0; f < package.files.size(); f += stride) {
      if (taken + package.files[f].second > share && taken > 0) break;
      std::string html;
      if (!read_file(package.files[f].first, html)) continue;
      taken += html.size();
      ++pages;
      set.docs.push_back(std::move(html));
    }
    left -= std::min(left, taken);
    set.bytes += taken;
    description << " " << package.name << " " << pages << "/" << package.files.size() << " pages";
  }
  set.description = description.str();
  return set;
}

// ------------------------------------------------------- synthetic pages --

namespace {

class Rng {
 public:
  explicit Rng(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {  // splitmix64
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  std::size_t below(std::size_t n) { return static_cast<std::size_t>(next() % n); }
  std::size_t between(std::size_t lo, std::size_t hi) { return lo + below(hi - lo + 1); }
  bool chance(unsigned percent) { return below(100) < percent; }

 private:
  std::uint64_t state_;
};

// English-like word lengths, a few accented and non-Latin words, and the
// occasional entity, as real pages have.
const char* const kWords[] = {
    "the", "of", "and", "to", "in", "a", "is", "that", "for", "it", "as", "was", "with", "be",
    "by", "on", "not", "he", "this", "are", "or", "his", "from", "at", "which", "but", "have",
    "an", "had", "they", "you", "were", "their", "one", "all", "we", "can", "her", "has",
    "there", "been", "if", "more", "when", "will", "would", "who", "so", "no", "market",
    "government", "research", "development", "information", "university", "committee",
    "according", "statement", "performance", "significant", "international", "temperature",
    "announced", "yesterday", "community", "political", "economic", "structure", "network",
    "streaming", "parser", "library", "memory", "budget", "extraction", "content", "boilerplate",
    "navigation", "article", "paragraph", "reported", "officials", "company", "million", "percent",
    "city", "people", "year", "first", "new", "time", "world", "state", "report", "data",
    "café", "naïve", "Straße", "résumé", "Zürich", "São", "Ελλάδα", "Москва", "東京", "데이터",
    "&amp;", "&quot;quoted&quot;", "2024", "3.14", "$1,200", "e-mail", "(see", "below)",
    "well-known", "co-operation", "U.S.", "Dr.", "—", "…"};
constexpr std::size_t kWordCount = sizeof(kWords) / sizeof(kWords[0]);

void words(Rng& rng, std::string& out, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) {
    if (i) out += ' ';
    out += kWords[rng.below(kWordCount)];
  }
}

void title_words(Rng& rng, std::string& out, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) {
    if (i) out += ' ';
    std::string w = kWords[rng.below(50) + 49];  // the longer, title-like part
    if (!w.empty() && w[0] >= 'a' && w[0] <= 'z') w[0] = static_cast<char>(w[0] - 'a' + 'A');
    out += w;
  }
}

void link(Rng& rng, std::string& out, std::size_t n_words, const char* cls = nullptr) {
  out += "<a href=\"/section/";
  out += std::to_string(rng.below(100000));
  out += "/page.html?ref=nav&amp;id=";
  out += std::to_string(rng.below(1000));
  out += '"';
  if (cls) {
    out += " class=\"";
    out += cls;
    out += '"';
  }
  out += '>';
  title_words(rng, out, n_words);
  out += "</a>";
}

// Running text with inline markup: links, emphasis, line breaks.
void running_text(Rng& rng, std::string& out, std::size_t n_words) {
  std::size_t done = 0;
  while (done < n_words) {
    const std::size_t run = std::min(n_words - done, rng.between(4, 14));
    words(rng, out, run);
    done += run;
    if (done >= n_words) break;
    out += ' ';
    switch (rng.below(8)) {
      case 0: link(rng, out, 2); break;
      case 1: out += "<em>"; words(rng, out, 2); out += "</em>"; break;
      case 2: out += "<strong>"; words(rng, out, 1); out += "</strong>"; break;
      case 3: out += "<span class=\"highlight\">"; words(rng, out, 3); out += "</span>"; break;
      default: break;
    }
    out += ' ';
  }
}

void head(Rng& rng, std::string& out) {
  out += "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>";
  title_words(rng, out, 6);
  out += "</title>\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
         "<link rel=\"stylesheet\" href=\"/static/site.css?v=42\">\n"
         "<style>body{margin:0;font:16px/1.5 sans-serif}.nav a{color:#333}.ad{display:none}"
         "@media (max-width:600px){.sidebar{display:none}}</style>\n"
         "<script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}"
         "if (a < b && c > d) { gtag('config', 'UA-000000-1'); }</script>\n</head>\n";
}

void menu(Rng& rng, std::string& out, std::size_t links) {
  out += "<nav class=\"main-nav\" role=\"navigation\"><ul class=\"menu\">";
  for (std::size_t i = 0; i < links; ++i) {
    out += "<li class=\"menu-item\">";
    link(rng, out, rng.between(1, 2));
    out += "</li>";
  }
  out += "</ul></nav>\n";
}

void footer(Rng& rng, std::string& out, std::size_t links) {
  out += "<footer id=\"footer\"><div class=\"footer-links\"><ul>";
  for (std::size_t i = 0; i < links; ++i) {
    out += "<li>";
    link(rng, out, rng.between(1, 3));
    out += "</li>";
  }
  out += "</ul></div><p class=\"copyright\">&copy; 2024 Example Media Group. All rights reserved.</p>"
         "</footer>\n<!-- page generated in 12 ms -->\n"
         "<script src=\"/static/app.js\" async></script>\n</body></html>\n";
}

std::string article_page(Rng& rng) {
  std::string out;
  head(rng, out);
  out += "<body class=\"article-page\"><header class=\"site-header\"><div class=\"logo\">";
  link(rng, out, 2, "brand");
  out += "</div>\n";
  menu(rng, out, rng.between(8, 14));
  out += "</header>\n<main id=\"content\"><article class=\"post\" itemprop=\"articleBody\">\n<h1>";
  title_words(rng, out, rng.between(5, 10));
  out += "</h1>\n<p class=\"byline\">By ";
  link(rng, out, 2, "author");
  out += " &middot; <time datetime=\"2024-03-01\">1 March 2024</time></p>\n";
  const std::size_t paragraphs = rng.between(10, 18);
  for (std::size_t i = 0; i < paragraphs; ++i) {
    if (i > 0 && rng.chance(15)) {
      out += "<h2>";
      title_words(rng, out, rng.between(3, 7));
      out += "</h2>\n";
    }
    if (rng.chance(8)) {
      out += "<figure><img src=\"/img/photo.jpg\" alt=\"";
      words(rng, out, 4);
      out += "\" width=\"640\" height=\"360\"><figcaption>";
      words(rng, out, rng.between(5, 12));
      out += "</figcaption></figure>\n";
    }
    if (rng.chance(6)) {
      out += "<blockquote><p>";
      running_text(rng, out, rng.between(15, 40));
      out += "</p></blockquote>\n";
    }
    if (rng.chance(8)) {
      out += "<ul>";
      for (std::size_t k = rng.between(3, 6); k > 0; --k) {
        out += "<li>";
        running_text(rng, out, rng.between(5, 15));
        out += "</li>";
      }
      out += "</ul>\n";
    }
    out += "<p>";
    running_text(rng, out, rng.between(40, 130));
    out += "</p>\n";
    if (rng.chance(10)) out += "<!-- ad slot --><div class=\"ad\" aria-hidden=\"true\">Advertisement</div>\n";
  }
  out += "</article>\n<aside class=\"sidebar\"><h3>Related</h3><ul>";
  for (std::size_t i = rng.between(4, 8); i > 0; --i) {
    out += "<li>";
    link(rng, out, rng.between(3, 7));
    out += "</li>";
  }
  out += "</ul></aside></main>\n";
  footer(rng, out, rng.between(10, 20));
  return out;
}

std::string navigation_page(Rng& rng) {
  std::string out;
  head(rng, out);
  out += "<body class=\"front\"><header><div class=\"logo\">";
  link(rng, out, 2, "brand");
  out += "</div><nav class=\"mega-menu\"><ul>";
  for (std::size_t s = rng.between(5, 8); s > 0; --s) {
    out += "<li class=\"has-children\"><span>";
    title_words(rng, out, 1);
    out += "</span><div class=\"dropdown\"><ul>";
    for (std::size_t i = rng.between(10, 25); i > 0; --i) {
      out += "<li>";
      link(rng, out, rng.between(1, 3));
      out += "</li>";
    }
    out += "</ul></div></li>";
  }
  out += "</ul></nav>\n<nav class=\"breadcrumb\"><ol>";
  for (int i = 0; i < 4; ++i) {
    out += "<li>";
    link(rng, out, 1);
    out += "</li>";
  }
  out += "</ol></nav></header>\n<main><section class=\"teasers\">\n";
  for (std::size_t t = rng.between(20, 40); t > 0; --t) {
    out += "<div class=\"teaser\"><h3>";
    link(rng, out, rng.between(4, 9));
    out += "</h3><p>";
    words(rng, out, rng.between(10, 25));
    out += "</p><div class=\"meta\"><span class=\"tag\">";
    link(rng, out, 1, "tag");
    out += "</span> <time>2 hours ago</time></div></div>\n";
  }
  out += "</section><section class=\"most-read\"><h2>Most read</h2><ol>";
  for (std::size_t i = 10; i > 0; --i) {
    out += "<li>";
    link(rng, out, rng.between(4, 8));
    out += "</li>";
  }
  out += "</ol></section></main>\n";
  footer(rng, out, rng.between(40, 80));
  return out;
}

std::string table_page(Rng& rng) {
  std::string out;
  head(rng, out);
  out += "<body><header>";
  menu(rng, out, rng.between(6, 10));
  out += "</header><main><h1>";
  title_words(rng, out, 5);
  out += "</h1>\n<p>";
  running_text(rng, out, rng.between(30, 60));
  out += "</p>\n";
  for (std::size_t t = rng.between(3, 5); t > 0; --t) {
    const std::size_t columns = rng.between(5, 8);
    out += "<table class=\"data\"><caption>";
    words(rng, out, 5);
    out += "</caption><thead><tr>";
    for (std::size_t c = 0; c < columns; ++c) {
      out += "<th scope=\"col\">";
      title_words(rng, out, 1);
      out += "</th>";
    }
    out += "</tr></thead><tbody>\n";
    for (std::size_t r = rng.between(40, 90); r > 0; --r) {
      out += "<tr class=\"";
      out += (r % 2) ? "odd" : "even";
      out += "\">";
      for (std::size_t c = 0; c < columns; ++c) {
        if (c == 0) {
          out += "<td>";
          link(rng, out, 2);
        } else if (c % 3 == 0) {
          out += "<td>";
          words(rng, out, rng.between(1, 4));
        } else {
          out += "<td class=\"num\" align=\"right\">";
          out += std::to_string(rng.below(100000));
          out += '.';
          out += std::to_string(rng.below(100));
        }
        out += "</td>";
      }
      out += "</tr>\n";
    }
    out += "</tbody></table>\n<p>";
    running_text(rng, out, rng.between(20, 50));
    out += "</p>\n";
  }
  out += "</main>\n";
  footer(rng, out, rng.between(10, 20));
  return out;
}

InputSet make_set(const char* name, const char* description, std::uint64_t seed,
                  std::string (*page)(Rng&), std::uint64_t total) {
  InputSet set;
  set.name = name;
  Rng rng(seed);
  while (set.bytes < total) {
    set.docs.push_back(page(rng));
    set.bytes += set.docs.back().size();
  }
  set.description = std::string(description) + ", " + std::to_string(set.docs.size()) +
                    " pages, mean " + std::to_string(set.bytes / set.docs.size() / 1024) + " KiB";
  return set;
}

}  // namespace

InputSet make_article_pages(std::uint64_t total) {
  return make_set("article", "synthetic article pages (menu, long article, sidebar, footer)", 1,
                  &article_page, total);
}
InputSet make_navigation_pages(std::uint64_t total) {
  return make_set("navigation", "synthetic front pages (mega menu, teasers, link lists)", 2,
                  &navigation_page, total);
}
InputSet make_table_pages(std::uint64_t total) {
  return make_set("table", "synthetic data pages (several large tables)", 3, &table_page, total);
}

// The article pages as a Russian site of the 2000s would serve them: the
// text's lowercase Latin letters as windows-1251's lowercase Cyrillic (0xE0
// onwards), markup untouched; with the page's <meta charset> naming
// windows-1251, or with none (the decoder then guesses it).
InputSet make_cyrillic_pages(std::uint64_t total, bool declared) {
  InputSet set = make_article_pages(total);
  set.name = declared ? "cp1251" : "undeclared";
  set.description = std::string(declared ? "the article pages in windows-1251, declared"
                                         : "the article pages in windows-1251, no declaration") +
                    ", " + std::to_string(set.docs.size()) + " pages";
  const std::string utf8_meta = "<meta charset=\"utf-8\">";
  for (std::string& doc : set.docs) {
    bool in_text = false, in_reference = false;
    for (char& c : doc) {
      if (c == '<') in_text = false;
      else if (c == '>') in_text = true;
      else if (c == '&') in_reference = true;
      else if (c == ';') in_reference = false;
      else if (in_text && !in_reference && c >= 'a' && c <= 'z') c = static_cast<char>(0xE0 + (c - 'a'));
    }
    const std::size_t meta = doc.find(utf8_meta);
    if (meta != std::string::npos)
      doc.replace(meta, utf8_meta.size(), declared ? "<meta charset=\"windows-1251\">" : "");
  }
  set.bytes = 0;
  for (const std::string& doc : set.docs) set.bytes += doc.size();
  return set;
}

// --------------------------------------------------------------- streams --

StreamGenerator::StreamGenerator(std::string prefix, std::string unit, std::string suffix,
                                 std::uint64_t total)
    : prefix_(std::move(prefix)), unit_(std::move(unit)), suffix_(std::move(suffix)), total_(total) {
  if (total_ < prefix_.size() + suffix_.size()) {
    prefix_.resize(static_cast<std::size_t>(total_));
    suffix_.clear();
  }
  body_end_ = total_ - suffix_.size();
}

std::size_t StreamGenerator::read(char* out, std::size_t cap) {
  std::size_t n = 0;
  while (n < cap && pos_ < total_) {
    std::size_t take;
    const char* from;
    if (pos_ < prefix_.size()) {
      from = prefix_.data() + pos_;
      take = prefix_.size() - static_cast<std::size_t>(pos_);
    } else if (pos_ < body_end_) {
      const std::uint64_t in_body = pos_ - prefix_.size();
      const std::size_t offset = static_cast<std::size_t>(in_body % unit_.size());
      from = unit_.data() + offset;
      take = static_cast<std::size_t>(
          std::min<std::uint64_t>(unit_.size() - offset, body_end_ - pos_));
    } else {
      const std::size_t offset = static_cast<std::size_t>(pos_ - body_end_);
      from = suffix_.data() + offset;
      take = suffix_.size() - offset;
    }
    take = std::min(take, cap - n);
    std::memcpy(out + n, from, take);
    n += take;
    pos_ += take;
  }
  return n;
}

std::string_view shape_name(Shape shape) {
  switch (shape) {
    case Shape::Article: return "article";
    case Shape::TextNode: return "text-node";
    case Shape::Attribute: return "attribute";
    case Shape::Comment: return "comment";
    case Shape::Nesting: return "nesting";
  }
  return "?";
}

std::string_view shape_description(Shape shape) {
  switch (shape) {
    case Shape::Article: return "repeated sections: a 40-link menu, then a heading and two paragraphs";
    case Shape::TextNode: return "<p> and one text node ('word ' repeated), no '<'";
    case Shape::Attribute: return "one attribute value (<a href=\"xxx...\">)";
    case Shape::Comment: return "one comment (<!-- c-c-c... -->)";
    case Shape::Nesting: return "<div> nested without end";
  }
  return "";
}

StreamGenerator make_stream(Shape shape, std::uint64_t total) {
  switch (shape) {
    case Shape::Article: {
      // Each section: a menu (about -120 for BTE: 40 links of 4 tags and 1
      // word), then about 110 words of article, so BTE's running candidate
      // restarts in every section and its memory stays one section.
      Rng rng(7);
      std::string unit;
      for (int section = 0; section < 8; ++section) {
        unit += "<div class=\"nav\"><ul>";
        for (int i = 0; i < 40; ++i) {
          unit += "<li>";
          link(rng, unit, 1);
          unit += "</li>";
        }
        unit += "</ul></div>\n<div class=\"post\"><h2>";
        title_words(rng, unit, 5);
        unit += "</h2><p>";
        running_text(rng, unit, 60);
        unit += "</p><p>";
        running_text(rng, unit, 50);
        unit += "</p></div>\n";
      }
      Rng head_rng(8);
      std::string prefix;
      head(head_rng, prefix);
      prefix += "<body>\n";
      return StreamGenerator(std::move(prefix), std::move(unit), "</body></html>\n", total);
    }
    case Shape::TextNode:
      return StreamGenerator("<html><body><p>", "word ", "end</p></body></html>", total);
    case Shape::Attribute:
      return StreamGenerator("<html><body><a href=\"", "x", "\">link</a><p>after</p>", total);
    case Shape::Comment:
      return StreamGenerator("<html><body><p>before</p><!--", "c-", "--><p>after</p>", total);
    case Shape::Nesting:
      return StreamGenerator("<html><body>", "<div>", "deep text</body></html>", total);
  }
  return StreamGenerator("", " ", "", total);
}

}  // namespace bench
