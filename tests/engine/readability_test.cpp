// SPDX-License-Identifier: MIT
// Readability: the scoring and selection rules on small pages, the retries,
// the budget, and the streamed candidate scores against an offline
// definition that walks each paragraph's ancestors over an explicit tree.
#include "engine/readability.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "engine/semantics.h"
#include "support/budget_contract.h"
#include "support/test_support.h"
#include "support/random_document.h"
#include "support/token_dump.h"

namespace winnow {
namespace {

std::string extract(const std::string& html, std::size_t budget = 1 << 20) {
  ExtractorConfig config;
  config.algorithm = "readability";
  config.memory_budget = budget;
  return test::run_pipeline(html, config, 0).text;
}

const std::string kParagraph =
    "The council voted on Monday to rebuild the sea wall, a project that engineers, residents and the harbour "
    "board have argued over, on and off, for more than ten years.";

std::string paragraphs(int n, const std::string& tag = "p") {
  std::string s;
  for (int i = 0; i < n; ++i) s += "<" + tag + ">" + std::to_string(i) + " " + kParagraph + "</" + tag + ">";
  return s;
}

TEST(Readability, ClassWeightsAndUnlikelyCues) {
  EXPECT_EQ(Readability::class_weight(kSemArticle), 25);
  EXPECT_EQ(Readability::class_weight(kSemContent | kSemArticle), 25);
  EXPECT_EQ(Readability::class_weight(kSemComment), -25);
  EXPECT_EQ(Readability::class_weight(kSemComment | kSemContent), 0);
  EXPECT_EQ(Readability::class_weight(0), 0);
  EXPECT_TRUE(Readability::unlikely(kSemSidebar));
  EXPECT_TRUE(Readability::unlikely(kSemNavigation));
  EXPECT_FALSE(Readability::unlikely(kSemSidebar | kSemContent)) << "okMaybeItsACandidate";
  EXPECT_FALSE(Readability::unlikely(kSemHidden)) << "negative, not unlikely";
}

// Readability.js's initial scores by tag, and the elements it scores on their own text.
TEST(Readability, TagScoresAndParagraphElements) {
  EXPECT_EQ(Readability::tag_score(Tag::div), 5);
  for (Tag t : {Tag::pre, Tag::td, Tag::blockquote}) EXPECT_EQ(Readability::tag_score(t), 3) << tag_name(t);
  for (Tag t : {Tag::address, Tag::ol, Tag::ul, Tag::dl, Tag::dd, Tag::dt, Tag::li, Tag::form})
    EXPECT_EQ(Readability::tag_score(t), -3) << tag_name(t);
  for (Tag t : {Tag::h1, Tag::h2, Tag::h6, Tag::th}) EXPECT_EQ(Readability::tag_score(t), -5) << tag_name(t);
  for (Tag t : {Tag::p, Tag::article, Tag::section, Tag::span}) EXPECT_EQ(Readability::tag_score(t), 0) << tag_name(t);
  for (Tag t : {Tag::p, Tag::td, Tag::pre, Tag::section, Tag::h2, Tag::h6})
    EXPECT_TRUE(Readability::scored_whole(t)) << tag_name(t);
  for (Tag t : {Tag::div, Tag::h1, Tag::li, Tag::article, Tag::span})
    EXPECT_FALSE(Readability::scored_whole(t)) << tag_name(t);
}

TEST(Readability, ChoosesTheContainerOfTheCommaRichParagraphs) {
  const std::string page = "<html><body><div><a href=/>Home</a> <a href=/a>About</a> <a href=/b>Contact us today</a></div>"
                           "<div id=x>" + paragraphs(4) + "</div>"
                           "<div><p><a href=/t>Short teaser without much to say here</a></p><p><a href=/u>Another teaser line, short</a></p></div>"
                           "</body></html>";
  const std::string text = extract(page);
  EXPECT_EQ(text.rfind("0 The council voted", 0), 0u) << text;
  EXPECT_NE(text.find("3 The council voted"), std::string::npos);
  EXPECT_EQ(text.find("Home"), std::string::npos);
  EXPECT_EQ(text.find("teaser"), std::string::npos);
}

// `removed` (a `name` element, which Readability.js removes before scoring)
// between two pairs of paragraphs: the paragraphs are kept, and `its_word`,
// from the removed element's text, is not.
void expect_removed_between_paragraphs(const std::string& name, const std::string& removed,
                                       const std::string& its_word) {
  const std::string text =
      extract("<html><body><div id=x>" + paragraphs(2) + removed + paragraphs(2) + "</div></body></html>");
  EXPECT_NE(text.find("0 The council voted"), std::string::npos) << text;
  EXPECT_NE(text.find("1 The council voted"), std::string::npos) << "the text after the " + name + " is kept";
  EXPECT_EQ(text.find(its_word), std::string::npos) << text;
}

TEST(Readability, SkipsNoscriptAsReadabilityJsRemovesIt) {
  expect_removed_between_paragraphs("noscript",
                                    "<noscript><p>Please enable JavaScript, then reload, to see the comments, the map, "
                                    "the gallery and the rest of this page.</p></noscript>",
                                    "JavaScript");
}

TEST(Readability, SkipsAnObjectAsReadabilityJsRemovesIt) {
  expect_removed_between_paragraphs("object",
                                    "<object data=player.swf><noscript>x</noscript><p>The clip shows the council, "
                                    "the mayor, the vote and the crowd outside, in the rain.</p></object>",
                                    "clip");
}

TEST(Readability, SiblingsJoinByScoreOrAsParagraphs) {
  // The top candidate is the inner div; its siblings under the outer div:
  //  - a p of 80+ characters without links: joins;
  //  - a short p, no links, ending a sentence: joins;
  //  - a short p without a sentence end: stays out;
  //  - a p of links: stays out;
  //  - a div with its own high-scoring paragraphs: joins by score.
  const std::string page =
      "<html><body><div>"
      "<p>A preamble paragraph long enough to count, with no links at all, that readers see before the story.</p>"
      "<div>" + paragraphs(6) + "</div>"
      "<p>Photo by the harbour board.</p>"
      "<p>Share this</p>"
      "<p><a href=/1>Related story one about the wall</a> <a href=/2>Related story two about the harbour</a></p>"
      "<div>" + paragraphs(3) + "</div>"
      "</div></body></html>";
  const std::string text = extract(page);
  EXPECT_EQ(text.rfind("A preamble paragraph", 0), 0u) << text;
  EXPECT_NE(text.find("Photo by the harbour board."), std::string::npos) << text;
  EXPECT_EQ(text.find("Share this"), std::string::npos) << text;
  EXPECT_EQ(text.find("Related story"), std::string::npos) << text;
  // Both divs' paragraphs (the second div scores above max(10, 0.2 * top)).
  std::size_t count = 0;
  for (std::size_t at = text.find("The council"); at != std::string::npos; at = text.find("The council", at + 1)) ++count;
  EXPECT_EQ(count, 9u) << text;
}

TEST(Readability, ASiblingOfTheSameClassJoinsWhateverItsItemprop) {
  // The top candidate (20 paragraphs: score 5 + 25 + 20 * 7 = 170) also
  // declares itself the article body; its sibling has the same class and
  // scores 5 + 25 + 3 = 33, under max(10, 0.2 * 170). Readability.js compares
  // class names, so the sibling's bonus of 0.2 * 170 brings it in: the
  // declared body (an itemprop) is no part of the class.
  const std::string top = "<div class=\"story\" itemprop=\"articleBody\">" + paragraphs(20) + "</div>";
  const std::string note = "<p>A short note on the wall, by the editor</p><p>Filed under harbour</p></div>";
  const std::string text = extract("<html><body><div>" + top + "<div class=\"story\">" + note + "</div></body></html>");
  EXPECT_NE(text.find("A short note on the wall"), std::string::npos) << text;
  const std::string other = extract("<html><body><div>" + top + "<div class=\"note\">" + note + "</div></body></html>");
  EXPECT_EQ(other.find("A short note on the wall"), std::string::npos) << "without the bonus it stays out";
}

TEST(Readability, NegativeClassLosesAgainstAnEqualContainer) {
  // Two identical containers side by side in different parents; the one
  // with class "comments" gets -25 (and is an unlikely candidate).
  const std::string page = "<html><body>"
                           "<section><div class=comments>" + paragraphs(3) + "</div></section>"
                           "<section><div class=story>" + paragraphs(3, "p") + "<p>The end of the story.</p></div></section>"
                           "</body></html>";
  const std::string text = extract(page);
  EXPECT_NE(text.find("The end of the story."), std::string::npos) << text;
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 4) << text;
}

TEST(Readability, NegativeHeadingAndAsideAreCleanedFromTheResult) {
  const std::string page = "<html><body><div class=article>"
                           "<h2>What the council decided</h2>" + paragraphs(3) +
                           "<h2 class=related>More from the coast</h2>"
                           "<aside>Advertisement text that should not be in the article at all</aside>" +
                           paragraphs(2) + "</div></body></html>";
  const std::string text = extract(page);
  EXPECT_NE(text.find("What the council decided"), std::string::npos) << text;
  EXPECT_EQ(text.find("More from the coast"), std::string::npos) << text;
  EXPECT_EQ(text.find("Advertisement"), std::string::npos) << text;
}

struct Outcome {
  std::string text;
  int attempt;
  double stripped_best, kept_best;
};

Outcome run_direct(const std::string& page) {
  MemoryBudget budget(1 << 20);
  Readability r(budget, ReadabilityParams{});
  EXPECT_TRUE(r.ok());
  std::string text = test::run_tokens(r, test::tokens_of(page));
  return {std::move(text), r.attempt(), r.best_candidate_score(true, true), r.best_candidate_score(false, true)};
}

TEST(Readability, ShortResultIsRetriedWithUnlikelyCandidatesKept) {
  // All the text sits in an element whose class reads as a menu (unlikely,
  // weight 0): the first attempt finds nothing, the second keeps it.
  const Outcome menu = run_direct("<html><body><div class=menu-wrapper>" + paragraphs(5) + "</div></body></html>");
  EXPECT_EQ(menu.attempt, 1);
  EXPECT_NE(menu.text.find("4 The council voted"), std::string::npos) << menu.text;
  EXPECT_GT(menu.kept_best, 0);
  EXPECT_EQ(menu.stripped_best, 0) << "nothing is left when the unlikely div goes";
  // A sidebar is also negative (-25): the conditional cleaning removes it
  // while class weights count, so the third attempt (no weights) keeps it.
  const Outcome sidebar = run_direct("<html><body><div class=sidebar>" + paragraphs(5) + "</div></body></html>");
  EXPECT_EQ(sidebar.attempt, 2);
  EXPECT_NE(sidebar.text.find("4 The council voted"), std::string::npos) << sidebar.text;
  // Too short for any attempt: the longest result is written.
  const Outcome short_page = run_direct("<html><body><div class=sidebar><p>" + kParagraph + "</p></div></body></html>");
  EXPECT_EQ(short_page.text, "The council voted on Monday to rebuild the sea wall, a project that engineers, residents and "
                             "the harbour board have argued over, on and off, for more than ten years.\n");
}

TEST(Readability, ABudgetTooSmallForTheDocumentKeepsWhatFitsAndSaysSo) {
  const test::RunResult r = test::expect_keeps_what_fits("readability", ", with commas, and a full stop.");
  EXPECT_GT(r.text.size(), 1000u);
  MemoryBudget tiny(16);
  EXPECT_EQ(create_readability(tiny), nullptr);
  EXPECT_EQ(tiny.used(), 0u);
}

// fuzz_algorithms (stop 23, a run that hung): when the budget refused the
// open-element stack's growth, the element's record had been added but was
// never closed, and the end-of-document selection walked its records in
// circles. Every budget from the smallest that creates the algorithm up must
// end, with well-formed text.
TEST(Readability, AnOpenElementTheBudgetRefusesStillLetsTheDocumentEnd) {
  // Sections nested deeper than the stack's first allocation, each with an
  // aside (always cleaned from the result) and a paragraph, so that over
  // the sweep the budget runs out at every kind of step, the stack's growth
  // among them.
  std::string page = "<html><body><div>";
  for (int depth = 0; depth < 48; ++depth)
    page += "<section><aside>aside " + std::to_string(depth) + "</aside><p>" + kParagraph + "</p>";
  for (int depth = 0; depth < 48; ++depth) page += "</section>";
  page += "</div></body></html>";
  ExtractorConfig config;
  config.algorithm = "readability";
  std::size_t exceeded = 0;
  for (std::size_t budget = 48 * 1024; budget < 72 * 1024; budget += 64) {
    config.memory_budget = budget;
    const test::RunResult r = test::run_pipeline(page, config, 0);
    exceeded += r.status == Status::BudgetExceeded ? 1 : 0;
    EXPECT_TRUE(r.text.empty() || r.text.back() == '\n') << budget;
    // An element the stack had no room for counts as part of its parent
    // (its text too): only a page that fitted is cleaned as a whole.
    if (r.status == Status::Ok) {
      EXPECT_EQ(r.text.find("aside"), std::string::npos) << budget;
    }
  }
  EXPECT_GT(exceeded, 10u) << "the sweep must reach budgets the page does not fit";
}

TEST(Readability, EmptyDocumentGivesNoContent) {
  EXPECT_EQ(extract(""), "");
  EXPECT_EQ(extract("<html><body></body></html>"), "");
}

// ---- Offline definition of the candidate scores ----

bool is_node(Tag t) { return has_flag(t, kTagBlock) && !has_flag(t, kTagVoid); }

struct Word {
  std::uint32_t length, link, commas;
};

// One element of the tree: a block-level node, or a run of words directly
// inside a div (a wrapped p).
struct Item {
  int parent = -1;
  Tag tag = Tag::unknown;
  std::uint32_t bits = 0;
  bool run = false, stripped = false, in_table = false;
  std::vector<int> children;
  std::vector<Word> words;  // own words
};

// The best candidate score, walking each paragraph's ancestors.
double offline_best(const std::vector<test::DumpedToken>& tokens, bool strip, bool weights) {
  std::vector<Item> items(1);  // 0: the document
  std::vector<int> stack{0};
  int run = -1;
  // Readability.js removes noscript and object elements, whole, before it
  // scores: their subtrees are not part of the tree.
  int removed_depth = -1;
  Tag removed_tag = Tag::unknown;
  for (const auto& d : tokens) {
    const Token& t = d.token;
    if (removed_depth >= 0) {
      if (t.kind == TokenKind::EndTag && t.tag == removed_tag && t.depth == removed_depth) removed_depth = -1;
      continue;
    }
    if (t.kind == TokenKind::StartTag && (t.tag == Tag::noscript || t.tag == Tag::object)) {
      removed_depth = t.depth;
      removed_tag = t.tag;
      continue;
    }
    if (t.is_tag()) {
      if (!is_node(t.tag)) continue;
      run = -1;
      if (t.kind == TokenKind::StartTag) {
        Item it;
        it.parent = stack.back();
        it.tag = t.tag;
        it.bits = t.semantics;
        const Item& p = items[static_cast<std::size_t>(it.parent)];
        it.in_table = p.in_table || t.tag == Tag::table;
        it.stripped = p.stripped || (!p.in_table && t.tag != Tag::table && t.tag != Tag::body &&
                                     t.tag != Tag::html && Readability::unlikely(it.bits));
        items.push_back(it);
        items[static_cast<std::size_t>(it.parent)].children.push_back(static_cast<int>(items.size()) - 1);
        stack.push_back(static_cast<int>(items.size()) - 1);
      } else if (stack.size() > 1) {
        stack.pop_back();
      }
      continue;
    }
    std::uint32_t chars = 0, commas = 0;
    for (char c : d.text) chars += (static_cast<unsigned char>(c) & 0xC0) != 0x80, commas += c == ',';
    for (std::size_t at = d.text.find("\xEF\xBC\x8C"); at != std::string::npos; at = d.text.find("\xEF\xBC\x8C", at + 1))
      ++commas;  // U+FF0C
    const std::uint32_t length = chars + (t.has(kTokenGlued) ? 0 : 1);
    const Word w{length, t.has(kTokenInAnchor) ? length : 0, commas};
    const int owner = stack.back();
    if (items[static_cast<std::size_t>(owner)].tag == Tag::div) {
      if (run < 0) {
        Item r;
        r.parent = owner;
        r.tag = Tag::p;
        r.run = true;
        r.stripped = items[static_cast<std::size_t>(owner)].stripped;
        items.push_back(r);
        run = static_cast<int>(items.size()) - 1;
        items[static_cast<std::size_t>(owner)].children.push_back(run);
      }
      items[static_cast<std::size_t>(run)].words.push_back(w);
    } else {
      items[static_cast<std::size_t>(owner)].words.push_back(w);
    }
  }
  const std::size_t n = items.size();
  auto gone = [&](std::size_t i) { return strip && items[i].stripped; };
  // Subtree sums, children after parents: go backwards.
  std::vector<double> chars(n, 0), link(n, 0), commas(n, 0);
  for (std::size_t i = n; i-- > 0;) {
    if (gone(i)) continue;
    for (const Word& w : items[i].words) chars[i] += w.length, link[i] += w.link, commas[i] += w.commas;
    if (items[i].parent >= 0 && !gone(i)) {
      const auto p = static_cast<std::size_t>(items[i].parent);
      chars[p] += chars[i], link[p] += link[i], commas[p] += commas[i];
    }
  }
  auto density = [&](std::size_t i) { return chars[i] > 0 ? link[i] / chars[i] : 0.0; };
  std::vector<bool> collapsed(n, false);
  for (std::size_t i = 1; i < n; ++i) {
    if (items[i].tag != Tag::div || gone(i)) continue;
    std::vector<int> kept;
    for (int c : items[i].children)
      if (!gone(static_cast<std::size_t>(c))) kept.push_back(c);
    collapsed[i] = kept.size() == 1 && items[static_cast<std::size_t>(kept[0])].tag == Tag::p &&
                   static_cast<float>(link[i]) / static_cast<float>(chars[i]) < 0.25f;
  }
  auto parent = [&](std::size_t i) {
    int p = items[i].parent;
    while (p > 0 && collapsed[static_cast<std::size_t>(p)]) p = items[static_cast<std::size_t>(p)].parent;
    return p;
  };
  std::vector<double> share(n, 0);
  std::vector<bool> reached(n, false);
  const double divider[5] = {1, 2, 6, 9, 12};
  for (std::size_t i = 1; i < n; ++i) {
    if (gone(i) || !(items[i].run || Readability::scored_whole(items[i].tag))) continue;
    if (chars[i] < 25) continue;
    const double s = 1 + (commas[i] + 1) + std::min(std::floor(chars[i] / 100), 3.0);
    int a = parent(i);
    for (int level = 0; level < 5 && a > 0; ++level, a = parent(static_cast<std::size_t>(a))) {
      share[static_cast<std::size_t>(a)] += s / divider[level];
      reached[static_cast<std::size_t>(a)] = true;
    }
  }
  double best = 0;
  bool any = false;
  for (std::size_t i = 1; i < n; ++i) {
    if (gone(i) || collapsed[i] || !reached[i] || items[i].tag == Tag::html) continue;
    const double initial =
        Readability::tag_score(items[i].tag) + (weights ? Readability::class_weight(items[i].bits) : 0);
    const double s = (initial + share[i]) * (1 - static_cast<float>(density(i)));
    if (!any || s > best) best = s, any = true;
  }
  return best;
}

double online_best(const std::vector<test::DumpedToken>& tokens, bool strip, bool weights) {
  MemoryBudget budget(1 << 24);
  Readability r(budget, ReadabilityParams{});
  EXPECT_TRUE(r.ok());
  test::run_tokens(r, tokens);  // the scores, not the text
  return r.best_candidate_score(strip, weights);
}

// Sections, lists and anchors whose start tags carry the cues Readability
// weighs (article, comment, sidebar, hidden), nested to 14.
std::vector<test::DumpedToken> random_document(std::mt19937& g, std::size_t n) {
  test::RandomDocumentShape shape;
  shape.elements = {Tag::div, Tag::p, Tag::div, Tag::section, Tag::ul, Tag::li, Tag::td, Tag::a, Tag::span, Tag::br};
  shape.cues = {0, 0, 0, kSemArticle, kSemComment, kSemSidebar, kSemContent | kSemSidebar, kSemHidden};
  shape.words = {"alpha,", "beta", "gamma.", "delta,", "epsilon", "zeta", "etaetaeta", "theta,", "iota", "kappa"};
  shape.roots = {Tag::html, Tag::body};
  shape.opens = 3;
  shape.line_break_one_in = 6;  // preformatted lines: their breaks must survive what the algorithm holds
  return test::random_document(shape, g, n);
}

TEST(Readability, StreamedScoresEqualTheOfflineDefinitionOnRandomDocuments) {
  std::mt19937 g(2024);
  int with_candidates = 0;
  for (int round = 0; round < 300; ++round) {
    const auto tokens = random_document(g, 40 + static_cast<std::size_t>(round) % 300);
    for (int mode = 0; mode < 3; ++mode) {
      const bool strip = mode == 0, weights = mode < 2;
      const double offline = offline_best(tokens, strip, weights);
      EXPECT_NEAR(online_best(tokens, strip, weights), offline, 1e-3 * std::max(1.0, std::abs(offline)))
          << "round " << round << " mode " << mode;
      with_candidates += offline != 0;
    }
  }
  EXPECT_GT(with_candidates, 500) << "the random documents should mostly have candidates";
}

TEST(Readability, StreamedScoresEqualTheOfflineDefinitionOnEveryFixture) {
  for (const std::string& name : test::fixture_names()) {
    const auto tokens = test::tokens_of(test::read_fixture(name));
    for (int mode = 0; mode < 3; ++mode) {
      const bool strip = mode == 0, weights = mode < 2;
      const double offline = offline_best(tokens, strip, weights);
      EXPECT_NEAR(online_best(tokens, strip, weights), offline, 1e-3 * std::max(1.0, std::abs(offline)))
          << name << " mode " << mode;
    }
  }
}

TEST(Readability, KeepsTheArticleOfTheFixture) {
  const std::string text = extract(test::read_fixture("article.html"));
  EXPECT_NE(text.find("planting along the water"), std::string::npos) << text;
  EXPECT_EQ(text.find("Most read"), std::string::npos) << text;
  EXPECT_EQ(text.find("Privacy"), std::string::npos) << text;
}

}  // namespace
}  // namespace winnow
