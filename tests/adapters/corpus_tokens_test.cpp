// SPDX-License-Identifier: MIT
// What the corpus tools under adapters/train/ share: the packages of a
// corpus folder and the pages they go through (their fixtures are
// winnow-eval's two tiny packages).
#include "adapters/train/corpus_tokens.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace winnow::train {
namespace {

const std::string kFixtures = WINNOW_EVAL_FIXTURES;

TEST(CorpusTokens, PackagesAreTheFoldersWithAPackageFileSorted) {
  const std::vector<std::string> dirs = corpus_packages(kFixtures);
  ASSERT_EQ(dirs.size(), 2u);
  EXPECT_EQ(dirs[0], kFixtures + "/tiny-en");
  EXPECT_EQ(dirs[1], kFixtures + "/tiny-mixed");
  EXPECT_TRUE(corpus_packages(kFixtures + "/tiny-en").empty());
  EXPECT_TRUE(corpus_packages(kFixtures + "/no-such-folder").empty());
}

TEST(CorpusTokens, PagesOfEveryPackageAtMostTheLimitOfEach) {
  const std::vector<std::string> dirs = corpus_packages(kFixtures);
  std::vector<CorpusPage> pages;
  std::vector<std::string> names;
  ASSERT_TRUE(corpus_pages(dirs, 0, "", &pages, &names));
  EXPECT_EQ(pages.size(), 6u);
  EXPECT_EQ(names, (std::vector<std::string>{"tiny-en", "tiny-mixed"}));

  pages.clear();
  names.clear();
  ASSERT_TRUE(corpus_pages(dirs, 2, "", &pages, &names));
  ASSERT_EQ(pages.size(), 4u);
  EXPECT_EQ(pages[0].package, "tiny-en");
  EXPECT_EQ(pages[1].package, "tiny-en");
  EXPECT_EQ(pages[2].package, "tiny-mixed");
  EXPECT_FALSE(pages[0].doc.html.empty());
  EXPECT_FALSE(pages[0].doc.gold.empty());
}

TEST(CorpusTokens, OnlyTheNamedPackages) {
  std::vector<CorpusPage> pages;
  std::vector<std::string> names;
  ASSERT_TRUE(corpus_pages(corpus_packages(kFixtures), 0, "tiny-mixed,other", &pages, &names));
  EXPECT_EQ(names, std::vector<std::string>{"tiny-mixed"});
  ASSERT_EQ(pages.size(), 3u);
  for (const CorpusPage& p : pages) EXPECT_EQ(p.package, "tiny-mixed");
  // A name is matched whole, not as a prefix.
  pages.clear();
  ASSERT_TRUE(corpus_pages(corpus_packages(kFixtures), 0, "tiny", &pages));
  EXPECT_TRUE(pages.empty());
}

TEST(CorpusTokens, AnUnreadablePackageIsAnError) {
  std::vector<CorpusPage> pages;
  EXPECT_FALSE(corpus_pages({kFixtures + "/no-such-package"}, 0, "", &pages));
}

}  // namespace
}  // namespace winnow::train
