// SPDX-License-Identifier: MIT
#include "adapters/learn/site_folds.h"

#include <algorithm>
#include <map>
#include <utility>

namespace winnow::learn {

std::string site_key(std::string_view package, std::string_view id) {
  std::string key(package);
  key += '\t';
  key += id;
  return key;
}

std::optional<SiteTable> parse_site_table(std::string_view text) {
  SiteTable table;
  while (!text.empty()) {
    const std::size_t newline = text.find('\n');
    std::string_view line = text.substr(0, newline);
    text.remove_prefix(newline == std::string_view::npos ? text.size() : newline + 1);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    const std::size_t first = line.find('\t');
    const std::size_t second = first == std::string_view::npos ? first : line.find('\t', first + 1);
    if (second == std::string_view::npos || line.find('\t', second + 1) != std::string_view::npos) return std::nullopt;
    const std::string_view package = line.substr(0, first), id = line.substr(first + 1, second - first - 1),
                           site = line.substr(second + 1);
    if (package.empty() || id.empty() || site.empty()) return std::nullopt;
    if (!table.emplace(site_key(package, id), std::string(site)).second) return std::nullopt;
  }
  return table;
}

std::vector<std::size_t> folds_by_site(const std::vector<SitePage>& pages, std::size_t k) {
  // package -> site -> its pages; a page of unknown site is its own group,
  // named so it sorts after every known site of its size.
  std::map<std::size_t, std::map<std::string, std::vector<std::size_t>>> groups;
  for (std::size_t i = 0; i < pages.size(); ++i) {
    const std::string site = pages[i].site.empty() ? "\x7f" + std::to_string(i) : pages[i].site;
    groups[pages[i].package][site].push_back(i);
  }
  std::vector<std::size_t> fold(pages.size(), 0);
  for (const auto& [package, sites] : groups) {
    std::vector<const std::pair<const std::string, std::vector<std::size_t>>*> order;
    for (const auto& site : sites) order.push_back(&site);
    std::stable_sort(order.begin(), order.end(),
                     [](const auto* a, const auto* b) { return a->second.size() > b->second.size(); });
    std::vector<std::size_t> load(k, 0);
    for (const auto* site : order) {
      const std::size_t target = static_cast<std::size_t>(std::min_element(load.begin(), load.end()) - load.begin());
      load[target] += site->second.size();
      for (std::size_t page : site->second) fold[page] = target;
    }
  }
  return fold;
}

}  // namespace winnow::learn
