// SPDX-License-Identifier: MIT
// Test packages as defined by seed 000, section 4.1: a folder holding, per
// document, <id>.html (raw bytes), <id>.txt (gold main content, UTF-8) and
// <id>.json (meta: url, lang, flags such as fragmented / multiple articles),
// plus PACKAGE.json describing the package (name, description, source,
// licence). Other files (e.g. WCXB's <id>.snippets.json) are ignored.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace winnow::eval {

struct DocumentMeta {
  std::string url;
  std::string lang;
  // Names of the boolean meta fields that are true ("fragmented",
  // "multiple_articles", ...), sorted.
  std::vector<std::string> flags;
};

struct DocumentRef {
  std::string id;
  std::filesystem::path html;
  std::filesystem::path gold;
  std::filesystem::path meta;  // empty when the document has no .json
};

struct Package {
  std::filesystem::path dir;
  std::string name;  // PACKAGE.json "name", else the folder name
  std::string description;
  std::string source;   // rendered as one line when it is an object
  std::string licence;  // "licence" or "license"
  std::vector<DocumentRef> documents;  // sorted by id
  std::vector<std::string> warnings;   // e.g. an .html without its .txt
};

// Reads a package folder. Fails (nothing + *error) if the folder or its
// PACKAGE.json is missing or unreadable; documents without gold are listed in
// warnings and left out.
std::optional<Package> load_package(const std::filesystem::path& dir, std::string* error);

// The immediate subfolders of root that hold a PACKAGE.json, sorted by name;
// empty if root does not exist.
std::vector<std::filesystem::path> find_packages(const std::filesystem::path& root);

// Meta of one document; an absent or broken file gives empty meta.
DocumentMeta load_meta(const std::filesystem::path& meta_file);

// Whole file as bytes; nothing if it cannot be read.
std::optional<std::string> read_file_bytes(const std::filesystem::path& file);

}  // namespace winnow::eval
