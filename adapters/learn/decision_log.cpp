// SPDX-License-Identifier: MIT
#include "adapters/learn/decision_log.h"

#include <cstdio>
#include <filesystem>
#include <system_error>

namespace winnow::learn {

void DecisionLog::on_block_decision(SourceSpan span, bool kept, float score) {
  char line[96];
  const int n = std::snprintf(line, sizeof line, "%llu\t%llu\t%d\t%.4f\n", static_cast<unsigned long long>(span.begin),
                              static_cast<unsigned long long>(span.end), kept ? 1 : 0, static_cast<double>(score));
  if (n > 0) decisions_.append(line, static_cast<std::size_t>(n));
}

bool DecisionLog::write(const std::string& path) const {
  const std::filesystem::path parent = std::filesystem::path(path).parent_path();
  std::error_code error;
  if (!parent.empty()) std::filesystem::create_directories(parent, error);
  std::FILE* out = std::fopen(path.c_str(), "w");
  if (out == nullptr) return false;
  const bool written = std::fputs("begin\tend\tkept\tscore\n", out) >= 0 && std::fputs(decisions_.c_str(), out) >= 0;
  return std::fclose(out) == 0 && written;
}

}  // namespace winnow::learn
