// SPDX-License-Identifier: MIT
// Bit-parallel LCS in 64-row strips (see lcs.h for the method and sources).
#include "adapters/eval/lcs.h"

#include <algorithm>
#include <unordered_map>

namespace winnow::eval {
namespace {

constexpr std::uint32_t kNoMatch = UINT32_MAX;

// Both sequences rewritten over dense ids 0..sigma-1 of the symbols they have
// in common; a symbol that occurs on one side only becomes kNoMatch in `rows`
// (it sets no mask bit) and sigma in `columns` (a mask that is always zero).
struct DenseSequences {
  std::vector<std::uint32_t> rows;     // the side held as bit vectors
  std::vector<std::uint32_t> columns;  // the side streamed over
  std::size_t alphabet = 0;
};

DenseSequences densify(const Symbols& rows, const Symbols& columns) {
  std::unordered_map<std::uint32_t, std::uint32_t> ids;
  ids.reserve(std::min(rows.size(), static_cast<std::size_t>(1) << 16));
  for (std::uint32_t s : rows) ids.try_emplace(s, kNoMatch);
  DenseSequences dense;
  dense.columns.reserve(columns.size());
  for (std::uint32_t s : columns) {
    auto it = ids.find(s);
    if (it == ids.end()) {
      dense.columns.push_back(kNoMatch);
      continue;
    }
    if (it->second == kNoMatch) it->second = static_cast<std::uint32_t>(dense.alphabet++);
    dense.columns.push_back(it->second);
  }
  dense.rows.reserve(rows.size());
  for (std::uint32_t s : rows) dense.rows.push_back(ids.find(s)->second);
  // Unmatched columns get the id one past the alphabet, whose mask stays
  // zero: the inner loop then needs no branch.
  for (std::uint32_t& c : dense.columns)
    if (c == kNoMatch) c = static_cast<std::uint32_t>(dense.alphabet);
  return dense;
}

// Runs one strip of up to 64 rows over every column. carry[j] holds the carry
// into this strip's addition at column j (from the strip below) and receives
// the carry out of it (for the strip above). Returns the strip's final V.
std::uint64_t run_strip(const std::vector<std::uint32_t>& columns,
                        const std::vector<std::uint64_t>& mask_of,
                        std::vector<std::uint8_t>& carry, unsigned rows_in_strip) {
  const std::uint64_t strip_bits =
      rows_in_strip == 64 ? ~std::uint64_t{0} : ((std::uint64_t{1} << rows_in_strip) - 1);
  std::uint64_t v = strip_bits;
  const std::size_t n = columns.size();
  for (std::size_t j = 0; j < n; ++j) {
    const std::uint64_t match = mask_of[columns[j]];
    const std::uint64_t u = v & match;
    // Hyyro: V' = (V + U) | (V & ~Match), as a 64-bit limb of a long addition.
    const std::uint64_t partial = v + u;
    const std::uint64_t sum = partial + carry[j];
    carry[j] = static_cast<std::uint8_t>((partial < v) | (sum < partial));
    v = (sum | (v & ~match)) & strip_bits;
  }
  return v;
}

std::size_t zero_bits(std::uint64_t v, unsigned rows_in_strip) {
  return rows_in_strip - static_cast<std::size_t>(__builtin_popcountll(v));
}

}  // namespace

std::size_t lcs_length(const Symbols& a, const Symbols& b) {
  if (a.empty() || b.empty()) return 0;
  // Rows = the shorter sequence: fewer strips, same work per strip.
  const bool a_is_rows = a.size() <= b.size();
  const DenseSequences dense = densify(a_is_rows ? a : b, a_is_rows ? b : a);
  if (dense.alphabet == 0) return 0;

  std::vector<std::uint64_t> mask_of(dense.alphabet + 1, 0);
  std::vector<std::uint8_t> carry(dense.columns.size(), 0);
  std::size_t lcs = 0;
  const std::size_t m = dense.rows.size();
  for (std::size_t first = 0; first < m; first += 64) {
    const unsigned rows_in_strip = static_cast<unsigned>(std::min<std::size_t>(64, m - first));
    for (unsigned i = 0; i < rows_in_strip; ++i) {
      const std::uint32_t s = dense.rows[first + i];
      if (s != kNoMatch) mask_of[s] |= std::uint64_t{1} << i;
    }
    lcs += zero_bits(run_strip(dense.columns, mask_of, carry, rows_in_strip), rows_in_strip);
    for (unsigned i = 0; i < rows_in_strip; ++i) {
      const std::uint32_t s = dense.rows[first + i];
      if (s != kNoMatch) mask_of[s] = 0;
    }
  }
  return lcs;
}

std::size_t lcs_length_reference(const Symbols& a, const Symbols& b) {
  std::vector<std::size_t> previous(b.size() + 1, 0), current(b.size() + 1, 0);
  for (std::size_t i = 1; i <= a.size(); ++i) {
    for (std::size_t j = 1; j <= b.size(); ++j) {
      current[j] = a[i - 1] == b[j - 1] ? previous[j - 1] + 1
                                        : std::max(previous[j], current[j - 1]);
    }
    std::swap(previous, current);
  }
  return previous[b.size()];
}

}  // namespace winnow::eval
