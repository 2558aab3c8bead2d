// SPDX-License-Identifier: MIT
#include "adapters/learn/package_filter.h"

#include <algorithm>
#include <cstddef>

namespace winnow::learn {

std::optional<std::vector<bool>> packages_named(std::string_view list, const std::vector<std::string>& names) {
  if (list.empty()) return std::nullopt;
  std::vector<bool> named(names.size(), false);
  for (;;) {
    const std::size_t comma = list.find(',');
    const std::string_view item = list.substr(0, comma);
    const auto it = std::find(names.begin(), names.end(), item);
    if (item.empty() || it == names.end()) return std::nullopt;
    const std::size_t index = static_cast<std::size_t>(it - names.begin());
    if (named[index]) return std::nullopt;
    named[index] = true;
    if (comma == std::string_view::npos) return named;
    list.remove_prefix(comma + 1);
  }
}

}  // namespace winnow::learn
