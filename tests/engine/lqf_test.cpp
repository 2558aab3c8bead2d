// SPDX-License-Identifier: MIT
// LQF online against an offline reference that sees the whole element tree.
#include "engine/lqf.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "support/budget_contract.h"
#include "support/test_support.h"
#include "support/random_document.h"
#include "support/token_dump.h"

namespace winnow {
namespace {

// The definition, offline: each word belongs to its innermost block-level
// element (br and hr excluded); an element whose words have more than
// `threshold` of their characters inside <a> loses all of them.
std::string reference(const std::vector<test::DumpedToken>& tokens, double threshold) {
  struct Counts {
    std::uint64_t chars = 0, anchor = 0;
  };
  std::vector<Counts> elements(1);  // 0: the implicit root
  std::vector<std::size_t> stack{0};
  std::vector<std::size_t> owner(tokens.size(), 0);
  auto judged = [](Tag t) { return has_flag(t, kTagBlock) && !has_flag(t, kTagVoid); };
  for (std::size_t k = 0; k < tokens.size(); ++k) {
    const Token& t = tokens[k].token;
    if (t.is_tag()) {
      if (!judged(t.tag)) continue;
      if (t.kind == TokenKind::StartTag) {
        elements.emplace_back();
        stack.push_back(elements.size() - 1);
      } else if (stack.size() > 1) {
        stack.pop_back();
      }
      continue;
    }
    std::uint64_t n = 0;
    for (char c : tokens[k].text) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    owner[k] = stack.back();
    elements[stack.back()].chars += n;
    if (t.has(kTokenInAnchor)) elements[stack.back()].anchor += n;
  }
  test::RecordingSink sink;
  ContentWriter writer(sink);
  for (std::size_t k = 0; k < tokens.size(); ++k) {
    if (!tokens[k].token.is_word()) continue;
    const Counts& c = elements[owner[k]];
    if (static_cast<double>(c.anchor) <= threshold * static_cast<double>(c.chars))
      writer.write_word(tokens[k].token, tokens[k].text);
  }
  writer.finish();
  return sink.text();
}

test::EarlyRun run_online(const std::vector<test::DumpedToken>& tokens, const LqfParams& params) {
  return test::run_with_early_decisions<Lqf>(tokens, params, 1 << 20);
}

// Random well-nested documents: block elements, anchors and inline elements,
// words with and without links.
std::vector<test::DumpedToken> random_document(std::mt19937& g, std::size_t n) {
  test::RandomDocumentShape shape;
  shape.elements = {Tag::div, Tag::p, Tag::li, Tag::td, Tag::br, Tag::a};
  shape.opens = 3;
  shape.line_break_one_in = 6;  // preformatted lines: their breaks must survive what the algorithm holds
  return test::random_document(shape, g, n);
}

TEST(Lqf, OnlineEqualsTheOfflineDefinitionOnRandomDocuments) {
  std::mt19937 g(2024);
  std::uint64_t early = 0;
  for (int round = 0; round < 300; ++round) {
    const auto tokens = random_document(g, 10 + static_cast<std::size_t>(round));
    for (double threshold : {0.25, 0.5, 0.75}) {
      LqfParams big;
      big.threshold = threshold;
      big.max_words = 4096;
      big.text_bytes = 1 << 16;
      const test::EarlyRun online = run_online(tokens, big);
      EXPECT_EQ(online.early, 0u);
      EXPECT_EQ(online.text, reference(tokens, threshold)) << "round " << round << " threshold " << threshold;
      // A tiny queue decides early but keeps the order and the block structure.
      LqfParams small = big;
      small.max_words = 3;
      small.text_bytes = 0;
      const test::EarlyRun bounded = run_online(tokens, small);
      early += bounded.early;
      if (bounded.early == 0) {
        EXPECT_EQ(bounded.text, online.text) << "round " << round;
      }
    }
  }
  EXPECT_GT(early, 0u);
}

TEST(Lqf, OnlineEqualsTheOfflineDefinitionOnEveryFixture) {
  for (const std::string& name : test::fixture_names()) {
    const std::string html = test::read_fixture(name);
    const auto tokens = test::tokens_of(html);
    for (const char* algo : {"lqf-0.25", "lqf", "lqf-0.75"}) {
      ExtractorConfig config;
      config.algorithm = algo;
      const double threshold = algo[3] == 0 ? 0.5 : algo[6] == '2' ? 0.25 : 0.75;
      EXPECT_EQ(test::run_pipeline(html, config, 0).text, reference(tokens, threshold)) << name << " " << algo;
    }
  }
}

TEST(Lqf, DropsLinkListsAndKeepsTextWithSomeLinks) {
  const std::string page =
      "<html><body><ul><li><a href=/a>Home</a></li><li><a href=/b>World news</a></li></ul>"
      "<p>The committee met on Tuesday and <a href=/r>published its report</a> after a long delay.</p>"
      "<div>Intro words here <a href=/x>one link</a><p>A nested paragraph of plain text.</p> and the outro.</div>"
      "</body></html>";
  ExtractorConfig config;
  config.algorithm = "lqf";
  const std::string half = test::run_pipeline(page, config, 0).text;
  EXPECT_EQ(half,
            "The committee met on Tuesday and published its report after a long delay.\n"
            "Intro words here one link\nA nested paragraph of plain text.\nand the outro.\n");
  config.algorithm = "lqf-0.25";  // the paragraph is 18/61 link text
  const std::string quarter = test::run_pipeline(page, config, 0).text;
  EXPECT_EQ(quarter.find("The committee"), std::string::npos) << quarter;
  EXPECT_NE(quarter.find("A nested paragraph"), std::string::npos) << quarter;
}

TEST(Lqf, WritesWhileThePageIsStillArriving) {
  std::string page = "<html><body>";
  for (int i = 0; i < 300; ++i) page += "<p>Paragraph " + std::to_string(i) + " with <a href=/x>a link</a> and text.</p>";
  page += "</body></html>";
  const test::HalfwayText text = test::feed_in_two_halves(page, test::config_for("lqf"));
  // The pipeline holds back at most its 4 KiB of canonical parser input plus
  // an element: most of the first half is out.
  EXPECT_NE(text.after_first_half.find("Paragraph 60 with"), std::string::npos);
  EXPECT_NE(text.at_end.find("Paragraph 299 with"), std::string::npos);
}

TEST(Lqf, RunsWithinASixtyFourKibibyteBudgetAndRefusesLess) {
  test::expect_article_within("lqf", 64 * 1024, 3);
  MemoryBudget tiny(4096);
  EXPECT_EQ(create_lqf(tiny), nullptr);
  EXPECT_EQ(tiny.used(), 0u);
}

}  // namespace
}  // namespace winnow
