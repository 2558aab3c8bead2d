// SPDX-License-Identifier: MIT
// The budget contract of an algorithm that decides at the end of the page,
// checked the same way for each of them: on an article far larger than its
// budget it stops with BudgetExceeded, stays within the budget (plus the
// slack of one chunk's bookkeeping), and writes the article's start without
// the menu before it. Also the contract of one that fits a small budget.
// Header-only, for the engine tests.
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <string>

#include "support/test_support.h"

namespace winnow::test {

// A menu, then 3,000 paragraphs "Paragraph i of a very long article<tail>".
inline std::string menu_then_long_article(const std::string& tail) {
  std::string page = "<html><body><nav><a href=/>Home</a></nav><div>";
  for (int i = 0; i < 3000; ++i) page += "<p>Paragraph " + std::to_string(i) + " of a very long article" + tail + "</p>";
  return page + "</div></body></html>";
}

// Runs `algorithm` on that page at a 96 KiB budget in 4 KiB chunks and
// checks the contract; returns the run for the caller's own checks.
inline RunResult expect_keeps_what_fits(const std::string& algorithm, const std::string& tail) {
  SCOPED_TRACE(algorithm);
  constexpr std::size_t kBudget = 96 * 1024;
  RunResult r = run_pipeline(menu_then_long_article(tail), config_for(algorithm, kBudget), 4096);
  EXPECT_EQ(r.status, Status::BudgetExceeded);
  EXPECT_LE(r.stats.peak_memory, kBudget + 1024);
  EXPECT_EQ(r.text.rfind("Paragraph 0 of a very long article", 0), 0u) << r.text.substr(0, 200);
  EXPECT_EQ(r.text.find("Home"), std::string::npos);
  return r;
}

// Within `budget`, fed article.html in chunks of `chunk_size` bytes,
// `algorithm` runs to the end without passing the budget and keeps the story.
inline void expect_article_within(const std::string& algorithm, std::size_t budget, std::size_t chunk_size) {
  SCOPED_TRACE(algorithm);
  const RunResult r = run_pipeline(read_fixture("article.html"), config_for(algorithm, budget), chunk_size);
  EXPECT_EQ(r.status, Status::Ok);
  EXPECT_LE(r.stats.peak_memory, budget);
  EXPECT_NE(r.text.find("planting along the water"), std::string::npos);
}

// An algorithm whose fixed state fits `enough` but not 64 KiB: within
// `enough` it extracts article.html's story in 64-byte chunks, and at 64 KiB
// it says BudgetTooSmall rather than run on a part of its tables.
inline void expect_article_fits(const std::string& algorithm, std::size_t enough) {
  expect_article_within(algorithm, enough, 64);
  SCOPED_TRACE(algorithm);
  EXPECT_EQ(run_pipeline(read_fixture("article.html"), config_for(algorithm, 64 * 1024), 64).status,
            Status::BudgetTooSmall);
}

}  // namespace winnow::test
