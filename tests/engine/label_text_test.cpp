// SPDX-License-Identifier: MIT
// A block's whole text against a list of labels, whatever its case,
// punctuation and the writers' markers.
#include "engine/label_text.h"

#include <gtest/gtest.h>

#include <iterator>
#include <string>

#include "engine/block_shape.h"
#include "engine/content_writer.h"

namespace winnow {
namespace {

constexpr std::string_view kLabels[] = {"read on", "weiter lesen", "続きを読む"};
constexpr LabelSet kLabelSet{kLabels};
constexpr LabelList kList = kLabelSet.list();

TEST(LabelText, ALabelInAnyCaseAndPunctuation) {
  for (const char* text : {"read on", "Read on", "READ ON", "Read on…", "» Read on «", "[Read on]", "— read  on —",
                           "Read-on", "Read on →", "▶ Read on", "\xC2\xA0Read on\xC2\xA0", "Weiter lesen",
                           "WEITER LESEN", "「続きを読む」", "続きを読む。"})
    EXPECT_TRUE(is_label_among(text, kList)) << text;
}

// The look every block gets first compares the text's first two bytes,
// lowered, with each label's, taken when the list is built: a two-byte
// capital is lowered whole before its bytes are compared.
constexpr std::string_view kCyrillicLabels[] = {"читать далее", "ещё"};
constexpr LabelSet kCyrillicSet{kCyrillicLabels};
static_assert(kCyrillicSet.list().openings[0] == label_opening('\xD1', '\x87'), "ч is D1 87");
static_assert(kLabelSet.list().openings[2] == label_opening('\xE7', '\xB6'), "続 opens E7 B6");

TEST(LabelText, ALabelsOpeningIsComparedLowered) {
  for (const char* text : {"Читать далее", "ЧИТАТЬ ДАЛЕЕ", "Ещё", "ещё"})
    EXPECT_TRUE(is_label_among(text, kCyrillicSet.list())) << text;
  for (const char* text : {"Читать", "Чтение далее", "Ещё раз"})
    EXPECT_FALSE(is_label_among(text, kCyrillicSet.list())) << text;
}

TEST(LabelText, TheWritersMarkersAreNoWords) {
  BlockShape shape;
  shape.heading_level = 2;
  EXPECT_TRUE(is_label_among(std::string(ContentWriter::block_marker(shape)) + "Read on", kList));
  EXPECT_TRUE(is_label_among(std::string("Read") + ContentWriter::kLineBreakMarker + "on", kList));
}

TEST(LabelText, MoreOrOtherWordsAreNoLabel) {
  for (const char* text : {"", " ", "—", "read", "on", "readon", "read on and on", "Please read on",
                           "read on.com", "reads on", "weiter", "続き"})
    EXPECT_FALSE(is_label_among(text, kList)) << text;
}

TEST(LabelText, ABlockLongerThanALabelIsNeverOne) {
  const std::string padded = "Read on" + std::string(kMaxLabelBytes, ' ');
  EXPECT_FALSE(is_label_among(padded, kList));
  EXPECT_TRUE(is_label_among(padded.substr(0, kMaxLabelBytes), kList));
}

TEST(LabelText, ASeparatorWordIsMadeOnlyOfSeparators) {
  for (const char* word : {"|", "\xC2\xB7", "\xC2\xBB", "\xE2\x80\x94", "/", "::", "\xE2\x86\x92"})
    EXPECT_TRUE(is_separator_word(word)) << word;
  for (const char* word : {"", "a", "|a", "1", "\xC3\xA9", "\xE4\xB8\xAD"})
    EXPECT_FALSE(is_separator_word(word)) << word;
}

constexpr std::string_view kButtons[] = {"share", "follow", "edit"};
constexpr LabelSet kButtonSet{kButtons};
constexpr LabelList kButtonList = kButtonSet.list();

// A row of buttons set as one block: labels of either list, one after
// another, each whole.
TEST(LabelText, ARunOfLabelsFromEitherList) {
  for (const char* text : {"Read on", "Share · Read on", "share follow", "Read on | Weiter lesen | Share",
                           "Follow\nShare\nEdit", "Edit share"})
    EXPECT_TRUE(is_label_run_among(text, kList, kButtonList)) << text;
  for (const char* text : {"Share the road", "Read only", "Shares follow", "Read on and on", "Follower share", "",
                           " · ", "Edit, edit, edit!", "share share"})
    EXPECT_FALSE(is_label_run_among(text, kList, kButtonList)) << text;
}

// A row may be longer than one label: a row of tools in Greek, two bytes a
// letter, takes 90.
TEST(LabelText, ARowOfLabelsUpToTheRowsBytes) {
  std::string row = "Read on";
  while (row.size() + 8 <= kMaxLabelRowBytes) row += " | Share";
  ASSERT_GT(row.size(), kMaxLabelBytes);
  EXPECT_TRUE(is_label_row_among(row, kList, kButtonList));
  EXPECT_FALSE(is_label_run_among(row, kList, kButtonList)) << "longer than a run";
  EXPECT_FALSE(is_label_row_among(row + " | Share", kList, kButtonList)) << "longer than a row";
  EXPECT_FALSE(is_label_row_among(row + " and on", kList, kButtonList));
}

TEST(LabelText, AnEmptyListHoldsNoLabel) {
  EXPECT_FALSE(is_label_among("read on", LabelList{nullptr, 0, nullptr}));
}

}  // namespace
}  // namespace winnow
