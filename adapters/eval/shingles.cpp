// SPDX-License-Identifier: MIT
// Shingle tokenisation and matching (definition in shingles.h).
#include "adapters/eval/shingles.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <unordered_map>

#include "adapters/eval/normalize.h"
#include "adapters/eval/unicode.h"

namespace winnow::eval {
namespace {

bool is_token_char(char32_t cp) {
  if (cp == U'_') return true;
  const CharClass cls = char_class(cp);
  return cls == CharClass::Letter || cls == CharClass::Number;
}

// A shingle as the word ids of its (up to 4) tokens; unused slots hold a
// value no word id takes, so "a b" and "a b c" differ.
using Shingle = std::array<std::uint32_t, kShingleLength>;
constexpr std::uint32_t kEmptySlot = std::numeric_limits<std::uint32_t>::max();

struct ShingleHash {
  std::size_t operator()(const Shingle& s) const {
    std::uint64_t h = 0x9E3779B97F4A7C15ull;
    for (std::uint32_t id : s) h = (h ^ id) * 0x100000001B3ull + (h >> 29);
    return static_cast<std::size_t>(h);
  }
};

using ShingleBag = std::unordered_map<Shingle, std::size_t, ShingleHash>;

ShingleBag shingle_bag(const std::vector<std::uint32_t>& ids) {
  ShingleBag bag;
  if (ids.empty()) return bag;
  const std::size_t windows = ids.size() >= kShingleLength ? ids.size() - kShingleLength + 1 : 1;
  bag.reserve(windows);
  for (std::size_t start = 0; start < windows; ++start) {
    Shingle s;
    s.fill(kEmptySlot);
    for (std::size_t k = 0; k < kShingleLength && start + k < ids.size(); ++k)
      s[k] = ids[start + k];
    ++bag[s];
  }
  return bag;
}

}  // namespace

std::vector<std::string> shingle_tokens(std::string_view utf8) {
  std::vector<std::string> tokens;
  std::string current;
  for (char32_t cp : decode_utf8(utf8)) {
    if (is_token_char(cp)) {
      append_utf8(current, cp);
    } else if (!current.empty()) {
      tokens.push_back(std::move(current));
      current.clear();
    }
  }
  if (!current.empty()) tokens.push_back(std::move(current));
  return tokens;
}

ShingleCounts shingle_counts(const std::vector<std::string>& gold_tokens,
                             const std::vector<std::string>& extracted_tokens) {
  WordIds ids;
  const ShingleBag gold = shingle_bag(ids.ids(gold_tokens));
  const ShingleBag extracted = shingle_bag(ids.ids(extracted_tokens));
  double tp = 0, fp = 0, fn = 0;
  for (const auto& [shingle, gold_count] : gold) {
    auto it = extracted.find(shingle);
    const std::size_t extracted_count = it == extracted.end() ? 0 : it->second;
    tp += static_cast<double>(std::min(gold_count, extracted_count));
    fn += static_cast<double>(gold_count - std::min(gold_count, extracted_count));
  }
  for (const auto& [shingle, extracted_count] : extracted) {
    auto it = gold.find(shingle);
    const std::size_t gold_count = it == gold.end() ? 0 : it->second;
    if (extracted_count > gold_count) fp += static_cast<double>(extracted_count - gold_count);
  }
  const double total = tp + fp + fn;
  if (total == 0) return {};
  return {tp / total, fp / total, fn / total};
}

double shingle_precision(const ShingleCounts& c) {
  if (c.tp + c.fp <= 0) return std::nan("");
  if (c.fp == 0 && c.fn == 0) return 1.0;
  return c.tp / (c.tp + c.fp);
}

double shingle_recall(const ShingleCounts& c) {
  if (c.tp + c.fn <= 0) return std::nan("");
  if (c.fp == 0 && c.fn == 0) return 1.0;
  return c.tp / (c.tp + c.fn);
}

}  // namespace winnow::eval
