// SPDX-License-Identifier: MIT
// Tests of report.h: histogram binning, escaping, the report's structure,
// and (when Chromium is installed) that a headless browser renders it and
// shows in its table exactly the numbers of summary.tsv.
#include "adapters/eval/report.h"

#include <gtest/gtest.h>

#include <sstream>

#include "adapters/eval/command_extractor.h"
#include "adapters/eval/markup.h"
#include "adapters/eval/runner.h"
#include "adapters/eval/tsv.h"
#include "test_support.h"

namespace winnow::eval {
namespace {

using testing::fixtures;
using testing::ScratchDir;

DocumentResult with_f1(const std::string& algorithm, double f1) {
  DocumentResult d;
  d.package = "p";
  d.algorithm = algorithm;
  d.scores.by_measure.fill({f1, f1, f1, SpecialCase::Regular});
  return d;
}

TEST(Report, HistogramHasTwentyEqualBinsAndOneGoesInTheLast) {
  const std::vector<DocumentResult> docs = {with_f1("a", 0.0),  with_f1("a", 0.049),
                                            with_f1("a", 0.05), with_f1("a", 0.5),
                                            with_f1("a", 0.97), with_f1("a", 1.0),
                                            with_f1("b", 0.5)};
  const auto bins = f1_histogram(docs, "a", Measure::BagOfWords);
  ASSERT_EQ(bins.size(), kHistogramBins);
  EXPECT_EQ(bins[0], 2u);
  EXPECT_EQ(bins[1], 1u);
  EXPECT_EQ(bins[10], 1u);
  EXPECT_EQ(bins[19], 2u);
  std::size_t total = 0;
  for (std::size_t b : bins) total += b;
  EXPECT_EQ(total, 6u);  // algorithm b is not counted
}

TEST(Report, EscapesMarkup) {
  EXPECT_EQ(html_escape("a<b & \"c\">"), "a&lt;b &amp; &quot;c&quot;&gt;");
}

// Extracts all of a page's text: a stand-in for an algorithm.
class PlainText final : public Extractor {
 public:
  const std::string& name() const override { return name_; }
  Extraction extract(std::string_view html) const override { return {html_to_text(html)}; }

 private:
  std::string name_ = "plain<text>";  // a name that needs escaping
};

class Empty final : public Extractor {
 public:
  const std::string& name() const override { return name_; }
  Extraction extract(std::string_view) const override { return {}; }

