// SPDX-License-Identifier: MIT
// The tool's outputs as text: tab-separated files as in seed 000, section 4.3
// ("a CSV file using tabulators to separate the values"), and the summary
// table printed to stdout. The report (report.h) shows the very same cell
// strings as summary.tsv, so its numbers can be checked against the file.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "adapters/eval/summary.h"

namespace winnow::eval {

// P, R, F1 and their means: 4 decimals; NaN (undefined) as "NA".
std::string format_score(double value);
// Seconds and seconds per kB: 4 significant digits ("1.234e-05").
std::string format_time(double seconds);

// Replaces tabs and line breaks, which would break a TSV row, by spaces.
std::string tsv_safe(std::string text);

std::vector<std::string> document_header();
std::vector<std::string> document_fields(const DocumentResult& d);
std::vector<std::string> summary_header();
std::vector<std::string> summary_fields(const SummaryRow& row);

void write_tsv_row(std::ostream& out, const std::vector<std::string>& fields);
void write_documents_tsv(std::ostream& out, const std::vector<DocumentResult>& documents);
void write_summary_tsv(std::ostream& out, const std::vector<SummaryRow>& rows);

// A fixed-width table of mean P/R/F1 per measure and s/kB, for a terminal.
void print_summary_table(std::ostream& out, const std::vector<SummaryRow>& rows);

}  // namespace winnow::eval
