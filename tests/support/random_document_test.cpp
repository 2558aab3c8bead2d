// SPDX-License-Identifier: MIT
// The generator the online-versus-offline tests share must give what the
// tokenizer would: well-nested elements, anchors that do not nest, and the
// stamps the algorithms read.
#include "support/random_document.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "engine/semantics.h"

namespace winnow {
namespace {

test::RandomDocumentShape mixed_shape() {
  test::RandomDocumentShape shape;
  shape.elements = {Tag::div, Tag::p, Tag::a, Tag::br, Tag::span};
  shape.cues = {0, kSemComment};
  shape.roots = {Tag::html, Tag::body};
  shape.opens = 3;
  shape.max_depth = 6;
  shape.advert_one_in = 5;
  return shape;
}

TEST(RandomDocument, IsWellNestedAndStampedAsTheTokenizerStampsIt) {
  std::mt19937 g(5);
  for (int round = 0; round < 50; ++round) {
    const auto tokens = test::random_document(mixed_shape(), g, 200);
    ASSERT_GE(tokens.size(), 200u);
    std::vector<Tag> open;
    std::uint32_t block = 0;
    std::uint64_t words = 0;
    for (std::size_t i = 0; i < tokens.size(); ++i) {
      const Token& t = tokens[i].token;
      EXPECT_EQ(t.seq, i);
      if (t.is_tag() && has_flag(t.tag, kTagBlock)) {
        ++block;
        EXPECT_TRUE(t.has(kTokenBlockBoundary));
      }
      EXPECT_EQ(t.block, block);
      if (t.kind == TokenKind::StartTag) {
        EXPECT_EQ(t.depth, open.size());
        if (t.tag == Tag::a) {
          EXPECT_EQ(std::count(open.begin(), open.end(), Tag::a), 0);
        }
        open.push_back(t.tag);
        EXPECT_LE(open.size(), 6u);
      } else if (t.kind == TokenKind::EndTag) {
        ASSERT_FALSE(open.empty());
        EXPECT_EQ(t.tag, open.back());
        open.pop_back();
        EXPECT_EQ(t.depth, open.size());
      } else {
        EXPECT_EQ(t.word_index, words++);
        EXPECT_EQ(t.depth, open.size());
        EXPECT_EQ(t.tag, open.back());
        EXPECT_EQ(t.has(kTokenInAnchor), std::count(open.begin(), open.end(), Tag::a) == 1);
        EXPECT_FALSE(tokens[i].text.empty());
      }
    }
    EXPECT_TRUE(open.empty());
  }
}

TEST(RandomDocument, DrawsEveryElementCueAndFlagItIsGiven) {
  std::mt19937 g(9);
  const auto tokens = test::random_document(mixed_shape(), g, 5000);
  std::size_t anchors = 0, comments = 0, adverts = 0, commented_words = 0;
  for (const auto& d : tokens) {
    anchors += d.token.kind == TokenKind::StartTag && d.token.tag == Tag::a;
    comments += d.token.kind == TokenKind::StartTag && (d.token.semantics & kSemComment) != 0;
    adverts += d.token.is_word() && d.token.has(kTokenInAdvert);
    commented_words += d.token.is_word() && (d.token.semantics & kSemComment) != 0;
  }
  EXPECT_GT(anchors, 50u);
  EXPECT_GT(comments, 100u);
  EXPECT_GT(adverts, 100u);
  EXPECT_GT(commented_words, 100u);
}

}  // namespace
}  // namespace winnow
