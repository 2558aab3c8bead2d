// SPDX-License-Identifier: MIT
#include "engine/semantics.h"

#include <gtest/gtest.h>

namespace winnow {
namespace {

std::uint32_t of(Tag tag, std::string_view class_name, std::string_view id = {}, std::string_view role = {}) {
  ElementAttributes a;
  a.class_name = class_name;
  a.id = id;
  a.role = role;
  return element_semantics(tag, a);
}

TEST(Semantics, ReadsWordsOfClassAndId) {
  EXPECT_EQ(of(Tag::div, "site-footer"), kSemFooter);
  EXPECT_EQ(of(Tag::div, "", "commentList") & kSemComment, kSemComment) << "camelCase is split";
  EXPECT_EQ(of(Tag::div, "share-buttons social"), kSemShare);
  EXPECT_EQ(of(Tag::div, "header"), kSemHeader);
  EXPECT_EQ(of(Tag::div, "leaderboard"), 0u) << "whole words only: no 'ad' inside 'leaderboard'";
  EXPECT_EQ(of(Tag::div, "ad-slot"), kSemAdvert);
}

TEST(Semantics, ReadsTagsRolesAndItemprop) {
  EXPECT_EQ(of(Tag::nav, ""), kSemNavigation);
  EXPECT_EQ(of(Tag::div, "", "", "navigation"), kSemNavigation);
  EXPECT_EQ(of(Tag::article, ""), kSemArticle);
  EXPECT_EQ(of(Tag::noscript, ""), kSemNoscript);
  ElementAttributes a;
  a.itemprop = "articleBody";
  EXPECT_EQ(element_semantics(Tag::div, a), kSemArticle);
  EXPECT_EQ(of(Tag::p, ""), 0u);
}

}  // namespace
}  // namespace winnow
