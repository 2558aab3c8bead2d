// SPDX-License-Identifier: MIT
// Tests of runner.h: every document x extractor, fixed order whatever the
// thread count, --limit, and unreadable documents.
#include "adapters/eval/runner.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <string>

#include "adapters/eval/markup.h"
#include "test_support.h"

namespace winnow::eval {
namespace {

using testing::fixtures;

// Extracts every text of the page (like a "plain" baseline) or nothing.
class FakeExtractor final : public Extractor {
 public:
  FakeExtractor(std::string name, bool empty) : name_(std::move(name)), empty_(empty) {}
  const std::string& name() const override { return name_; }
  Extraction extract(std::string_view html) const override {
    Extraction e;
    e.text = empty_ ? "" : html_to_text(html);
    e.seconds = 0.001;
    return e;
  }

 private:
  std::string name_;
  bool empty_;
};

std::vector<Package> fixture_packages() {
  std::vector<Package> packages;
  for (const char* name : {"tiny-en", "tiny-mixed"}) packages.push_back(*load_package(fixtures() / name, nullptr));
  return packages;
}

std::vector<std::unique_ptr<Extractor>> fake_extractors() {
  std::vector<std::unique_ptr<Extractor>> extractors;
  extractors.push_back(std::make_unique<FakeExtractor>("all", false));
  extractors.push_back(std::make_unique<FakeExtractor>("none", true));
  return extractors;
}

TEST(Runner, ScoresEveryDocumentWithEveryExtractorInOrder) {
  const auto packages = fixture_packages();
  const RunResult r = run_evaluation(packages, fake_extractors(), {});
  ASSERT_EQ(r.documents.size(), 6u * 2u);
  EXPECT_TRUE(r.problems.empty());
  EXPECT_EQ(r.documents[0].package, "tiny-en");
  EXPECT_EQ(r.documents[0].document, "entities");
  EXPECT_EQ(r.documents[0].algorithm, "all");
  EXPECT_EQ(r.documents[1].algorithm, "none");
  EXPECT_EQ(r.documents[11].package, "tiny-mixed");
  EXPECT_EQ(r.documents[11].document, "zh");
  // "exact" is all main content: the page's text scores 1 on every measure.
  const DocumentResult& exact = r.documents[2];
  EXPECT_EQ(exact.document, "exact");
  for (const Score& s : exact.scores.by_measure) EXPECT_DOUBLE_EQ(s.f1, 1.0);
  // The empty extractor on the empty gold of "shell" is the both-empty case.
  const DocumentResult& shell = r.documents[9];
  EXPECT_EQ(shell.document, "shell");
  EXPECT_EQ(shell.algorithm, "none");
  EXPECT_EQ(shell.scores.by_measure[0].special, SpecialCase::BothEmpty);
  EXPECT_EQ(shell.html_bytes, std::filesystem::file_size(fixtures() / "tiny-mixed" / "shell.html"));
}

TEST(Runner, ThreadCountDoesNotChangeResults) {
  const auto packages = fixture_packages();
  RunOptions one, three;
  one.threads = 1;
  three.threads = 3;
  const RunResult a = run_evaluation(packages, fake_extractors(), one);
  const RunResult b = run_evaluation(packages, fake_extractors(), three);
  ASSERT_EQ(a.documents.size(), b.documents.size());
  for (std::size_t i = 0; i < a.documents.size(); ++i) {
    EXPECT_EQ(a.documents[i].document, b.documents[i].document);
    EXPECT_EQ(a.documents[i].algorithm, b.documents[i].algorithm);
    for (std::size_t m = 0; m < kMeasureCount; ++m)
      EXPECT_EQ(a.documents[i].scores.by_measure[m].f1, b.documents[i].scores.by_measure[m].f1);
  }
}

TEST(Runner, LimitTakesTheFirstDocumentsOfEachPackageAndReportsProgress) {
  const auto packages = fixture_packages();
  RunOptions options;
  options.limit_per_package = 1;
  std::size_t last_done = 0, last_total = 0;
  options.on_progress = [&](std::size_t done, std::size_t total) {
    last_done = done;
    last_total = total;
  };
  const RunResult r = run_evaluation(packages, fake_extractors(), options);
  ASSERT_EQ(r.documents.size(), 2u * 2u);
  EXPECT_EQ(r.documents[0].document, "entities");
  EXPECT_EQ(r.documents[2].document, "el");
  EXPECT_EQ(last_done, 2u);
  EXPECT_EQ(last_total, 2u);
}

// Writes the address it was given as its text, so the score says whether
// the page's own address reached it.
class AddressEcho final : public Extractor {
 public:
  const std::string& name() const override { return name_; }
  Extraction extract(std::string_view) const override { return {}; }
  Extraction extract_from(std::string_view, std::string_view url) const override {
    Extraction e;
    e.text = std::string(url);
    return e;
  }

