// SPDX-License-Identifier: MIT
// An advertisement's label, in whatever case, language and punctuation.
#include "engine/ad_label.h"

#include <gtest/gtest.h>

#include <string>

#include "engine/block_shape.h"
#include "engine/content_writer.h"

namespace winnow {
namespace {

TEST(AdLabel, TheLabelsOfManyLanguagesInAnyCaseAndPunctuation) {
  for (const char* text : {"Advertisement", "ADVERTISEMENT", "— Advertisement —", "- advertisement -", "[Advertisement]",
                           "Advertisement:", "• Sponsored •", "Sponsored content", "Story continues below advertisement",
                           "Advertisement - Scroll to continue with content", "Advertisement · Continue reading below",
                           "Anzeige", "WERBUNG", "Publicité", "PUBLICITÉ", "Pubblicità", "REKLAMA", "Реклама",
                           "РЕКЛАМА", "ΔΙΑΦΉΜΙΣΗ", "Διαφήμιση", "广告", "「広告」", "\xC2\xA0" "Advertisement\xC2\xA0",
                           "Skip\nAdvertisement"})
    EXPECT_TRUE(is_ad_label(text)) << text;
}

TEST(AdLabel, ARenderedBlockIsReadWithoutItsMarkers) {
  // A heading's marker, then words with a line break marker between them.
  BlockShape shape;
  shape.heading_level = 3;
  const std::string heading = std::string(ContentWriter::block_marker(shape)) + "Reklama";
  EXPECT_TRUE(is_ad_label(heading));
  const std::string broken = std::string("Skip") + ContentWriter::kLineBreakMarker + "advertisement";
  EXPECT_TRUE(is_ad_label(broken));
}

TEST(AdLabel, TextThatOnlyMentionsAdsIsNoLabel) {
  for (const char* text : {"", "—", "Advertising", "Ad", "Ads", "AD 1066", "Advertisement revenue fell by a third",
                           "The advertisement ran for a week.", "Sponsored by the city council",
                           "Our sponsored content policy", "advertisementx", "Werbungen", "Read more", "Reklamacje"})
    EXPECT_FALSE(is_ad_label(text)) << text;
}

TEST(AdLabel, ABlockLongerThanALabelIsNeverOne) {
  const std::string padded = "Advertisement" + std::string(kMaxAdLabelBytes, ' ');
  EXPECT_FALSE(is_ad_label(padded));
  EXPECT_TRUE(is_ad_label(padded.substr(0, kMaxAdLabelBytes)));
}

}  // namespace
}  // namespace winnow
