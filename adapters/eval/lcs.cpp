// SPDX-License-Identifier: MIT
// Bit-parallel LCS in 64-row strips (see lcs.h for the method and sources).
#include "adapters/eval/lcs.h"

#include <algorithm>
#include <unordered_map>


namespace winnow::eval {
namespace {

constexpr std::uint32_t kNoMatch = UINT32_MAX;

// a + b + carry_in; carry_in and the returned carry are 0 or 1. Written
// with comparisons: GCC turns this into ADD/SETC in registers, where its
// __int128 and _addcarry_u64 code went through the stack.
inline std::uint64_t add_with_carry(std::uint64_t a, std::uint64_t b, std::uint64_t& carry) {
  const std::uint64_t partial = a + b;
  const std::uint64_t sum = partial + carry;
  carry = (partial < a) | (sum < partial);
  return sum;
}

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

// Runs one block of K strips (K * 64 rows, the last strip possibly partly
// beyond the sequence) over every column. Keeping K limbs in registers and
// chaining their carries in-register means one pass over the columns and the
// carry array per K strips instead of per strip. carry[j] holds the carry
// into the block's lowest limb at column j (from the block below) and
// receives the carry out of its highest limb (for the block above).
// mask_of[s * K + k] is the match mask of symbol s for limb k.
template <unsigned K>
void run_block(const std::vector<std::uint32_t>& columns, const std::vector<std::uint64_t>& mask_of,
               std::vector<std::uint8_t>& carry, std::uint64_t (&v)[K]) {
  // Work on a local copy: stores to the byte array `carry` may alias any
  // object, which would otherwise force v through memory on every column.
  std::uint64_t limb[K];
  for (unsigned k = 0; k < K; ++k) limb[k] = v[k];
  const std::uint32_t* column = columns.data();
  const std::uint64_t* masks = mask_of.data();
  std::uint8_t* carries = carry.data();
  const std::size_t n = columns.size();
  for (std::size_t j = 0; j < n; ++j) {
    const std::uint64_t* match = masks + static_cast<std::size_t>(column[j]) * K;
    std::uint64_t c = carries[j];
    // Unrolled so that the limbs live in registers (GCC does not unroll at -O2).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC unroll 8
#endif
    for (unsigned k = 0; k < K; ++k) {
      // Hyyro: V' = (V + (V & M)) | (V & ~M), one limb of a long addition.
      const std::uint64_t sum = add_with_carry(limb[k], limb[k] & match[k], c);
      limb[k] = sum | (limb[k] & ~match[k]);
    }
    carries[j] = static_cast<std::uint8_t>(c);
  }
  for (unsigned k = 0; k < K; ++k) v[k] = limb[k];
}

// LCS contribution of the rows [first, first + K*64) within [0, m): the zero
// bits of the block's final V among real rows. Rows past m are padding that
// never matches; they sit above every real row, and carries only move
// upwards, so they cannot change a real row's bit.
template <unsigned K>
std::size_t lcs_of_block(const DenseSequences& dense, std::size_t first,
                         std::vector<std::uint64_t>& mask_of, std::vector<std::uint8_t>& carry) {
  const std::size_t last = std::min(dense.rows.size(), first + 64 * K);
  for (std::size_t i = first; i < last; ++i) {
    const std::uint32_t s = dense.rows[i];
    const std::size_t bit = i - first;
    if (s != kNoMatch) mask_of[std::size_t{s} * K + bit / 64] |= std::uint64_t{1} << (bit % 64);
  }
  std::uint64_t v[K];
  for (unsigned k = 0; k < K; ++k) v[k] = ~std::uint64_t{0};
  run_block<K>(dense.columns, mask_of, carry, v);
  std::size_t zeros = 0;
  for (unsigned k = 0; k < K && first + 64 * k < last; ++k) {
    const std::size_t real = std::min<std::size_t>(64, last - (first + 64 * k));
    const std::uint64_t real_bits = real == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << real) - 1;
    zeros += real - static_cast<std::size_t>(__builtin_popcountll(v[k] & real_bits));
  }
  for (std::size_t i = first; i < last; ++i) {
    const std::uint32_t s = dense.rows[i];
    if (s != kNoMatch) mask_of[std::size_t{s} * K + (i - first) / 64] = 0;
  }
  return zeros;
}

}  // namespace

std::size_t lcs_length(const Symbols& a, const Symbols& b) {
  if (a.empty() || b.empty()) return 0;
  // Rows = the shorter sequence: fewer strips, same work per strip.
  const bool a_is_rows = a.size() <= b.size();
  const DenseSequences dense = densify(a_is_rows ? a : b, a_is_rows ? b : a);
  if (dense.alphabet == 0) return 0;

  // Four strips per pass while at least four remain, then one at a time.
  constexpr unsigned kWide = 4;
  const std::size_t m = dense.rows.size();
  std::vector<std::uint8_t> carry(dense.columns.size(), 0);
  std::size_t lcs = 0;
  std::size_t first = 0;
  if (m >= 64 * kWide) {
    std::vector<std::uint64_t> mask_of((dense.alphabet + 1) * kWide, 0);
    for (; m - first >= 64 * kWide; first += 64 * kWide)
      lcs += lcs_of_block<kWide>(dense, first, mask_of, carry);
  }
  if (first < m) {
    std::vector<std::uint64_t> mask_of(dense.alphabet + 1, 0);
    for (; first < m; first += 64) lcs += lcs_of_block<1>(dense, first, mask_of, carry);
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
