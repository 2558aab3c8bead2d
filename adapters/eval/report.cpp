// SPDX-License-Identifier: MIT
// The HTML report: plain string building, one function per figure. Every
// chart is inline SVG with <title> tooltips, so it renders without scripts.
#include "adapters/eval/report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <sstream>

#include "adapters/eval/tsv.h"

namespace winnow::eval {
namespace {

// Distinguishable colours for up to 10 algorithms (cycled beyond).
const char* const kPalette[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd",
                                "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"};

const char* colour(std::size_t index) {
  return kPalette[index % (sizeof kPalette / sizeof kPalette[0])];
}

std::string number(double v, int decimals = 1) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, v);
  return buffer;
}

double or_zero(double v) { return std::isnan(v) ? 0.0 : v; }

std::vector<std::string> algorithms_in(const std::vector<SummaryRow>& rows) {
  std::vector<std::string> names;
  for (const SummaryRow& r : rows)
    if (std::find(names.begin(), names.end(), r.algorithm) == names.end())
      names.push_back(r.algorithm);
  return names;
}

std::vector<std::string> packages_in(const std::vector<SummaryRow>& rows) {
  std::vector<std::string> names;
  for (const SummaryRow& r : rows)
    if (std::find(names.begin(), names.end(), r.package) == names.end())
      names.push_back(r.package);
  return names;
}

const SummaryRow* find_row(const std::vector<SummaryRow>& rows, const std::string& package,
                           const std::string& algorithm) {
  for (const SummaryRow& r : rows)
    if (r.package == package && r.algorithm == algorithm) return &r;
  return nullptr;
}

std::size_t index_of(const std::vector<std::string>& names, const std::string& name) {
  return static_cast<std::size_t>(std::find(names.begin(), names.end(), name) - names.begin());
}

void legend(std::ostream& out, const std::vector<std::string>& algorithms) {
  out << "<p class=\"legend\">";
  for (std::size_t a = 0; a < algorithms.size(); ++a)
    out << "<span><i style=\"background:" << colour(a) << "\"></i>"
        << html_escape(algorithms[a]) << "</span> ";
  out << "</p>\n";
}

// Horizontal grid lines and labels for a [0, 1] value axis of `height` px
// starting at `top`, with the plot beginning at `left`.
void value_axis(std::ostream& out, double left, double right, double top, double height) {
  for (int k = 0; k <= 5; ++k) {
    const double y = top + height - height * k / 5.0;
    out << "<line x1=\"" << number(left) << "\" x2=\"" << number(right) << "\" y1=\""
        << number(y) << "\" y2=\"" << number(y) << "\" class=\"grid\"/>"
        << "<text x=\"" << number(left - 4) << "\" y=\"" << number(y + 4)
        << "\" class=\"tick\" text-anchor=\"end\">" << number(k / 5.0) << "</text>\n";
  }
}

// Seed 000, Figure 1: for one package, mean F1 of every algorithm for each
// measure, as grouped bars.
void f1_bar_chart(std::ostream& out, const std::vector<SummaryRow>& rows,
                  const std::string& package, const std::vector<std::string>& algorithms) {
  const double left = 40, top = 24, plot_height = 160, group_gap = 18;
  const double bar = std::max(6.0, std::min(18.0, 90.0 / static_cast<double>(algorithms.size())));
  const double group_width = bar * static_cast<double>(algorithms.size());
  const double width = left + kMeasureCount * (group_width + group_gap) + 10;
  const double height = top + plot_height + 40;
  out << "<figure class=\"chart\"><svg xmlns=\"http://www.w3.org/2000/svg\" width=\""
      << number(width, 0) << "\" height=\"" << number(height, 0) << "\" role=\"img\">"
      << "<text x=\"" << number(left) << "\" y=\"14\" class=\"title\">" << html_escape(package)
      << "</text>\n";
  value_axis(out, left, width - 10, top, plot_height);
  for (std::size_t m = 0; m < kMeasureCount; ++m) {
    const double group_left = left + group_gap / 2 + static_cast<double>(m) * (group_width + group_gap);
    for (std::size_t a = 0; a < algorithms.size(); ++a) {
      const SummaryRow* row = find_row(rows, package, algorithms[a]);
      if (!row) continue;
      const double f1 = or_zero(row->measures[m].f1);
      const double h = plot_height * f1;
      out << "<rect x=\"" << number(group_left + bar * static_cast<double>(a)) << "\" y=\""
          << number(top + plot_height - h) << "\" width=\"" << number(bar - 1) << "\" height=\""
          << number(h) << "\" fill=\"" << colour(a) << "\"><title>" << html_escape(algorithms[a])
          << ", " << kMeasureNames[m] << ": F1 " << format_score(row->measures[m].f1)
          << "</title></rect>\n";
    }
    out << "<text x=\"" << number(group_left + group_width / 2) << "\" y=\""
        << number(top + plot_height + 16) << "\" class=\"tick\" text-anchor=\"middle\">"
        << kMeasureNames[m] << "</text>\n";
  }
  out << "</svg></figure>\n";
}

