// SPDX-License-Identifier: MIT
// TextSweeper online against an offline reference over the whole node tree.
#include "engine/textsweeper.h"

#include <gtest/gtest.h>

#include <dirent.h>

#include <algorithm>
#include <cstdio>
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

bool is_node(Tag t) { return has_flag(t, kTagBlock) && !has_flag(t, kTagVoid); }

bool teaser(const std::string& w) {
  auto ends = [&](const std::string& s) { return w.size() >= s.size() && w.compare(w.size() - s.size(), s.size(), s) == 0; };
  if (ends("...") || ends("\xE2\x80\xA6") || ends("\xC2\xBB") || ends("\xE2\x80\xBA")) return true;
  std::string v = w;
  while (!v.empty() && (v.back() == ':' || v.back() == '>' || v.back() == '!')) v.pop_back();
  for (char& c : v) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return v == "more" || v == "weiterlesen";
}

// The definition over an explicit tree: statistics per node, the best node,
// the relevant ones, their deepest common ancestor, and the words under it
// outside every deleted node strictly inside it.
std::string reference(const std::vector<test::DumpedToken>& tokens, double tolerance = 0.9,
                      std::uint32_t min_chars = 20, double max_link = 0.5) {
  struct Node {
    int parent = -1;
    std::uint32_t level = 0, chars = 0, tags = 1;
    double text = 0, link = 0, ratio = 0;
    bool link_element = false, heading = false;
  };
  std::vector<Node> nodes(1);
  nodes[0].tags = 0;
  std::vector<int> stack{0};
  std::vector<Tag> tags(512, Tag::unknown);
  std::vector<int> owner(tokens.size(), -1);
  bool last_teaser = false;
  double best = -1;
  std::vector<int> close_order;
  auto close = [&](int id) {
    Node& n = nodes[id];
    if (n.chars > 0 && last_teaser) {
      n.link_element = true;
      if (n.parent >= 0) nodes[n.parent].link_element = true;
      last_teaser = false;
    }
    if (n.link_element) n.link = n.text;
    const double bias = 1.0 + std::min<std::uint32_t>(n.chars, 5000) / 5000.0;
    n.ratio = n.chars > 0 ? bias * (n.text - n.link) / std::max(1.0, double(n.tags) + n.level) : 0;
    if (n.ratio > 0 && n.ratio > best) best = n.ratio;
    if (n.parent >= 0) {
      Node& p = nodes[n.parent];
      p.text += n.text, p.link += n.link, p.chars += n.chars, p.tags += n.tags;
    }
    close_order.push_back(id);
  };
  for (std::size_t k = 0; k < tokens.size(); ++k) {
    const Token& t = tokens[k].token;
    if (t.kind == TokenKind::StartTag) {
      tags[t.depth] = t.tag;
      if (is_node(t.tag)) {
        Node n;
        n.parent = stack.back();
        n.level = t.depth;
        n.heading = has_flag(t.tag, kTagHeading);
        nodes.push_back(n);
        stack.push_back(static_cast<int>(nodes.size()) - 1);
      } else if (TextSweeper::counts_as_tag(t.tag)) {
        ++nodes[stack.back()].tags;
      }
    } else if (t.kind == TokenKind::EndTag) {
      if (is_node(t.tag) && stack.size() > 1) {
        close(stack.back());
        stack.pop_back();
      }
    } else {
      owner[k] = stack.back();
      Node& n = nodes[stack.back()];
      const std::uint32_t c = utf8_characters(tokens[k].text);
      const double w = c * TextSweeper::layout_weight(t.tag) *
                       TextSweeper::layout_weight(t.depth >= 2 ? tags[t.depth - 2] : Tag::unknown);
      n.text += w;
      n.chars += c;
      if (t.has(kTokenInAnchor) || t.has(kTokenInOnclick)) n.link += w;
      last_teaser = teaser(tokens[k].text);
    }
  }
  while (stack.size() > 1) {
    close(stack.back());
    stack.pop_back();
  }
  close(0);
  // Deepest common ancestor of the relevant nodes.
  auto depth_of = [&](int id) {
    int d = 0;
    while (nodes[id].parent >= 0) id = nodes[id].parent, ++d;
    return d;
  };
  int common = -1;
  for (std::size_t id = 0; id < nodes.size(); ++id) {
    if (!(nodes[id].ratio > 0 && nodes[id].ratio >= tolerance * best)) continue;
    int a = static_cast<int>(id);
    if (common < 0) {
      common = a;
      continue;
    }
    int b = common;
    while (depth_of(a) > depth_of(b)) a = nodes[a].parent;
    while (depth_of(b) > depth_of(a)) b = nodes[b].parent;
    while (a != b) a = nodes[a].parent, b = nodes[b].parent;
    common = a;
  }
  test::RecordingSink sink;
  ContentWriter writer(sink);
  if (common >= 0) {
    for (std::size_t k = 0; k < tokens.size(); ++k) {
      if (owner[k] < 0) continue;
      bool inside = false, deleted = false;
      for (int id = owner[k]; id >= 0; id = nodes[id].parent) {
        if (id == common) {
          inside = true;
          break;
        }
        const Node& n = nodes[id];
        const bool deletable = (n.chars < min_chars && !n.heading) || n.link > max_link * n.text;
        if (deletable) deleted = true;
      }
      if (inside && !deleted) writer.write_word(tokens[k].token, tokens[k].text);
    }
  }
  writer.finish();
  return sink.text();
}

