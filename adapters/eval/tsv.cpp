// SPDX-License-Identifier: MIT
// TSV rows and the stdout summary table.
#include "adapters/eval/tsv.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iomanip>

namespace winnow::eval {

std::string format_score(double value) {
  if (std::isnan(value)) return "NA";
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.4f", value);
  return buffer;
}

std::string format_time(double seconds) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.4g", seconds);
  return buffer;
}

std::string tsv_safe(std::string text) {
  std::replace_if(text.begin(), text.end(),
                  [](char c) { return c == '\t' || c == '\n' || c == '\r'; }, ' ');
  return text;
}

std::vector<std::string> document_header() {
  std::vector<std::string> h = {"package", "document", "algorithm", "html_bytes", "seconds"};
  for (std::size_t m = 0; m < kMeasureCount; ++m)
    for (const char* part : {"_p", "_r", "_f1"}) h.push_back(std::string(kMeasureNames[m]) + part);
  for (const char* part : {"shingle_tp", "shingle_fp", "shingle_fn", "status"}) h.push_back(part);
  return h;
}

std::vector<std::string> document_fields(const DocumentResult& d) {
  std::vector<std::string> f = {tsv_safe(d.package), tsv_safe(d.document), tsv_safe(d.algorithm),
                                std::to_string(d.html_bytes), format_time(d.seconds)};
  for (const Score& s : d.scores.by_measure) {
    f.push_back(format_score(s.precision));
    f.push_back(format_score(s.recall));
    f.push_back(format_score(s.f1));
  }
  f.push_back(format_score(d.scores.shingles.tp));
  f.push_back(format_score(d.scores.shingles.fp));
  f.push_back(format_score(d.scores.shingles.fn));
  f.push_back(tsv_safe(d.status));
  return f;
}

std::vector<std::string> summary_header() {
  std::vector<std::string> h = {"package", "algorithm", "documents"};
  for (std::size_t m = 0; m < kMeasureCount; ++m)
    for (const char* part : {"_p", "_r", "_f1", "_f1_sd"})
      h.push_back(std::string(kMeasureNames[m]) + part);
  for (std::size_t m = 0; m < kMeasureCount; ++m)
    for (std::size_t c = 1; c < kSpecialCaseCount; ++c)
      h.push_back(std::string(kMeasureNames[m]) + "_" + kSpecialCaseNames[c]);
  for (const char* part : {"failures", "seconds", "s_per_kb"}) h.push_back(part);
  return h;
}

std::vector<std::string> summary_fields(const SummaryRow& row) {
  std::vector<std::string> f = {tsv_safe(row.package), tsv_safe(row.algorithm),
                                std::to_string(row.documents)};
  for (const MeasureSummary& m : row.measures) {
    f.push_back(format_score(m.precision));
    f.push_back(format_score(m.recall));
    f.push_back(format_score(m.f1));
    f.push_back(format_score(m.f1_stddev));
  }
  for (const MeasureSummary& m : row.measures)
    for (std::size_t c = 1; c < kSpecialCaseCount; ++c) f.push_back(std::to_string(m.cases[c]));
  f.push_back(std::to_string(row.failures));
  f.push_back(format_time(row.seconds));
  f.push_back(format_time(row.seconds_per_kb()));
  return f;
}

void write_tsv_row(std::ostream& out, const std::vector<std::string>& fields) {
  for (std::size_t i = 0; i < fields.size(); ++i) out << (i ? "\t" : "") << fields[i];
  out << '\n';
}

void write_documents_tsv(std::ostream& out, const std::vector<DocumentResult>& documents) {
  write_tsv_row(out, document_header());
  for (const DocumentResult& d : documents) write_tsv_row(out, document_fields(d));
}

void write_summary_tsv(std::ostream& out, const std::vector<SummaryRow>& rows) {
  write_tsv_row(out, summary_header());
  for (const SummaryRow& row : rows) write_tsv_row(out, summary_fields(row));
}

namespace {

std::string short_score(double value) {
  if (std::isnan(value)) return "NA";
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "%.3f", value);
  return buffer;
}

}  // namespace

void print_summary_table(std::ostream& out, const std::vector<SummaryRow>& rows) {
  std::size_t package_width = 7, algorithm_width = 9;
  for (const SummaryRow& r : rows) {
    package_width = std::max(package_width, r.package.size());
    algorithm_width = std::max(algorithm_width, r.algorithm.size());
  }
  out << std::left << std::setw(static_cast<int>(package_width)) << "package" << "  "
      << std::setw(static_cast<int>(algorithm_width)) << "algorithm" << std::right
      << std::setw(6) << "docs";
  for (const char* m : kMeasureNames) out << "  " << std::setw(17) << (std::string(m) + " P/R/F1");
  out << std::setw(11) << "s/kB" << '\n';
  for (const SummaryRow& r : rows) {
    out << std::left << std::setw(static_cast<int>(package_width)) << r.package << "  "
        << std::setw(static_cast<int>(algorithm_width)) << r.algorithm << std::right
        << std::setw(6) << r.documents;
    for (const MeasureSummary& m : r.measures)
      out << "  " << std::setw(5) << short_score(m.precision) << ' ' << std::setw(5)
          << short_score(m.recall) << ' ' << std::setw(5) << short_score(m.f1);
    out << std::setw(11) << format_time(r.seconds_per_kb()) << '\n';
  }
}

}  // namespace winnow::eval
