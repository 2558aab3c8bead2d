// SPDX-License-Identifier: MIT
// engine/block_shape.h: a block's shape packs into the bits the tokenizer
// stamps on each word and unpacks to the same fields.
#include "engine/block_shape.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace winnow {
namespace {

TEST(BlockShape, EveryPackedShapeUnpacksAndPacksBackTheSame) {
  for (int packed = 0; packed < (1 << kBlockShapeBits); ++packed) {
    const BlockShape shape = BlockShape::unpack(0, static_cast<std::uint16_t>(packed));
    EXPECT_EQ(shape.packed_shape(), packed);
    EXPECT_EQ(shape.quoted, (packed & kBlockQuoted) != 0);
    EXPECT_EQ(shape.continues_item, (packed & kBlockContinuesItem) != 0);
    EXPECT_EQ(shape.list_nesting, (packed & kBlockListNestingMask) >> kBlockListNestingShift);
    EXPECT_EQ(shape.quote_nesting, (packed & kBlockQuoteNested) ? 1 : 0);
    EXPECT_EQ(shape.starts_group, (packed & kBlockStartsGroup) != 0);
    EXPECT_EQ(shape.plain(), packed == 0);
  }
}

TEST(BlockShape, NestingPastTheDeepestLevelPacksAtIt) {
  BlockShape shape;
  shape.kind = BlockKind::OrderedListItem;
  shape.list_nesting = 9;
  shape.quoted = true;
  shape.quote_nesting = 4;
  const BlockShape back = BlockShape::unpack(0, shape.packed_shape());
  EXPECT_EQ(back.kind, BlockKind::OrderedListItem);
  EXPECT_EQ(back.list_nesting, kMaxListNesting);
  EXPECT_EQ(back.quote_nesting, kMaxQuoteNesting);
  shape.list_nesting = -2;
  EXPECT_EQ(BlockShape::unpack(0, shape.packed_shape()).list_nesting, 0);
}

TEST(BlockShape, TheFieldsUseApartBits) {
  const std::uint16_t bits[] = {kBlockKindMask,        kBlockQuoted,      kBlockContinuesItem,
                                kBlockListNestingMask, kBlockQuoteNested, kBlockStartsGroup};
  unsigned all = 0;
  for (const std::uint16_t b : bits) {
    EXPECT_EQ(all & b, 0u) << int{b};
    all |= b;
  }
  EXPECT_EQ(all, (1u << kBlockShapeBits) - 1) << "every bit of the shape is one field's";
}

TEST(BlockShape, EachKindHasItsOwnName) {
  std::set<std::string> names;
  for (int kind = 0; kind <= static_cast<int>(BlockKind::Preformatted); ++kind)
    names.insert(block_kind_name(static_cast<BlockKind>(kind)));
  EXPECT_EQ(names.size(), 8u);
  EXPECT_STREQ(block_kind_name(BlockKind::OrderedListItem), "ordered_list_item");
}

}  // namespace
}  // namespace winnow
