// SPDX-License-Identifier: MIT
// engine/token.h: what the algorithms that hold words compactly keep of a
// word's rendering gives back what ContentWriter reads.
#include "engine/token.h"

#include <gtest/gtest.h>

namespace winnow {
namespace {

TEST(Token, ABlockStyleKeepsTheHeadingLevelAndEveryShape) {
  for (int level = 0; level <= 6; ++level) {
    for (int shape = 0; shape < (1 << kBlockShapeBits); ++shape) {
      Token word;
      word.heading_level = static_cast<std::uint8_t>(level);
      word.block_shape = static_cast<std::uint16_t>(shape);
      Token back;
      unpack_block_style(pack_block_style(word), back);
      EXPECT_EQ(back.heading_level, level);
      EXPECT_EQ(back.block_shape, shape);
    }
  }
}

TEST(Token, AWordsRenderingKeepsItsStyleAndTheFlagsTheWriterReads) {
  const std::uint8_t rendered[] = {0, kTokenGlued, kTokenInAnchor, kTokenLineBreak,
                                   kTokenGlued | kTokenInAnchor | kTokenLineBreak};
  for (const std::uint8_t flags : rendered) {
    Token word;
    word.heading_level = 3;
    word.block_shape = 0xE5;  // every high bit: nested list and quote
    word.flags = static_cast<std::uint8_t>(flags | kTokenCjk | kTokenInHeading);
    Token back;
    unpack_word_rendering(pack_word_rendering(word), back);
    EXPECT_EQ(back.heading_level, 3);
    EXPECT_EQ(back.block_shape, 0xE5);
    EXPECT_EQ(back.flags, flags) << "only glued, link and line break are kept";
  }
}

}  // namespace
}  // namespace winnow
