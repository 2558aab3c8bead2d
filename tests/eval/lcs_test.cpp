// SPDX-License-Identifier: MIT
// Tests of lcs.h: textbook examples, strip boundaries, and the bit-parallel
// LCS against the O(n*m) reference on random sequences (fixed seed).
#include "adapters/eval/lcs.h"

#include <gtest/gtest.h>

#include <random>
#include <string>

namespace winnow::eval {
namespace {

Symbols from(const std::string& s) { return Symbols(s.begin(), s.end()); }

TEST(Lcs, TextbookExamples) {
  EXPECT_EQ(lcs_length(from("ABCBDAB"), from("BDCABA")), 4u);  // e.g. BCBA
  EXPECT_EQ(lcs_length(from("AGGTAB"), from("GXTXAYB")), 4u);  // GTAB
  EXPECT_EQ(lcs_length(from("ABC"), from("ABC")), 3u);
  EXPECT_EQ(lcs_length(from("ABC"), from("DEF")), 0u);
  EXPECT_EQ(lcs_length(from("AAAA"), from("AA")), 2u);
}

TEST(Lcs, EmptySequences) {
  EXPECT_EQ(lcs_length({}, {}), 0u);
  EXPECT_EQ(lcs_length(from("abc"), {}), 0u);
  EXPECT_EQ(lcs_length({}, from("abc")), 0u);
}

TEST(Lcs, IsSymmetric) {
  EXPECT_EQ(lcs_length(from("ABCBDAB"), from("BDCABA")),
            lcs_length(from("BDCABA"), from("ABCBDAB")));
}

TEST(Lcs, AnySymbolValuesIncludingTheExtremes) {
  const Symbols a = {0, UINT32_MAX, 7, UINT32_MAX - 1, 0};
  const Symbols b = {UINT32_MAX, UINT32_MAX - 1, 0, 9};
  EXPECT_EQ(lcs_length(a, b), 3u);
  EXPECT_EQ(lcs_length_reference(a, b), 3u);
}

TEST(Lcs, IdenticalLongSequencesAcrossStripBoundaries) {
  for (std::size_t n : {63u, 64u, 65u, 127u, 128u, 129u, 1000u}) {
    Symbols a(n);
    for (std::size_t i = 0; i < n; ++i) a[i] = static_cast<std::uint32_t>(i % 5);
    EXPECT_EQ(lcs_length(a, a), n) << n;
  }
}

TEST(Lcs, ReferenceAgreesOnHandExamples) {
  EXPECT_EQ(lcs_length_reference(from("ABCBDAB"), from("BDCABA")), 4u);
  EXPECT_EQ(lcs_length_reference(from(""), from("A")), 0u);
}

Symbols random_sequence(std::mt19937& rng, std::size_t length, std::uint32_t alphabet) {
  std::uniform_int_distribution<std::uint32_t> symbol(0, alphabet - 1);
  Symbols s(length);
  for (auto& x : s) x = symbol(rng);
  return s;
}

TEST(Lcs, BitParallelEqualsReferenceOnRandomSequences) {
  std::mt19937 rng(20240611);
  std::uniform_int_distribution<std::size_t> length(0, 300);
  for (std::uint32_t alphabet : {1u, 2u, 4u, 26u, 1000u, 4000000000u}) {
    for (int trial = 0; trial < 60; ++trial) {
      const Symbols a = random_sequence(rng, length(rng), alphabet);
      const Symbols b = random_sequence(rng, length(rng), alphabet);
      ASSERT_EQ(lcs_length(a, b), lcs_length_reference(a, b))
          << "alphabet " << alphabet << " trial " << trial << " sizes " << a.size() << "x"
          << b.size();
    }
  }
}

TEST(Lcs, BitParallelEqualsReferenceAroundBlockBoundaries) {
  // Four strips (256 rows) run per pass, then single strips: cover lengths
  // on both sides of those boundaries.
  std::mt19937 rng(42);
  for (std::size_t rows : {255u, 256u, 257u, 320u, 511u, 512u, 513u, 700u}) {
    for (std::uint32_t alphabet : {3u, 50u}) {
      const Symbols a = random_sequence(rng, rows, alphabet);
      const Symbols b = random_sequence(rng, rows + 37, alphabet);
      ASSERT_EQ(lcs_length(a, b), lcs_length_reference(a, b)) << rows << " " << alphabet;
    }
  }
}

TEST(Lcs, BitParallelEqualsReferenceOnLongSimilarSequences) {
  // Texts that mostly agree, like an extraction and its gold: b is a with
  // deletions and insertions, so the LCS is long and crosses many strips.
  std::mt19937 rng(7);
  for (int trial = 0; trial < 4; ++trial) {
    const Symbols a = random_sequence(rng, 3000, 30);
    Symbols b;
    std::uniform_int_distribution<int> edit(0, 9);
    for (std::uint32_t s : a) {
      const int e = edit(rng);
      if (e == 0) continue;                 // deletion
      if (e == 1) b.push_back(rng() % 30);  // insertion
      b.push_back(s);
    }
    ASSERT_EQ(lcs_length(a, b), lcs_length_reference(a, b)) << trial;
  }
}

}  // namespace
}  // namespace winnow::eval