// Seed 000, Figure 2: mean precision (y) against mean recall (x) for one
// measure; a filled dot per algorithm over all packages, a ring per package.
void precision_recall_chart(std::ostream& out, const std::vector<SummaryRow>& rows,
                            Measure measure, const std::vector<std::string>& algorithms) {
  const auto m = static_cast<std::size_t>(measure);
  const double left = 40, top = 24, size = 200;
  out << "<figure class=\"chart\"><svg xmlns=\"http://www.w3.org/2000/svg\" width=\""
      << number(left + size + 20, 0) << "\" height=\"" << number(top + size + 40, 0)
      << "\" role=\"img\"><text x=\"" << number(left) << "\" y=\"14\" class=\"title\">"
      << kMeasureTitles[m] << "</text>\n";
  value_axis(out, left, left + size, top, size);
  for (int k = 0; k <= 5; ++k) {
    const double x = left + size * k / 5.0;
    out << "<line x1=\"" << number(x) << "\" x2=\"" << number(x) << "\" y1=\"" << number(top)
        << "\" y2=\"" << number(top + size) << "\" class=\"grid\"/><text x=\"" << number(x)
        << "\" y=\"" << number(top + size + 14) << "\" class=\"tick\" text-anchor=\"middle\">"
        << number(k / 5.0) << "</text>\n";
  }
  out << "<text x=\"" << number(left + size / 2) << "\" y=\"" << number(top + size + 32)
      << "\" class=\"tick\" text-anchor=\"middle\">recall</text><text x=\"10\" y=\""
      << number(top + size / 2) << "\" class=\"tick\" transform=\"rotate(-90 10 "
      << number(top + size / 2) << ")\" text-anchor=\"middle\">precision</text>\n";
  for (const SummaryRow& r : rows) {
    const std::size_t a = index_of(algorithms, r.algorithm);
    const MeasureSummary& s = r.measures[m];
    const bool overall = r.package == kAllPackages;
    const double x = left + size * or_zero(s.recall);
    const double y = top + size - size * or_zero(s.precision);
    out << "<circle cx=\"" << number(x) << "\" cy=\"" << number(y) << "\" r=\""
        << (overall ? "5" : "3") << "\" "
        << (overall ? std::string("fill=\"") + colour(a) + "\""
                    : std::string("fill=\"none\" stroke=\"") + colour(a) + "\"")
        << "><title>" << html_escape(r.algorithm) << " / " << html_escape(r.package) << ": P "
        << format_score(s.precision) << ", R " << format_score(s.recall) << "</title></circle>\n";
  }
  out << "</svg></figure>\n";
}