std::string run_online(const std::vector<test::DumpedToken>& tokens, MemoryBudget& budget,
                       const TextSweeperParams& params = {}) {
  TextSweeper sweeper(budget, params);
  EXPECT_TRUE(sweeper.ok());
  return test::run_tokens(sweeper, tokens);
}

// Headings, images, teaser ends ("more", "...") and onclick handlers among
// the elements and words, nested to 12.
std::vector<test::DumpedToken> random_document(std::mt19937& g, std::size_t n) {
  test::RandomDocumentShape shape;
  shape.elements = {Tag::div, Tag::p, Tag::li, Tag::h2, Tag::b, Tag::span, Tag::a, Tag::br, Tag::img, Tag::td};
  shape.words = {"alpha", "beta,", "gamma.", "more", "delta...", "epsilon", "zeta", "eta", "theta", "iota"};
  shape.roots = {Tag::body};
  shape.opens = 3;
  shape.max_depth = 12;
  shape.onclick_one_in = 8;
  shape.line_break_one_in = 6;  // preformatted lines: their breaks must survive what the algorithm holds
  return test::random_document(shape, g, n);
}

// Inline text elements are no tags of their node's count; headings and bold
// text weigh more (the paper's layout weights).
TEST(TextSweeper, TagCountAndLayoutWeightTables) {
  for (Tag t : {Tag::a, Tag::span, Tag::br, Tag::b, Tag::em, Tag::code, Tag::time})
    EXPECT_FALSE(TextSweeper::counts_as_tag(t)) << tag_name(t);
  for (Tag t : {Tag::div, Tag::p, Tag::li, Tag::table, Tag::img, Tag::h2})
    EXPECT_TRUE(TextSweeper::counts_as_tag(t)) << tag_name(t);
  for (Tag t : {Tag::h1, Tag::h3, Tag::h6}) EXPECT_EQ(TextSweeper::layout_weight(t), 1.5) << tag_name(t);
  for (Tag t : {Tag::b, Tag::strong}) EXPECT_EQ(TextSweeper::layout_weight(t), 1.25) << tag_name(t);
  for (Tag t : {Tag::p, Tag::div, Tag::em, Tag::unknown}) EXPECT_EQ(TextSweeper::layout_weight(t), 1.0) << tag_name(t);
}

TEST(TextSweeper, OnlineEqualsTheReferenceOnRandomDocuments) {
  std::mt19937 g(77);
  for (int round = 0; round < 400; ++round) {
    const auto tokens = random_document(g, 20 + static_cast<std::size_t>(round) % 200);
    MemoryBudget budget(1 << 22);
    EXPECT_EQ(run_online(tokens, budget), reference(tokens)) << "round " << round;
  }
  // Other parameters.
  for (int round = 0; round < 100; ++round) {
    const auto tokens = random_document(g, 100);
    MemoryBudget budget(1 << 22);
    TextSweeperParams p;
    p.tolerance = 0.5;
    p.min_chars = 8;
    p.max_link_share = 0.3;
    EXPECT_EQ(run_online(tokens, budget, p), reference(tokens, 0.5, 8, 0.3)) << "round " << round;
  }
}

