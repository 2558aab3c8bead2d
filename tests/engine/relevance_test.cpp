// SPDX-License-Identifier: MIT
// The relevance-based extractor against an offline reference that builds the
// explicit path IDs of seed 001 and smooths over the finished score list.
#include "engine/relevance.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "engine/punctuation.h"
#include "support/test_support.h"
#include "support/random_document.h"
#include "support/token_dump.h"

namespace winnow {
namespace {

struct RefLeaf {
  std::vector<std::uint32_t> id;  // child positions from the root, the leaf's own last
  double score = 0, smoothed = 0;
  std::vector<std::size_t> tokens;
};

std::size_t common_prefix(const std::vector<std::uint32_t>& a, const std::vector<std::uint32_t>& b) {
  std::size_t k = 0;
  while (k < a.size() && k < b.size() && a[k] == b[k]) ++k;
  return k;
}

std::string reference(const std::vector<test::DumpedToken>& tokens, const RelevanceParams& p = {}) {
  // The DOM's children counters give every element and text node its
  // position; a leaf's ID is the positions along its path.
  std::vector<std::uint32_t> path;          // positions of the open elements
  std::vector<std::uint32_t> children{0};   // children seen so far, per open element (+ the document)
  std::vector<RefLeaf> leaves;
  bool in_leaf = false;
  for (std::size_t k = 0; k < tokens.size(); ++k) {
    const Token& t = tokens[k].token;
    if (t.kind == TokenKind::StartTag) {
      in_leaf = false;
      path.push_back(children.back()++);
      children.push_back(0);
    } else if (t.kind == TokenKind::EndTag) {
      in_leaf = false;
      path.pop_back();
      children.pop_back();
    } else {
      if (!in_leaf) {
        RefLeaf leaf;
        leaf.id = path;
        leaf.id.push_back(children.back()++);
        leaves.push_back(leaf);
        in_leaf = true;
      }
      leaves.back().tokens.push_back(k);
    }
  }
  const std::size_t n = leaves.size();
  double sum = 0;
  for (RefLeaf& leaf : leaves) {
    double chars = 0;
    bool punct = false;
    for (std::size_t i = 0; i < leaf.tokens.size(); ++i) {
      const std::string& w = tokens[leaf.tokens[i]].text;
      for (char c : w) chars += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
      if (i > 0 && !tokens[leaf.tokens[i]].token.has(kTokenGlued)) chars += 1;
      punct = punct || w.find_first_of(",.") != std::string::npos || w.find("\xEF\xBC\x8C") != std::string::npos ||
              w.find("\xE3\x80\x81") != std::string::npos || w.find("\xE3\x80\x82") != std::string::npos;
    }
    const Token& first = tokens[leaf.tokens.front()].token;
    leaf.score = static_cast<float>(Relevance::leaf_score(p, chars, ends_sentence(tokens[leaf.tokens.back()].text),
                                                          first.has(kTokenInAnchor), punct));
    sum += leaf.score;
  }
  auto r = [&](std::size_t a, std::size_t b) {
    return Relevance::relevance(static_cast<double>(common_prefix(leaves[a].id, leaves[b].id)),
                                static_cast<double>(leaves[a].id.size()), static_cast<double>(leaves[b].id.size()));
  };
  const std::size_t half = p.window / 2;
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t lo = i >= half ? i - half : 0, hi = std::min(n - 1, i + half);
    double s = 0, rho = 0;
    for (std::size_t j = lo; j <= hi; ++j) s += leaves[j].score;
    for (std::size_t j = lo; j <= hi; ++j)
      if (j != i) rho += r(i, j);
    if (hi > lo) rho /= static_cast<double>(hi - lo);
    leaves[i].smoothed = static_cast<float>((1 - rho) * leaves[i].score + rho * (s / static_cast<double>(hi - lo + 1)));
  }
  test::RecordingSink sink;
  ContentWriter writer(sink);
  if (n > 0) {
    const double average = sum / static_cast<double>(n);
    // Blocks: the set relevance is the common prefix of all IDs over the longest.
    struct Block {
      std::size_t first, last;
      double f[4];
    };
    std::vector<Block> blocks;
    std::size_t first = 0;
    bool open = false;
    auto set_relevance = [&](std::size_t a, std::size_t b) {
      std::size_t common = leaves[a].id.size(), longest = 0;
      for (std::size_t i = a; i <= b; ++i) {
        common = std::min(common, common_prefix(leaves[a].id, leaves[i].id));
        longest = std::max(longest, leaves[i].id.size());
      }
      return static_cast<double>(common) / static_cast<double>(longest);
    };
    auto all_above = [&](std::size_t a, std::size_t b) {
      for (std::size_t i = a; i <= b; ++i)
        if (!(leaves[i].score > average)) return false;
      return true;
    };
    for (std::size_t i = 0; i <= n; ++i) {
      const bool above = i < n && leaves[i].smoothed > average;
      if (open && (!above || !(set_relevance(first, i) > p.threshold || all_above(first, i)))) {
        if (i - 1 > first) blocks.push_back({first, i - 1, {}});
        open = false;
      }
      if (above && !open) first = i, open = true;
    }
    double v_max = 0, l_max = 0;
    std::vector<double> mean(blocks.size());
    for (std::size_t b = 0; b < blocks.size(); ++b) {
      double s = 0;
      for (std::size_t i = blocks[b].first; i <= blocks[b].last; ++i) s += leaves[i].score;
      mean[b] = static_cast<float>(s / static_cast<double>(blocks[b].last - blocks[b].first + 1));
      v_max = std::max(v_max, mean[b]);
      l_max = std::max(l_max, blocks[b].last - blocks[b].first + 1.0);
    }
    std::size_t hi_b = 0, lo_b = 0;
    for (std::size_t b = 0; b < blocks.size(); ++b) {
      Block& k = blocks[b];
      k.f[0] = static_cast<float>(mean[b] / v_max);
      k.f[1] = static_cast<float>((k.last - k.first + 1.0) / l_max);
      k.f[2] = static_cast<float>(static_cast<double>(k.first) / static_cast<double>(n));
      k.f[3] = static_cast<float>(set_relevance(k.first, k.last));
      if (k.f[0] > blocks[hi_b].f[0]) hi_b = b;
      if (k.f[0] < blocks[lo_b].f[0]) lo_b = b;
    }
    if (!blocks.empty()) {
      double c[2][4];
      for (int f = 0; f < 4; ++f) c[0][f] = blocks[hi_b].f[f], c[1][f] = blocks[lo_b].f[f];
      auto nearest = [&](const Block& k) {
        double d0 = 0, d1 = 0;
        for (int f = 0; f < 4; ++f) d0 += (k.f[f] - c[0][f]) * (k.f[f] - c[0][f]), d1 += (k.f[f] - c[1][f]) * (k.f[f] - c[1][f]);
        return d1 < d0 ? 1 : 0;
      };
      for (int it = 0; it < 100; ++it) {
        double s[2][4] = {};
        std::size_t m[2] = {0, 0};
        for (const Block& k : blocks) {
          const int j = nearest(k);
          ++m[j];
          for (int f = 0; f < 4; ++f) s[j][f] += k.f[f];
        }
        bool moved = false;
        for (int j = 0; j < 2; ++j)
          for (int f = 0; m[j] && f < 4; ++f) {
            const double v = s[j][f] / static_cast<double>(m[j]);
            moved = moved || v != c[j][f];
            c[j][f] = v;
          }
        if (!moved) break;
      }
      const int content = c[1][0] > c[0][0] ? 1 : 0;
      for (const Block& k : blocks)
        if (nearest(k) == content)
          for (std::size_t i = k.first; i <= k.last; ++i)
            for (std::size_t t : leaves[i].tokens) writer.write_word(tokens[t].token, tokens[t].text);
    }
  }
  writer.finish();
  return sink.text();
}

std::string run_online(const std::vector<test::DumpedToken>& tokens, MemoryBudget& budget) {
  Relevance relevance(budget, RelevanceParams{});
  return test::run_tokens(relevance, tokens);
}

// Elements, words with and without punctuation, nested to 14.
std::vector<test::DumpedToken> random_document(std::mt19937& g, std::size_t n) {
  test::RandomDocumentShape shape;
  shape.elements = {Tag::div, Tag::p, Tag::li, Tag::b, Tag::span, Tag::a, Tag::br, Tag::td};
  shape.words = {"alpha", "beta,", "gamma.", "delta", "epsilon!", "zeta", "eta", "theta", "iota", "kappa"};
  shape.roots = {Tag::body};
  shape.line_break_one_in = 6;  // preformatted lines: their breaks must survive what the algorithm holds
  return test::random_document(shape, g, n);
}

TEST(Relevance, LeafScoreFollowsTheSeedsProse) {
  const RelevanceParams p;
  EXPECT_DOUBLE_EQ(Relevance::leaf_score(p, 10, false, false, false), 10);
  EXPECT_DOUBLE_EQ(Relevance::leaf_score(p, 10, true, false, false), 20);   // fully stopped: x2
  EXPECT_DOUBLE_EQ(Relevance::leaf_score(p, 10, false, true, false), 5);    // anchor: x0.5
  EXPECT_DOUBLE_EQ(Relevance::leaf_score(p, 10, false, false, true), 20);   // comma or full stop: x2
  EXPECT_DOUBLE_EQ(Relevance::leaf_score(p, 10, true, true, true), 20);
  EXPECT_DOUBLE_EQ(Relevance::relevance(12, 13, 13), 12.0 / 13);
  EXPECT_DOUBLE_EQ(Relevance::relevance(11, 13, 14), 11.0 / 14);
}

TEST(Relevance, StreamingEqualsTheReferenceWithExplicitPathIds) {
  std::mt19937 g(31);
  for (int round = 0; round < 300; ++round) {
    const auto tokens = random_document(g, 20 + static_cast<std::size_t>(round) % 300);
    MemoryBudget budget(1 << 22);
    EXPECT_EQ(run_online(tokens, budget), reference(tokens)) << "round " << round;
  }
  for (const std::string& name : test::fixture_names()) {
    const std::string html = test::read_fixture(name);
    ExtractorConfig config;
    config.algorithm = "relevance";
    EXPECT_EQ(test::run_pipeline(html, config, 0).text, reference(test::tokens_of(html))) << name;
  }
}

TEST(Relevance, KeepsTheArticleParagraphsAndDropsTheMenus) {
  ExtractorConfig config;
  config.algorithm = "relevance";
  const std::string text = test::run_pipeline(test::read_fixture("article.html"), config, 0).text;
  EXPECT_NE(text.find("Measurements taken along twelve northern rivers"), std::string::npos) << text;
  EXPECT_NE(text.find("the warming is half as strong"), std::string::npos) << text;
  EXPECT_EQ(text.find("Most read"), std::string::npos) << text;
  EXPECT_EQ(text.find("Privacy"), std::string::npos) << text;
}

TEST(Relevance, ABudgetTooSmallForTheDocumentDecidesOnWhatFitted) {
  std::string page = "<html><body><ul><li><a href=/>Home</a></li><li><a href=/n>News</a></li></ul><div>";
  for (int i = 0; i < 3000; ++i)
    page += "<p>Paragraph " + std::to_string(10000 + i) + " of a very long article, with commas and a full stop.</p>";
  page += "</div></body></html>";
  ExtractorConfig config;
  config.algorithm = "relevance";
  config.memory_budget = 96 * 1024;
  const test::RunResult r = test::run_pipeline(page, config, 4096);
  EXPECT_EQ(r.status, Status::BudgetExceeded);
  EXPECT_LE(r.stats.peak_memory, 96u * 1024 + 1024);
  EXPECT_NE(r.text.find("Paragraph 10010 of a very long article"), std::string::npos) << r.text.substr(0, 300);
  EXPECT_EQ(r.text.find("Home"), std::string::npos);
}

TEST(Relevance, EmptyDocumentGivesNoContent) {
  MemoryBudget budget(1 << 20);
  EXPECT_EQ(run_online({}, budget), "");
}

}  // namespace
}  // namespace winnow