// Seed 002: distribution of per-document F1 in 20 bins for one algorithm
// and measure.
void histogram_chart(std::ostream& out, const std::vector<std::size_t>& bins,
                     Measure measure, std::size_t algorithm_index) {
  const double left = 34, top = 20, plot_width = 160, plot_height = 70;
  const std::size_t peak = std::max<std::size_t>(1, *std::max_element(bins.begin(), bins.end()));
  const double bin_width = plot_width / static_cast<double>(kHistogramBins);
  out << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << number(left + plot_width + 8, 0)
      << "\" height=\"" << number(top + plot_height + 18, 0) << "\" role=\"img\"><text x=\""
      << number(left) << "\" y=\"12\" class=\"tick\">" << kMeasureNames[static_cast<std::size_t>(measure)]
      << " F1 (max " << peak << ")</text>\n";
  out << "<line x1=\"" << number(left) << "\" x2=\"" << number(left + plot_width) << "\" y1=\""
      << number(top + plot_height) << "\" y2=\"" << number(top + plot_height)
      << "\" class=\"axis\"/>\n";
  for (std::size_t k = 0; k < kHistogramBins; ++k) {
    const double h = plot_height * static_cast<double>(bins[k]) / static_cast<double>(peak);
    out << "<rect x=\"" << number(left + bin_width * static_cast<double>(k)) << "\" y=\""
        << number(top + plot_height - h) << "\" width=\"" << number(bin_width - 1)
        << "\" height=\"" << number(h) << "\" fill=\"" << colour(algorithm_index) << "\"><title>F1 "
        << number(static_cast<double>(k) / kHistogramBins, 2) << "-"
        << number(static_cast<double>(k + 1) / kHistogramBins, 2) << ": " << bins[k]
        << " documents</title></rect>\n";
  }
  for (int k = 0; k <= 2; ++k)
    out << "<text x=\"" << number(left + plot_width * k / 2.0) << "\" y=\""
        << number(top + plot_height + 14) << "\" class=\"tick\" text-anchor=\"middle\">"
        << number(k / 2.0) << "</text>";
  out << "</svg>\n";
}

void special_case_table(std::ostream& out, const std::vector<SummaryRow>& rows) {
  out << "<table class=\"cases\"><thead><tr><th rowspan=\"2\">package</th>"
         "<th rowspan=\"2\">algorithm</th>";
  for (const char* m : kMeasureNames) out << "<th colspan=\"4\">" << m << "</th>";
  out << "</tr><tr>";
  for (std::size_t m = 0; m < kMeasureCount; ++m)
    out << "<th>both empty</th><th>extraction empty</th><th>gold empty</th><th>no overlap</th>";
  out << "</tr></thead><tbody>\n";
  for (const SummaryRow& r : rows) {
    out << "<tr><td>" << html_escape(r.package) << "</td><td>" << html_escape(r.algorithm)
        << "</td>";
    for (const MeasureSummary& s : r.measures)
      for (std::size_t c = 1; c < kSpecialCaseCount; ++c) out << "<td>" << s.cases[c] << "</td>";
    out << "</tr>\n";
  }
  out << "</tbody></table>\n";
}

void summary_table(std::ostream& out, const std::vector<SummaryRow>& rows) {
  out << "<div class=\"scroll\"><table id=\"summary\"><thead><tr>";
  for (const std::string& h : summary_header()) out << "<th>" << html_escape(h) << "</th>";
  out << "</tr></thead><tbody>\n";
  for (const SummaryRow& r : rows) {
    out << "<tr>";
    for (const std::string& cell : summary_fields(r)) out << "<td>" << html_escape(cell) << "</td>";
    out << "</tr>\n";
  }
  out << "</tbody></table></div>\n";
}

// Documents of a package that were evaluated (fewer than it holds with --limit).
std::size_t evaluated_documents(const std::vector<SummaryRow>& rows, const std::string& package) {
  std::size_t evaluated = 0;
  for (const SummaryRow& r : rows)
    if (r.package == package) evaluated = std::max(evaluated, r.documents);
  return evaluated;
}

void package_table(std::ostream& out, const ReportContext& context,
                   const std::vector<SummaryRow>& rows) {
  if (context.packages.empty()) return;
  out << "<table class=\"packages\"><thead><tr><th>package</th><th>documents evaluated</th>"
         "<th>description</th><th>source</th><th>licence</th></tr></thead><tbody>\n";
  for (const Package* p : context.packages) {
    const std::size_t evaluated = evaluated_documents(rows, p->name);
    out << "<tr><td>" << html_escape(p->name) << "</td><td>" << evaluated;
    if (evaluated != p->documents.size()) out << " of " << p->documents.size();
    out << "</td><td>" << html_escape(p->description) << "</td><td>" << html_escape(p->source)
        << "</td><td>" << html_escape(p->licence) << "</td></tr>\n";
  }
  out << "</tbody></table>\n";
}

