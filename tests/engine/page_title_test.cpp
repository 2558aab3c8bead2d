// SPDX-License-Identifier: MIT
// The title as a reader shows it: the first <title> element's text only,
// whitespace collapsed and trimmed, repaired, cut at a character boundary,
// the same however its text came in pieces.
#include "engine/page_title.h"

#include <gtest/gtest.h>

#include <string>

namespace winnow {
namespace {

std::string settled(const std::string& text, std::size_t piece) {
  PageTitle title;
  title.begin();
  for (std::size_t i = 0; i < text.size(); i += piece) title.append(std::string_view(text).substr(i, piece));
  title.end();
  EXPECT_TRUE(title.known());
  EXPECT_EQ(std::string(title.c_str()), std::string(title.view()));
  return std::string(title.view());
}

TEST(PageTitle, CollapsesAndTrimsWhitespaceKeepingLettersAsWritten) {
  for (const std::size_t piece : {1u, 3u, 1000u})
    EXPECT_EQ(settled("\n  The  Quick\tFox \r\n| Site\f ", piece), "The Quick Fox | Site") << piece;
}

TEST(PageTitle, IsUnknownUntilItsElementEndsAndEmptyWhenThePageHadNone) {
  PageTitle title;
  EXPECT_FALSE(title.known());
  title.begin();
  title.append("Head");
  EXPECT_FALSE(title.known());
  title.end();
  EXPECT_TRUE(title.known());

  PageTitle none;
  none.append("text outside any title");  // never begun: ignored
  none.end();                              // an end without a begin settles nothing
  EXPECT_FALSE(none.known());
  none.finish();
  EXPECT_TRUE(none.known());
  EXPECT_STREQ(none.c_str(), "");
}

TEST(PageTitle, LaterTitlesChangeNothing) {
  PageTitle title;
  title.begin();
  title.append("First");
  title.end();
  title.begin();
  title.append("Second");
  title.end();
  title.finish();
  EXPECT_STREQ(title.c_str(), "First");
}

TEST(PageTitle, AnOpenTitleIsSettledWhenTheDocumentEnds) {
  PageTitle title;
  title.begin();
  title.append("Truncated stream ");
  title.finish();
  EXPECT_TRUE(title.known());
  EXPECT_STREQ(title.c_str(), "Truncated stream");
}

TEST(PageTitle, IsCutAtACharacterBoundaryWithinItsBytes) {
  // 255 ASCII bytes, then a three-byte character that does not fit whole.
  const std::string text = std::string(PageTitle::kBytes - 1, 'a') + "\xE2\x80\x94" + "tail";
  for (const std::size_t piece : {1u, 2u, 7u, 4096u}) {
    const std::string got = settled(text, piece);
    EXPECT_EQ(got, std::string(PageTitle::kBytes - 1, 'a')) << piece;
  }
  // A space before the cut character is not left at the end.
  const std::string spaced = std::string(PageTitle::kBytes - 3, 'b') + " \xE2\x80\x94";
  EXPECT_EQ(settled(spaced, 5), std::string(PageTitle::kBytes - 3, 'b'));
  // A title of exactly kBytes is kept whole.
  EXPECT_EQ(settled(std::string(PageTitle::kBytes, 'c'), 10).size(), PageTitle::kBytes);
}

TEST(PageTitle, DoubleEncodedUtf8IsRepairedWhereverThePiecesWereCut) {
  const std::string mojibake = "Don\xC3\xA2\xE2\x82\xAC\xE2\x84\xA2t panic";  // Donâ€™t panic
  for (const std::size_t piece : {1u, 2u, 5u, 100u})
    EXPECT_EQ(settled(mojibake, piece), "Don\xE2\x80\x99t panic") << piece;
}

}  // namespace
}  // namespace winnow
