// SPDX-License-Identifier: MIT
#include "engine/ncleaner.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "support/test_support.h"

namespace winnow {
namespace {

using test::config_for;

using Collected = test::PipelineToken;

std::vector<Collected> tokens_of(const std::string& html) { return test::pipeline_tokens(html); }

// The whole document's blocks at once: each block's rendered text scored
// from scratch, the kept blocks' words written word by word.
std::string offline(const std::vector<Collected>& tokens, const NCleanerModel& model) {
  test::RecordingSink sink;
  ContentWriter writer(sink);
  std::size_t k = 0;
  while (k < tokens.size()) {
    if (!tokens[k].token.is_word()) {
      ++k;
      continue;
    }
    const std::uint32_t block = tokens[k].token.block;
    std::vector<std::size_t> words;
    std::string text;
    for (; k < tokens.size() && (tokens[k].token.is_tag() || tokens[k].token.block == block); ++k) {
      if (tokens[k].token.is_tag()) continue;
      if (!words.empty() && !tokens[k].token.has(kTokenGlued)) text += ' ';
      text += tokens[k].text;
      words.push_back(k);
    }
    NCleanerScorer scorer(model);
    scorer.add_text(text);
    if (scorer.finish() >= model.bias)
      for (std::size_t w : words) writer.write_word(tokens[w].token, tokens[w].text);
  }
  writer.finish();
  return sink.text();
}

double score(const NCleanerModel& model, std::string_view text) {
  NCleanerScorer scorer(model);
  scorer.add_text(text);
  return scorer.finish();
}

const char* const kMenu = "Home | About | Contact | Login";
const char* const kProse =
    "The council voted on Tuesday to extend the bus line to the northern suburbs, a plan that residents had "
    "demanded for years. Construction is expected to begin next spring, and the first buses should run in 2027.";

std::string page_with_menu_and_prose() {
  std::string page = "<html><body><ul class=\"x\"><li>";
  page += kMenu;
  page += "</li></ul><article>";
  for (int i = 0; i < 3; ++i) page += std::string("<p>") + kProse + "</p>";
  page += "</article><div>Copyright 2024 | Privacy Policy | Terms of Use</div></body></html>";
  return page;
}

TEST(NCleaner, LexicalNormalisationLowersCaseAcrossScriptsAndFoldsDigits) {
  EXPECT_EQ(ncleaner_normalize('Q', false), static_cast<std::uint32_t>('q'));
  EXPECT_EQ(ncleaner_normalize('q', false), static_cast<std::uint32_t>('q'));
  EXPECT_EQ(ncleaner_normalize('7', false), static_cast<std::uint32_t>('0'));
  EXPECT_EQ(ncleaner_normalize('|', false), static_cast<std::uint32_t>('|'));
  EXPECT_EQ(ncleaner_normalize(0xC9, false), 0xE9u);    // É -> é
  EXPECT_EQ(ncleaner_normalize(0x141, false), 0x142u);  // Ł -> ł
  EXPECT_EQ(ncleaner_normalize(0x104, false), 0x105u);  // Ą -> ą
  EXPECT_EQ(ncleaner_normalize(0x3A9, false), 0x3C9u);  // Ω -> ω
  EXPECT_EQ(ncleaner_normalize(0x416, false), 0x436u);  // Ж -> ж
  EXPECT_EQ(ncleaner_normalize(0x4E2D, false), 0x4E2Du);  // 中 as it is
  EXPECT_EQ(ncleaner_normalize(0xA0, false), static_cast<std::uint32_t>(' '));
}

TEST(NCleaner, NonLexicalNormalisationMapsCharactersToClasses) {
  EXPECT_EQ(ncleaner_normalize('q', true), static_cast<std::uint32_t>('a'));
  EXPECT_EQ(ncleaner_normalize('Q', true), static_cast<std::uint32_t>('A'));
  EXPECT_EQ(ncleaner_normalize('5', true), static_cast<std::uint32_t>('0'));
  EXPECT_EQ(ncleaner_normalize(' ', true), static_cast<std::uint32_t>(' '));
  EXPECT_EQ(ncleaner_normalize('|', true), static_cast<std::uint32_t>('|'));
  EXPECT_EQ(ncleaner_normalize('.', true), static_cast<std::uint32_t>('.'));
  EXPECT_EQ(ncleaner_normalize(0x436, true), static_cast<std::uint32_t>('a'));   // ж
  EXPECT_EQ(ncleaner_normalize(0x416, true), static_cast<std::uint32_t>('A'));   // Ж
  EXPECT_EQ(ncleaner_normalize(0x3B1, true), static_cast<std::uint32_t>('a'));   // α
  EXPECT_EQ(ncleaner_normalize(0x142, true), static_cast<std::uint32_t>('a'));   // ł
  EXPECT_EQ(ncleaner_normalize(0x4E2D, true), static_cast<std::uint32_t>('c'));  // 中
  EXPECT_EQ(ncleaner_normalize(0x3042, true), static_cast<std::uint32_t>('c'));  // あ
  EXPECT_EQ(ncleaner_normalize(0x2022, true), 0x2022u);                          // • kept
  EXPECT_EQ(ncleaner_normalize(0x3002, true), 0x3002u);                          // 。 kept
  EXPECT_EQ(ncleaner_normalize(0xFF15, true), static_cast<std::uint32_t>('0'));  // fullwidth 5
  // The markers cannot come from text.
  EXPECT_EQ(ncleaner_normalize(kNCleanerStart, true), static_cast<std::uint32_t>(' '));
  EXPECT_EQ(ncleaner_normalize(kNCleanerEnd, false), static_cast<std::uint32_t>(' '));
}

TEST(NCleaner, LevelsAreQuarterBitsAndTheAlphabetRoundTrips) {
  EXPECT_EQ(ncleaner_level(0), 0);
  EXPECT_EQ(ncleaner_level(1), 1);
  EXPECT_EQ(ncleaner_level(0.5), 5);
  EXPECT_EQ(ncleaner_level(1e-12), 63);
  EXPECT_DOUBLE_EQ(ncleaner_level_probability(0), 0);
  EXPECT_DOUBLE_EQ(ncleaner_level_probability(1), 1);
  EXPECT_DOUBLE_EQ(ncleaner_level_probability(9), 0.25);
  for (int v = 0; v < 64; ++v) EXPECT_EQ(ncleaner_decode(ncleaner_encode(v)), v);
}

// A hand-made order-2 model checks the formula of the header: geometric
// interpolation, add-one floor, end marker, mean over the characters.
TEST(NCleaner, ScoreIsTheMeanLogRatioOfGeometricallyInterpolatedModels) {
  const std::uint32_t a = 'a', end = kNCleanerEnd, start_a[2] = {kNCleanerStart, 'a'};
  const std::uint64_t ha = ncleaner_hash(&a, 1, 1), hend = ncleaner_hash(&end, 1, 1);
  const std::uint64_t hsa = ncleaner_hash(start_a, 2, 2);
  constexpr int kBits = 4;
  const std::uint32_t a_end[2] = {'a', kNCleanerEnd};
  ASSERT_NE(ha & 15, hend & 15);
  ASSERT_NE(hsa & 15, ncleaner_hash(a_end, 2, 2) & 15);
  std::string unigrams(3 << kBits, 'A'), bigrams(3 << kBits, 'A');
  auto put = [](std::string& table, std::uint64_t h, int content, int boiler) {
    const std::size_t b = h & 15;
    table[3 * b] = ncleaner_encode(static_cast<int>(h >> 58));
    table[3 * b + 1] = ncleaner_encode(content);
    table[3 * b + 2] = ncleaner_encode(boiler);
  };
  put(unigrams, ha, 5, 9);  // P_1(a) = 1/2 (content), 1/4 (boilerplate)
  put(bigrams, hsa, 1, 0);  // P_2(a | start) = 1 (content), unseen (boilerplate)
  const NCleanerModel model = {"test", false, 2, 0.5f, 0.0f, {0.01f, 0.02f}, {kBits, kBits},
                               {unigrams.c_str(), bigrams.c_str()}};
  NCleanerScorer scorer(model);
  scorer.add_text("A");  // normalised to 'a'
  EXPECT_EQ(scorer.characters(), 1u);
  const double s = scorer.finish();
  EXPECT_EQ(scorer.characters(), 2u);  // 'a' and the end marker
  // 'a' after the start marker: (q P_1 + P_2) / (1 + q) in each model.
  const double first = std::log2((0.5 * 0.5 + 1.0) / (0.5 * 0.25));
  // The end marker after 'a': unseen everywhere, so the add-one floors.
  const double second = std::log2((0.5 * 0.01) / (0.5 * 0.02));
  EXPECT_NEAR(s, (first + second) / 2, 1e-9);
}

// The header's formula computed the plain way: every n-gram hashed from
// scratch with ncleaner_hash, one logarithm per character and model.
double reference_score(const NCleanerModel& model, std::string_view text) {
  std::vector<std::uint32_t> chars(model.order - 1, kNCleanerStart);
  for_each_code_point(text, [&](std::uint32_t c) { chars.push_back(ncleaner_normalize(c, model.nonlexical)); });
  chars.push_back(kNCleanerEnd);
  const std::size_t n = model.order;
  double z = 0;
  for (std::size_t j = 0; j < n; ++j) z += std::pow(double{model.q}, static_cast<double>(j));
  double sum = 0;
  for (std::size_t i = n - 1; i < chars.size(); ++i) {
    double p[2] = {0, 0};
    for (std::size_t k = 1; k <= n; ++k) {
      const std::uint64_t h = ncleaner_hash(&chars[i + 1 - k], k, static_cast<std::uint32_t>(k));
      const char* e = model.tables[k - 1] + 3 * (h & ((std::uint64_t{1} << model.bits[k - 1]) - 1));
      const bool seen = ncleaner_decode(e[0]) == static_cast<int>(h >> 58);
      for (int m = 0; m < 2; ++m) {
        const int level = seen ? ncleaner_decode(e[1 + m]) : 0;
        const double pk = (k == 1 && level == 0) ? double{model.floor[m]} : ncleaner_level_probability(level);
        p[m] += std::pow(double{model.q}, static_cast<double>(n - k)) / z * pk;
      }
    }
    sum += std::log2(p[0]) - std::log2(p[1]);
  }
  return sum / static_cast<double>(chars.size() - (n - 1));
}

// The scorer extends one hash state per order by each character, selects
// instead of branching and multiplies probabilities instead of adding
// logarithms; it must still compute the formula, for every order, on long
// text (thousands of factors: the products are rescaled many times) and on
// text that is not ASCII.
TEST(NCleaner, ScorerComputesTheFormulaOfTheHeaderForEveryOrder) {
  std::string long_text;
  for (int i = 0; i < 40; ++i) long_text += std::string(kProse) + " " + kMenu + " ";
  const std::string texts[] = {"", "a", kMenu, kProse, long_text,
                               "Σήμερα το συμβούλιο ψήφισε. Сегодня совет проголосовал. 今天理事会投票。 Zażółć gęślą jaźń 2024!"};
  for (const NCleanerModel* shipped : {&ncleaner_lexical_model(), &ncleaner_nonlexical_model()}) {
    for (std::uint8_t order = 1; order <= shipped->order; ++order) {
      NCleanerModel model = *shipped;
      model.order = order;  // the first `order` tables of the shipped model
      for (const std::string& text : texts) {
        NCleanerScorer scorer(model);
        // Word by word, as the algorithm adds a block's text.
        for (std::size_t at = 0; at < text.size();) {
          const std::size_t space = text.find(' ', at);
          const std::size_t end = space == std::string::npos ? text.size() : space + 1;
          scorer.add_text(std::string_view(text).substr(at, end - at));
          at = end;
        }
        const double expected = reference_score(model, text);
        EXPECT_NEAR(scorer.finish(), expected, 1e-9 * (1 + std::fabs(expected)))
            << model.name << " order " << int{order} << " text of " << text.size() << " bytes";
      }
    }
  }
}

TEST(NCleaner, ShippedModelsTellMenusFromProse) {
  for (const NCleanerModel* model : {&ncleaner_lexical_model(), &ncleaner_nonlexical_model()}) {
    EXPECT_LT(score(*model, kMenu), model->bias) << model->name;
    EXPECT_LT(score(*model, "Copyright 2024 | Privacy Policy | Terms of Use"), model->bias) << model->name;
    EXPECT_GE(score(*model, kProse), model->bias) << model->name;
  }
}

TEST(NCleaner, KeepsTheProseAndDropsTheMenuOfAPage) {
  for (const char* algorithm : {"ncleaner", "ncleaner-nonlex"}) {
    const test::RunResult r = test::run_pipeline(page_with_menu_and_prose(), config_for(algorithm), 0);
    EXPECT_EQ(r.status, Status::Ok);
    EXPECT_NE(r.text.find("extend the bus line"), std::string::npos) << algorithm << ": " << r.text;
    EXPECT_EQ(r.text.find("Contact"), std::string::npos) << algorithm << ": " << r.text;
    EXPECT_EQ(r.text.find("Privacy"), std::string::npos) << algorithm << ": " << r.text;
  }
}

TEST(NCleaner, StreamingEqualsScoringEachWholeBlockOnEveryFixture) {
  for (const char* algorithm : {"ncleaner", "ncleaner-nonlex"}) {
    const NCleanerModel& model =
        std::string(algorithm) == "ncleaner" ? ncleaner_lexical_model() : ncleaner_nonlexical_model();
    for (const std::string& name : test::fixture_names()) {
      const std::string html = test::read_fixture(name);
      EXPECT_EQ(test::run_pipeline(html, config_for(algorithm), 0).text, offline(tokens_of(html), model))
          << algorithm << " " << name;
    }
  }
}

TEST(NCleaner, IsDeterministicAcrossRunsAndChunkings) {
  const std::string html = test::read_fixture("article.html");
  for (const char* algorithm : {"ncleaner", "ncleaner-nonlex"}) {
    const test::RunResult first = test::run_pipeline(html, config_for(algorithm), 0);
    EXPECT_FALSE(first.text.empty()) << algorithm;
    EXPECT_EQ(test::run_pipeline(html, config_for(algorithm), 0).text, first.text);
    EXPECT_EQ(test::run_pipeline(html, config_for(algorithm), test::random_chunk_sizes(7, 64, 50)).text, first.text);
  }
}

TEST(NCleaner, WritesEachBlockWhenTheNextOneStarts) {
  std::string page = "<html><body>";
  for (int i = 0; i < 200; ++i) page += std::string("<p>Paragraph ") + std::to_string(i) + ". " + kProse + "</p>";
  page += "</body></html>";
  const test::HalfwayText text = test::feed_in_two_halves(page, config_for("ncleaner"));
  EXPECT_NE(text.after_first_half.find("Paragraph 50."), std::string::npos) << text.after_first_half.size();
  EXPECT_EQ(text.after_first_half.find("Paragraph 150."), std::string::npos);
  EXPECT_NE(text.at_end.find("Paragraph 199."), std::string::npos);
}

TEST(NCleaner, RunsWithinASixtyFourKibibyteBudgetAndKeepsTheDecidedPrefixWhereABlockOutgrowsIt) {
  for (const char* algorithm : {"ncleaner", "ncleaner-nonlex"}) {
    const test::RunResult r =
        test::run_pipeline(test::read_fixture("article.html"), config_for(algorithm, 64 * 1024), 3);
    EXPECT_EQ(r.status, Status::Ok) << algorithm;
    EXPECT_LE(r.stats.peak_memory, 64u * 1024);

    std::string endless = "<html><body>";
    for (int i = 0; i < 3; ++i) endless += std::string("<p>") + kProse + "</p>";
    endless += "<p>";
    for (int i = 0; i < 20000; ++i) endless += "word ";
    endless += "</p></body></html>";
    // A paragraph of 100 KB is blocks of at most kMaxBlockTextBytes: it fits.
    EXPECT_EQ(test::run_pipeline(endless, config_for(algorithm, 64 * 1024), 4096).status, Status::Ok) << algorithm;
    // With room for the fixed state and less than a block, the budget runs
    // out inside the long paragraph's first block.
    const test::RunResult e = test::run_pipeline(endless, config_for(algorithm, 53 * 1024), 4096);
    EXPECT_EQ(e.status, Status::BudgetExceeded) << algorithm;
    EXPECT_LE(e.stats.peak_memory, 53u * 1024 + 1024);
    // The three paragraphs were decided before the budget ran out.
    std::size_t found = 0;
    for (std::size_t at = e.text.find("extend the bus line"); at != std::string::npos;
         at = e.text.find("extend the bus line", at + 1))
      ++found;
    EXPECT_EQ(found, 3u) << algorithm;
  }
}

}  // namespace
}  // namespace winnow
