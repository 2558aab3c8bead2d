// SPDX-License-Identifier: MIT
// Length of the longest common subsequence (LCS) of two symbol sequences:
// the intersection of extracted and gold content for the character and the
// word-sequence measures (seed 000, section 4.2).
//
// Gottron computes it with Hirschberg's linear-space algorithm, which is
// still O(n*m) time; pages of 500 k characters make that too slow for a whole
// corpus. lcs_length() uses the bit-parallel LCS of Allison & Dix (1986) in
// Hyyro's formulation (2004): one column of the DP table is a bit vector V
// over the m symbols of one sequence, and each symbol b of the other updates
//   U = V & Match[b];   V = (V + U) | (V - U)
// where Match[b] has bit i set iff a[i] == b; the LCS is the number of zero
// bits left in V. That is n * ceil(m/64) word operations.
//
// Memory stays linear: instead of keeping Match vectors of all m bits for
// every symbol (sigma * m / 8 bytes, 100 MB for a long page's vocabulary), the
// m rows are processed in strips of 64. A strip needs only the 64-bit masks of
// its own <= 64 symbols, and the additions of different strips are chained
// by storing each column's carry bit (one byte per symbol of b). Four strips
// run per pass with their carries chained in registers, which quarters the
// passes over b. Space is O(n + m + sigma) for sigma distinct symbols; time
// is unchanged.
#pragma once

#include <cstdint>
#include <vector>

namespace winnow::eval {

using Symbols = std::vector<std::uint32_t>;

// Bit-parallel LCS length; any symbol values.
std::size_t lcs_length(const Symbols& a, const Symbols& b);

// The textbook O(n*m) dynamic programme with two rows: the reference the
// tests compare lcs_length() against.
std::size_t lcs_length_reference(const Symbols& a, const Symbols& b);

}  // namespace winnow::eval