 private:
  std::string name_ = "echo";
};

TEST(Runner, GivesEachPageTheAddressItsMetaFileRecordsOnlyWhenAsked) {
  const auto packages = fixture_packages();
  std::vector<std::unique_ptr<Extractor>> extractors;
  extractors.push_back(std::make_unique<AddressEcho>());
  RunOptions options;
  // The plain extractor interface takes no address: the default passes none.
  const RunResult without = run_evaluation(packages, extractors, options);
  options.known_address = true;
  const RunResult with = run_evaluation(packages, extractors, options);
  ASSERT_EQ(with.documents.size(), without.documents.size());
  // Nothing extracted: ExtractionEmpty, or BothEmpty where the gold is empty too.
  auto nothing = [](const DocumentResult& d) {
    const SpecialCase s = d.scores.by_measure[static_cast<std::size_t>(Measure::BagOfWords)].special;
    return s == SpecialCase::ExtractionEmpty || s == SpecialCase::BothEmpty;
  };
  std::size_t echoed = 0;
  for (std::size_t i = 0; i < with.documents.size(); ++i) {
    EXPECT_TRUE(nothing(without.documents[i])) << without.documents[i].document;
    if (with.documents[i].document == "news") {
      // "http://example.invalid/news": its words reached the extractor.
      EXPECT_FALSE(nothing(with.documents[i]));
      ++echoed;
    } else {
      EXPECT_TRUE(nothing(with.documents[i])) << with.documents[i].document << ": its meta file has no url";
    }
  }
  EXPECT_EQ(echoed, 1u);
}

// A gold text cut from HTML with its character references left in, as some
// packages' are: "8217" counts as a word no extractor writes.
TEST(Runner, GoldEntitiesAreResolvedOnlyWhenAsked) {
  // A folder of its own, so that two test runs side by side do not share it.
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("winnow-gold-entities-" + std::to_string(std::random_device{}()));
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "quote.html") << "<p>Don\u2019t stop &amp; go on</p>";
  std::ofstream(dir / "quote.txt") << "Don&#8217;t stop &amp; go on";
  Package p;
  p.name = "entities";
  p.documents.push_back(DocumentRef{"quote", dir / "quote.html", dir / "quote.txt", {}});
  std::vector<std::unique_ptr<Extractor>> extractors;
  extractors.push_back(std::make_unique<FakeExtractor>("all", false));
  const auto bag_f1 = [](const RunResult& r) {
    return r.documents.at(0).scores.by_measure[static_cast<std::size_t>(Measure::BagOfWords)].f1;
  };
  const RunResult as_given = run_evaluation({p}, extractors, {});
  RunOptions resolving;
  resolving.resolve_gold_entities = true;
  const RunResult resolved = run_evaluation({p}, extractors, resolving);
  std::filesystem::remove_all(dir);
  EXPECT_LT(bag_f1(as_given), 0.95) << "the gold's \"8217\" is a word the page does not have";
  EXPECT_DOUBLE_EQ(bag_f1(resolved), 1.0);
}

TEST(Runner, UnreadableDocumentIsAProblemNotACrash) {
  Package p = *load_package(fixtures() / "tiny-en", nullptr);
  p.documents[0].html = fixtures() / "tiny-en" / "vanished.html";
  const RunResult r = run_evaluation({p}, fake_extractors(), {});
  EXPECT_EQ(r.documents.size(), 2u * 2u);
  ASSERT_EQ(r.problems.size(), 1u);
  EXPECT_NE(r.problems[0].find("vanished.html"), std::string::npos);
}

}  // namespace
}  // namespace winnow::eval
