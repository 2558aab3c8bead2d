// SPDX-License-Identifier: MIT
// The mountain model: ridges on small pages, the slope after a peak, the
// budget, and the online pass against an offline definition over the whole
// token sequence.
#include "engine/mountain.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "reference/drive.h"
#include "reference/offline_common.h"
#include "support/budget_contract.h"
#include "support/test_support.h"
#include "support/token_dump.h"

namespace winnow {
namespace {

std::string extract(const std::string& html) {
  ExtractorConfig config;
  config.algorithm = "mountain";
  return test::run_pipeline(html, config, 0).text;
}

// The definition: cells, altitude, each rise's [start, peak], the ridges
// within the ratio of the highest and under the link share; rendered by the
// engine's ContentWriter, one ridge at a time.
template <typename Tokens>
std::string offline(const Tokens& tokens, const MountainParams& p = {}) {
  struct Ridge {
    std::size_t first, peak;  // token indices
    double height = 0;
    double chars = 0, link = 0;  // up to the peak
  };
  std::vector<Ridge> ridges;
  double altitude = 0;
  std::uint64_t tags = 0;
  bool in_cell = false, open = false;
  double chars = 0, link_chars = 0;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const Token& t = tokens[i].token;
    if (t.is_tag()) {
      ++tags, in_cell = false;
      continue;
    }
    if (!in_cell) {
      in_cell = true;
      altitude = std::max(0.0, altitude - p.tag_cost * static_cast<double>(tags));
      tags = 0;
      if (altitude <= 0) open = false;
    }
    const bool is_link = t.has(kTokenInAnchor) || t.has(kTokenInOnclick);
    std::uint32_t n = 0;
    for (char c : tokens[i].text) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    const double length = n + (t.has(kTokenGlued) ? 0 : 1);
    if (!open) {
      if (is_link) continue;
      open = true;
      ridges.push_back(Ridge{i, i});
      chars = link_chars = 0;
    }
    altitude += is_link ? 0 : length;
    chars += length;
    if (is_link) link_chars += length;
    Ridge& r = ridges.back();
    if (altitude > r.height) r.height = altitude, r.peak = i, r.chars = chars, r.link = link_chars;
  }
  double highest = 0;
  for (const Ridge& r : ridges) highest = std::max(highest, r.height);
  // Each ridge is written as its own run of lines (two ridges in one block
  // are two lines).
  reference::StringSink sink;
  for (const Ridge& r : ridges) {
    if (r.height < p.ridge_ratio * highest || r.link > p.max_link_share * r.chars) continue;
    ContentWriter writer(sink);
    for (std::size_t i = r.first; i <= r.peak; ++i)
      if (tokens[i].token.is_word()) writer.write_word(tokens[i].token, tokens[i].text);
    writer.finish();
  }
  return sink.text();
}

const std::string kParagraph =
    "The council voted on Monday to rebuild the sea wall, a project that engineers, residents and the harbour "
    "board have argued over for more than ten years.";

TEST(Mountain, KeepsTheHighRidgeAndDropsNavigationAndLowRidges) {
  const std::string page =
      "<html><body><ul><li><a href=/>Home</a></li><li><a href=/n>News</a></li><li><a href=/s>Sport</a></li></ul>"
      "<p>Small print.</p><div><div><div><div><div><span><b>x</b></span></div></div></div></div></div>"
      "<div><p>" + kParagraph + "</p><p>" + kParagraph + "</p><p>" + kParagraph + "</p></div>"
      "<footer><a href=/p>Privacy</a> <a href=/t>Terms</a></footer></body></html>";
  const std::string text = extract(page);
  EXPECT_EQ(text, kParagraph + "\n" + kParagraph + "\n" + kParagraph + "\n");
  EXPECT_EQ(text, offline(test::tokens_of(page)));
}

TEST(Mountain, TheSlopeAfterThePeakIsNotPartOfTheRidge) {
  // After the paragraph, short cells between many tags: the altitude goes
  // down without reaching zero; they are the ridge's slope.
  std::string page = "<html><body><p>" + kParagraph + "</p>";
  for (int i = 0; i < 4; ++i) page += "<div><span><i>tag</i></span></div>";
  page += "</body></html>";
  EXPECT_EQ(extract(page), kParagraph + "\n");
  // A long cell after the slope lifts the altitude past the peak: the ridge
  // extends over the slope to the new peak.
  std::string longer = "<html><body><p>" + kParagraph + "</p><div><i>a</i></div><p>" + kParagraph + "</p></body></html>";
  EXPECT_EQ(extract(longer), kParagraph + "\na\n" + kParagraph + "\n");
}

TEST(Mountain, LinkTextNeverLiftsARidge) {
  std::string page = "<html><body><div>";
  for (int i = 0; i < 20; ++i) page += "<a href=/" + std::to_string(i) + ">A long link text about the sea wall and the harbour board</a> ";
  page += "</div><p>A plain paragraph of modest length, with a comma.</p></body></html>";
  EXPECT_EQ(extract(page), "A plain paragraph of modest length, with a comma.\n");
}

TEST(Mountain, OnlineEqualsTheOfflineDefinitionOnEveryFixture) {
  for (const std::string& name : test::fixture_names()) {
    const std::string html = test::read_fixture(name);
    EXPECT_EQ(extract(html), offline(test::tokens_of(html))) << name;
  }
}

TEST(Mountain, OnlineEqualsTheOfflineDefinitionOnRandomSequences) {
  std::mt19937 g(99);
  const char* words[] = {"a", "bb", "sea", "wall,", "harbour", "council.", "x", "engineers"};
  for (int round = 0; round < 300; ++round) {
    std::vector<reference::SimpleToken> tokens;
    const std::size_t n = 20 + static_cast<std::size_t>(g() % 400);
    std::uint32_t block = 0;
    std::uint64_t word_index = 0;
    bool in_anchor = false;
    for (std::size_t i = 0; i < n; ++i) {
      reference::SimpleToken t;
      t.token.seq = i;
      const unsigned r = g() % 10;
      if (r < 3) {
        t.token.kind = r == 0 ? TokenKind::EndTag : TokenKind::StartTag;
        t.token.tag = r == 2 ? Tag::a : Tag::div;
        if (r == 2) in_anchor = !in_anchor;
        if (t.token.tag == Tag::div) t.token.flags = kTokenBlockBoundary, ++block;
      } else {
        t.token.kind = TokenKind::Word;
        t.token.word_index = word_index++;
        t.token.source_begin = 10 * i;
        t.token.source_end = 10 * i + 5;
        if (in_anchor) t.token.flags |= kTokenInAnchor;
        t.text = words[g() % 8];
      }
      t.token.block = block;
      tokens.push_back(t);
    }
    MemoryBudget budget(1 << 22);
    Mountain m(budget, MountainParams{});
    EXPECT_EQ(reference::drive(m, tokens), offline(tokens)) << "round " << round;
    MountainParams p;
    p.tag_cost = 2;
    p.ridge_ratio = 0.5;
    Mountain m2(budget, p);
    EXPECT_EQ(reference::drive(m2, tokens), offline(tokens, p)) << "round " << round;
  }
}

TEST(Mountain, ManyDroppedRidgesAreCompactedWithoutChangingTheResult) {
  // Rising ridges: each new one is higher, the earlier ones fall below the
  // ratio and are compacted away.
  std::string page = "<html><body>";
  for (int i = 1; i < 400; ++i) {
    page += "<p>";
    for (int w = 0; w < i; ++w) page += "word" + std::to_string(w % 10) + " ";
    page += "</p><div><div><div><div><div><div><div><div><div><div><div><div></div></div></div></div></div></div></div></div></div></div></div></div>";
  }
  page += "</body></html>";
  ExtractorConfig config;
  config.algorithm = "mountain";
  config.memory_budget = 4 << 20;
  const test::RunResult r = test::run_pipeline(page, config, 0);
  EXPECT_EQ(r.status, Status::Ok);
  EXPECT_EQ(r.text, offline(test::tokens_of(page)));
  EXPECT_FALSE(r.text.empty());
}

TEST(Mountain, ABudgetTooSmallForTheDocumentKeepsWhatFitsAndSaysSo) {
  const test::RunResult r = test::expect_keeps_what_fits("mountain", ", with commas and a full stop.");
  EXPECT_GT(r.text.size(), 1000u);
}

TEST(Mountain, EmptyDocumentGivesNoContent) {
  EXPECT_EQ(extract(""), "");
  EXPECT_EQ(extract("<html><body><a href=/>Only a link</a></body></html>"), "");
}

}  // namespace
}  // namespace winnow
