// SPDX-License-Identifier: MIT
#include "engine/repeated_text.h"

namespace winnow {

std::uint32_t RepeatedText::fingerprint(std::string_view text) {
  // Whitespace aside: the copy may be laid out with other line breaks or
  // indentation than the first.
  std::uint32_t hash = 2166136261u;
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte <= ' ') continue;
    hash = (hash ^ byte) * 16777619u;
  }
  return hash;
}

void RepeatedText::written(const Block& block) {
  // The first texts, not the latest: a story comes before its copy.
  if (block.words < kMinWords || remembered_count_ == kRemembered || was_written(block.fingerprint)) return;
  remembered_[remembered_count_++] = block.fingerprint;
}

bool RepeatedText::was_written(std::uint32_t fingerprint) const {
  for (std::uint32_t i = 0; i < remembered_count_; ++i)
    if (remembered_[i] == fingerprint) return true;
  return false;
}

bool RepeatedText::repeats(const Block& block, std::uint32_t other_fingerprint) const {
  return !block.continues && block.words >= kMinWords && block.fingerprint != other_fingerprint &&
         was_written(block.fingerprint);
}

bool RepeatedText::leaves_out(const Block& block, const Block* next) {
  const bool copy = repeats(block, latest_kept_);
  const bool next_copies = next != nullptr && repeats(*next, block.fingerprint);
  const bool leave_out = copy && (latest_was_copy_ || next_copies);
  latest_kept_ = block.fingerprint;
  latest_was_copy_ = copy;
  return leave_out;
}

}  // namespace winnow
