// SPDX-License-Identifier: MIT
// The sink train_blocks --decisions writes the held-out pages' decisions with.
#include "adapters/learn/decision_log.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "adapters/libxml/html_extractor.h"
#include "support/scratch_dir.h"
#include "support/test_support.h"

namespace winnow::learn {
namespace {

struct Line {
  unsigned long long begin = 0, end = 0;
  int kept = -1;
  double score = -1;
};

std::vector<Line> parse(const std::string& decisions) {
  std::vector<Line> lines;
  std::istringstream in(decisions);
  for (std::string text; std::getline(in, text);) {
    Line l;
    EXPECT_EQ(std::sscanf(text.c_str(), "%llu\t%llu\t%d\t%lf", &l.begin, &l.end, &l.kept, &l.score), 4) << text;
    lines.push_back(l);
  }
  return lines;
}

TEST(DecisionLog, KeepsTheTextAndEveryDecisionTheExtractorReports) {
  const std::string html = test::read_fixture("article.html");
  DecisionLog log;
  test::RecordingSink recorded;
  for (ContentSink* sink : {static_cast<ContentSink*>(&log), static_cast<ContentSink*>(&recorded)}) {
    HtmlExtractor extractor(ExtractorConfig{}, *sink);
    extractor.feed(html.data(), html.size(), true);
  }
  EXPECT_EQ(log.text(), extract_html(html, ExtractorConfig{}).text);
  const std::vector<Line> lines = parse(log.decisions());
  ASSERT_EQ(lines.size(), recorded.decisions().size());
  ASSERT_FALSE(lines.empty());
  int kept = 0;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const auto& d = recorded.decisions()[i];
    EXPECT_EQ(lines[i].begin, d.span.begin);
    EXPECT_EQ(lines[i].end, d.span.end);
    EXPECT_EQ(lines[i].kept, d.kept ? 1 : 0);
    EXPECT_NEAR(lines[i].score, d.score, 5e-5);
    kept += lines[i].kept;
  }
  EXPECT_GT(kept, 0);
  EXPECT_LT(kept, static_cast<int>(lines.size()));  // the fixture's menu and footer are dropped
}

TEST(DecisionLog, WritesAHeaderAndTheLinesCreatingItsFolder) {
  const winnow::test::ScratchDir scratch("winnow-decision-log");
  ASSERT_FALSE(scratch.path().empty());
  const std::filesystem::path& root = scratch.path();
  DecisionLog log;
  log.on_block_decision(SourceSpan{10, 42}, true, 0.87654f);
  log.on_block_decision(SourceSpan{50, 60}, false, 0.0123f);
  const std::filesystem::path file = root / "package" / "page.tsv";
  ASSERT_TRUE(log.write(file.string()));
  std::ifstream in(file);
  std::stringstream content;
  content << in.rdbuf();
  EXPECT_EQ(content.str(), "begin\tend\tkept\tscore\n10\t42\t1\t0.8765\n50\t60\t0\t0.0123\n");
  // A path that names a folder cannot be written: false, not a crash.
  EXPECT_FALSE(log.write((root / "package").string()));
}

}  // namespace
}  // namespace winnow::learn
