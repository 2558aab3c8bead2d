// SPDX-License-Identifier: MIT
// Aggregation of per-document scores (rules in summary.h).
#include "adapters/eval/summary.h"

#include <cmath>
#include <map>
#include <utility>

namespace winnow::eval {

double SummaryRow::seconds_per_kb() const {
  return html_bytes == 0 ? 0.0 : seconds / (static_cast<double>(html_bytes) / 1000.0);
}

double mean_of_defined(const std::vector<double>& values) {
  double sum = 0;
  std::size_t count = 0;
  for (double v : values) {
    if (std::isnan(v)) continue;
    sum += v;
    ++count;
  }
  return count == 0 ? std::nan("") : sum / static_cast<double>(count);
}

double sample_stddev(const std::vector<double>& values) {
  if (values.size() < 2) return 0.0;
  const double mean = mean_of_defined(values);
  double squares = 0;
  for (double v : values) squares += (v - mean) * (v - mean);
  return std::sqrt(squares / static_cast<double>(values.size() - 1));
}

MeasureSummary summarize_measure(const std::vector<const DocumentResult*>& docs, Measure m) {
  const auto index = static_cast<std::size_t>(m);
  std::vector<double> precision, recall, f1;
  MeasureSummary s;
  for (const DocumentResult* d : docs) {
    const Score& score = d->scores.by_measure[index];
    precision.push_back(score.precision);
    recall.push_back(score.recall);
    f1.push_back(score.f1);
    ++s.cases[static_cast<std::size_t>(score.special)];
  }
  s.precision = mean_of_defined(precision);
  s.recall = mean_of_defined(recall);
  if (m == Measure::Shingles) {
    // Zyte: F1 of the mean precision and mean recall.
    const double p = std::isnan(s.precision) ? 0.0 : s.precision;
    const double r = std::isnan(s.recall) ? 0.0 : s.recall;
    s.f1 = p + r > 0 ? 2 * p * r / (p + r) : 0.0;
  } else {
    s.f1 = f1.empty() ? 0.0 : mean_of_defined(f1);
  }
  s.f1_stddev = sample_stddev(f1);
  return s;
}

namespace {

SummaryRow summarize_group(const std::string& package, const std::string& algorithm,
                           const std::vector<const DocumentResult*>& docs) {
  SummaryRow row;
  row.package = package;
  row.algorithm = algorithm;
  row.documents = docs.size();
  for (const DocumentResult* d : docs) {
    row.failures += d->failed ? 1 : 0;
    row.seconds += d->seconds;
    row.html_bytes += d->html_bytes;
  }
  for (std::size_t m = 0; m < kMeasureCount; ++m)
    row.measures[m] = summarize_measure(docs, static_cast<Measure>(m));
  return row;
}

// Keys in order of first appearance.
template <typename Key>
struct OrderedGroups {
  std::vector<Key> order;
  std::map<Key, std::vector<const DocumentResult*>> members;
  void add(const Key& key, const DocumentResult* d) {
    auto [it, inserted] = members.try_emplace(key);
    if (inserted) order.push_back(key);
    it->second.push_back(d);
  }
};

}  // namespace

std::vector<SummaryRow> summarize(const std::vector<DocumentResult>& documents) {
  OrderedGroups<std::pair<std::string, std::string>> by_package;
  OrderedGroups<std::string> by_algorithm;
  for (const DocumentResult& d : documents) {
    by_package.add({d.package, d.algorithm}, &d);
    by_algorithm.add(d.algorithm, &d);
  }
  std::vector<SummaryRow> rows;
  for (const auto& key : by_package.order)
    rows.push_back(summarize_group(key.first, key.second, by_package.members[key]));
  for (const auto& algorithm : by_algorithm.order)
    rows.push_back(summarize_group(kAllPackages, algorithm, by_algorithm.members[algorithm]));
  return rows;
}

}  // namespace winnow::eval
