// SPDX-License-Identifier: MIT
// Tests of tsv.h: number formats, column counts, and the written files.
#include "adapters/eval/tsv.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <sstream>

namespace winnow::eval {
namespace {

std::vector<std::string> split_tabs(const std::string& line) {
  std::vector<std::string> fields;
  std::stringstream in(line);
  std::string field;
  while (std::getline(in, field, '\t')) fields.push_back(field);
  return fields;
}

TEST(Tsv, ScoresHaveFourDecimalsAndUndefinedIsNA) {
  EXPECT_EQ(format_score(2.0 / 3.0), "0.6667");
  EXPECT_EQ(format_score(1.0), "1.0000");
  EXPECT_EQ(format_score(std::nan("")), "NA");
  EXPECT_EQ(format_time(0.0000123456), "1.235e-05");
  EXPECT_EQ(format_time(2.5), "2.5");
}

TEST(Tsv, SafeTextHasNoTabsOrLineBreaks) {
  EXPECT_EQ(tsv_safe("exit 1: bad\tthing\nhappened\r"), "exit 1: bad thing happened ");
}

TEST(Tsv, DocumentRowsMatchTheHeader) {
  DocumentResult d;
  d.package = "pkg";
  d.document = "id";
  d.algorithm = "bte";
  d.html_bytes = 1234;
  d.scores.by_measure.fill({std::nan(""), 0.0, 0.0, SpecialCase::ExtractionEmpty});
  const auto header = document_header();
  const auto fields = document_fields(d);
  ASSERT_EQ(header.size(), fields.size());
  EXPECT_EQ(header.size(), 5u + 5 * 3 + 3 + 1);
  EXPECT_EQ(header[5], "chars_p");
  EXPECT_EQ(fields[5], "NA");
  EXPECT_EQ(fields[3], "1234");
  EXPECT_EQ(header.back(), "status");
  EXPECT_EQ(fields.back(), "ok");
}

TEST(Tsv, SummaryFileHasHeaderAndOneLinePerRow) {
  SummaryRow row;
  row.package = "ALL";
  row.algorithm = "plain";
  row.documents = 3;
  row.measures[2].f1 = 0.5;
  row.measures[2].cases[static_cast<std::size_t>(SpecialCase::GoldEmpty)] = 2;
  std::ostringstream out;
  write_summary_tsv(out, {row});
  std::stringstream lines(out.str());
  std::string header_line, row_line, extra;
  std::getline(lines, header_line);
  std::getline(lines, row_line);
  EXPECT_FALSE(std::getline(lines, extra));
  const auto header = split_tabs(header_line);
  const auto fields = split_tabs(row_line);
  ASSERT_EQ(header.size(), fields.size());
  EXPECT_EQ(header.size(), 3u + 5 * 4 + 5 * 4 + 3);
  const auto column = [&](const std::string& name) {
    return fields[std::find(header.begin(), header.end(), name) - header.begin()];
  };
  EXPECT_EQ(column("bag_f1"), "0.5000");
  EXPECT_EQ(column("bag_gold_empty"), "2");
  EXPECT_EQ(column("documents"), "3");
  EXPECT_EQ(column("s_per_kb"), "0");
}

TEST(Tsv, SummaryTableShowsEveryRow) {
  SummaryRow a, b;
  a.package = "pkg";
  a.algorithm = "plain";
  b.package = "ALL";
  b.algorithm = "plain";
  std::ostringstream out;
  print_summary_table(out, {a, b});
  const std::string text = out.str();
  EXPECT_NE(text.find("bag P/R/F1"), std::string::npos);
  EXPECT_NE(text.find("pkg"), std::string::npos);
  EXPECT_NE(text.find("ALL"), std::string::npos);
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 3);
}

}  // namespace
}  // namespace winnow::eval
