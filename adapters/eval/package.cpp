// SPDX-License-Identifier: MIT
// Test package discovery and loading (format in package.h).
#include "adapters/eval/package.h"

#include <algorithm>
#include <fstream>
#include <iterator>
#include <sstream>
#include <system_error>

#include "adapters/eval/json.h"

namespace fs = std::filesystem;

namespace winnow::eval {

std::optional<std::string> read_file_bytes(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream buffer;
  buffer << in.rdbuf();
  if (in.bad()) return std::nullopt;
  return std::move(buffer).str();
}

namespace {

void read_description(Package& package, const JsonValue& json) {
  package.name = json.string_or("name", package.name);
  package.description = json.string_or("description");
  if (const JsonValue* source = json.find("source")) {
    const JsonValue* url = source->find("url");
    package.source = url && url->type == JsonValue::Type::String ? url->string : source->to_text();
  }
  package.licence = json.string_or("licence", json.string_or("license"));
}

std::vector<DocumentRef> list_documents(const fs::path& dir, std::vector<std::string>& warnings) {
  std::vector<DocumentRef> documents;
  std::error_code ec;
  for (const fs::directory_entry& entry : fs::directory_iterator(dir, ec)) {
    const fs::path& path = entry.path();
    if (path.extension() != ".html" || !entry.is_regular_file(ec)) continue;
    DocumentRef doc;
    doc.id = path.stem().string();
    doc.html = path;
    doc.gold = dir / (doc.id + ".txt");
    if (!fs::is_regular_file(doc.gold, ec)) {
      warnings.push_back(doc.id + ".html has no gold " + doc.id + ".txt: left out");
      continue;
    }
    const fs::path meta = dir / (doc.id + ".json");
    if (fs::is_regular_file(meta, ec)) doc.meta = meta;
    documents.push_back(std::move(doc));
  }
  std::sort(documents.begin(), documents.end(),
            [](const DocumentRef& a, const DocumentRef& b) { return a.id < b.id; });
  return documents;
}

}  // namespace

std::optional<Package> load_package(const fs::path& dir, std::string* error) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) {
    if (error) *error = dir.string() + ": not a folder";
    return std::nullopt;
  }
  const auto description = read_file_bytes(dir / "PACKAGE.json");
  if (!description) {
    if (error) *error = (dir / "PACKAGE.json").string() + ": cannot be read (not a test package?)";
    return std::nullopt;
  }
  std::string json_error;
  const auto json = parse_json(*description, &json_error);
  if (!json) {
    if (error) *error = (dir / "PACKAGE.json").string() + ": " + json_error;
    return std::nullopt;
  }
  Package package;
  package.dir = dir;
  package.name = fs::absolute(dir, ec).lexically_normal().filename().string();
  if (package.name.empty()) package.name = fs::absolute(dir, ec).parent_path().filename().string();
  read_description(package, *json);
  package.documents = list_documents(dir, package.warnings);
  return package;
}

std::vector<fs::path> find_packages(const fs::path& root) {
  std::vector<fs::path> packages;
  std::error_code ec;
  for (const fs::directory_entry& entry : fs::directory_iterator(root, ec)) {
    if (entry.is_directory(ec) && fs::is_regular_file(entry.path() / "PACKAGE.json", ec))
      packages.push_back(entry.path());
  }
  std::sort(packages.begin(), packages.end());
  return packages;
}

DocumentMeta load_meta(const fs::path& meta_file) {
  DocumentMeta meta;
  if (meta_file.empty()) return meta;
  const auto bytes = read_file_bytes(meta_file);
  if (!bytes) return meta;
  const auto json = parse_json(*bytes, nullptr);
  if (!json) return meta;
  meta.url = json->string_or("url");
  meta.lang = json->string_or("lang");
  for (const auto& [key, value] : json->object)
    if (value.type == JsonValue::Type::Bool && value.boolean) meta.flags.push_back(key);
  return meta;  // std::map iterates in key order: flags come out sorted
}

}  // namespace winnow::eval