TEST(TextSweeper, OnlineEqualsTheOfflineDefinitionOnEveryFixture) {
  for (const std::string& name : test::fixture_names()) {
    const std::string html = test::read_fixture(name);
    const auto tokens = test::tokens_of(html);
    ExtractorConfig config;
    config.algorithm = "textsweeper";
    EXPECT_EQ(test::run_pipeline(html, config, 0).text, reference(tokens)) << name;
  }
}

TEST(TextSweeper, FixedTablesOverflowWithoutChangingTheResult) {
  // Each paragraph outscores the last: thousands of records are made and
  // dropped again (the table holds 512).
  std::string rising = "<html><body>";
  for (int i = 1; i < 1500; ++i) rising += "<div><div><p>" + std::string(static_cast<std::size_t>(i) * 2, 'w') + "</p></div></div>";
  rising += "</body></html>";
  // Thousands of equally good paragraphs are relevant at once (the table of
  // relevant nodes holds 64) until their container outscores them all.
  std::string equal = "<html><body><div>";
  for (int i = 0; i < 2000; ++i) equal += "<p>Paragraph of an article, with commas, and a full stop.</p>";
  equal += "</div><div><a href=/>Home</a></div></body></html>";
  for (const std::string* html : {&rising, &equal}) {
    ExtractorConfig config;
    config.algorithm = "textsweeper";
    config.memory_budget = 8 << 20;
    const test::RunResult r = test::run_pipeline(*html, config, 0);
    EXPECT_EQ(r.status, Status::Ok);
    EXPECT_EQ(r.text, reference(test::tokens_of(*html)));
    EXPECT_FALSE(r.text.empty());
  }
}

TEST(TextSweeper, KeepsTheArticleAndCallsTheListingAnOverview) {
  ExtractorConfig config;
  config.algorithm = "textsweeper";
  const test::RunResult article = test::run_pipeline(test::read_fixture("article.html"), config, 0);
  EXPECT_EQ(article.text.rfind("Rivers of the north are running warmer every summer\n", 0), 0u) << article.text;
  EXPECT_NE(article.text.find("planting along the water"), std::string::npos);
  EXPECT_EQ(article.text.find("Most read"), std::string::npos);
  EXPECT_EQ(article.text.find("Privacy"), std::string::npos);
  EXPECT_EQ(article.verdict, PageVerdict::Article);
  const test::RunResult listing = test::run_pipeline(test::read_fixture("listing.html"), config, 0);
  EXPECT_EQ(listing.verdict, PageVerdict::Overview);
  EXPECT_LT(listing.net_text_length, 100u);
}

TEST(TextSweeper, CountsOnclickAndTeaserEndingsAsLinks) {
  // Two cards whose text is not in <a> but is still a link: one by onclick,
  // one by its teaser ending; the paragraph is the content.
  const std::string page =
      "<html><body><div>"
      "<div class=card onclick=\"go(1)\"><p>Storms close the coastal road for the third time this winter and more</p></div>"
      "<div class=card><p>Ferries resume their timetable after a week of cancelled crossings in the north</p>"
      "<p>Continue reading \xE2\x80\xA6</p></div>"
      "</div><article><p>The council voted on Monday to rebuild the sea wall, a project that engineers, residents "
      "and the harbour board have argued over for more than ten years. Work starts in spring.</p></article>"
      "</body></html>";
  ExtractorConfig config;
  config.algorithm = "textsweeper";
  const test::RunResult r = test::run_pipeline(page, config, 0);
  EXPECT_EQ(r.text,
            "The council voted on Monday to rebuild the sea wall, a project that engineers, residents and the "
            "harbour board have argued over for more than ten years. Work starts in spring.\n");
  // The onclick flag reaches the words.
  const auto tokens = test::tokens_of(page);
  bool onclick_word = false, plain_word = false;
  for (const auto& t : tokens) {
    if (t.text == "Storms") onclick_word = t.token.has(kTokenInOnclick);
    if (t.text == "council") plain_word = !t.token.has(kTokenInOnclick);
  }
  EXPECT_TRUE(onclick_word);
  EXPECT_TRUE(plain_word);
}

TEST(TextSweeper, ABudgetTooSmallForTheDocumentKeepsWhatFitsAndSaysSo) {
  test::expect_keeps_what_fits("textsweeper", ", with commas and a full stop.");
  MemoryBudget tiny(4096);
  EXPECT_EQ(create_textsweeper(tiny), nullptr);
  EXPECT_EQ(tiny.used(), 0u);
}