 private:
  std::string name_ = "empty";
};

struct Evaluation {
  std::vector<Package> packages;
  RunResult result;
  std::vector<SummaryRow> summary;
};

Evaluation evaluate_fixtures() {
  Evaluation e;
  for (const char* name : {"tiny-en", "tiny-mixed"})
    e.packages.push_back(*load_package(fixtures() / name, nullptr));
  std::vector<std::unique_ptr<Extractor>> extractors;
  extractors.push_back(std::make_unique<PlainText>());
  extractors.push_back(std::make_unique<Empty>());
  e.result = run_evaluation(e.packages, extractors, {});
  e.summary = summarize(e.result.documents);
  return e;
}

std::string report_html(const Evaluation& e) {
  ReportContext context{"test", "winnow-eval --packages tiny-en tiny-mixed", "", {}};
  for (const Package& p : e.packages) context.packages.push_back(&p);
  std::ostringstream out;
  write_report(out, e.summary, e.result.documents, context);
  return out.str();
}

std::size_t count_of(const std::string& text, const std::string& needle) {
  std::size_t n = 0;
  for (std::size_t pos = text.find(needle); pos != std::string::npos;
       pos = text.find(needle, pos + 1))
    ++n;
  return n;
}

TEST(Report, IsSelfContainedWithAllFigures) {
  const std::string html = report_html(evaluate_fixtures());
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_EQ(html.find("<script"), std::string::npos);
  EXPECT_EQ(html.find("http://"), html.find("http://www.w3.org/2000/svg"));  // only the SVG namespace
  EXPECT_EQ(html.find("https://"), std::string::npos);
  // Figure 1: 3 package panels (tiny-en, tiny-mixed, ALL); Figure 2: 5
  // measures; histograms: 2 algorithms x 5 measures.
  EXPECT_EQ(count_of(html, "<svg"), 3u + 5u + 10u);
  EXPECT_NE(html.find("id=\"summary\""), std::string::npos);
  EXPECT_NE(html.find("plain&lt;text&gt;"), std::string::npos);
  EXPECT_EQ(html.find("plain<text>"), std::string::npos);
  EXPECT_NE(html.find("Special cases"), std::string::npos);
  EXPECT_NE(html.find("<td>tiny-en</td><td>3</td>"), std::string::npos);
}

TEST(Report, PackageTableSaysHowManyDocumentsWereEvaluated) {
  Evaluation e = evaluate_fixtures();
  // As if --limit 1 had been given: the summary counts 1 of tiny-en's 3.
  for (SummaryRow& row : e.summary)
    if (row.package == "tiny-en") row.documents = 1;
  EXPECT_NE(report_html(e).find("<td>tiny-en</td><td>1 of 3</td>"), std::string::npos);
}

// Cells of the table with id="summary" in a (serialised) DOM, row by row.
std::vector<std::vector<std::string>> summary_table_cells(const std::string& dom) {
  std::vector<std::vector<std::string>> rows;
  const std::size_t start = dom.find("id=\"summary\"");
  const std::size_t end = dom.find("</table>", start);
  if (start == std::string::npos || end == std::string::npos) return rows;
  const std::string table = dom.substr(start, end - start);
  for (std::size_t tr = table.find("<tr"); tr != std::string::npos; tr = table.find("<tr", tr + 1)) {
    const std::size_t tr_end = table.find("</tr>", tr);
    std::vector<std::string> cells;
    for (std::size_t cell = table.find("<t", tr + 3); cell < tr_end; cell = table.find("<t", cell + 1)) {
      if (table.compare(cell, 3, "<td") != 0 && table.compare(cell, 3, "<th") != 0) continue;
      const std::size_t open_end = table.find('>', cell) + 1;
      const std::size_t close = table.find("</t", open_end);
      cells.push_back(resolve_entities(table.substr(open_end, close - open_end)));
    }
    rows.push_back(cells);
  }
  return rows;
}

std::vector<std::vector<std::string>> tsv_cells(const std::string& tsv) {
  std::vector<std::vector<std::string>> rows;
  std::stringstream lines(tsv);
  std::string line;
  while (std::getline(lines, line)) {
    std::vector<std::string> cells;
    std::stringstream fields(line);
    std::string field;
    while (std::getline(fields, field, '\t')) cells.push_back(field);
    rows.push_back(cells);
  }
  return rows;
}

bool chromium_available() { return run_command("command -v chromium", "").exit_code == 0; }

std::string chromium(const std::string& arguments, const ScratchDir& profile) {
  const std::string command =
      "timeout 90 chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run "
      "--disable-background-networking --disable-component-update --disable-sync "
      "--user-data-dir='" + profile.path().string() + "' " + arguments + " 2>/dev/null";
  return run_command(command, "").out;
}

TEST(Report, RendersInHeadlessChromiumWithTheSummaryNumbers) {
  if (!chromium_available())
    GTEST_SKIP() << "chromium is not installed (Debian package 'chromium'; `make deps` installs "
                    "it): the report was not opened in a browser";
  const Evaluation e = evaluate_fixtures();
  ScratchDir dir, profile;
  const auto report = dir.path() / "report.html";
  testing::write_file(report, report_html(e));
  std::ostringstream tsv;
  write_summary_tsv(tsv, e.summary);

  const std::string dom = chromium("--dump-dom 'file://" + report.string() + "'", profile);
  ASSERT_NE(dom.find("winnow-eval report"), std::string::npos) << "no DOM from chromium";
  EXPECT_EQ(count_of(dom, "<svg"), 18u);
  const auto shown = summary_table_cells(dom);
  const auto expected = tsv_cells(tsv.str());
  ASSERT_EQ(shown.size(), expected.size());
  ASSERT_EQ(expected.size(), 1u + 6u);  // header + (2 packages + ALL) x 2 algorithms
  for (std::size_t r = 0; r < expected.size(); ++r) EXPECT_EQ(shown[r], expected[r]) << "row " << r;

  // And it paints: a screenshot is written and is not a blank page.
  const auto shot = dir.path() / "report.png";
  chromium("--window-size=1200,900 --screenshot='" + shot.string() + "' 'file://" +
               report.string() + "'",
           profile);
  ASSERT_TRUE(std::filesystem::exists(shot));
  EXPECT_GT(std::filesystem::file_size(shot), 20000u);
}

}  // namespace
}  // namespace winnow::eval
