// SPDX-License-Identifier: MIT
// The page's metadata as the CLI writes it: a JSON line with every field in
// its order (null where the page declared none), and a YAML front matter
// block with only the fields it declared.
#include "adapters/cli/metadata_writer.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>

namespace winnow::cli {
namespace {

ElementAttributes meta_property(std::string_view property, std::string_view content) {
  ElementAttributes a;
  a.property = property;
  a.content = content;
  return a;
}

PageMetadata settled_with_title_and_type(std::string_view title_element) {
  PageMetadata m;
  m.read_element(Tag::meta, meta_property("og:type", "article"));
  m.settle(title_element);
  return m;
}

TEST(MetadataWriter, AJsonLineHoldsEveryFieldInOrderNullWhereUndeclared) {
  const PageMetadata m = settled_with_title_and_type("Tide tables");
  EXPECT_EQ(metadata_json_line(m),
            "{\"type\":\"metadata\",\"title\":\"Tide tables\",\"description\":null,\"author\":null,"
            "\"site_name\":null,\"published\":null,\"modified\":null,\"language\":null,\"url\":null,"
            "\"image\":null,\"page_type\":\"article\"}\n");
}

TEST(MetadataWriter, AnUndeclaredPageGivesNullsAndAnEmptyFrontMatter) {
  PageMetadata m;
  m.settle("");
  EXPECT_EQ(metadata_json_line(m),
            "{\"type\":\"metadata\",\"title\":null,\"description\":null,\"author\":null,"
            "\"site_name\":null,\"published\":null,\"modified\":null,\"language\":null,\"url\":null,"
            "\"image\":null,\"page_type\":null}\n");
  EXPECT_EQ(metadata_front_matter(m), "---\n---\n");
}

TEST(MetadataWriter, TheFrontMatterHoldsOnlyDeclaredFieldsAsQuotedScalars) {
  const PageMetadata m = settled_with_title_and_type("Tide tables");
  EXPECT_EQ(metadata_front_matter(m), "---\ntitle: \"Tide tables\"\npage_type: \"article\"\n---\n");
}

TEST(MetadataWriter, ValuesAreEscapedAlikeInBothForms) {
  const PageMetadata m = settled_with_title_and_type("Say \"cheese\" \\ smile\xE2\x80\xA8now");
  const std::string value = "\"Say \\\"cheese\\\" \\\\ smile\\u2028now\"";
  EXPECT_NE(metadata_json_line(m).find("\"title\":" + value + ","), std::string::npos);
  EXPECT_NE(metadata_front_matter(m).find("\ntitle: " + value + "\n"), std::string::npos);
}

}  // namespace
}  // namespace winnow::cli
