// SPDX-License-Identifier: MIT
// Harness 5: winnow-eval's bit-parallel LCS (adapters/eval/lcs.h) against the
// textbook O(n*m) dynamic programme on small inputs; abort() on any
// difference, and the two must also agree with LCS's basic laws (symmetry,
// bounded by the shorter length, equal to the length for identical input).
//
// Input: byte 0 = alphabet size (1..256, small sizes make long common
// subsequences), byte 1 = how symbols are spelt (bit 0: through a table of
// values that includes 0 and UINT32_MAX, else the byte itself; bit 1: the
// second sequence is the first one edited), bytes 2-3 = where the rest is
// split into the two sequences. Lengths reach a few thousand symbols, so
// sequences cross the 64-row strips and the 4-strip blocks at every offset.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>

#include "adapters/eval/lcs.h"
#include "fuzz_support.h"

namespace {

using winnow::eval::Symbols;
using winnow::fuzz::fail;

std::uint32_t spell(std::uint8_t byte, unsigned alphabet, bool table) {
  static constexpr std::uint32_t kValues[] = {0u, 1u, 0xFFFFFFFFu, 0x80000000u, 0x7FFFFFFFu, 64u, 65u, 0xFFFFFFFEu};
  const unsigned s = byte % alphabet;
  if (!table) return s;
  return kValues[s % 8] ^ (static_cast<std::uint32_t>(s / 8) << 8);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 4) return 0;
  const unsigned alphabet = 1u + data[0];
  const bool table = data[1] & 1;
  const bool edited = data[1] & 2;
  const std::size_t body = size - 4;
  const std::size_t split = body == 0 ? 0 : ((static_cast<std::size_t>(data[2]) << 8) | data[3]) % (body + 1);
  const std::uint8_t* rest = data + 4;

  Symbols a, b;
  for (std::size_t i = 0; i < split; ++i) a.push_back(spell(rest[i], alphabet, table));
  if (edited) {
    // b = a with edits: each remaining byte deletes, replaces or inserts at a position.
    b = a;
    for (std::size_t i = split; i + 1 < body; i += 2) {
      const std::uint8_t op = rest[i];
      const std::size_t at = b.empty() ? 0 : (static_cast<std::size_t>(op >> 2) * 131 + i) % (b.size() + 1);
      switch (op & 3) {
        case 0:
          if (at < b.size()) b.erase(b.begin() + static_cast<std::ptrdiff_t>(at));
          break;
        case 1:
          if (at < b.size()) b[at] = spell(rest[i + 1], alphabet, table);
          break;
        default:
          b.insert(b.begin() + static_cast<std::ptrdiff_t>(at), spell(rest[i + 1], alphabet, table));
          break;
      }
    }
  } else {
    for (std::size_t i = split; i < body; ++i) b.push_back(spell(rest[i], alphabet, table));
  }

  const std::size_t fast = winnow::eval::lcs_length(a, b);
  const std::size_t reference = winnow::eval::lcs_length_reference(a, b);
  const std::string where = "|a| = " + std::to_string(a.size()) + ", |b| = " + std::to_string(b.size()) +
                            ", alphabet " + std::to_string(alphabet) + ": bit-parallel " + std::to_string(fast) +
                            ", reference " + std::to_string(reference);
  if (fast != reference) fail("lcs_length differs from the reference", where);
  if (fast > std::min(a.size(), b.size())) fail("LCS longer than a sequence", where);
  if (winnow::eval::lcs_length(b, a) != fast) fail("lcs_length is not symmetric", where);
  if (winnow::eval::lcs_length(a, a) != a.size()) fail("lcs_length(a, a) != |a|", where);
  return 0;
}
