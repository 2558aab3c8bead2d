// SPDX-License-Identifier: MIT
#include "adapters/learn/sweep.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace winnow::learn {

namespace {

std::optional<double> parse_value(std::string_view item) {
  if (item.empty()) return std::nullopt;
  const std::string copy(item);
  char* end = nullptr;
  const double value = std::strtod(copy.c_str(), &end);
  if (end != copy.c_str() + copy.size() || !std::isfinite(value)) return std::nullopt;
  return value;
}

}  // namespace

std::optional<std::vector<double>> parse_value_list(std::string_view text) {
  std::vector<double> values;
  for (;;) {
    const std::size_t comma = text.find(',');
    const auto value = parse_value(text.substr(0, comma));
    if (!value) return std::nullopt;
    values.push_back(*value);
    if (comma == std::string_view::npos) return values;
    text.remove_prefix(comma + 1);
  }
}

std::vector<SweepPoint> sweep_grid(const std::vector<double>& biases, const std::vector<double>& weights,
                                   float default_bias, double default_weight) {
  const std::vector<double> b = biases.empty() ? std::vector<double>{default_bias} : biases;
  const std::vector<double> w = weights.empty() ? std::vector<double>{default_weight} : weights;
  std::vector<SweepPoint> grid;
  for (double bias : b)
    for (double weight : w) grid.push_back({static_cast<float>(bias), weight});
  return grid;
}

std::string sweep_documents_path(const std::string& path, const SweepPoint& point) {
  char tag[64];
  std::snprintf(tag, sizeof tag, "-bias%g-smoothing%g", static_cast<double>(point.bias), point.smoothing_weight);
  const std::size_t slash = path.find_last_of('/');
  const std::size_t dot = path.find_last_of('.');
  const bool has_extension = dot != std::string::npos && (slash == std::string::npos || dot > slash + 1);
  if (!has_extension) return path + tag;
  return path.substr(0, dot) + tag + path.substr(dot);
}

}  // namespace winnow::learn
