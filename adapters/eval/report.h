// SPDX-License-Identifier: MIT
// --report: one self-contained HTML file (inline SVG and CSS, no script, no
// network) that shows an evaluation the way the seeds do:
//   - mean F1 per algorithm, measure and package (seed 000, Figure 1);
//   - mean precision against mean recall per algorithm (seed 000, Figure 2);
//   - per-document F1 histograms in 20 equal bins over [0, 1] (seed 002);
//   - the special-case counts (seed 002's table of cases);
//   - the summary numbers, cell for cell the strings of summary.tsv.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "adapters/eval/package.h"
#include "adapters/eval/summary.h"

namespace winnow::eval {

struct ReportContext {
  std::string version;       // winnow-eval version
  std::string command_line;  // how the evaluation was run
  std::string generated_at;  // a date for the reader; may be empty
  std::vector<const Package*> packages;
};

constexpr std::size_t kHistogramBins = 20;

// Counts of per-document F1 values in [k/20, (k+1)/20); 1.0 falls in the last.
std::vector<std::size_t> f1_histogram(const std::vector<DocumentResult>& documents,
                                      const std::string& algorithm, Measure measure);

void write_report(std::ostream& out, const std::vector<SummaryRow>& summary,
                  const std::vector<DocumentResult>& documents, const ReportContext& context);

// Escapes &, <, >, " for HTML text and attribute values.
std::string html_escape(const std::string& text);

}  // namespace winnow::eval