const char* const kStyle = R"(
body{font:14px/1.4 sans-serif;margin:1.5em;color:#222;max-width:1400px}
h1{font-size:1.5em}h2{font-size:1.2em;margin-top:1.6em;border-bottom:1px solid #ccc}
figure.chart{display:inline-block;margin:0 1em 1em 0}
.title{font-weight:bold;font-size:13px}.tick{font-size:10px;fill:#444}
.grid{stroke:#ddd;stroke-width:1}.axis{stroke:#444;stroke-width:1}
.legend span{margin-right:1.2em;white-space:nowrap}
.legend i{display:inline-block;width:.9em;height:.9em;margin-right:.3em;vertical-align:-.1em}
table{border-collapse:collapse;font-size:12px;margin:.5em 0}
td,th{border:1px solid #ccc;padding:2px 6px;text-align:right}
td:first-child,td:nth-child(2),th,table.packages td{text-align:left}
.scroll{overflow-x:auto}.hist{margin-bottom:.8em}.hist h3{font-size:1em;margin:.3em 0}
.note{color:#555;font-size:12px}
)";

}  // namespace

std::string html_escape(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out.push_back(c);
    }
  }
  return out;
}

std::vector<std::size_t> f1_histogram(const std::vector<DocumentResult>& documents,
                                      const std::string& algorithm, Measure measure) {
  std::vector<std::size_t> bins(kHistogramBins, 0);
  for (const DocumentResult& d : documents) {
    if (d.algorithm != algorithm) continue;
    const double f1 = d.scores.by_measure[static_cast<std::size_t>(measure)].f1;
    const auto bin = static_cast<std::size_t>(std::clamp(f1, 0.0, 1.0) * kHistogramBins);
    ++bins[std::min(bin, kHistogramBins - 1)];
  }
  return bins;
}

void write_report(std::ostream& out, const std::vector<SummaryRow>& summary,
                  const std::vector<DocumentResult>& documents, const ReportContext& context) {
  const std::vector<std::string> algorithms = algorithms_in(summary);
  out << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
         "<title>winnow-eval report</title><style>"
      << kStyle << "</style></head><body>\n<h1>winnow-eval report</h1>\n<p class=\"note\">"
      << "winnow-eval " << html_escape(context.version);
  if (!context.generated_at.empty()) out << ", " << html_escape(context.generated_at);
  out << ". Command: <code>" << html_escape(context.command_line) << "</code>. "
      << documents.size() << " document × algorithm results.</p>\n";
  package_table(out, context, summary);

  out << "<h2 id=\"f1\">Mean F1 per package, algorithm and measure</h2>\n"
         "<p class=\"note\">Seed 000, Figure 1. chars = characters (LCS), seq = word sequence "
         "(LCS), bag = bag of words, set = set of words, shingle = Zyte 4-gram shingles (F1 of "
         "mean P and mean R).</p>\n";
  legend(out, algorithms);
  for (const std::string& package : packages_in(summary))
    f1_bar_chart(out, summary, package, algorithms);

  out << "<h2 id=\"pr\">Precision against recall</h2>\n<p class=\"note\">Seed 000, Figure 2. "
         "Filled dot: all packages; ring: one package. Hover for values.</p>\n";
  legend(out, algorithms);
  for (std::size_t m = 0; m < kMeasureCount; ++m)
    precision_recall_chart(out, summary, static_cast<Measure>(m), algorithms);

  out << "<h2 id=\"hist\">Per-document F1 distribution</h2>\n<p class=\"note\">Seed 002: "
         "20 equal bins over [0, 1], all packages; the y axis is scaled to the fullest bin.</p>\n";
  for (std::size_t a = 0; a < algorithms.size(); ++a) {
    out << "<div class=\"hist\"><h3>" << html_escape(algorithms[a]) << "</h3>";
    for (std::size_t m = 0; m < kMeasureCount; ++m)
      histogram_chart(out, f1_histogram(documents, algorithms[a], static_cast<Measure>(m)),
                      static_cast<Measure>(m), a);
    out << "</div>\n";
  }

  out << "<h2 id=\"cases\">Special cases</h2>\n<p class=\"note\">Seed 002: both empty (P = R = "
         "F1 = 1), extraction empty (P undefined, R = F1 = 0), gold empty (R undefined, P = F1 = "
         "0), no overlap (P = R = F1 = 0). Counted per measure on normalised items.</p>\n";
  special_case_table(out, summary);

  out << "<h2 id=\"numbers\">Numbers</h2>\n<p class=\"note\">The rows of summary.tsv. Means "
         "skip undefined values (NA); f1_sd is the sample standard deviation (seed 000, section "
         "3); s_per_kb is total extraction seconds per 1000 bytes of HTML.</p>\n";
  summary_table(out, summary);
  out << "</body></html>\n";
}

}  // namespace winnow::eval
