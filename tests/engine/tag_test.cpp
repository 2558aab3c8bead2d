// SPDX-License-Identifier: MIT
#include "engine/tag.h"

#include <gtest/gtest.h>

namespace winnow {
namespace {

TEST(Tag, EveryNameRoundTrips) {
  for (int i = 1; i < static_cast<int>(Tag::count); ++i) {
    const Tag tag = static_cast<Tag>(i);
    ASSERT_FALSE(tag_name(tag).empty());
    EXPECT_EQ(tag_from_name(tag_name(tag)), tag) << tag_name(tag);
  }
  EXPECT_EQ(tag_name(Tag::template_), "template");
  EXPECT_EQ(tag_from_name("annotation-xml"), Tag::annotation_xml) << "the longest name";
}

TEST(Tag, UnknownNamesMapToUnknown) {
  EXPECT_EQ(tag_from_name("x-unknown"), Tag::unknown);
  EXPECT_EQ(tag_from_name(""), Tag::unknown);
  EXPECT_EQ(tag_from_name("DIV"), Tag::unknown) << "adapters pass lower-case names";
}

TEST(Tag, FlagsDescribeTheEngineView) {
  EXPECT_TRUE(has_flag(Tag::p, kTagBlock));
  EXPECT_TRUE(has_flag(Tag::br, kTagBlock));
  EXPECT_TRUE(has_flag(Tag::br, kTagVoid));
  EXPECT_FALSE(has_flag(Tag::span, kTagBlock));
  EXPECT_TRUE(has_flag(Tag::script, kTagInvisible));
  EXPECT_TRUE(has_flag(Tag::script, kTagRawText));
  EXPECT_TRUE(has_flag(Tag::svg, kTagInvisible));
  EXPECT_TRUE(has_flag(Tag::template_, kTagInvisible));
  EXPECT_FALSE(has_flag(Tag::math, kTagInvisible)) << "a formula is rendered text";
  EXPECT_TRUE(has_flag(Tag::annotation, kTagInvisible)) << "its annotations are not";
  EXPECT_TRUE(has_flag(Tag::annotation_xml, kTagInvisible));
  EXPECT_FALSE(has_flag(Tag::object, kTagInvisible)) << "its fallback is what a browser shows";
  EXPECT_TRUE(has_flag(Tag::video, kTagInvisible)) << "its fallback is shown by no browser";
  EXPECT_TRUE(has_flag(Tag::iframe, kTagInvisible));
  EXPECT_TRUE(has_flag(Tag::nav, kTagSectioning));
  EXPECT_EQ(heading_level(Tag::h3), 3);
  EXPECT_EQ(heading_level(Tag::p), 0);
}

}  // namespace
}  // namespace winnow