// Seed 004's overview detection on the labelled pages of
// tests/fixtures/overview (label: the file name's prefix), with the engine's
// verdict (net text length of the delivered content below 500 characters).
TEST(TextSweeper, OverviewVerdictOnTheLabelledSet) {
  std::vector<std::string> names;
  if (DIR* dir = opendir((test::fixture_dir() + "/overview").c_str())) {
    while (const dirent* entry = readdir(dir)) {
      const std::string name = entry->d_name;
      if (name.size() > 5 && name.compare(name.size() - 5, 5, ".html") == 0) names.push_back(name);
    }
    closedir(dir);
  }
  std::sort(names.begin(), names.end());
  ASSERT_EQ(names.size(), 20u);
  int tp = 0, fp = 0, fn = 0, tn = 0;
  std::string wrong;
  for (const std::string& name : names) {
    ExtractorConfig config;
    config.algorithm = "textsweeper";
    const test::RunResult r = test::run_pipeline(test::read_fixture("overview/" + name), config, 0);
    const bool overview = name.rfind("overview_", 0) == 0;
    const bool said = r.verdict == PageVerdict::Overview;
    tp += overview && said, fp += !overview && said, fn += overview && !said, tn += !overview && !said;
    if (overview != said) wrong += " " + name + " (net " + std::to_string(r.net_text_length) + ")";
  }
  std::printf("overview detection: accuracy %.2f, precision %.2f, recall %.2f (tp %d fp %d fn %d tn %d); wrong:%s\n",
              (tp + tn) / 20.0, tp / std::max(1.0, double(tp + fp)), tp / std::max(1.0, double(tp + fn)), tp, fp, fn,
              tn, wrong.c_str());
  // 18 of 20 when this was written: the recipe (TextSweeper keeps only the
  // method list, 467 characters) and the story whose paragraphs end in "..."
  // (teaser endings make it a link element) are called overviews.
  EXPECT_GE(tp + tn, 18) << wrong;
  EXPECT_EQ(fn, 0) << wrong;
}

// fuzz_algorithms finding ba3d5809: an element closed while its line was
// still open (its end tag not marked as a block boundary) was cleaned up
// from under the line, and the line's next word began it with a space.
TEST(TextSweeper, ANodeClosedWithItsLineOpenTakesTheLineAlong) {
  std::vector<test::DumpedToken> tokens;
  auto tag = [&](TokenKind kind, Tag t, std::uint16_t depth, bool boundary) {
    test::DumpedToken d;
    d.token.kind = kind;
    d.token.tag = t;
    d.token.depth = depth;
    d.token.flags = boundary ? kTokenBlockBoundary : 0;
    tokens.push_back(d);
  };
  auto word = [&](const char* text, std::uint32_t block, std::uint16_t depth) {
    test::DumpedToken d;
    d.token.kind = TokenKind::Word;
    d.token.tag = Tag::p;
    d.token.block = block;
    d.token.depth = depth;
    d.text = text;
    tokens.push_back(d);
  };
  tag(TokenKind::StartTag, Tag::div, 0, true);
  tag(TokenKind::StartTag, Tag::p, 1, true);
  for (const char* w : {"one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}) word(w, 1, 2);
  tag(TokenKind::EndTag, Tag::p, 1, true);
  tag(TokenKind::StartTag, Tag::section, 1, true);
  word("ab", 2, 2);
  tag(TokenKind::EndTag, Tag::section, 1, false);  // not a boundary: the line stays open
  for (const char* w : {"cd", "ef", "gh", "ij", "kl", "mn", "op", "qr", "st", "uv", "wx", "yz"}) word(w, 2, 1);
  tag(TokenKind::EndTag, Tag::div, 0, true);
  MemoryBudget budget(1 << 20);
  const std::string text = run_online(tokens, budget);
  EXPECT_NE(text.find("one two three"), std::string::npos) << text;
  EXPECT_EQ(text.find("\n "), std::string::npos) << text;
  EXPECT_NE(text[0], ' ') << text;
  EXPECT_EQ(text.find("  "), std::string::npos) << text;
}

TEST(TextSweeper, EmptyDocumentGivesNoContent) {
  MemoryBudget budget(1 << 20);
  EXPECT_EQ(run_online({}, budget), "");
}

}  // namespace
}  // namespace winnow
