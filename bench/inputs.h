// SPDX-License-Identifier: MIT
// What the benchmark reads: the development corpus (a bounded sample of its
// pages, each one document), synthetic pages generated here (article-like,
// navigation-heavy, table-heavy), and generated streams of any length for
// the memory measurements (never held in memory).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace bench {

// A set of documents; every document is its own extraction.
struct InputSet {
  std::string name;
  std::vector<std::string> docs;
  std::uint64_t bytes = 0;
  std::string description;
};

// Loads up to max_bytes of HTML from dir/<package>/*.html: the same share
// for every package, files taken at an even stride through each package's
// sorted listing (deterministic). Returns an empty set (and a reason in
// *why) when the directory has no pages.
InputSet load_corpus(const std::string& dir, std::uint64_t max_bytes, std::string* why);

// Synthetic pages, deterministic (fixed seeds), at least total_bytes each set.
InputSet make_article_pages(std::uint64_t total_bytes);
InputSet make_navigation_pages(std::uint64_t total_bytes);
InputSet make_table_pages(std::uint64_t total_bytes);
// The article pages in windows-1251, declared or not (the cost of the
// decoder's guess, adapters/libxml/undeclared_encoding.h).
InputSet make_cyrillic_pages(std::uint64_t total_bytes, bool declared);

// A generated stream: prefix, then `unit` repeated, then suffix, exactly
// total bytes long (the unit is cut where the suffix must start; when total
// is smaller than prefix + suffix, the stream is the prefix cut to total).
class StreamGenerator {
 public:
  StreamGenerator(std::string prefix, std::string unit, std::string suffix, std::uint64_t total);
  // Fills up to cap bytes; returns how many (0 at the end).
  std::size_t read(char* out, std::size_t cap);
  std::uint64_t total() const { return total_; }
  std::uint64_t remaining() const { return total_ - pos_; }

 private:
  std::string prefix_, unit_, suffix_;
  std::uint64_t total_ = 0;
  std::uint64_t pos_ = 0;
  std::uint64_t body_end_ = 0;  // where the suffix starts
};

// The shapes of the memory table.
enum class Shape { Article, TextNode, Attribute, Comment, Nesting };
std::string_view shape_name(Shape shape);
std::string_view shape_description(Shape shape);
StreamGenerator make_stream(Shape shape, std::uint64_t total);

}  // namespace bench
