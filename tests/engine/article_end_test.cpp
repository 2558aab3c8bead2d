// SPDX-License-Identifier: MIT
#include "engine/article_end.h"

#include <gtest/gtest.h>

namespace winnow {
namespace {

void drop(ArticleEnd& end, std::uint32_t blocks) {
  for (std::uint32_t i = 0; i < blocks; ++i) end.dropped();
}

TEST(ArticleEnd, APageStartsWithNoArticleEnded) {
  ArticleEnd end;
  EXPECT_FALSE(end.ended());
  EXPECT_EQ(end.shift(), 0.0f);
  drop(end, 10);  // a menu before anything is kept
  EXPECT_FALSE(end.ended());
}

TEST(ArticleEnd, EndsWhenALongRunIsFollowedByTheGap) {
  ArticleEnd end;
  end.kept(150);
  end.kept(250);
  drop(end, ArticleEnd::kEndGapBlocks - 1);
  EXPECT_FALSE(end.ended()) << "a gap shorter than kEndGapBlocks is inside the article";
  end.dropped();
  EXPECT_TRUE(end.ended());
  EXPECT_EQ(end.shift(), -ArticleEnd::kAfterArticleShift);
  drop(end, 20);
  EXPECT_TRUE(end.ended()) << "the strictness lasts as long as nothing is kept";
}

TEST(ArticleEnd, AShortRunIsNoArticle) {
  ArticleEnd end;
  end.kept(ArticleEnd::kArticleRunWords - 1);
  drop(end, ArticleEnd::kEndGapBlocks);
  EXPECT_FALSE(end.ended());
}

TEST(ArticleEnd, KeptBlocksAcrossAShortGapAreOneRun) {
  ArticleEnd end;
  end.kept(ArticleEnd::kArticleRunWords / 2);
  drop(end, ArticleEnd::kEndGapBlocks - 1);  // an ad slot, a picture's credit
  end.kept(ArticleEnd::kArticleRunWords / 2);
  drop(end, ArticleEnd::kEndGapBlocks);
  EXPECT_TRUE(end.ended());
}

TEST(ArticleEnd, AKeptBlockEndsItAndANewRunMustBeAnArticleOfItsOwn) {
  ArticleEnd end;
  end.kept(ArticleEnd::kArticleRunWords);
  drop(end, ArticleEnd::kEndGapBlocks);
  ASSERT_TRUE(end.ended());
  end.kept(40);  // a teaser kept even so
  EXPECT_FALSE(end.ended());
  EXPECT_EQ(end.shift(), 0.0f);
  drop(end, ArticleEnd::kEndGapBlocks);
  EXPECT_FALSE(end.ended()) << "the 40-word run after the gap does not add to the story before it";
  end.kept(ArticleEnd::kArticleRunWords);  // a second story, as an endless-scroll page sets it
  drop(end, ArticleEnd::kEndGapBlocks);
  EXPECT_TRUE(end.ended());
}

}  // namespace
}  // namespace winnow
