// SPDX-License-Identifier: MIT
// Cross-validation by site (train_blocks --site-folds): the table of sites it
// reads, and how it deals each package's sites into folds.
#include "adapters/learn/site_folds.h"

#include <gtest/gtest.h>

#include <set>

namespace winnow::learn {
namespace {

TEST(SiteTable, ReadsPackageIdAndSitePerLine) {
  const auto table = parse_site_table("daniel\tel-1\texpress.gr\r\ndragnet\t100\tpage:100\n");
  ASSERT_TRUE(table.has_value());
  ASSERT_EQ(table->size(), 2u);
  EXPECT_EQ(table->at(site_key("daniel", "el-1")), "express.gr");
  EXPECT_EQ(table->at(site_key("dragnet", "100")), "page:100");
  EXPECT_TRUE(parse_site_table("")->empty());
}

TEST(SiteTable, RefusesMalformedLinesAndPagesListedTwice) {
  for (const char* text : {"daniel\tel-1\n", "daniel\tel-1\t\n", "\tel-1\tx\n", "daniel\t\tx\n",
                           "daniel\tel-1\tx\ty\n", "daniel\tel-1\tx\n\n", "a\t1\tx\na\t1\ty\n"})
    EXPECT_FALSE(parse_site_table(text).has_value()) << '"' << text << '"';
  EXPECT_TRUE(parse_site_table("a\t1\tx\nb\t1\ty\n").has_value()) << "the same id in two packages";
}

TEST(SiteFolds, KeepsEverySiteInOneFold) {
  std::vector<SitePage> pages;
  for (int i = 0; i < 40; ++i) pages.push_back({0, "site" + std::to_string(i % 7)});
  const auto fold = folds_by_site(pages, 3);
  ASSERT_EQ(fold.size(), pages.size());
  for (std::size_t i = 0; i < pages.size(); ++i) {
    EXPECT_LT(fold[i], 3u);
    for (std::size_t j = 0; j < i; ++j) {
      if (pages[i].site == pages[j].site) {
        EXPECT_EQ(fold[i], fold[j]) << pages[i].site;
      }
    }
  }
}

TEST(SiteFolds, DealsLargestSitesFirstToTheLightestFold) {
  // Sites of 5, 4, 3, 2, 1 pages into 2 folds: 5 -> 0, 4 -> 1, 3 -> 1 (4 < 5),
  // 2 -> 0 (5 < 7), 1 -> 0 (7 = 7: the lower fold): 8 and 7 pages.
  std::vector<SitePage> pages;
  const char* names[] = {"e", "d", "c", "b", "a"};
  for (int s = 0; s < 5; ++s)
    for (int n = 0; n < 5 - s; ++n) pages.push_back({0, names[s]});
  const auto fold = folds_by_site(pages, 2);
  std::size_t in_first = 0;
  for (std::size_t i = 0; i < pages.size(); ++i) {
    const std::size_t expected = pages[i].site == "d" || pages[i].site == "c" ? 1 : 0;
    EXPECT_EQ(fold[i], expected) << pages[i].site;
    in_first += fold[i] == 0;
  }
  EXPECT_EQ(in_first, 8u);
}

TEST(SiteFolds, SpreadsEachPackageOnItsOwn) {
  // Package 1's one large site must not push package 0's pages out of
  // fold 0; each package starts from empty folds.
  std::vector<SitePage> pages;
  for (int i = 0; i < 10; ++i) pages.push_back({1, "big"});
  for (int i = 0; i < 4; ++i) pages.push_back({0, "s" + std::to_string(i)});
  const auto fold = folds_by_site(pages, 4);
  std::set<std::size_t> package0;
  for (std::size_t i = 10; i < pages.size(); ++i) package0.insert(fold[i]);
  EXPECT_EQ(package0.size(), 4u) << "four one-page sites, four folds";
  for (std::size_t i = 0; i < 10; ++i) EXPECT_EQ(fold[i], 0u);
}

TEST(SiteFolds, APageOfUnknownSiteIsASiteOfItsOwn) {
  const std::vector<SitePage> pages = {{0, ""}, {0, ""}, {0, ""}};
  const auto fold = folds_by_site(pages, 3);
  EXPECT_EQ(std::set<std::size_t>(fold.begin(), fold.end()).size(), 3u);
}

TEST(SiteFolds, DoesNotDependOnTheOrderPagesAreListedIn) {
  std::vector<SitePage> pages;
  for (int i = 0; i < 30; ++i) pages.push_back({static_cast<std::size_t>(i % 2), "site" + std::to_string(i % 5)});
  std::vector<SitePage> reversed(pages.rbegin(), pages.rend());
  const auto fold = folds_by_site(pages, 3), fold_reversed = folds_by_site(reversed, 3);
  for (std::size_t i = 0; i < pages.size(); ++i) EXPECT_EQ(fold[i], fold_reversed[pages.size() - 1 - i]);
}

}  // namespace
}  // namespace winnow::learn
