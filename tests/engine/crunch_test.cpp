// SPDX-License-Identifier: MIT
// The Crunch-style filter chain: each filter on small pages, the streaming
// chain against an offline reference over the whole element tree, memory.
#include "engine/crunch.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "engine/utf8.h"
#include "support/budget_contract.h"
#include "support/test_support.h"
#include "support/random_document.h"
#include "support/token_dump.h"

namespace winnow {
namespace {

// The definition, offline: the element tree of judged containers, the text
// blocks, every statistic summed over the whole subtree, then one pass that
// writes the words no filter removed.
std::string reference(const std::vector<test::DumpedToken>& tokens, const CrunchParams& p) {
  struct Node {
    CrunchContainerStats stats;
    std::size_t parent = 0;
  };
  std::vector<Node> nodes(1);  // 0: the document, never judged
  std::vector<std::size_t> stack{0};
  std::vector<std::size_t> owner(tokens.size(), 0);  // innermost container of each word
  std::vector<bool> counted(tokens.size(), false);
  struct Block {
    CrunchBlockStats stats;
    std::size_t container = 0;
  };
  std::vector<Block> blocks;
  std::vector<std::size_t> block_of(tokens.size(), 0);
  bool new_anchor = false, block_open = false;
  std::uint32_t block_id = 0;
  auto close_block = [&]() {
    if (!block_open) return;
    block_open = false;
    const Block& b = blocks.back();
    CrunchContainerStats& c = nodes[b.container].stats;
    ++c.items;
    c.max_item_words = std::max(c.max_item_words, b.stats.words);
    c.max_item_text = std::max(c.max_item_text, b.stats.words - b.stats.anchor_words);
  };
  for (std::size_t k = 0; k < tokens.size(); ++k) {
    const Token& t = tokens[k].token;
    if (t.is_tag()) {
      if (t.tag == Tag::a && t.kind == TokenKind::StartTag) new_anchor = true;
      if (t.has(kTokenBlockBoundary)) close_block();
      if (!is_crunch_container(t.tag)) continue;
      if (t.kind == TokenKind::StartTag) {
        nodes.push_back(Node{});
        nodes.back().stats.list = has_flag(t.tag, kTagList);
        nodes.back().parent = stack.back();
        stack.push_back(nodes.size() - 1);
      } else if (stack.size() > 1) {
        stack.pop_back();
      }
      continue;
    }
    if ((p.remove_adverts && AdvertFilter::removes(t)) || (p.remove_forms && FormFilter::removes(t))) continue;
    if (block_open && t.block != block_id) close_block();
    if (!block_open) {
      block_open = true;
      block_id = t.block;
      blocks.push_back(Block{CrunchBlockStats{}, stack.back()});
    }
    counted[k] = true;
    owner[k] = stack.back();
    block_of[k] = blocks.size() - 1;
    const std::uint32_t n = utf8_characters(tokens[k].text);
    CrunchBlockStats& b = blocks.back().stats;
    CrunchContainerStats& c = nodes[stack.back()].stats;
    ++b.words;
    b.chars += n;
    ++c.words;
    if (t.has(kTokenInAnchor)) {
      ++b.anchor_words;
      b.anchor_chars += n;
      ++c.anchor_words;
      if (new_anchor) ++c.links, new_anchor = false;
    }
  }
  close_block();
  // Subtree sums: children were created after their parents.
  for (std::size_t i = nodes.size(); i-- > 1;) nodes[nodes[i].parent].stats.add(nodes[i].stats);
  const LinkRatioFilter link_ratio{p.max_link_ratio};
  const LinkListFilter link_list{p.link_list_ratio, p.link_list_max_text};
  const TextListFilter text_list{p.min_list_items, p.max_mean_item_words, p.max_item_words};
  std::vector<bool> dropped(nodes.size(), false);
  for (std::size_t i = 1; i < nodes.size(); ++i)
    dropped[i] = dropped[nodes[i].parent] || link_list.removes(nodes[i].stats) ||
                 (p.remove_text_lists && text_list.removes(nodes[i].stats));
  test::RecordingSink sink;
  ContentWriter writer(sink);
  for (std::size_t k = 0; k < tokens.size(); ++k) {
    if (!counted[k] || dropped[owner[k]] || link_ratio.removes(blocks[block_of[k]].stats)) continue;
    writer.write_word(tokens[k].token, tokens[k].text);
  }
  writer.finish();
  return sink.text();
}

test::EarlyRun run_online(const std::vector<test::DumpedToken>& tokens, const CrunchParams& params) {
  return test::run_with_early_decisions<Crunch>(tokens, params, 1 << 22);
}

// Random well-nested documents of containers, items, anchors, navigation,
// adverts and buttons.
std::vector<test::DumpedToken> random_document(std::mt19937& g, std::size_t n) {
  test::RandomDocumentShape shape;
  shape.elements = {Tag::div, Tag::ul, Tag::li, Tag::td, Tag::p, Tag::br, Tag::nav, Tag::span, Tag::a};
  shape.actions = 12;
  shape.opens = 3;
  shape.advert_one_in = 40;
  shape.button_one_in = 60;
  shape.line_break_one_in = 6;  // preformatted lines: their breaks must survive what the algorithm holds
  return test::random_document(shape, g, n);
}

TEST(Crunch, OnlineEqualsTheOfflineDefinitionOnRandomDocuments) {
  std::mt19937 g(77);
  std::uint64_t early = 0, differing = 0;
  for (int round = 0; round < 300; ++round) {
    const auto tokens = random_document(g, 10 + 2 * static_cast<std::size_t>(round));
    CrunchParams big;
    big.max_words = 8192;
    big.text_bytes = 1 << 17;
    big.max_depth = 4096;
    const test::EarlyRun online = run_online(tokens, big);
    EXPECT_EQ(online.early, 0u);
    EXPECT_EQ(online.text, reference(tokens, big)) << "round " << round;
    // A tiny queue decides early; without early decisions it is exact.
    CrunchParams small = big;
    small.max_words = 4;
    small.text_bytes = 0;
    const test::EarlyRun bounded = run_online(tokens, small);
    early += bounded.early;
    if (bounded.early == 0) EXPECT_EQ(bounded.text, online.text) << "round " << round;
    else differing += bounded.text != online.text;
  }
  EXPECT_GT(early, 0u);
  EXPECT_GT(differing, 0u) << "the early decisions were exercised";
}

TEST(Crunch, OnlineEqualsTheOfflineDefinitionOnEveryFixture) {
  for (const std::string& name : test::fixture_names()) {
    const std::string html = test::read_fixture(name);
    ExtractorConfig config;
    config.algorithm = "crunch";
    EXPECT_EQ(test::run_pipeline(html, config, 0).text, reference(test::tokens_of(html), CrunchParams{})) << name;
  }
}

std::string crunch(const std::string& body) {
  ExtractorConfig config;
  config.algorithm = "crunch";
  return test::run_pipeline("<html><body>" + body + "</body></html>", config, 0).text;
}

const std::string kParagraph =
    "<p>The committee met on Tuesday and <a href=/r>published its report</a> after a long delay, "
    "and the minister said the findings would be studied carefully before any decision.</p>";

TEST(Crunch, LinkListsGoWithTheirLabels) {
  const std::string text = crunch(
      "<div class=box><h3>Most read</h3><ul><li><a href=/1>Clouds</a> (12)</li><li><a href=/2>Beavers</a> (9)</li>"
      "<li><a href=/3>Bridges</a> (4)</li></ul></div>" + kParagraph);
  EXPECT_EQ(text.find("Most read"), std::string::npos) << text;
  EXPECT_EQ(text.find("(12)"), std::string::npos) << text;
  EXPECT_NE(text.find("The committee met"), std::string::npos) << text;
}

TEST(Crunch, AContainerWithAParagraphIsNoLinkList) {
  std::string menu = "<ul>";
  for (int i = 0; i < 30; ++i) menu += "<li><a href=/" + std::to_string(i) + ">Section " + std::to_string(i) + "</a></li>";
  menu += "</ul>";
  const std::string text = crunch("<div id=page>" + menu + kParagraph + "</div>");
  EXPECT_EQ(text.find("Section 7"), std::string::npos) << text;
  EXPECT_NE(text.find("The committee met"), std::string::npos) << text;
}

TEST(Crunch, BlocksMostlyOfLinkTextGo) {
  const std::string text = crunch(kParagraph + "<p>Read <a href=/x>the full interview with the minister</a></p>");
  EXPECT_EQ(text.find("full interview"), std::string::npos) << text;
  EXPECT_NE(text.find("published its report"), std::string::npos) << "18 of 107 characters are link text";
}

TEST(Crunch, TextListsOfLabelsGoButListsOfSentencesStay) {
  const std::string text = crunch(
      "<ul><li>Politics</li><li>Economy</li><li>World news</li><li>Sport</li></ul>" + kParagraph +
      "<ul><li>The first point is that rivers are warmer.</li><li>The second is that fish move later.</li>"
      "<li>The third is that shade helps.</li></ul>");
  EXPECT_EQ(text.find("Economy"), std::string::npos) << text;
  EXPECT_NE(text.find("fish move later"), std::string::npos) << text;
}

TEST(Crunch, AdvertsByLinkTargetOrBannerSizeGo) {
  const std::string text = crunch(
      "<div><a href=\"https://ad.doubleclick.net/click?x=1\">Cheap flights to anywhere today</a></div>" + kParagraph +
      "<div style=\"width: 728px; height: 90px\">Sponsored message from our partner company</div>"
      "<div width=300 height=250>Buy now and save on everything</div>"
      "<p>A last paragraph that is part of the article and stays where it is.</p>");
  EXPECT_EQ(text.find("Cheap flights"), std::string::npos) << text;
  EXPECT_EQ(text.find("Sponsored message"), std::string::npos) << text;
  EXPECT_EQ(text.find("Buy now"), std::string::npos) << text;
  EXPECT_NE(text.find("A last paragraph"), std::string::npos) << text;
  CrunchParams keep;
  keep.remove_adverts = false;
  const std::string html = "<html><body><div style=\"width:728px;height:90px\">Sponsored message</div></body></html>";
  EXPECT_EQ(run_online(test::tokens_of(html), keep).text, "Sponsored message\n");
}

TEST(Crunch, FormControlsGoButAPageWrappedInAFormStays) {
  const std::string text = crunch(
      "<form id=aspnetForm><label>Search the site</label><button>Go</button>" + kParagraph + "</form>");
  EXPECT_EQ(text.find("Search the site"), std::string::npos) << text;
  EXPECT_NE(text.find("The committee met"), std::string::npos) << text;
}

TEST(Crunch, WritesWhileThePageIsStillArriving) {
  std::string page = "<html><body>";
  for (int i = 0; i < 300; ++i) page += "<p>Paragraph " + std::to_string(i) + " with <a href=/x>a link</a> and some text.</p>";
  page += "</body></html>";
  const test::HalfwayText text = test::feed_in_two_halves(page, test::config_for("crunch"));
  EXPECT_NE(text.after_first_half.find("Paragraph 60 with"), std::string::npos);
  EXPECT_NE(text.at_end.find("Paragraph 299 with"), std::string::npos);
}

TEST(Crunch, ReservesItsDocumentedBoundAndRefusesATinyBudget) {
  MemoryBudget budget(1 << 20);
  auto algorithm = create_crunch(budget);
  ASSERT_NE(algorithm, nullptr);
  EXPECT_EQ(budget.used(), 48u * 64 + 32u * 256 + 2048 + BudgetAllocated::charge_of<Crunch>())
      << "the bound in crunch.h and the object";
  MemoryBudget tiny(12 * 1024);
  EXPECT_EQ(create_crunch(tiny), nullptr);
  EXPECT_EQ(tiny.used(), 0u);
  test::expect_article_within("crunch", 64 * 1024, 3);
  EXPECT_EQ(test::run_pipeline(test::read_fixture("article.html"), test::config_for("crunch", 24 * 1024), 3).status,
            Status::BudgetTooSmall);
}

}  // namespace
}  // namespace winnow
