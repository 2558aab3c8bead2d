// SPDX-License-Identifier: MIT
// Tests of package.h on the fixture packages and on broken folders.
#include "adapters/eval/package.h"

#include <gtest/gtest.h>

#include "test_support.h"

namespace winnow::eval {
namespace {

using testing::fixtures;
using testing::ScratchDir;
using testing::write_file;

TEST(Package, LoadsDescriptionAndDocumentsSortedById) {
  std::string error;
  const auto p = load_package(fixtures() / "tiny-en", &error);
  ASSERT_TRUE(p) << error;
  EXPECT_EQ(p->name, "tiny-en");
  EXPECT_EQ(p->source, "tests/eval/fixtures/tiny-en");  // source.url of an object
  EXPECT_EQ(p->licence, "MIT (written for this project)");
  EXPECT_NE(p->description.find("English"), std::string::npos);
  ASSERT_EQ(p->documents.size(), 3u);
  EXPECT_EQ(p->documents[0].id, "entities");
  EXPECT_EQ(p->documents[1].id, "exact");
  EXPECT_EQ(p->documents[2].id, "news");
  EXPECT_EQ(p->documents[2].gold.filename(), "news.txt");
  EXPECT_EQ(p->documents[2].meta.filename(), "news.json");
  EXPECT_TRUE(p->warnings.empty());
}

TEST(Package, AcceptsLicenseSpellingAndStringSource) {
  const auto p = load_package(fixtures() / "tiny-mixed", nullptr);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->licence, "MIT (written for this project)");
  EXPECT_EQ(p->source, "tests/eval/fixtures/tiny-mixed");
}

TEST(Package, ReadsMetaFlags) {
  const DocumentMeta meta = load_meta(fixtures() / "tiny-en" / "entities.json");
  EXPECT_EQ(meta.lang, "en");
  EXPECT_EQ(meta.url, "");
  EXPECT_EQ(meta.flags, std::vector<std::string>{"fragmented"});
  EXPECT_EQ(load_meta(fixtures() / "tiny-en" / "news.json").url, "http://example.invalid/news");
  EXPECT_TRUE(load_meta("").flags.empty());
}

TEST(Package, FindsPackageFoldersOnly) {
  const auto found = find_packages(fixtures());
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[0].filename(), "tiny-en");
  EXPECT_EQ(found[1].filename(), "tiny-mixed");
  EXPECT_TRUE(find_packages(fixtures() / "does-not-exist").empty());
}

TEST(Package, MissingFolderOrDescriptionIsAnError) {
  std::string error;
  EXPECT_FALSE(load_package(fixtures() / "does-not-exist", &error));
  EXPECT_NE(error.find("not a folder"), std::string::npos);
  ScratchDir dir;
  EXPECT_FALSE(load_package(dir.path(), &error));
  EXPECT_NE(error.find("PACKAGE.json"), std::string::npos);
  write_file(dir.path() / "PACKAGE.json", "{broken");
  EXPECT_FALSE(load_package(dir.path(), &error));
  EXPECT_NE(error.find("PACKAGE.json"), std::string::npos);
}

TEST(Package, DocumentWithoutGoldIsLeftOutWithAWarning) {
  ScratchDir dir;
  write_file(dir.path() / "PACKAGE.json", "{}");
  write_file(dir.path() / "a.html", "<p>a</p>");
  write_file(dir.path() / "a.txt", "a");
  write_file(dir.path() / "b.html", "<p>b</p>");
  write_file(dir.path() / "b.snippets.json", "{}");
  const auto p = load_package(dir.path(), nullptr);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->name, dir.path().filename().string());  // no name: folder name
  ASSERT_EQ(p->documents.size(), 1u);
  EXPECT_EQ(p->documents[0].id, "a");
  EXPECT_TRUE(p->documents[0].meta.empty());
  ASSERT_EQ(p->warnings.size(), 1u);
  EXPECT_NE(p->warnings[0].find("b.html"), std::string::npos);
}

TEST(Package, ReadsFilesAsRawBytes) {
  ScratchDir dir;
  const std::string bytes("a\0b\r\n\xFF", 6);
  write_file(dir.path() / "f", bytes);
  EXPECT_EQ(read_file_bytes(dir.path() / "f"), bytes);
  EXPECT_FALSE(read_file_bytes(dir.path() / "missing"));
}

}  // namespace
}  // namespace winnow::eval
